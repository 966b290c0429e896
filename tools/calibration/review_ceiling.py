#!/usr/bin/env python3
# How far any review calibration by evidence class can go on the dev set (issue 35: "a row not flagged is right
# >= 97 % with review <= 20 %"), measured, not fitted into Rules/: a calibration flags whole classes of evidence, so
# the best it can reach is to flag the classes whose rows are least often right, as many as the review budget holds.
#
# A row's evidence class is finer than one floor per resolver: the deciding resolver, what its proposal rests on
# (the trace's note, or the data file of the matched pattern: a brand's own hand-written file, a generated NSI file,
# a bank's own line, a trade word, the trade-name model's calibrated level...) and its confidence. Rows no resolver
# decided (`none`) are always flagged: there is no category to keep.
#
# Two figures per review budget:
# - in-sample: the classes ranked by their precision on all rows (an upper bound: it sees the rows it scores);
# - leave-one-source-out: for each source, the classes ranked on the other sources' rows and a class flagged when its
#   precision there is below the cut that fills the budget on those rows; the held-out source's rows then scored.
#
# Input: `garden resolve --explain` of ../shared/dev/descriptors.jsonl (the expected labels ride along on each row).
# Usage: garden resolve --explain < ../shared/dev/descriptors.jsonl > /tmp/dev.jsonl
#        python3 tools/calibration/review_ceiling.py /tmp/dev.jsonl [budget % ...] [--coarse]
# Scoring follows `garden eval` (Sources/GardenCLI/EvalCommand.swift, categoryMatches): a label is an id or a group
# prefix; `other` is right when uncategorized or flagged; `refund` when the flow is refund. Labels high and medium.
import collections
import json
import sys


def within(predicted, expected):
    return predicted == expected or predicted.startswith(expected + '.')


def right(row, flagged):
    res = row['resolution']
    predicted = res['category']['id']
    expected = row['expected']['category']
    for label in expected if isinstance(expected, list) else [expected]:
        if label == 'other':
            if predicted == 'uncategorized' or flagged:
                return True
        elif label == 'refund':
            if res.get('flow') == 'refund':
                return True
        elif within(predicted, label):
            return True
    return False


COARSE = '--coarse' in sys.argv


def evidence_class(row):
    res = row['resolution']
    taken = [t for t in res.get('trace', []) if t['status'] == 'taken']
    basis = ''
    if taken:
        basis = (taken[0].get('note') or taken[0].get('source') or '').split(':')[0][:60]
    confidence = res['category']['confidence']
    if COARSE:
        # --coarse: a generated brand file against a hand-written one, a bank's own file against the shared bank
        # lines, the trade-name model's calibrated levels as one; confidence to a tenth.
        basis = ('generated brand list' if basis.startswith('Brands/nsi-') else 'hand-written brand' if basis.startswith('Brands/')
                 else 'bank file' if basis.startswith('Rules/banks/') else 'model' if 'trade-name model' in basis
                 or basis.startswith('calibrated') else basis)
        confidence = round(confidence, 1)
    return (res['category']['source'], basis, confidence)


def flagged_classes(rows, budget):
    """The classes to flag among `rows` so that at most `budget` of them are flagged (`none` always)."""
    counts = collections.defaultdict(lambda: [0, 0])
    for row in rows:
        counts[evidence_class(row)][0 if right(row, False) else 1] += 1
    flag = {k for k in counts if k[0] == 'none'}
    used = sum(sum(counts[k]) for k in flag)
    for k in sorted((k for k in counts if k[0] != 'none'), key=lambda k: counts[k][0] / sum(counts[k])):
        if used + sum(counts[k]) <= budget:
            flag.add(k)
            used += sum(counts[k])
    return flag


def score(rows, flag_of):
    flagged = [r for r in rows if flag_of(r)]
    kept = [r for r in rows if not flag_of(r)]
    right_kept = sum(right(r, False) for r in kept)
    return len(flagged), len(kept), right_kept


def main():
    rows = [json.loads(line) for line in open(sys.argv[1])]
    rows = [r for r in rows if r['expected'].get('label_confidence') in ('high', 'medium')]
    budgets = [float(b) for b in sys.argv[2:] if not b.startswith('--')] or [20.0, 23.4, 25.0, 30.0]
    today = score(rows, lambda r: r['resolution']['review'])
    print(f'{len(rows)} rows; garden today: review {100 * today[0] / len(rows):.1f} %, '
          f'right when not flagged {100 * today[2] / today[1]:.1f} % ({today[2]}/{today[1]})')
    print('budget | in-sample review, right when not flagged | leave-one-source-out review, right when not flagged')
    by_source = collections.defaultdict(list)
    for r in rows:
        by_source[r['source']].append(r)
    for budget in budgets:
        flag = flagged_classes(rows, int(budget / 100 * len(rows)))
        inside = score(rows, lambda r: evidence_class(r) in flag)
        flagged = kept = right_kept = 0
        for source, held in by_source.items():
            others = [r for r in rows if r['source'] != source]
            flag = flagged_classes(others, int(budget / 100 * len(others)))
            f, k, ok = score(held, lambda r: evidence_class(r) in flag)
            flagged, kept, right_kept = flagged + f, kept + k, right_kept + ok
        print(f'{budget:.1f} % | {100 * inside[0] / len(rows):.1f} %, {100 * inside[2] / inside[1]:.1f} % ({inside[2]}/{inside[1]}) | '
              f'{100 * flagged / len(rows):.1f} %, {100 * right_kept / kept:.1f} % ({right_kept}/{kept})')


if __name__ == '__main__':
    main()
