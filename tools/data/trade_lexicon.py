#!/usr/bin/env python3
# Generates Rules/trade_words.tsv, the graded trade-word lexicon (same columns as Rules/keywords.tsv), from:
# - CNAE 2.3 subclass descriptions of consumer-facing divisions (../shared/data/cnae/cnae_2_3_subclasses.csv,
#   IBGE/CONCLA), each word voting for the subclass's category (CNAE/categories.tsv, longest prefix, then the section letter);
# - MCC descriptions (../shared/data/mcc/mcc_codes.csv, greggles/mcc-codes), voting for Rules/mcc.tsv's category;
# - the NSI feature types (OSM values such as supermarket, fast_food) with tools/data/nsi_categories.py;
# - the curated head nouns and bank abbreviations of tools/data/trade_words.py.
# - for hints only, the CNAE subclass descriptions of the other divisions (manufacturing, wholesale);
# - the words of the NSI brand names (PIZZA, TIRE, DONUTS, MATTRESS), each voting once per brand for the
#   brand's category.
# Three grades. Head nouns decide alone: only the curated ones (0.8, abbreviations 0.75). Weak words (0.45
# when unanimous, else 0.4) suggest, reviewed: a description word with 2+ votes of which 80 % name one
# category, a brand-name word unanimous over 5+ brands. Hints (0.3, flag `hint`) only name a category for a
# row nothing else names, always reviewed, and never make a name a business or block another reading: a
# description word with one vote or 60 % agreement, a brand-name word unanimous over 3+ brands; very common
# words (wordfreq Zipf >= 5: MAKING, PRIVATE), adverbs and participles (PREVIOUSLY, OWNED) and words of taxes,
# transfers or fees are no hints. No generated word is a word of the bank-line,
# boilerplate or processor patterns, a place (Rules/places.tsv) or a brand-name word split between trades.
# Words of Rules/keywords.tsv keep that file's category; plural and singular forms and the cuts of head
# nouns of 8+ letters (SUPERMERC, CONVENIENC) are added when no other category claims them; such a head noun
# may end inside a word (flag prefix: RESTAURANTNEW YORK) unless it begins a common word of another meaning.
# Usage: python3 tools/data/trade_lexicon.py
import csv, itertools, json, os, re, sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from textfold import fold  # noqa: E402
from nsi_categories import CATEGORY as NSI_CATEGORY  # noqa: E402
from trade_words import CURATED, ABBREVIATIONS, WEAK_WORDS  # noqa: E402
from wordfreq import iter_wordlist, zipf_frequency  # noqa: E402
HINT = '0.3'   # the grade of a hint (flag `hint`); curated words of that grade (COM DE) are no hints

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
SHARED = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data'))
OUT = os.path.join(ROOT, 'Rules', 'trade_words.tsv')
# CNAE divisions whose businesses sell to people: vehicles and retail, transport, lodging and food,
# cinema, telecom, real estate, veterinary, rental, travel, education, health, social care, arts, sport,
# repair and personal services.
CNAE_DIVISIONS = set('45 47 49 55 56 59 61 68 75 77 79 85 86 87 90 91 93 95 96'.split())
NSI_KEYS = {'shop', 'amenity', 'tourism', 'leisure', 'healthcare', 'craft'}
STOP = set('''para como pelo pela pelos pelas outros outras outro outra similares exceto especificadas especificados
    anteriormente geral gerais comercio varejista atacadista servicos servico atividades atividade produtos produto
    artigos artigo fabricacao predominancia alimenticios mercadorias venda vendas revenda aluguel locacao
    estabelecimentos estabelecimento associadas associados diversos diversas realizado realizados realizada
    sobre entre also their with from other stores store shops shop services service dealers dealer supplies
    supply equipment classified elsewhere miscellaneous related parts including only used sales retail
    wholesale general specialty goods products accessories mail order telephone direct marketing outlets
    centros centro unidade unidades publicos publico privado privados'''.split())


def tsv(rel):
    return [l.rstrip('\n').split('\t') for l in open(os.path.join(ROOT, rel), encoding='utf-8')
            if l.strip() and not l.startswith('#')]


def places():
    """The place names of Rules/places.tsv (one word): a city is no trade."""
    return {r[0] for r in tsv('Rules/places.tsv')}


