#!/usr/bin/env python3
# Generates Rules/business_words_br.tsv and Rules/business_words_us.tsv: how often real business names use each word,
# and each word after the name's previous word, for completing a name's last word the bank cut at its column limit
# ("HEALTHY PAWS PET INSURAN" -> Insurance, "ROSEVA ACOUGUE E MER" -> Mercearia, "ZABER TECHNOLOG" -> Technologies)
# (GardenNames/CutWordCompleter.swift, whose rule `complete` below mirrors).
# Sources (../shared/data/names, README there): Brazil from the Receita Federal CNPJ sample's trade and company names
# (Brazilian public data) and the Câmara dos Deputados suppliers (Brazilian open data); the US and Canada from the
# Who's On First venues (CC0) and the USDA SNAP retailers of Georgia (US public domain).
# Each file lists a word (3+ letters) used in MIN_COUNT+ names, and a pair "previous next" (the previous word that is
# no connector such as DE, E, OF) used MIN_COUNT+ times, with its count in the names counted.
# Hold-out: one name in five (by a hash of the name) is left out of the counts and used to measure the rule
# (--measure): each held-out name's last word of 5+ letters is cut after 3..n-1 letters and completed from the rest
# (right, wrong or left), and each held-out name's whole last word is offered too (a completion there is a false one).
# Usage: python3 tools/data/business_name_words.py [--measure]  (GARDEN_SHARED_DATA overrides ../shared/data)
import bisect, hashlib, os, sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from textfold import fold  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
SHARED = os.environ.get('GARDEN_SHARED_DATA', os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data')))
NAMES = os.path.join(SHARED, 'names')
MIN_COUNT = 3
MIN_LETTERS = 3
# Connectors skipped when reading the previous word (DescriptorAnalyzer.smallWords).
SMALL = {'de', 'da', 'do', 'das', 'dos', 'e', 'of', 'the', 'and', 'com', 'em', 'para', 'del'}

# The rule (CutWordCompleter): the fewest letters of a cut read with its previous word, and alone.
SHORTEST_WITH_PREVIOUS = 3
SHORTEST_ALONE = 5
# A printed word used by names at least 1/OWN_RATIO as often as its most used completion is a word, not a cut.
OWN_RATIO = 5
# A common word of the general list (Zipf >= COMMON_ZIPF) shorter than COMMON_LENGTH letters is a word.
COMMON_ZIPF = 4.0
COMMON_LENGTH = 6
# The completion must carry this share of the counts (of the pairs after the previous word: at least PAIR_COUNT).
SHARE = 0.8
PAIR_COUNT = 3


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


def previous_word(ws):
    return next((w for w in reversed(ws) if w not in SMALL), None)


def general_words():
    out = {}
    for line in open(os.path.join(ROOT, 'Rules', 'name_words.tsv'), encoding='utf-8'):
        if not line.startswith('#'):
            word, zipf = line.rstrip('\n').split('\t')
            out[word] = float(zipf)
    return out


def tables(country):
    """Word counts and pair counts of the names not held out, each kept at MIN_COUNT+."""
    single, pairs = Counter(), Counter()
    for name in names(country):
        if held_out(name):
            continue
        ws = words(name)
        single.update(w for w in ws if len(w) >= MIN_LETTERS)
        for k, w in enumerate(ws):
            previous = previous_word(ws[:k])
            if previous and w not in SMALL and len(w) >= MIN_LETTERS:
                pairs[(previous, w)] += 1
    single = {w: n for w, n in single.items() if n >= MIN_COUNT}
    pairs = {p: n for p, n in pairs.items() if n >= MIN_COUNT and p[1] in single}
    return single, pairs


def variants(a, b):
    """One word the singular and the other the plural (y/ies, m/ns, l/is, +s, +es)."""
    short, long = sorted((a, b), key=len)
    return long in (short + 's', short + 'es') or (short.endswith('y') and long == short[:-1] + 'ies') \
        or (short.endswith('m') and long == short[:-1] + 'ns') or (short.endswith('l') and long == short[:-1] + 'is')


class Completer:
    def __init__(self, single, pairs, general):
        self.single, self.general = single, general
        self.sorted = sorted(single)
        self.general_sorted = sorted(general)
        self.after = {}
        for (p, w), n in pairs.items():
            self.after.setdefault(p, {})[w] = n

    def longer(self, cut, listed=None):
        listed = self.sorted if listed is None else listed
        i = bisect.bisect_left(listed, cut)
        out = []
        while i < len(listed) and listed[i].startswith(cut):
            if listed[i] != cut:
                out.append(listed[i])
            i += 1
        return out

    def complete(self, cut, previous):
        """The completion CutWordCompleter makes of `cut` after `previous` (or None)."""
        if len(cut) < SHORTEST_WITH_PREVIOUS:
            return None
        longer = self.longer(cut)
        if not longer:
            return self.complete_general(cut) if len(cut) >= SHORTEST_ALONE else None
        best = max(longer, key=lambda w: (self.single[w], w))
        if self.single.get(cut, 0) * OWN_RATIO >= self.single[best]:
            return None
        if self.general.get(cut, 0) >= COMMON_ZIPF and len(cut) < COMMON_LENGTH:
            return None
        after = {w: n for w, n in self.after.get(previous, {}).items() if w.startswith(cut) and w != cut}
        if sum(after.values()) >= PAIR_COUNT:
            top = max(after, key=lambda w: (after[w], w))
            if after[top] >= SHARE * sum(after.values()):
                return top
        if len(cut) < SHORTEST_ALONE:
            return None
        total = sum(self.single[w] for w in longer)
        family = sum(self.single[w] for w in longer if w == best or variants(w, best))
        return best if family >= SHARE * total else None

    def complete_general(self, cut):
        """No business name word begins `cut`: the general words decide (as before this table counted names)."""
        if cut in self.general:
            return None
        weights = {w: 10 ** self.general[w] for w in self.longer(cut, self.general_sorted)}
        if not weights:
            return None
        best = max(weights, key=lambda w: (weights[w], w))
        return best if weights[best] >= SHARE * sum(weights.values()) else None


def measure(country, completer):
    right = wrong = left = false = whole = 0
    for name in names(country):
        ws = words(name)
        if not held_out(name) or len(ws) < 2:
            continue
        last, previous = ws[-1], previous_word(ws[:-1])
        whole += 1
        if completer.complete(last, previous):
            false += 1
        if len(last) < 5:
            continue
        for n in range(3, len(last)):
            got = completer.complete(last[:n], previous)
            if got is None:
                left += 1
            elif got == last:
                right += 1
            else:
                wrong += 1
    tried = right + wrong + left
    print(f'{country}: {tried} cut words of held-out names: completed {right + wrong} ({100 * (right + wrong) / tried:.1f} %), '
          f'right {right} ({100 * right / max(1, right + wrong):.1f} % of completions); whole last words changed '
          f'{false} of {whole} ({100 * false / whole:.2f} %)')


def main():
    general = general_words()
    for country in ('br', 'us'):
        single, pairs = tables(country)
        if '--measure' in sys.argv:
            measure(country, Completer(single, pairs, general))
            continue
        path = os.path.join(ROOT, 'Rules', f'business_words_{country}.tsv')
        with open(path, 'w', encoding='utf-8') as out:
            where = 'Brazilian (Receita Federal CNPJ sample, Brazilian public data; Câmara dos Deputados suppliers, Brazilian open data)' \
                if country == 'br' else 'US (Who\'s On First venues, CC0; USDA SNAP retailers of Georgia, US public domain)'
            out.write(f'# Words of {where} business names: a word of {MIN_LETTERS}+ letters, or a pair "previous next"\n')
            out.write(f'# (the previous word no connector), used {MIN_COUNT}+ times, with its count; for completing a word a bank cut at\n')
            out.write('# its column limit. Source: generated by tools/data/business_name_words.py from ../shared/data/names (one name\n')
            out.write('# in five held out); do not edit.\n# Columns: word or pair\tcount\n')
            entries = {w: n for w, n in single.items()}
            entries.update({f'{p} {w}': n for (p, w), n in pairs.items()})
            for w in sorted(entries, key=lambda s: s.encode()):
                out.write(f'{w}\t{entries[w]}\n')
        print(path, len(single), 'words', len(pairs), 'pairs')


if __name__ == '__main__':
    main()
