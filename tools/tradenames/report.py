# The trade-name converter's measurements (hold-out and ../shared/dev), the model file's provenance header,
# the Swift tests' fixture and the report (tools/tradenames/report.md, copied into docs/MEASUREMENTS.md).
import collections
import datetime
import json
import os
import subprocess
import zlib

import numpy as np

import features
import modelfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def _pr(pred, y, w, mask, classes):
    """Per class: (precision, recall, support weight, predicted weight) over the rows of `mask` (predictions) vs all rows."""
    out = {}
    for k, c in enumerate(classes):
        true = y == k
        said = (pred == k) & mask
        tp = (w * (said & true)).sum()
        out[c] = (tp / max((w * said).sum(), 1e-12), tp / max((w * true).sum(), 1e-12), int(true.sum()), int(said.sum()))
    return out


def measure(rows, raw, y, cal, w, classes, decide, suggest, seen_names):
    pred = raw.argmax(axis=1)
    right = pred == y
    total = w.sum()
    decided = cal >= decide
    suggested = cal >= suggest
    f = {
        'rows': len(rows), 'top1': (w * right).sum() / total,
        'decide_coverage': (w * decided).sum() / total,
        'decide_precision': (w * (right & decided)).sum() / max((w * decided).sum(), 1e-12),
        'suggest_coverage': (w * suggested).sum() / total,
        'suggest_precision': (w * (right & suggested)).sum() / max((w * suggested).sum(), 1e-12),
        'per_class': _pr(pred, y, w, np.ones_like(right), classes),
        'per_class_decided': _pr(pred, y, w, decided, classes),
    }
    groups = collections.defaultdict(list)
    for i, (name, e, form, _) in enumerate(rows):
        if name not in seen_names:
            groups[('unseen', 'names')].append(i)
        groups[('corpus', e.corpus)].append(i)
        groups[('form', form)].append(i)
    f['groups'] = {}
    for key, idx in sorted(groups.items()):
        idx = np.array(idx)
        d = decided[idx]
        f['groups'][key] = (len(idx), right[idx].mean(), d.mean(), right[idx][d].mean() if d.any() else float('nan'))
    # Precision at coverage: the curve a user reads (unweighted rows of the hold-out, best-scored first).
    order = np.argsort(-cal, kind='stable')
    cum = np.cumsum(right[order]) / np.arange(1, len(order) + 1)
    f['curve'] = [(c, float(cum[int(c * len(order)) - 1])) for c in (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0)]
    return f


def _within(predicted, expected):
    return predicted == expected or predicted.startswith(expected + '.')


def dev(args, featurizer, q, bias, exp, floors, values, classes, decide, suggest):
    """The model on ../shared/dev's cleaned names (garden resolve --explain's descriptor): measured, never trained on."""
    if not os.path.exists(args.dev):
        return None
    run = subprocess.run(['nice', args.garden, 'resolve', '--explain', '--no-user-rules', args.dev],
                         capture_output=True, text=True, encoding='utf-8', check=True)
    # Rows whose expected category is a trade the model knows (money moved between people, accounts and banks,
    # fees and income are the bank lines' to name, never a shop's).
    families = {c.split('.')[0] for c in classes} - {'transfer', 'cash', 'fees', 'income'}
    out = []
    for line in run.stdout.splitlines():
        r = json.loads(line)
        res, expected = r['resolution'], r['expected']
        wanted = expected['category'] if isinstance(expected['category'], list) else [expected['category']]
        name = res.get('descriptor') or ''
        if not name or not any(c.split('.')[0] in families for c in wanted):
            continue
        buckets = featurizer(name)
        acc = bias.copy()
        for b in buckets:
            acc = acc + q[b].astype(np.int64)
        raw = modelfile.raw_q16(acc, exp)[0]
        k = int(raw.argmax())
        c = int(modelfile.calibrate(raw[k], floors, values))
        out.append({'id': r['id'], 'name': name, 'expected': wanted, 'predicted': classes[k], 'calibrated': c,
                    'right': any(_within(classes[k], e) for e in wanted),
                    'source': res['category']['source'], 'confidence': expected.get('label_confidence')})
    return out


def _dev_summary(rows, decide, suggest):
    def part(rs):
        n = len(rs)
        d = [r for r in rs if r['calibrated'] >= decide]
        s = [r for r in rs if r['calibrated'] >= suggest]
        return (n, sum(r['right'] for r in rs) / max(n, 1), len(d), sum(r['right'] for r in d), len(s), sum(r['right'] for r in s))
    return {'all': part(rows), 'undecided': part([r for r in rows if r['source'] in ('keyword', 'none')])}


