#!/usr/bin/env python3
# Measures which words name a US public body whatever else the name says, for the `public` rows of
# Rules/organisation_words.tsv (a merchant named with one is kind government; a payment to it with no trade word is a tax
# or public fee). Candidates: every word of 4+ letters in the names of 15 or more organisations of the CISA .gov registry
# (../shared/data/us_gov/dotgov_domains.tsv, CC0 1.0: federal, state, county, city, special-district bodies), not yet a
# word of Rules/organisation_words.tsv. A candidate is chosen on the Who's On First venues of NV, UT, NM and HI
# (../shared/data/names/wof_us_venues.tsv, CC0): 10 or more venues carry it and 80 % or more of them are of WOF's class
# Public Place / Government. It is then measured on the venues of RI, VT, WY and DC, which chose nothing.
# WOF's class is a lower bound: it files many public bodies under their trade, and most of the rest are associations of
# the same body ("Fraternal Order of Police") or its suppliers ("Police Supply"): read them with --list WORD.
# Usage: python3 tools/orgs/public_words.py [--list WORD]
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import ROOT, SHARED, fold, read_tsv  # noqa: E402

CHOOSING = {'NV', 'UT', 'NM', 'HI'}
MIN_ORGANISATIONS, MIN_VENUES, MIN_SHARE = 15, 10, 0.8


def venues():
    with open(os.path.join(SHARED, 'names', 'wof_us_venues.tsv'), encoding='utf-8') as handle:
        for line in handle:
            if line.startswith('#') or line.startswith('name\t'):
                continue
            cells = line.rstrip('\n').split('\t')
            yield cells[0], cells[1] == 'Public Place' and cells[2] == 'Government', cells[5]


def main():
    if '--list' in sys.argv:
        word = sys.argv[sys.argv.index('--list') + 1]
        for name, public, state in venues():
            if word in fold(name).split() and not public:
                print(state, name)
        return
    registry = Counter()
    for row in read_tsv(os.path.join(SHARED, 'us_gov', 'dotgov_domains.tsv')):
        registry.update(set(fold(row['organization']).split()))
    with open(os.path.join(ROOT, 'Rules', 'organisation_words.tsv'), encoding='utf-8') as handle:
        listed = {line.split('\t')[0] for line in handle if not line.startswith('#')}
    seen = {True: Counter(), False: Counter()}
    public = {True: Counter(), False: Counter()}
    for name, is_public, state in venues():
        choosing = state in CHOOSING
        for word in set(fold(name).split()):
            seen[choosing][word] += 1
            public[choosing][word] += is_public
    print('word\tregistry organisations\tchosen on (NV UT NM HI)\tmeasured on (RI VT WY DC)')
    for word, count in registry.most_common():
        if count < MIN_ORGANISATIONS or len(word) < 4 or word in listed:
            continue
        n = seen[True][word]
        if n < MIN_VENUES or public[True][word] / n < MIN_SHARE:
            continue
        m = seen[False][word]
        print('%s\t%d\t%d/%d public\t%d/%d public (%.0f %%)' % (word, count, public[True][word], n, public[False][word], m,
                                                                  100.0 * public[False][word] / max(1, m)))


if __name__ == '__main__':
    main()
