#!/usr/bin/env python3
# The trade-name model's converter: trains a multinomial naive Bayes model (a linear model over counts) over hashed
# word, word-prefix and character n-gram features (features.py) of the folded names garden extracts (descriptors.py) from the names
# corpora (corpora.py, mapped to garden's categories by mappings/*.tsv), calibrates its top answer on a hold-out
# (a temperature fitted on the calibration hold-out, then isotonic), measures it on another hold-out and on ../shared/dev's cleaned names (never trained on), and writes
# Rules/trade_names.bin (modelfile.py), the Swift tests' fixture and a report.
#
#   python3 -m venv /tmp/tn && /tmp/tn/bin/pip install numpy scipy scikit-learn
#   swift build -c release
#   nice /tmp/tn/bin/python tools/tradenames/train.py [--garden .build/release/garden] [--bits 17]
#
# One core (nice; the BLAS threads are pinned to one). Outputs: Rules/trade_names.bin,
# Tests/GardenTradeNamesTests/Fixtures/trade_names_fixture.tsv, tools/tradenames/report.md.
import os
os.environ.setdefault('OMP_NUM_THREADS', '1')
os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')
import argparse  # noqa: E402
import collections  # noqa: E402
import datetime  # noqa: E402
import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

import numpy as np  # noqa: E402
import scipy.sparse as sp  # noqa: E402
from sklearn.isotonic import IsotonicRegression  # noqa: E402
from sklearn.naive_bayes import MultinomialNB  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import corpora  # noqa: E402
import descriptors  # noqa: E402
import features  # noqa: E402
import modelfile  # noqa: E402

# A class needs this many training names to be learned; rarer ones (a handful of fintech or streaming words in
# the CNAE texts) are left to the catalog.
MIN_CLASS_ROWS = 150
# Families no shop's name decides: a bank's fees are the bank lines' to name (a bank branch or ATM name in the corpora,
# OSM amenity=bank, says nothing about what a statement row with that bank is: a fee, a loan, a transfer).
NOT_TRADES = ('fees',)
# Training weight of a class ~ its share ** CLASS_POWER: 0.5 halves the venues' "services" prior on a log
# scale without inventing a statement prior no source gives.
CLASS_POWER = 0.5
# Decide where held-out precision is at least this; suggest (flagged) from SUGGEST_PRECISION.
DECIDE_PRECISION = 0.95
SUGGEST_PRECISION = 0.70
# Fixed point: weights are int8 of max |w| / 127 (after clipping at the 99.99th percentile of |w|).
CLIP_QUANTILE = 0.9999


def parse():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument('--garden', default=os.path.join(ROOT, '.build', 'release', 'garden'))
    p.add_argument('--bits', type=int, default=17)
    p.add_argument('--alpha', type=float, default=0.3, help='additive (Lidstone) smoothing of the feature counts')
    p.add_argument('--wof-share', type=int, default=40,
                   help='percent of the Who\'s On First training venues kept (by name hash): 40 %% keeps the run '
                        'within minutes on a shared 2-core machine; their weight is normalised per corpus anyway')
    p.add_argument('--cache', default=os.path.join(os.environ.get('TMPDIR', '/tmp'), 'garden-tradenames'))
    p.add_argument('--out', default=os.path.join(ROOT, 'Rules', 'trade_names.bin'))
    p.add_argument('--fixture', default=os.path.join(ROOT, 'Tests', 'GardenTradeNamesTests', 'Fixtures', 'trade_names_fixture.tsv'))
    p.add_argument('--report', default=os.path.join(HERE, 'report.md'))
    p.add_argument('--dev', default=os.path.join(ROOT, '..', 'shared', 'dev', 'descriptors.jsonl'))
    return p.parse_args()


def rows_of(examples, args):
    """One row per printed form: (folded name, example, form, share)."""
    forms, lines = [], []
    for e in examples:
        for form, text, share in descriptors.variants(e):
            forms.append((e, form, share, text))
            if e.corpus not in descriptors.TEXT_CORPORA:
                lines.append((text, e.country))
    folded = iter(descriptors.descriptors(lines, args.garden, args.cache))
    out = []
    for e, form, share, text in forms:
        name = descriptors.fold_text(text) if e.corpus in descriptors.TEXT_CORPORA else next(folded)
        if name.strip():
            out.append((name, e, form, share))
    return out


def matrix(names, featurizer):
    indptr, indices = [0], []
    for name in names:
        indices.extend(featurizer(name))
        indptr.append(len(indices))
    data = np.ones(len(indices), dtype=np.int32)
    x = sp.csr_matrix((data, np.array(indices, dtype=np.int64), np.array(indptr)), shape=(len(names), 1 << featurizer.bits))
    x.sum_duplicates()
    return x


def train_weights(rows, classes):
    """Per corpus to CORPUS_WEIGHT, then class-balanced to the CLASS_POWER, mean 1."""
    w = np.array([e.weight * share for _, e, _, share in rows])
    corpus = np.array([e.corpus for _, e, _, _ in rows])
    for c in set(corpus):
        m = corpus == c
        w[m] *= corpora.CORPUS_WEIGHT[c] / w[m].sum()
    y = np.array([classes.index(e.category) for _, e, _, _ in rows])
    mass = np.bincount(y, weights=w, minlength=len(classes))
    w *= (mass[y] / mass.sum()) ** (CLASS_POWER - 1)
    return w * len(w) / w.sum()