def hint_worthy(word, category):
    """A hint names a trade: not a very common word (Zipf >= 5: MAKING, PRIVATE), not an English adverb or
    participle (PREVIOUSLY, OWNED, CLASSIFIED), and a category of spending, not taxes, transfers or none."""
    if max(zipf_frequency(word, 'en'), zipf_frequency(word, 'pt')) >= 5.0 or word.endswith(('ly', 'ed')):
        return False
    return trade_category(category)


def trade_category(category):
    """A category a shop's trade can name: spending, not taxes, transfers, fees, cash or none."""
    return category.split('.')[0] not in ('taxes', 'transfer', 'uncategorized', 'income', 'fees', 'cash')


def reserved_words():
    """Every word of the bank-line, boilerplate and processor patterns (TRANSFER, PAYMENT, REDE...), but the
    bank lines read only in the memo (flag memo: a card issuer's industry, RESTAURANT, APPAREL), which are trade words;
    and the first word of each hand-written bank's patterns (CAIXA, SICREDI, ITAU)."""
    words = set()
    for rel, column in (('Rules/boilerplate.tsv', 0), ('Rules/bank_lines.tsv', 0), ('Rules/processors.tsv', 6)):
        for row in tsv(rel):
            if rel == 'Rules/bank_lines.tsv' and len(row) > 6 and 'memo' in row[6].split(','):
                continue
            for pattern in row[column].split('|'):
                words.update(fold(pattern.strip('*^')).split())
    # The first word of a financial institution's name in the hand-written catalog (flag bank: CAIXA of CAIXA
    # ECONOMICA FEDERAL) names the bank on a line, never a shop's trade.
    for name in sorted(os.listdir(os.path.join(ROOT, 'Brands'))):
        if name.endswith('.tsv') and not name.startswith('nsi-'):
            for row in tsv(os.path.join('Brands', name)):
                if len(row) > 7 and 'bank' in row[5].split(','):
                    words.update(fold(p.strip('*^')).split()[0] for p in row[7].split('|') if fold(p.strip('*^')).split())
    return words


def cnae_category(prefixes, code, section):
    """The category of a CNAE subclass as CNAE/categories.tsv maps it: the longest prefix of the 7-digit code (7, 5,
    3, 2 digits), then the section letter (P education, Q health: divisions 85-88 have no prefix of their own)."""
    for n in (7, 5, 3, 2):
        if code[:n] in prefixes:
            return prefixes[code[:n]]
    return prefixes.get(section)


def votes(consumer=True, sections=True):
    """word -> Counter(category) over the three sources; with consumer=False, over the CNAE subclasses of the
    other divisions (manufacturing, wholesale, construction: CONFECCOES, LATICINIOS), which give hints only."""
    out = defaultdict(Counter)
    def vote(text, category):
        for word in set(fold(text).split()):
            if len(word) >= 4 and not word.isdigit() and word not in STOP:
                out[word][category] += 1
    prefixes = {r[0]: r[1] for r in tsv('CNAE/categories.tsv')}
    for row in csv.DictReader(open(os.path.join(SHARED, 'cnae', 'cnae_2_3_subclasses.csv'), encoding='utf-8')):
        code = row['subclasse_numerico']
        category = cnae_category(prefixes, code, row['secao'] if sections else None)
        if (code[:2] in CNAE_DIVISIONS) == consumer and category:
            vote(row['subclasse_descricao'], category)
    if not consumer:
        return out
    mcc = {r[0]: r[1] for r in tsv('Rules/mcc.tsv')}
    for row in csv.DictReader(open(os.path.join(SHARED, 'mcc', 'mcc_codes.csv'), encoding='utf-8')):
        if row['mcc'] in mcc and not 3000 <= int(row['mcc']) <= 3999:
            vote(row['edited_description'], mcc[row['mcc']])
    for feature, category in NSI_CATEGORY.items():
        key, value = feature.split('=')
        if category and key in NSI_KEYS:
            vote(value.replace('_', ' '), category)
    return out


def brand_votes():
    """word -> Counter(category) over the NSI brand names: one vote per brand (its Wikidata item). The index's
    qualifier in brackets ("Summit Credit Union (Wisconsin)") tells same-named brands apart and is no word of the
    name; a brand of no trade (a bank: fees.bank, a tax body) gives no votes: its name's words (TRUST, SAVINGS)
    name the institution, not a trade a shop is in."""
    seen = defaultdict(lambda: defaultdict(set))
    for line in open(os.path.join(SHARED, 'nsi', 'nsi_americas.jsonl'), encoding='utf-8'):
        entry = json.loads(line)
        category = NSI_CATEGORY.get('%s=%s' % (entry['key'], entry['value']))
        if entry['tree'] != 'brands' or not category or not trade_category(category):
            continue
        name = re.sub(r'\s*\([^)]*\)', ' ', entry['displayName'])
        brand = entry['tags'].get('brand:wikidata') or fold(name)
        for word in set(fold(name).split()):
            if len(word) >= 4 and word.isalpha() and word not in STOP:
                seen[word][category].add(brand)
    return {word: Counter({c: len(b) for c, b in cats.items()}) for word, cats in seen.items()}


