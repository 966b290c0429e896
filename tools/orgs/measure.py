#!/usr/bin/env python3
# Measures the organisation and online-service resolvers (issue 35) on data they were not written from:
# 1. false claims: real business names of ../shared/data/names (Who's On First US venues, USDA SNAP retailers, Câmara
#    suppliers, the Receita sample), each read as a card line (`NAME CITY`, the row's currency by the source's
#    country): how many a new resolver decides, with a sample. These shops are (almost all) not online services,
#    universities, airlines or hotels whose names the lists hold, so a claim is a false positive unless the name is
#    that organisation (the sample shows which);
# 2. recall: each list's entries as a card line prints them is checked by the tests (OrganisationListsTests).
# Usage: python3 tools/orgs/measure.py [path to garden] [rows per source, default 40000]
import collections
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import SHARED  # noqa: E402

NEW = {'online_service', 'university', 'travel_brand', 'web_domain'}
SOURCES = [('wof_us_venues.tsv', 'USD', 0, 4), ('snap_ga_retailers.tsv', 'USD', 0, 2),
           ('camara_br_suppliers.tsv', 'BRL', 0, None), ('receita_sample_establishments.tsv', 'BRL', 0, None)]


def names(file, name_column, city_column, limit):
    rows = []
    with open(os.path.join(SHARED, 'names', file), encoding='utf-8') as handle:
        for line in handle:
            if line.startswith('#') or line.startswith('name\t'):
                continue
            cells = line.rstrip('\n').split('\t')
            name = cells[name_column].strip()
            if not name:
                continue
            city = cells[city_column].strip() if city_column is not None and len(cells) > city_column else ''
            rows.append((name + (' ' + city.upper() if city else ''))[:40])
    random.Random(35).shuffle(rows)
    return rows[:limit]


def main():
    garden = sys.argv[1] if len(sys.argv) > 1 else '.build/release/garden'
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 40000
    for file, currency, name_column, city_column in SOURCES:
        lines = names(file, name_column, city_column, limit)
        text = ''.join(json.dumps({'description': l, 'amount': -20, 'currency': currency}) + '\n' for l in lines)
        out = subprocess.run([garden, 'resolve'], input=text, capture_output=True, text=True, check=True).stdout.splitlines()
        claims = collections.defaultdict(list)
        for line, result in zip(lines, out):
            source = json.loads(result)['resolution']['category']['source']
            if source in NEW:
                claims[source].append(line)
        print('%s: %d names' % (file, len(lines)))
        for source in sorted(NEW):
            found = claims.get(source, [])
            print('  %-15s %5d (%.2f %%)  e.g. %s' % (source, len(found), 100.0 * len(found) / max(1, len(lines)), '; '.join(found[:8])))


if __name__ == '__main__':
    main()
