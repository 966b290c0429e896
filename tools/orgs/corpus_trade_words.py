#!/usr/bin/env python3
# Mines trade words from the name corpora (../shared/data/names: Who's On First US venues CC0, USDA SNAP retailers,
# Câmara suppliers and the Receita sample, Brazilian open data; the OSM frequent names, BSD-3), read through the
# trade-name model's reviewed mappings (tools/tradenames/corpora.py: each source's class → garden's category, and its
# stable split into train, calib and test) into Rules/corpus_trade_words.tsv, read by the corpus_trade_word resolver.
# Rules, each general:
# - a word is a folded word of 4 or more letters of a name; it is counted once per distinct name of its country (BR
#   or US; a name of the OSM list counts for both) in the train split;
# - a word is kept when 15 or more distinct names hold it and 90 % or more of them are of one category (its trade);
#   words the curated lexicon already grades (Rules/trade_words.tsv, Rules/keywords.tsv), places (Rules/places.tsv)
#   and words of organisation or legal form (Rules/organisation_words.tsv, Rules/legal_suffixes.tsv) are left out;
# - its confidence is its precision on the calib split (names it was not counted on), shrunk toward 0.5 by 10 names
#   and capped at 0.7 (below the curated head nouns' 0.75); a word under 0.6 there only suggests (flagged);
# - measured on the test split (never seen by either step): precision and recall of "the name holds a kept word".
# Usage: GARDEN_SHARED_DATA=/work/shared/data python3 tools/orgs/corpus_trade_words.py
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'tools', 'tradenames'))
sys.path.insert(0, HERE)
import corpora  # noqa: E402
from common import fold, places, write  # noqa: E402

MIN_NAMES, MIN_SHARE, CAP, PRIOR = 15, 0.90, 0.70, 10
WORD = re.compile(r'^[a-z]{4,}$')


def curated():
    words = set()
    for name in ('trade_words.tsv', 'keywords.tsv', 'organisation_words.tsv', 'legal_suffixes.tsv', 'identity_words.tsv'):
        with open(os.path.join(ROOT, 'Rules', name), encoding='utf-8') as handle:
            for line in handle:
                if not line.startswith('#') and line.strip():
                    phrase = fold(line.split('\t')[0])
                    words.add(phrase)
                    words.add(phrase.replace(' ', ''))  # AUTO BODY is matched glued too (AUTOBODY)
    return words


def examples():
    for source in (corpora.wof, corpora.snap, corpora.camara, corpora.receita, corpora.osm):
        for e in source():
            if e.category and e.category != corpora.NONE:
                yield e


def words_of(text):
    return {w for w in fold(text).split() if WORD.match(w)}


def main():
    skip, place = curated(), places()
    seen = set()
    data = defaultdict(list)  # split → [(countries, words, category)]
    for e in examples():
        key = (e.country, fold(e.text))
        if key in seen:
            continue
        seen.add(key)
        countries = (e.country,) if e.country else ('BR', 'US')
        data[e.split].append((countries, words_of(e.text), e.category))
    counts = defaultdict(Counter)
    for countries, words, category in data['train']:
        for c in countries:
            for w in words:
                counts[(c, w)][category] += 1
    kept = {}
    for (c, w), by in counts.items():
        total = sum(by.values())
        category, top = by.most_common(1)[0]
        if total >= MIN_NAMES and top >= MIN_SHARE * total and w not in skip and w not in place:
            kept[(c, w)] = category
    # Confidence from the calib split.
    right, seen_calib = Counter(), Counter()
    for countries, words, category in data['calib']:
        for c in countries:
            for w in words:
                if (c, w) in kept:
                    seen_calib[(c, w)] += 1
                    right[(c, w)] += kept[(c, w)] == category
    confidence = {k: min(CAP, (right[k] + 0.5 * PRIOR) / (seen_calib[k] + PRIOR)) for k in kept}
    # Measured on the test split: the most confident kept word of the name decides.
    report = []
    for country in ('BR', 'US'):
        total = decided = correct = suggested = suggested_right = 0
        for countries, words, category in data['test']:
            if country not in countries:
                continue
            total += 1
            found = [(confidence[(country, w)], kept[(country, w)]) for w in words if (country, w) in kept]
            if not found:
                continue
            best, predicted = max(found)
            if best >= 0.6:
                decided += 1
                correct += predicted == category
            else:
                suggested += 1
                suggested_right += predicted == category
        report.append('%s: %d test names; decides %d (%.1f %%) at precision %.1f %%; suggests %d more (%.1f %% right)' % (
            country, total, decided, 100.0 * decided / max(1, total), 100.0 * correct / max(1, decided),
            suggested, 100.0 * suggested_right / max(1, suggested)))
    rows = sorted((w.upper(), kept[(c, w)], '%.2f' % confidence[(c, w)], c) for (c, w) in kept)
    header = [
        'Trade words mined from real business names: word, category (Rules/taxonomy.tsv), confidence (its precision on',
        'held-out names, shrunk and capped at 0.70; under 0.60 it only suggests), country (the names it was counted on).',
        'Sources: ../shared/data/names (Who\'s On First US venues CC0; USDA SNAP retailers, US public domain; Câmara',
        'suppliers and the Receita CNPJ sample, Brazilian open data; OSM frequent names, BSD-3), their classes mapped by',
        'tools/tradenames/mappings/*.tsv; generated by tools/orgs/corpus_trade_words.py; do not edit. %d words.' % len(rows),
        'Measured on the test split (names neither counted nor calibrated on): ' + ' | '.join(report),
        'Columns: word\tcategory\tconfidence\tcountry',
    ]
    write(os.path.join(ROOT, 'Rules', 'corpus_trade_words.tsv'), header, rows)
    print('\n'.join(report))
    print('%d words' % len(rows))


if __name__ == '__main__':
    main()