def word_grade(counts, brands, others):
    """(category, grade) of a generated word from its description votes, its brand-name votes and its votes
    in the other CNAE divisions, or None."""
    if counts:
        category, top = counts.most_common(1)[0]
        total = sum(counts.values())
        if total >= 2 and top / total >= 0.8:
            return category, '0.45' if top == total else '0.4'
        if top / total >= 0.6:
            return category, HINT
    if len(brands) == 1:
        (category, n), = brands.items()
        if n >= 3:
            return category, '0.4' if n >= 5 else HINT
    if others:
        category, top = others.most_common(1)[0]
        if top / sum(others.values()) >= 0.6:
            return category, HINT
    return None


def forms(word):
    """The word and its plural or singular, by the rules of its language (wordfreq tells English from
    Portuguese): PAPELARIA/PAPELARIAS, PENSAO/PENSOES, JORNAL/JORNAIS, BAKERY/BAKERIES, PAINTER/PAINTERS; a word of
    both languages ending in -el/-al takes both plurals (HOTEL: HOTELS and HOTEIS; METAL: METALS and METAIS)."""
    if ' ' in word or word.endswith('ing'):
        return [word]
    en, pt = zipf_frequency(word, 'en'), zipf_frequency(word, 'pt')
    if en > pt and word.endswith(('el', 'al')) and en - pt <= BOTH_LANGUAGES_ZIPF_GAP:
        return english_forms(word) + [word[:-1] + 'is']
    return english_forms(word) if en > pt else portuguese_forms(word)


# A word whose frequency in Portuguese text is this close to its English one (wordfreq's Zipf scale) is a word
# of both languages (HOTEL 4.89/4.95, METAL, FUNERAL; not TRAVEL 3.47/5.00 nor DENTAL 3.57/4.11).
BOTH_LANGUAGES_ZIPF_GAP = 0.5


def english_forms(word):
    if word.endswith('ies'):
        return [word, word[:-3] + 'y']
    if word.endswith('s'):
        return [word, word[:-1]]
    if word.endswith('y') and word[-2] not in 'aeiou':
        return [word, word[:-1] + 'ies']
    return [word, word + ('es' if word.endswith(('s', 'x', 'ch', 'sh')) else 's')]


def portuguese_forms(word):
    for plural, singular in (('oes', 'ao'), ('aes', 'ao'), ('ens', 'em'), ('ais', 'al'), ('eis', 'el'), ('res', 'r'), ('zes', 'z')):
        if word.endswith(plural):
            return [word, word[:-len(plural)] + singular]
    if word.endswith('s'):
        return [word, word[:-1]]
    for singular, plural in (('ao', 'oes'), ('em', 'ens'), ('al', 'ais'), ('el', 'eis'), ('r', 'res'), ('z', 'zes')):
        if word.endswith(singular):
            return [word, word[:-len(singular)] + plural]
    return [word, word + 's']


def curated():
    rows = []
    for category, (grade, text) in CURATED.items():
        head, *phrases = text.split('|')
        for word in head.split() + [' '.join(p.split()) for p in phrases]:
            rows.append((fold(word), category, grade))
    rows += [(fold(w), c, g) for w, c, g in ABBREVIATIONS]
    rows += [(fold(w), c, '0.5') for w, c in WEAK_WORDS]
    return rows


def gluable(heads, lexicon):
    """Head nouns of 8+ letters that may end inside a word ("RESTAURANTNEW YORK", "FARMACIASSAOPAULO"): those
    that begin no common English or Portuguese word (wordfreq, 60,000 most frequent each) of another meaning
    (HOSPITAL begins HOSPITALITY, so it stays whole)."""
    common = {fold(w) for lang in ('en', 'pt') for w in itertools.islice(iter_wordlist(lang), 60_000)}
    out = set()
    for word, category, grade in heads:
        if grade != '0.8' or ' ' in word or len(word) < 8:
            continue
        others = {w for w in common if w.startswith(word) and lexicon.get(w, (None,))[0] != category}
        if not others - set(forms(word)):
            out.add(word)
    return out


