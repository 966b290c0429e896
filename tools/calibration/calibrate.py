#!/usr/bin/env python3
"""The review calibration (Rules/review_calibration.tsv): for each resolver, the lowest confidence from which the
categories it decides stay right at least 95 % of the time on evidence garden was never built against.

Evidence, all of it held out:
  * corpus hold-outs: the names of the trade-name corpora's calibration and test splits (tools/tradenames/corpora.py:
    Who's On First venues of Vermont and Rhode Island, 35 % of the SNAP retailers by city, of the Câmara suppliers by
    CNPJ root, of the Receita sample by company and of the OSM frequent names by name; the name-suggestion-index is
    left out: the catalog's brands are built from it), each run through `garden resolve` as a card line as listed and
    cut at a card network's column limit (tools/tradenames/descriptors.py's forms);
  * ../shared/dev's labelled rows (high and medium labels), leave-one-source-out: the floors used on a source are
    fitted without it.

The floors are fitted on the calibration split and dev; the test split and each held-out dev source measure them.
A floor is only ever a confidence the resolver itself prints: walking down a resolver's confidence levels, the
lowest level from which everything at or above it keeps the pooled precision >= the target. Prints the figures
(for docs/MEASUREMENTS.md) and writes the data file with its provenance header.
"""
import argparse
import collections
import datetime
import json
import os
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'tools', 'tradenames'))
import corpora  # noqa: E402
import descriptors  # noqa: E402

CORPORA = ('wof', 'snap', 'camara', 'receita', 'osm')
# The corpora whose class is the trade a person sees in the name (a venue classifier, a deputy's expense type, an OSM
# shop or amenity tag), the evidence the floors are fitted on. Measured but not fitted on: the SNAP retailers (the
# class is the licence: every store that sells food is "groceries", a pharmacy or a gas station too) and the Receita
# sample (the company's registered primary activity, which a "BAR E MERCEARIA" or a "DROGARIA E PERFUMARIA" does not
# settle). The name-suggestion-index is left out altogether: the catalog's brands are built from it.
FIT_CORPORA = ('wof', 'camara', 'osm')
# The resolvers whose answer a business's name alone carries (its trade words, the trade-name model): corpus names are
# evidence for them. A catalog brand's category is the catalog's own (a chain's many trades fit no single corpus
# class) and a bank line is no business name: for those only dev's statement rows count.
NAME_RESOLVERS = ('keyword', 'trade_name')
# The resolvers that read their floor as their own deciding point (TradeNameResolver): at or above it they decide
# unflagged, below it they suggest flagged; the others keep today's flags and gain one below their floor.
DECIDE_AT_FLOOR = ('trade_name',)
TARGET = 0.95
# For a resolver that decides from its floor (DECIDE_AT_FLOOR: the floor unflags its rows), a level joins only while its
# own rows are right at least this often: a pooled figure over the confident levels above must not carry down a band
# of levels mostly wrong (a model's 0.71-0.81 answers at 74 % under its 0.94-0.98 ones at 99 %).
BAND_MIN = 0.85
# At most this many rows a corpus and split (deterministic: the lowest CRC-32 of the name).
CAP = 3000


def parse():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--garden', default=os.path.join(ROOT, '.build', 'release', 'garden'))
    p.add_argument('--dev', default=os.path.join(ROOT, '..', 'shared', 'dev', 'descriptors.jsonl'))
    p.add_argument('--out', default=os.path.join(ROOT, 'Rules', 'review_calibration.tsv'))
    p.add_argument('--target', type=float, default=TARGET)
    p.add_argument('--cap', type=int, default=CAP)
    p.add_argument('--audit', default=os.path.join(HERE, 'audit.tsv'))
    p.add_argument('--cache', default=os.path.join(os.environ.get('TMPDIR', '/tmp'), 'garden-calibration'))
    return p.parse_args()


