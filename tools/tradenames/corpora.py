# The training corpora of the trade-name model: every name with its source's class mapped to a garden category
# through the reviewed files in mappings/, the corpus it comes from, the hold-out split it belongs to and its
# weight. Reads ../shared/data (names/, nsi/, cnae/, mcc/) and garden's own CNAE/categories.tsv, Rules/mcc.tsv,
# tools/data/nsi_categories.py; writes nothing.
import csv
import json
import os
import sys
import zlib
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'tools', 'data'))
import nsi_categories  # noqa: E402  (garden's reviewed map of every NSI feature)
import textfold  # noqa: E402

NONE = '-'

# The share of the training weight each corpus carries (before the class balance of train.py), so the 448k US
# venues do not drown the 10k Brazilian names: a choice written here, not tuned on any evaluation set.
CORPUS_WEIGHT = {
    'wof': 1.0, 'snap': 0.15, 'nsi': 0.5, 'osm': 0.3, 'receita': 0.5, 'camara': 0.25, 'cnae_text': 0.25, 'mcc_text': 0.1,
}


@dataclass
class Example:
    text: str        # the name as its source prints it
    country: str     # US, BR or '' (any)
    corpus: str
    split: str       # train, calib (calibration hold-out) or test (measurement hold-out)
    category: str    # garden category id
    weight: float    # relative weight inside its corpus (normalised by train.py)


def _bucket(key):
    """0-99, stable across runs and machines (CRC-32 of the UTF-8 key)."""
    return zlib.crc32(key.encode('utf-8')) % 100


def _split(key, test=20, calib=15):
    b = _bucket(key)
    return 'test' if b < test else 'calib' if b < test + calib else 'train'


def _tsv(path):
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            yield line.rstrip('\n').split('\t')


def _mapping(name, key_columns):
    table = {}
    for row in _tsv(os.path.join(HERE, 'mappings', name)):
        table[tuple(row[:key_columns])] = row[-1] if name != 'cnae.tsv' and name != 'mcc.tsv' else row[1]
    return table


def _taxonomy():
    return {row[0] for row in _tsv(os.path.join(ROOT, 'Rules', 'taxonomy.tsv'))}


def _check(table, name):
    known = _taxonomy()
    for key, category in table.items():
        assert category == NONE or category in known, f'{name}: {key}: unknown category {category}'
    return table


def data_dir():
    return os.environ.get('GARDEN_SHARED_DATA', os.path.join(ROOT, '..', 'shared', 'data'))


def wof():
    sg = _check(_mapping('simplegeo.tsv', 3), 'simplegeo.tsv')
    for row in _tsv(os.path.join(data_dir(), 'names', 'wof_us_venues.tsv')):
        name, kind, category, sub, _city, state = (row + [''] * 6)[:6]
        target = sg.get((kind, category, sub))
        assert target is not None, f'simplegeo.tsv lacks {kind}/{category}/{sub}'
        if target == NONE or not name.strip():
            continue
        # A held-out state for measuring and one for calibrating: names of places the model never saw.
        split = 'test' if state == 'RI' else 'calib' if state == 'VT' else 'train'
        yield Example(name, 'US', 'wof', split, target, 1.0)


def snap():
    m = _check(_mapping('snap.tsv', 1), 'snap.tsv')
    for row in _tsv(os.path.join(data_dir(), 'names', 'snap_ga_retailers.tsv')):
        name, kind, city = (row + [''] * 3)[:3]
        target = m.get((kind,))
        assert target is not None, f'snap.tsv lacks {kind}'
        if target != NONE and name.strip():
            yield Example(name, 'US', 'snap', _split('city:' + city.upper()), target, 1.0)


def camara():
    m = _check(_mapping('camara.tsv', 2), 'camara.tsv')
    for row in _tsv(os.path.join(data_dir(), 'names', 'camara_br_suppliers.tsv')):
        name, kind, detail, root = (row + [''] * 4)[:4]
        target = m.get((kind, detail))
        assert target is not None, f'camara.tsv lacks {kind}/{detail}'
        name = name.strip().strip('"\'')
        if target != NONE and name:
            yield Example(name, 'BR', 'camara', _split('cnpj:' + root), target, 1.0)


def _cnae_map():
    garden = {row[0]: row[1] for row in _tsv(os.path.join(ROOT, 'CNAE', 'categories.tsv'))}
    garden.update(_check(_mapping('cnae.tsv', 1), 'cnae.tsv'))
    sections = {}
    for row in csv.DictReader(open(os.path.join(data_dir(), 'cnae', 'cnae_2_3_subclasses.csv'), encoding='utf-8')):
        sections[row['subclasse_numerico']] = row['secao']

    def category(code):
        for length in (7, 5, 3, 2):
            if code[:length] in garden:
                return garden[code[:length]]
        section = sections.get(code)
        return garden.get(section) if section else None
    return category


# Legal-form words of a Brazilian company name (Receita Federal natureza jurídica; Rules/legal_suffixes.tsv).
LEGAL_FORMS = {'LTDA', 'SA', 'S', 'EIRELI', 'ME', 'EPP', 'C', 'CIA', 'SOCIEDADE', 'COOPERATIVA', 'ASSOCIACAO'}