def held_out_weights(rows):
    """Per corpus to CORPUS_WEIGHT, each corpus's own class mix kept (what a hold-out of it looks like)."""
    w = np.array([e.weight * share for _, e, _, share in rows])
    corpus = np.array([e.corpus for _, e, _, _ in rows])
    for c in set(corpus):
        m = corpus == c
        w[m] *= corpora.CORPUS_WEIGHT[c] / w[m].sum()
    return w


def linear(model):
    """Naive Bayes as a linear model: log P(feature | class) centred per feature (a constant added to every class
    changes no softmax), and the log class prior."""
    coef = model.feature_log_prob_ - model.feature_log_prob_.mean(axis=0, keepdims=True)
    return coef, model.class_log_prior_


def temperature(coef, prior, x, y):
    """The temperature that makes the softmax of the calibration hold-out's scores fit its labels best (log loss;
    Platt's scaling with one parameter): naive Bayes counts every n-gram of a word as new evidence."""
    scores = np.asarray(x @ coef.T) + prior
    best = None
    for t in (1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30):
        z = scores / t
        z = z - z.max(axis=1, keepdims=True)
        loss = -(z[np.arange(len(y)), y] - np.log(np.exp(z).sum(axis=1))).mean()
        if best is None or loss < best[1]:
            best = (t, loss)
    return best[0]


def quantize(coef, prior):
    scale = np.quantile(np.abs(coef), CLIP_QUANTILE) / 127
    q = np.clip(np.rint(coef / scale), -127, 127).astype(np.int8).T.copy()
    bias = np.rint(prior / scale).astype(np.int64)
    exp = []
    d = 0
    while True:
        v = int(round(65536 * np.exp(-d * scale)))
        exp.append(v)
        if v == 0:
            break
        d += 1
    return scale, q, bias, np.array(exp, dtype=np.int64)


def score(x, q, bias, exp):
    acc = (x.astype(np.int64) @ q.astype(np.int64)) + bias
    return modelfile.raw_q16(np.asarray(acc), exp)


def fit_calibration(raw, y, w):
    top = raw.max(axis=1)
    pred = raw.argmax(axis=1)
    iso = IsotonicRegression(y_min=0, y_max=1, increasing=True, out_of_bounds='clip')
    iso.fit(top, (pred == y).astype(float), sample_weight=w)
    steps = []
    for floor, value in zip(iso.X_thresholds_, iso.y_thresholds_):
        permille = int(round(1000 * value))
        if not steps or permille != steps[-1][1]:
            steps.append((int(floor), permille))
    return steps


def threshold(cal, correct, w, precision):
    """The lowest calibrated per-mille at and above which the weighted precision is >= `precision`."""
    order = np.argsort(-cal, kind='stable')
    c, ww, s = cal[order], w[order], correct[order]
    hits, total = np.cumsum(ww * s), np.cumsum(ww)
    best = 1001
    for i in range(len(c)):
        if i + 1 < len(c) and c[i + 1] == c[i]:
            continue
        if hits[i] / total[i] >= precision:
            best = int(c[i])
    return best


def main():
    args = parse()
    examples = corpora.load()
    counts = collections.Counter(e.category for e in examples if e.split == 'train')
    classes = sorted(c for c, n in counts.items() if n >= MIN_CLASS_ROWS and c.split('.')[0] not in NOT_TRADES)
    examples = [e for e in examples if e.category in classes and
                (e.corpus != 'wof' or e.split != 'train' or corpora._bucket('keep:' + e.text) < args.wof_share)]
    rows = rows_of(examples, args)
    featurizer = features.Featurizer(args.bits)
    split = {s: [r for r in rows if r[1].split == s] for s in ('train', 'calib', 'test')}
    print({s: len(v) for s, v in split.items()}, flush=True)
    x = {s: matrix([r[0] for r in v], featurizer) for s, v in split.items()}
    y = {s: np.array([classes.index(r[1].category) for r in v]) for s, v in split.items()}
    model = MultinomialNB(alpha=args.alpha)
    model.fit(x['train'], y['train'], sample_weight=train_weights(split['train'], classes))
    coef, prior = linear(model)
    t = temperature(coef, prior, x['calib'], y['calib'])
    print('temperature', t, flush=True)
    scale, q, bias, exp = quantize(coef / t, prior / t)
    raw = {s: score(x[s], q, bias, exp) for s in ('calib', 'test')}
    wcal = held_out_weights(split['calib'])
    steps = fit_calibration(raw['calib'], y['calib'], wcal)
    floors, values = np.array([f for f, _ in steps]), np.array([v for _, v in steps])
    cal = {s: modelfile.calibrate(raw[s].max(axis=1), floors, values) for s in raw}
    correct = {s: raw[s].argmax(axis=1) == y[s] for s in raw}
    decide = threshold(cal['calib'], correct['calib'], wcal, DECIDE_PRECISION)
    suggest = threshold(cal['calib'], correct['calib'], wcal, SUGGEST_PRECISION)
    import report
    figures = report.measure(split['test'], raw['test'], y['test'], cal['test'], held_out_weights(split['test']),
                             classes, decide, suggest, {r[0] for r in split['train']})
    dev = report.dev(args, featurizer, q, bias, exp, floors, values, classes, decide, suggest)
    header = report.header(args, classes, decide, suggest, figures, dev, scale, len(split['train']), t)
    modelfile.write(args.out, header, args.bits, classes, bias.tolist(), exp.tolist(), steps, decide, suggest, q)
    report.fixture(args, split['test'], featurizer)
    report.write(args.report, header, figures, dev)
    print(header)


if __name__ == '__main__':
    main()
