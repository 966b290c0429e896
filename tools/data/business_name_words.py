#!/usr/bin/env python3
# Generates Rules/business_words_br.tsv and Rules/business_words_us.tsv: the words of real business names with their
# Zipf frequency in those names (log10 of occurrences per billion words), for completing a name's last word the bank
# cut at its column limit ("HEALTHY PAWS PET INSURAN" -> Insurance, "EASY PARKING ESTACIONAMENT" -> Estacionamento)
# beside the general words of Rules/name_words.tsv (GardenNames/CutWordCompleter.swift).
# Sources (../shared/data/names, README there): Brazil from the Receita Federal CNPJ sample's trade and company names
# (Brazilian public data) and the Câmara dos Deputados suppliers (Brazilian open data); the US and Canada from the
# Who's On First venues (CC0) and the USDA SNAP retailers of Georgia (US public domain).
# Hold-out: one name in five (by a hash of the name) is left out of the counts and used to measure the completion
# (--measure): each held-out name's last word of 6+ letters is cut after 4..n-1 letters and completed from the rest.
# Usage: python3 tools/data/business_name_words.py [--measure]  (GARDEN_SHARED_DATA overrides ../shared/data)
import hashlib, math, os, sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from textfold import fold  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
SHARED = os.environ.get('GARDEN_SHARED_DATA', os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data')))
NAMES = os.path.join(SHARED, 'names')
MIN_LETTERS = 5
MIN_COUNT = 3


def rows(name):
    for line in open(os.path.join(NAMES, name), encoding='utf-8'):
        if not line.startswith('#') and line.strip():
            yield line.rstrip('\n').split('\t')


def names(country):
    if country == 'br':
        for r in rows('receita_sample_establishments.tsv'):
            yield from (n for n in r[:2] if n)
        for r in rows('camara_br_suppliers.tsv'):
            yield r[0].strip('"')
    else:
        for r in rows('wof_us_venues.tsv'):
            yield r[0]
        for r in rows('snap_ga_retailers.tsv'):
            yield r[0]


def held_out(name):
    return hashlib.sha1(name.encode('utf-8')).digest()[0] % 5 == 0


def words(name):
    return [w for w in fold(name).split() if w.isascii() and w.isalpha()]


def general_words():
    out = {}
    for line in open(os.path.join(ROOT, 'Rules', 'name_words.tsv'), encoding='utf-8'):
        if not line.startswith('#'):
            word, zipf = line.rstrip('\n').split('\t')
            out[word] = float(zipf)
    return out


def counts(country):
    c = Counter()
    for name in names(country):
        if not held_out(name):
            c.update(words(name))
    return c


def zipf_table(c, general):
    total = sum(c.values())
    return {w: round(math.log10(n * 1e9 / total), 1) for w, n in c.items()
            if n >= MIN_COUNT and len(w) >= MIN_LETTERS and w not in general}


def complete(cut, table, general):
    """The completion CutWordCompleter makes: the word most names use among those `cut` begins, when it has half the weight."""
    if cut in general or cut in table:
        return None
    weights = {}
    for source in (general, table):
        for w, z in source.items():
            if w.startswith(cut) and w != cut:
                weights[w] = weights.get(w, 0) + 10 ** z
    if not weights:
        return None
    best = max(weights, key=weights.get)
    return best if weights[best] * 2 >= sum(weights.values()) else None


def measure(country, table, general):
    right = wrong = none = 0
    for name in names(country):
        ws = words(name)
        if not held_out(name) or len(ws) < 2 or len(ws[-1]) < 6:
            continue
        last = ws[-1]
        for n in range(4, len(last)):
            got = complete(last[:n], table, general)
            if got is None:
                none += 1
            elif got == last:
                right += 1
            else:
                wrong += 1
    tried = right + wrong + none
    print(f'{country}: {tried} cut words of held-out names: completed {right + wrong} ({100 * (right + wrong) / tried:.1f} %), '
          f'right {right} ({100 * right / max(1, right + wrong):.1f} % of completions)')


def main():
    general = general_words()
    for country in ('br', 'us'):
        table = zipf_table(counts(country), general)
        if '--measure' in sys.argv:
            measure(country, table, general)
            continue
        path = os.path.join(ROOT, 'Rules', f'business_words_{country}.tsv')
        with open(path, 'w', encoding='utf-8') as out:
            where = 'Brazilian (Receita Federal CNPJ sample, Brazilian public data; Câmara dos Deputados suppliers, Brazilian open data)' \
                if country == 'br' else 'US (Who\'s On First venues, CC0; USDA SNAP retailers of Georgia, US public domain)'
            out.write(f'# Words of {where} business names, {MIN_LETTERS}+ letters, used {MIN_COUNT}+ times, not in Rules/name_words.tsv,\n')
            out.write('# with their Zipf frequency in those names; for completing a word a bank cut at its column limit.\n')
            out.write('# Source: generated by tools/data/business_name_words.py from ../shared/data/names (one name in five held out);\n')
            out.write('# do not edit.\n# Columns: word\tzipf\n')
            for w in sorted(table):
                out.write(f'{w}\t{table[w]}\n')
        print(path, len(table))


if __name__ == '__main__':
    main()