def main():
    taxonomy = {r[0] for r in tsv('Rules/taxonomy.tsv')}
    hand = {fold(r[0]): r[1] for r in tsv('Rules/keywords.tsv')}
    lexicon = {}                                  # pattern -> (category, confidence, origin)

    def put(word, category, confidence, origin, override=False):
        category = hand.get(word, category)
        if word not in lexicon or override or float(confidence) > float(lexicon[word][1]) and origin != 'hint':
            lexicon[word] = (category, confidence, origin)

    reserved = reserved_words() | places()
    described, named, others = votes(), brand_votes(), votes(consumer=False)
    # Words only the section-level CNAE votes name (education, health, arts: no division prefix of their own) become
    # weak words when they agree enough, never hints: a hint of one vote there is a description's word (PRACA), and
    # every pattern costs each row a lookup.
    by_division = votes(sections=False)
    for word in sorted(set(described) | set(named) | set(others)):
        counts, brands = described.get(word, Counter()), named.get(word, Counter())
        graded = word_grade(counts, brands, others.get(word, Counter()))
        if graded is None or word in reserved or graded[1] == HINT and not hint_worthy(word, graded[0]):
            continue
        if graded[1] == HINT and word not in by_division and word not in named and word not in others:
            continue
        category, confidence = graded
        for form in (f for f in forms(word) if len(f) >= 4 and not {f, f.rstrip('s')} & reserved):
            if confidence != HINT or hint_worthy(form, category):
                put(form, category, confidence, 'generated' if confidence != HINT else 'hint')
    heads = curated()
    for word, category, grade in heads:
        for form in forms(word) if grade != '0.3' else [word]:
            put(form, category, grade, 'curated', override=True)
    claimed = defaultdict(set)
    for word, (category, _, _) in lexicon.items():
        claimed[word].add(category)
    for word, category, grade in heads:
        if ' ' in word or len(word) < 8 or grade == '0.3':
            continue
        for n in range(7, len(word)):
            cut = word[:n]
            if claimed.get(cut, {category}) == {category}:
                put(cut, hand.get(word, category), grade, 'cut')
    prefix = gluable(heads, lexicon)
    # Brazilian bank abbreviations (FARM, REST, CONV, PINT) are English words or cuts of them: flag br, read only
    # on rows of Brazil or of no known country.
    brazilian = {form for w, _, _ in ABBREVIATIONS for form in forms(fold(w))}
    assert all(c in taxonomy for c, _, _ in lexicon.values())
    for word in ('supermercados', 'supermerc', 'conveniencia', 'convenienc', 'drogaria', 'korean bbq'):
        assert word in lexicon and float(lexicon[word][1]) >= 0.75, word
    with open(OUT, 'w', encoding='utf-8') as out:
        out.write('# Trade words, graded: a word or phrase of a merchant name that names its trade. 0.75 and more decide alone\n')
        out.write('# (curated head nouns and bank abbreviations, tools/data/trade_words.py); 0.5 and less only suggest (reviewed);\n')
        out.write('# flag hint: a hint only names a category for a row nothing else names (reviewed), never makes a name a business;\n')
        out.write('# flag br: a Brazilian bank abbreviation (FARM, REST, CONV), not read on US or Canadian rows (USD, CAD).\n')
        out.write('# Source: generated by tools/data/trade_lexicon.py from CNAE 2.3 subclass descriptions (IBGE/CONCLA), '
                  'MCC descriptions (greggles/mcc-codes), the name-suggestion-index feature types and brand names; do not edit.\n')
        out.write('# Columns: pattern\tcategory\tconfidence\tdirection\tflags\n')
        for word in sorted(lexicon):
            category, confidence, origin = lexicon[word]
            flags = ','.join(f for f, on in (('prefix', word in prefix), ('hint', origin == 'hint'), ('br', word in brazilian)) if on) or '-'
            out.write('%s\t%s\t%s\tout\t%s\n' % (word.upper(), category, confidence, flags))
    grades = Counter(origin for _, _, origin in lexicon.values())
    print('trade_lexicon.py: %d patterns (%s)' % (len(lexicon), ', '.join('%s %d' % kv for kv in sorted(grades.items()))))


if __name__ == '__main__':
    main()