def resolve(garden, rows, cache, tag):
    """garden's resolution of each row (a dict), in order; cached by the binary's and the input's digests."""
    os.makedirs(cache, exist_ok=True)
    text = ''.join(json.dumps(r, ensure_ascii=False) + '\n' for r in rows)
    key = f"{descriptors._digest(garden)}-{zlib.crc32(text.encode('utf-8')):08x}"
    out_path = os.path.join(cache, f'{tag}-{key}.jsonl')
    if not os.path.exists(out_path):
        source = os.path.join(cache, f'{tag}-input.jsonl')
        with open(source, 'w', encoding='utf-8') as f:
            f.write(text)
        with open(out_path + '.part', 'w', encoding='utf-8') as out:
            subprocess.run(['nice', garden, 'resolve', '--no-user-rules', source], stdout=out, check=True)
        os.rename(out_path + '.part', out_path)
    with open(out_path, encoding='utf-8') as f:
        results = [json.loads(line)['resolution'] for line in f]
    assert len(results) == len(rows), (len(results), len(rows))
    return results


def within(predicted, expected):
    return predicted == expected or predicted.startswith(expected + '.')


def observation(res, right, group):
    """(resolver, confidence per mille, flagged, right, group) of a row garden gave a category."""
    cat = res['category']
    return {'resolver': cat.get('source') or 'none', 'confidence': round(float(cat.get('confidence') or 0) * 1000),
            'flagged': bool(res['review']), 'right': right, 'group': group, 'category': cat['id']}


def corpus_observations(args):
    rows, meta = [], []
    for name in CORPORA:
        held = [e for e in corpora.CORPORA[name]() if e.split in ('calib', 'test')]
        for split in ('calib', 'test'):
            part = sorted((e for e in held if e.split == split), key=lambda e: zlib.crc32(e.text.encode('utf-8')))[:args.cap]
            for e in part:
                for form, text, _share in descriptors.variants(e):
                    if form == 'glued':
                        continue
                    row = {'description': text, 'amount': -10}
                    if e.country in descriptors.CURRENCY:
                        row['currency'] = descriptors.CURRENCY[e.country]
                    rows.append(row)
                    meta.append((e, split, form))
    latin = lambda t: all(ord(ch) < 0x250 for ch in t)  # noqa: E731  (statements of BR/US/CA print Latin script)
    out = []
    for res, (e, split, form) in zip(resolve(args.garden, rows, args.cache, 'corpus'), meta):
        if res['category']['id'] == 'uncategorized':
            out.append({'resolver': 'none', 'confidence': 0, 'flagged': True, 'right': False, 'group': split,
                        'corpus': e.corpus, 'category': 'uncategorized', 'expected': e.category, 'latin': latin(e.text)})
            continue
        o = observation(res, within(res['category']['id'], e.category), split)
        o.update(corpus=e.corpus, expected=e.category, latin=latin(e.text))
        out.append(o)
    return out


def dev_observations(args):
    rows = [json.loads(line) for line in open(args.dev, encoding='utf-8')]
    rows = [r for r in rows if r['expected'].get('label_confidence') in ('high', 'medium')]
    out = []
    for r, res in zip(rows, resolve(args.garden, rows, args.cache, 'dev')):
        wanted = r['expected']['category']
        wanted = wanted if isinstance(wanted, list) else [wanted]
        predicted = res['category']['id']
        if 'other' in wanted:
            right = predicted == 'uncategorized' or res['review']
        else:
            right = any(within(predicted, w) for w in wanted)
        o = observation(res, right, 'dev')
        o.update(source=r.get('source') or 'other', expected='|'.join(wanted))
        if predicted == 'uncategorized':
            o['resolver'] = 'none'
        out.append(o)
    return out


def decided(obs):
    """The rows a resolver gave a category (decided, or proposed below the pipeline's threshold)."""
    return [o for o in obs if o['resolver'] != 'none']


def audit_shares(path):
    """(resolver, band low, band high) -> the share of audited misses that are garden's error (verdict K)."""
    counts = collections.defaultdict(lambda: [0, 0])
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            cols = line.rstrip('\n').split('\t')
            cell = counts[(cols[0], int(cols[1]), int(cols[2]))]
            cell[0] += 1
            cell[1] += cols[8] == 'K'
    return {k: k_err / n for k, (n, k_err) in counts.items()}


