#!/usr/bin/env python3
# Generates Rules/trade_words.tsv, the graded trade-word lexicon (same columns as Rules/keywords.tsv), from:
# - CNAE 2.3 subclass descriptions of consumer-facing divisions (../shared/data/cnae/cnae_2_3_subclasses.csv,
#   IBGE/CONCLA), each word voting for the subclass's category (CNAE/categories.tsv, longest prefix);
# - MCC descriptions (../shared/data/mcc/mcc_codes.csv, greggles/mcc-codes), voting for Rules/mcc.tsv's category;
# - the NSI feature types (OSM values such as supermarket, fast_food) with tools/data/nsi_categories.py;
# - the curated head nouns and bank abbreviations of tools/data/trade_words.py.
# A generated word is kept when it has 2+ votes (one description is noise: ELECTRONIC, DUTY), 80 % of them
# name one category, and it is no word of the bank-line, boilerplate or processor patterns; it stays weak
# (0.45 when unanimous, else 0.4): only curated head nouns decide alone (0.8, abbreviations 0.75).
# Words of Rules/keywords.tsv keep that file's category; plural and singular forms and the cuts of head
# nouns of 8+ letters (SUPERMERC, CONVENIENC) are added when no other category claims them; such a head noun
# may end inside a word (flag prefix: RESTAURANTNEW YORK) unless it begins a common word of another meaning.
# Usage: python3 tools/data/trade_lexicon.py
import csv, itertools, os, sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from textfold import fold  # noqa: E402
from nsi_categories import CATEGORY as NSI_CATEGORY  # noqa: E402
from trade_words import CURATED, ABBREVIATIONS  # noqa: E402
from wordfreq import iter_wordlist  # noqa: E402

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


def reserved_words():
    """Every word of the bank-line, boilerplate and processor patterns (TRANSFER, PAYMENT, REDE...)."""
    words = set()
    for rel, column in (('Rules/boilerplate.tsv', 0), ('Rules/bank_lines.tsv', 0), ('Rules/processors.tsv', 6)):
        for row in tsv(rel):
            for pattern in row[column].split('|'):
                words.update(fold(pattern.strip('*^')).split())
    return words


def cnae_category(prefixes, code):
    for n in (7, 5, 3, 2):
        if code[:n] in prefixes:
            return prefixes[code[:n]]
    return None


def votes():
    """word -> Counter(category) over the three sources."""
    out = defaultdict(Counter)
    def vote(text, category):
        for word in set(fold(text).split()):
            if len(word) >= 4 and not word.isdigit() and word not in STOP:
                out[word][category] += 1
    prefixes = {r[0]: r[1] for r in tsv('CNAE/categories.tsv')}
    for row in csv.DictReader(open(os.path.join(SHARED, 'cnae', 'cnae_2_3_subclasses.csv'), encoding='utf-8')):
        code = row['subclasse_numerico']
        category = cnae_category(prefixes, code)
        if code[:2] in CNAE_DIVISIONS and category:
            vote(row['subclasse_descricao'], category)
    mcc = {r[0]: r[1] for r in tsv('Rules/mcc.tsv')}
    for row in csv.DictReader(open(os.path.join(SHARED, 'mcc', 'mcc_codes.csv'), encoding='utf-8')):
        if row['mcc'] in mcc and not 3000 <= int(row['mcc']) <= 3999:
            vote(row['edited_description'], mcc[row['mcc']])
    for feature, category in NSI_CATEGORY.items():
        key, value = feature.split('=')
        if category and key in NSI_KEYS:
            vote(value.replace('_', ' '), category)
    return out


def forms(word):
    """The word, its plural or singular (pt and en), for single words."""
    if ' ' in word:
        return [word]
    if word.endswith('s'):
        return [word, word[:-1]]
    return [word, word + 'es' if word.endswith(('r', 'z')) else word + 's'] + ([word[:-1] + 'is'] if word.endswith('l') else [])


def curated():
    rows = []
    for category, (grade, text) in CURATED.items():
        head, *phrases = text.split('|')
        for word in head.split() + [' '.join(p.split()) for p in phrases]:
            rows.append((fold(word), category, grade))
    rows += [(fold(w), c, g) for w, c, g in ABBREVIATIONS]
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
        if word not in lexicon or override or float(confidence) > float(lexicon[word][1]):
            lexicon[word] = (category, confidence, origin)

    reserved = reserved_words()
    for word, counts in votes().items():
        category, top = counts.most_common(1)[0]
        total = sum(counts.values())
        if total >= 2 and top / total >= 0.8 and word not in reserved:
            for form in (f for f in forms(word) if len(f) >= 4 and not {f, f.rstrip('s')} & reserved):
                put(form, category, "0.45" if top == total else "0.4", "generated")
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
    assert all(c in taxonomy for c, _, _ in lexicon.values())
    for word in ('supermercados', 'supermerc', 'conveniencia', 'convenienc', 'drogaria', 'korean bbq'):
        assert word in lexicon and float(lexicon[word][1]) >= 0.75, word
    with open(OUT, 'w', encoding='utf-8') as out:
        out.write('# Trade words, graded: a word or phrase of a merchant name that names its trade. 0.75 and more decide alone\n')
        out.write('# (curated head nouns and bank abbreviations, tools/data/trade_words.py); 0.5 and less only suggest (reviewed).\n')
        out.write('# Source: generated by tools/data/trade_lexicon.py from CNAE 2.3 subclass descriptions (IBGE/CONCLA), '
                  'MCC descriptions (greggles/mcc-codes) and the name-suggestion-index feature types; do not edit.\n')
        out.write('# Columns: pattern\tcategory\tconfidence\tdirection\tflags\n')
        for word in sorted(lexicon):
            category, confidence, _ = lexicon[word]
            out.write('%s\t%s\t%s\tout\t%s\n' % (word.upper(), category, confidence, 'prefix' if word in prefix else '-'))
    grades = Counter(origin for _, _, origin in lexicon.values())
    print('trade_lexicon.py: %d patterns (%s)' % (len(lexicon), ', '.join('%s %d' % kv for kv in sorted(grades.items()))))


if __name__ == '__main__':
    main()