def _commit():
    """The checkout's commit, "+changes" when the converter's own files differ from it."""
    try:
        head = subprocess.run(['git', '-C', ROOT, 'rev-parse', '--short', 'HEAD'], capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(['git', '-C', ROOT, 'status', '--porcelain', 'tools/tradenames', 'tools/data'],
                               capture_output=True, text=True).stdout.strip()
        return head + ('+changes' if dirty else '')
    except OSError:
        return '-'


def header(args, classes, decide, suggest, f, dev_rows, scale, train_rows, temperature):
    lines = [
        'garden trade-name model: multinomial naive Bayes over hashed words, word prefixes (4-8 bytes) and '
        'character 3-5-grams of the folded merchant name (Descriptor.foldedName), a linear model of int8 weights.',
        f'converter: tools/tradenames/train.py (features.py, corpora.py, mappings/*.tsv) at commit {_commit()}, '
        f'{datetime.date.today().isoformat()}; scikit-learn MultinomialNB alpha={args.alpha}, temperature {temperature}, '
        f'{1 << args.bits} buckets, {len(classes)} classes, int8 weights of {scale:.6f}, {train_rows} training rows '
        f'({args.wof_share} % of the training venues).',
        'sources: ../shared/data/names (Who\'s On First venues CC0, USDA SNAP retailers public domain, Câmara suppliers '
        'and Receita CNPJ sample Brazilian open data, OSM frequent names BSD-3), ../shared/data/nsi (name-suggestion-index '
        'BSD-3), ../shared/data/cnae (IBGE CNAE 2.3 and its notes), ../shared/data/mcc (greggles/mcc-codes, Unlicense).',
        'hold-out (not trained on): Who\'s On First RI (test) and VT (calibration); 20 % / 15 % of the other corpora by '
        'city, CNPJ root or name. Calibration: a temperature (log loss) then isotonic on the top answer, over the '
        'calibration hold-out.',
        f"test hold-out: top-1 {f['top1']:.1%}; decides at calibrated >= {decide / 1000:.3f}: precision "
        f"{f['decide_precision']:.1%} at coverage {f['decide_coverage']:.1%}; suggests (flagged) at >= "
        f"{suggest / 1000:.3f}: precision {f['suggest_precision']:.1%} at coverage {f['suggest_coverage']:.1%}.",
    ]
    if dev_rows is not None:
        s = _dev_summary(dev_rows, decide, suggest)['all']
        lines.append(f'../shared/dev cleaned names (measured only): {s[0]} names, top-1 {s[1]:.1%}; decides {s[2]} '
                     f'({s[3]} right); suggests {s[4]} ({s[5]} right).')
    return '\n'.join(lines) + '\n'


def fixture(args, test_rows, featurizer):
    """~80 held-out names (test split, every corpus), each with the Python scorer's top 3 from the written file."""
    model = modelfile.Model(args.out)
    picked, seen = [], set()
    by_corpus = collections.defaultdict(list)
    for name, e, form, _ in test_rows:
        if form == 'name' and name not in seen and len(name) <= 60:
            seen.add(name)
            by_corpus[e.corpus].append((name, e.category))
    for corpus, items in sorted(by_corpus.items()):
        items.sort(key=lambda t: zlib.crc32(t[0].encode('utf-8')))
        picked.extend((corpus, n, c) for n, c in items[:14])
    # Forms a bank prints: words cut at a column limit, glued names.
    extra = []
    for wanted in ('cut', 'glued'):
        forms = sorted(((n, e) for n, e, form, _ in test_rows if form == wanted and n not in seen),
                       key=lambda t: zlib.crc32(t[0].encode('utf-8')))
        extra.extend((e.corpus + '/' + wanted, n, e.category) for n, e in forms[:10])
    lines = ['# Held-out names of the trade-name model (tools/tradenames/train.py test split: Who\'s On First RI venues CC0, '
             'USDA SNAP GA retailers public domain, name-suggestion-index BSD-3, OSM frequent names BSD-3, Câmara suppliers '
             'and Receita CNPJ sample Brazilian open data), folded as garden folds them, with the Python reference '
             'scorer\'s (tools/tradenames/modelfile.py) top 3 of Rules/trade_names.bin: class, raw Q16, calibrated per-mille.',
             '# Columns: corpus	folded_name	label	class1	raw1	cal1	class2	raw2	cal2	class3	raw3	cal3']
    for corpus, name, label in picked + extra:
        top = modelfile.top(model, featurizer(name), 3)
        lines.append('\t'.join([corpus, name, label] + [str(v) for t in top for v in t]))
    os.makedirs(os.path.dirname(args.fixture), exist_ok=True)
    with open(args.fixture, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n')


def write(path, header, f, dev_rows):
    out = ['# Trade-name model: measurements (written by tools/tradenames/train.py)', '', '```', header.rstrip(), '```', '']
    out.append('## Test hold-out by corpus and printed form (rows, top-1, share decided, precision when decided)')
    out.append('')
    out.append('| group | rows | top-1 | decided | precision decided |')
    out.append('|---|---:|---:|---:|---:|')
    for (kind, name), (n, top1, d, p) in f['groups'].items():
        out.append(f'| {kind} {name} | {n} | {top1:.1%} | {d:.1%} | {p:.1%} |')
    out += ['', '## Precision at coverage (test hold-out rows, best-scored first)', '', '| coverage | precision |', '|---:|---:|']
    for c, p in f['curve']:
        out.append(f'| {c:.0%} | {p:.1%} |')
    out += ['', '## Per category (test hold-out, corpus-weighted): top-1 precision / recall, and precision / recall '
            'of the decided rows', '', '| category | rows | P | R | P decided | R decided |', '|---|---:|---:|---:|---:|---:|']
    for c, (p, r, n, _) in f['per_class'].items():
        pd, rd, _, nd = f['per_class_decided'][c]
        out.append(f'| {c} | {n} | {p:.1%} | {r:.1%} | {pd:.1%} ({nd}) | {rd:.1%} |')
    if dev_rows is not None:
        out += ['', '## ../shared/dev cleaned names (never trained on)', '',
                '| id | name | expected | model | calibrated | right | garden today |', '|---|---|---|---|---:|---|---|']
        for r in dev_rows:
            out.append(f"| {r['id']} | {r['name']} | {'/'.join(r['expected'])} | {r['predicted']} | {r['calibrated']} | "
                       f"{'yes' if r['right'] else 'no'} | {r['source']} |")
    with open(path, 'w', encoding='utf-8') as fh:
        fh.write('\n'.join(out) + '\n')
