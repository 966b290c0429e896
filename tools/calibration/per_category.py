#!/usr/bin/env python3
"""The wired trade-name resolver per category: on the corpora's held-out names as `garden resolve` reaches them (the
resolver speaks only where no brand, bank line, registry, trade word or person did) and on ../shared/dev, precision
and recall of the categories it decides (at or above its floor in Rules/review_calibration.tsv) and of everything it
proposes (suggestions included). Same evidence and cache as calibrate.py; prints Markdown for docs/MEASUREMENTS.md.
"""
import collections
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import calibrate  # noqa: E402

RESOLVER = 'trade_name'


def floor_of(path):
    for line in open(path, encoding='utf-8'):
        cols = line.rstrip('\n').split('\t')
        if not line.startswith('#') and cols[0] == RESOLVER:
            return int(cols[1])
    raise SystemExit(f'{path}: no {RESOLVER} floor')


def pct(a, b):
    return f'{100 * a / b:.1f}%' if b else '-'


def table(rows, floor, title, shares):
    """rows: observations with 'expected' (one category) — per category P/R decided and proposed."""
    by_expected = collections.Counter(o['expected'] for o in rows)
    decided = [o for o in rows if o['resolver'] == RESOLVER and o['confidence'] >= floor]
    proposed = [o for o in rows if o['resolver'] == RESOLVER]
    reached = len(proposed)
    print(f'\n### {title}\n')
    right_d = sum(o['right'] for o in decided)
    print(f'{len(rows)} names; the resolver proposes on {reached} ({pct(reached, len(rows))}) and decides {len(decided)} '
          f'({pct(len(decided), len(rows))} of all names, {pct(len(decided), reached)} of those it reaches): precision where '
          f'it decides {pct(right_d, len(decided))} against the corpus class, '
          f'{pct(sum(calibrate.corrected(o, shares) for o in decided), len(decided))} with the audit\'s correction; '
          f'of everything it proposes {pct(sum(o["right"] for o in proposed), reached)}.\n')
    print('| category | names | P decided | R decided | P proposed | R proposed |')
    print('|---|---:|---:|---:|---:|---:|')
    cats = sorted(set(by_expected) | {o['category'] for o in proposed})
    for c in cats:
        d_pred = [o for o in decided if o['category'] == c]
        p_pred = [o for o in proposed if o['category'] == c]
        d_right = sum(o['right'] for o in d_pred)
        p_right = sum(o['right'] for o in p_pred)
        if not by_expected[c] and not p_pred:
            continue
        print(f'| {c} | {by_expected[c]} | {pct(d_right, len(d_pred))} ({len(d_pred)}) | {pct(d_right, by_expected[c])} | '
              f'{pct(p_right, len(p_pred))} ({len(p_pred)}) | {pct(p_right, by_expected[c])} |')


def main():
    args = calibrate.parse()
    shares = calibrate.audit_shares(args.audit)
    floor = floor_of(args.out)
    corpus = calibrate.corpus_observations(args)
    test = [o for o in corpus if o['group'] == 'test' and o['latin']]
    print(f'floor {floor / 1000:.3f} ({args.out})')
    table([o for o in test if o['corpus'] in calibrate.FIT_CORPORA], floor,
          'Corpus test split, WOF (Rhode Island, a state left out) + Camara + OSM (by CNPJ root, by name)', shares)
    for name in ('wof', 'camara', 'osm', 'snap', 'receita'):
        part = [o for o in test if o['corpus'] == name]
        decided = [o for o in part if o['resolver'] == RESOLVER and o['confidence'] >= floor]
        proposed = [o for o in part if o['resolver'] == RESOLVER]
        print(f'- {name}: {len(part)} names, proposes {len(proposed)}, decides {len(decided)} ({pct(len(decided), len(part))}), '
              f'precision decided {pct(sum(o["right"] for o in decided), len(decided))}, '
              f'proposed {pct(sum(o["right"] for o in proposed), len(proposed))}')
    dev = calibrate.dev_observations(args)
    mine = [o for o in dev if o['resolver'] == RESOLVER]
    print(f'\n../shared/dev (high+medium, {len(dev)} rows): the resolver proposes on {len(mine)}, decides '
          f'{sum(o["confidence"] >= floor for o in mine)}; right {sum(o["right"] for o in mine)} '
          f'({", ".join(o["expected"] + " <- " + o["category"] + " " + str(o["confidence"]) for o in mine)})')


if __name__ == '__main__':
    main()