def corrected(o, shares):
    """How right a row counts: 1 or 0, and a corpus miss in an audited band the share of such misses that was not
    garden's error (the corpus's class and garden's category both fit)."""
    if o['right'] or 'corpus' not in o:
        return float(o['right'])
    for (resolver, low, high), share in shares.items():
        if o['resolver'] == resolver and low <= o['confidence'] < high:
            return 1.0 - share
    return 0.0


def evidence(dev, corpus):
    """The rows the floors are fitted on: every dev row, and the fit corpora's Latin-script names for the resolvers a
    name speaks for."""
    return dev + [o for o in corpus if o['corpus'] in FIT_CORPORA and o['latin'] and o['resolver'] in NAME_RESOLVERS]


def floors(obs, target, shares):
    """resolver -> (floor per mille, rows at or above it, right among them): walking down the resolver's own confidence
    levels, the lowest from which the rows at or above keep a (corrected) precision >= target (for a resolver deciding
    from its floor, the walk stops at the first level whose own rows are right less than BAND_MIN); 1001 (never decides
    unflagged) when no level does."""
    by = collections.defaultdict(list)
    for o in decided(obs):
        by[o['resolver']].append(o)
    out = {}
    for resolver, items in by.items():
        best = (1001, 0, 0.0)
        n, right = 0, 0.0
        for level in sorted({o['confidence'] for o in items}, reverse=True):
            at = [o for o in items if o['confidence'] == level]
            band = sum(corrected(o, shares) for o in at)
            if resolver in DECIDE_AT_FLOOR and band < BAND_MIN * len(at):
                break
            n += len(at)
            right += band
            if right / n >= target:
                best = (level, n, right)
        out[resolver] = best
    return out


def apply(obs, table):
    """Each row flagged as the calibrated policy flags it: today's flag, or a category its resolver gave below the
    resolver's floor; a resolver deciding at its floor (DECIDE_AT_FLOOR) is flagged exactly below it. A resolver the
    table does not list keeps today's flags."""
    out = []
    for o in obs:
        floor = table.get(o['resolver'], (0, 0, 0))[0]
        if o['resolver'] in DECIDE_AT_FLOOR and o['resolver'] in table:
            out.append(dict(o, flagged=o['confidence'] < floor))
        else:
            out.append(dict(o, flagged=o['flagged'] or o['resolver'] == 'none' or o['confidence'] < floor))
    return out


def summary(obs, shares):
    n = len(obs)
    flagged = sum(o['flagged'] for o in obs)
    kept = [o for o in obs if not o['flagged']]
    return {'rows': n, 'category': sum(corrected(o, shares) for o in obs) / max(n, 1), 'review': flagged / max(n, 1),
            'right_unflagged': sum(corrected(o, shares) for o in kept) / max(len(kept), 1), 'unflagged': len(kept),
            'raw_unflagged': sum(o['right'] for o in kept) / max(len(kept), 1)}


def pct(x):
    return f'{100 * x:.1f}%'


def line(label, s):
    return (f"| {label} | {s['rows']} | {pct(s['category'])} | {pct(s['review'])} | {pct(s['right_unflagged'])} "
            f"({s['unflagged']}) | {pct(s['raw_unflagged'])} |")


def reliability(obs, shares):
    """resolver -> confidence level -> [rows, right, corrected right]."""
    table = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0, 0.0]))
    for o in decided(obs):
        cell = table[o['resolver']][o['confidence']]
        cell[0] += 1
        cell[1] += o['right']
        cell[2] += corrected(o, shares)
    return table


