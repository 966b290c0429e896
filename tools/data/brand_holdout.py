#!/usr/bin/env python3
# How often the brand catalog claims a held-out business name, and how often the claim is right: a seeded sample of
# the Who's On First US venues (../shared/data/names/wof_us_venues.tsv, CC0; local businesses of every kind, most of
# them no chain), each run through `garden resolve` as a US card line in two forms: the name as listed, and the name
# cut at a card network's merchant-name column (22 characters, the common DE 43 name width; only names longer than
# 24). A claim is a row the brand catalog decided (merchant source `brand_catalog` with a brand id).
# Judged by the uncut name, which this corpus knows and a bank line does not: a claim is right when the brand's
# folded name (without a leading "the") is a phrase of the folded venue name; and, as a second judge, when the
# claimed category's group (shopping, food, ...) is the group of the venue's class mapped by the trade-name model's
# reviewed map (tools/tradenames/mappings/simplegeo.tsv; classes mapped to "-" are not judged). A claim the cut form makes and the full name does not is a completion of the cut word (or a brand the cut
# revealed): those are counted apart, as the precision of completing a cut word.
# Usage: python3 tools/data/brand_holdout.py GARDEN DATA [SAMPLE=20000] [SEED=21]
import json, os, random, subprocess, sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from textfold import fold  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
WOF = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data', 'names', 'wof_us_venues.tsv'))
COLUMN = 22


MAP = os.path.join(ROOT, 'tools', 'tradenames', 'mappings', 'simplegeo.tsv')


def sample(size, seed):
    """The sampled names, and each name's garden category group by its first listed class (None: not judged)."""
    mapping = {}
    for line in open(MAP, encoding='utf-8'):
        if line.strip() and not line.startswith('#'):
            cols = line.rstrip('\n').split('\t')
            mapping[tuple(cols[:3])] = None if cols[4] == '-' else cols[4].split('.')[0]
    group = {}
    for line in open(WOF, encoding='utf-8'):
        cols = line.rstrip('\n').split('\t')
        if line.startswith('#') or len(cols) < 4 or not cols[0].strip():
            continue
        group.setdefault(' '.join(cols[0].split()), mapping.get(tuple(cols[1:4])))
    names = random.Random(seed).sample(sorted(group), min(size, len(group)))
    return names, group


def resolve(garden, data, descriptions):
    rows = ''.join(json.dumps({'id': str(i), 'date': '2026-01-02', 'description': d, 'amount': -10,
                               'currency': 'USD', 'account': 'card'}) + '\n' for i, d in enumerate(descriptions))
    out = subprocess.run([garden, 'resolve', '--data', data, '--jobs', '1', '--quiet'], input=rows.encode('utf-8'),
                         capture_output=True, check=True).stdout.decode('utf-8')
    claims = []
    for line in out.splitlines():
        merchant = json.loads(line)['resolution']['merchant']
        claimed = merchant['source'] == 'brand_catalog' and merchant.get('brand')
        category = json.loads(line)['resolution']['category']
        group = (category or {}).get('id', '').split('.')[0]
        claims.append((merchant['brand'], merchant['name'], merchant['confidence'], group) if claimed else None)
    return claims


def right(brand_name, venue):
    words = fold(brand_name).split()
    if words[:1] == ['the'] and len(words) > 1:
        words = words[1:]
    padded = ' %s ' % fold(venue)
    return ' %s ' % ' '.join(words) in padded


def judge(tally, form, claim, group):
    if group:
        tally[form + ' judged'] += 1
        tally[form + ' group right'] += claim[3] == group


def main():
    garden, data = sys.argv[1], sys.argv[2]
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 21
    names, groups = sample(size, seed)
    cut = [(n, n.upper()[:COLUMN].rstrip()) for n in names if len(n) > COLUMN + 2]
    full = resolve(garden, data, [n.upper() for n in names])
    cut_claims = resolve(garden, data, [c for _, c in cut])
    whole = dict(zip(names, full))
    tally = Counter()
    wrong, good = [], []
    for name, claim in zip(names, full):
        if claim:
            tally['full claims'] += 1
            tally['full right'] += right(claim[1], name)
            judge(tally, 'full', claim, groups[name])
    for (name, text), claim in zip(cut, cut_claims):
        if not claim:
            continue
        tally['cut claims'] += 1
        tally['cut right'] += right(claim[1], name)
        judge(tally, 'cut', claim, groups[name])
        before = whole[name]
        if not before or before[0] != claim[0]:
            tally['completions'] += 1
            ok = right(claim[1], name)
            tally['completions right'] += ok
            judge(tally, 'completions', claim, groups[name])
            (good if ok else wrong).append('%s -> %s (%.2f)' % (text, claim[1], claim[2]))
    print('brand claims on %d held-out venue names (seed %d), %d of them also cut at %d characters' % (len(names), seed, len(cut), COLUMN))
    for form in ('full', 'cut'):
        n, r = tally[form + ' claims'], tally[form + ' right']
        j, g = tally[form + ' judged'], tally[form + ' group right']
        print('  %-4s names: %5d claimed, %5d the brand named (%.1f%%); category group right %d of %d judged (%.1f%%)'
              % (form, n, r, 100.0 * r / n if n else 0, g, j, 100.0 * g / j if j else 0))
    n, r = tally['completions'], tally['completions right']
    j, g = tally['completions judged'], tally['completions group right']
    print('  claims only the cut form makes (completions): %d, the brand named %d (%.1f%%); category group right %d of %d judged (%.1f%%)'
          % (n, r, 100.0 * r / n if n else 0, g, j, 100.0 * g / j if j else 0))
    shown = int(os.environ.get('SHOW', '15'))
    for label, lines in (('wrong', wrong), ('right', good)):
        for line in lines[:shown]:
            print('    %s: %s' % (label, line))


if __name__ == '__main__':
    main()