def receita():
    category = _cnae_map()
    for index, row in enumerate(_tsv(os.path.join(data_dir(), 'names', 'receita_sample_establishments.tsv'))):
        trade, company, cnae = (row + [''] * 3)[:3]
        target = category(cnae)
        if target is None or target == NONE:
            continue
        split = _split('receita:' + (company or trade))
        # The trade name is what a card line prints; the company name what a Pix or boleto prints, kept only when
        # it carries a legal form: a sole trader's company name is the owner's own name ("JOAO GIMENEZ"), which
        # says nothing about the trade.
        legal = company if set(company.upper().replace('/', ' ').replace('.', ' ').split()) & LEGAL_FORMS else ''
        names = [n for n in (trade.strip(), legal.strip()) if n]
        for name in dict.fromkeys(names):
            yield Example(name, 'BR', 'receita', split, target, 1.0 / len(names))


def _osm_map():
    table = {k: v if v is not None else NONE for k, v in nsi_categories.CATEGORY.items()}
    table.update({k[0]: v for k, v in _check(_mapping('osm.tsv', 1), 'osm.tsv').items()})
    return table


def osm():
    table = _osm_map()
    import math
    for row in _tsv(os.path.join(data_dir(), 'names', 'osm_frequent_names.tsv')):
        tag, name, count = row[:3]
        target = table.get(tag.replace('/', '=', 1))
        assert target is not None, f'osm.tsv lacks {tag}'
        if target != NONE and name.strip():
            yield Example(name, '', 'osm', _split('name:' + textfold.fold(name)), target, math.log1p(int(count or 1)))


def _nsi_country(include):
    """'BR' or 'US' when every place of an NSI `locationSet.include` lies in Brazil or in the US and Canada, else ''
    (worldwide or regional). A place is an ISO 3166 code ('br', 'us'), a subdivision file ('us-ca.geojson', Brazil's
    'br-sp.geojson') or a point with a radius ([lon, lat, km]), which names no country."""
    countries = set()
    for place in include:
        if not isinstance(place, str):
            return ''
        countries.add(place.lower().removesuffix('.geojson').split('-')[0])
    if countries == {'br'}:
        return 'BR'
    return 'US' if countries and countries <= {'us', 'ca'} else ''


def nsi():
    table = _osm_map()
    for line in open(os.path.join(data_dir(), 'nsi', 'nsi_americas.jsonl'), encoding='utf-8'):
        entry = json.loads(line)
        target = table.get(f"{entry['key']}={entry['value']}")
        assert target is not None, f"no map for {entry['key']}={entry['value']}"
        if target == NONE:
            continue
        country = _nsi_country(entry.get('include') or [])
        tags = entry.get('tags') or {}
        names = [entry.get('displayName'), tags.get('name'), tags.get('brand')] + list(entry.get('matchNames') or [])
        names = list(dict.fromkeys(n for n in names if n and n.strip()))
        split = _split('brand:' + textfold.fold(entry.get('displayName') or names[0]))
        for name in names:
            yield Example(name, country, 'nsi', split, target, 1.0 / len(names))


def cnae_text():
    """The CNAE subclass, class and group titles and IBGE's notes (what each class includes), Portuguese trade words."""
    category = _cnae_map()
    base = os.path.join(data_dir(), 'cnae')
    for row in csv.DictReader(open(os.path.join(base, 'cnae_2_3_subclasses.csv'), encoding='utf-8')):
        target = category(row['subclasse_numerico'])
        if target and target != NONE:
            yield Example(row['subclasse_descricao'], 'BR', 'cnae_text', 'train', target, 1.0)
    for item in json.load(open(os.path.join(base, 'ibge_api', 'classes.json'), encoding='utf-8')):
        code = item['id']  # 5 digits, e.g. 47113
        target = category(code + '00') if len(code) == 5 else None
        if not target or target == NONE:
            continue
        for note in item.get('observacoes') or []:
            # "Esta classe compreende - ..." lists what the class includes; "NÃO compreende" what it excludes.
            head, _, body = note.partition('compreende')
            if 'não' in head.lower() or not body:
                continue
            for part in body.replace(';', '\n').split('\n'):
                part = part.strip(' -–.:\r')
                if len(part) >= 6:
                    yield Example(part, 'BR', 'cnae_text', 'train', target, 0.5)


def mcc_text():
    garden = {row[0]: row[1] for row in _tsv(os.path.join(ROOT, 'Rules', 'mcc.tsv'))}
    garden.update({k[0]: v for k, v in _check(_mapping('mcc.tsv', 1), 'mcc.tsv').items()})
    for row in csv.DictReader(open(os.path.join(data_dir(), 'mcc', 'mcc_codes.csv'), encoding='utf-8')):
        target = garden.get(row['mcc'])
        if not target or target in (NONE, 'uncategorized'):
            continue
        texts = dict.fromkeys(t.strip() for t in (row['edited_description'], row['irs_description']) if t.strip())
        for text in texts:
            yield Example(text, 'US', 'mcc_text', 'train', target, 1.0 / len(texts))


CORPORA = {'wof': wof, 'snap': snap, 'camara': camara, 'receita': receita, 'osm': osm, 'nsi': nsi,
           'cnae_text': cnae_text, 'mcc_text': mcc_text}


def load():
    out = []
    for name, reader in CORPORA.items():
        out.extend(reader())
    return out


if __name__ == '__main__':
    import collections
    examples = load()
    print(collections.Counter((e.corpus, e.split) for e in examples))
    print(collections.Counter(e.category for e in examples).most_common())