def report(calib, test, dev, shares, fitted, held):
    print('## Reliability: rows each resolver gave a category, right (corrected by the audit where audited); corpus columns: the fit corpora\'s Latin-script names')
    print('| resolver | confidence | corpus calibration split | corpus test split | dev |')
    print('|---|---:|---:|---:|---:|')
    fit = lambda rows: [o for o in rows if o['corpus'] in FIT_CORPORA and o['latin']]  # noqa: E731
    rel = {g: reliability(x, shares) for g, x in (('calib', fit(calib)), ('test', fit(test)), ('dev', dev))}
    for resolver in sorted({r for t in rel.values() for r in t}):
        for level in sorted({c for t in rel.values() for c in t.get(resolver, {})}, reverse=True):
            cells = []
            for g in ('calib', 'test', 'dev'):
                n, r, c = rel[g].get(resolver, {}).get(level, [0, 0, 0.0])
                cells.append('-' if not n else f'{r}/{n}' + (f' ({pct(c / n)})' if g != 'dev' else f' ({pct(r / n)})'))
            print(f'| {resolver} | {level / 1000:.3f} | ' + ' | '.join(cells) + ' |')
    print('\n## Floors (fitted on the fit corpora\'s calibration split + dev)')
    print('| resolver | floor | rows at or above | precision there |')
    print('|---|---:|---:|---:|')
    for resolver, (floor, n, right) in sorted(fitted.items()):
        print(f'| {resolver} | {floor / 1000:.3f} | {n} | {pct(right / n) if n else "-"} |')
    print('\n## The policy: rows, category, review, right when not flagged (corrected), the same uncorrected')
    print('| rows | n | category | review | right when not flagged | uncorrected |')
    print('|---|---:|---:|---:|---:|---:|')
    fit_test = [o for o in test if o['corpus'] in FIT_CORPORA and o['latin']]
    print(line('corpus test (fit corpora), today', summary(fit_test, shares)))
    print(line('corpus test (fit corpora), calibrated', summary(apply(fit_test, fitted), shares)))
    for name in CORPORA:
        part = [o for o in test if o['corpus'] == name and o['latin']]
        print(line(f'corpus test {name}, today', summary(part, shares)))
        print(line(f'corpus test {name}, calibrated', summary(apply(part, fitted), shares)))
    print(line('dev high+medium, today', summary(dev, shares)))
    print(line('dev leave-one-source-out, calibrated', summary(held, shares)))
    moved = [o for o, h in zip(sorted(dev, key=lambda o: o['source']), held) if o['flagged'] != h['flagged']]
    print(f'dev rows whose flag the calibration changes (leave-one-source-out): {len(moved)}')


def main():
    args = parse()
    shares = audit_shares(args.audit)
    corpus = corpus_observations(args)
    dev = dev_observations(args)
    calib = [o for o in corpus if o['group'] == 'calib']
    test = [o for o in corpus if o['group'] == 'test']
    fitted = floors(evidence(dev, calib), args.target, shares)
    # Leave one dev source out: the floors applied to a source's rows are fitted without them.
    held = []
    for source in sorted({o['source'] for o in dev}):
        table = floors(evidence([o for o in dev if o['source'] != source], calib), args.target, shares)
        held += apply([o for o in dev if o['source'] == source], table)
    report(calib, test, dev, shares, fitted, held)
    write(args, fitted)


def write(args, fitted):
    commit = subprocess.run(['git', '-C', ROOT, 'rev-parse', '--short', 'HEAD'], capture_output=True, text=True).stdout.strip()
    with open(args.out, 'w', encoding='utf-8') as f:
        f.write(f"""# The review calibration: for each resolver, the lowest of its confidences from which the categories it gives stayed
# right >= {round(args.target * 100)} % on held-out evidence (all its rows at or above, pooled); ReviewPolicy flags a category the
# resolver gives below its floor. 1001: never unflagged. A resolver not listed keeps the pipeline's threshold alone.
# Generated by tools/calibration/calibrate.py at commit {commit}, {datetime.date.today().isoformat()}; do not edit by hand.
# Evidence: ../shared/dev's high and medium labels (every resolver), and for the resolvers a name speaks for
# ({', '.join(NAME_RESOLVERS)}) the Latin-script names of the calibration split of {', '.join(FIT_CORPORA)} (../shared/data/names:
# Who's On First venues of Vermont, Camara suppliers and OSM frequent names by hash; tools/tradenames/corpora.py) run
# through garden resolve as card lines, their misses corrected by the hand audit tools/calibration/audit.tsv.
# Measured on the corpora's test split (Rhode Island) and leave-one-source-out on dev: docs/MEASUREMENTS.md.
# resolver\tfloor (per mille)\trows at or above the floor\tright among them (corrected)
""")
        for resolver, (floor, n, right) in sorted(fitted.items()):
            f.write(f'{resolver}\t{floor}\t{n}\t{right:.1f}\n')


if __name__ == '__main__':
    main()
