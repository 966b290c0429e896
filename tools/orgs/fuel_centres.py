#!/usr/bin/env python3
# Writes Brands/nsi-fuel-centres.tsv: the fuel stations of supermarket, warehouse-club and department-store chains, from
# the name-suggestion-index 2026-08 (../shared/data/nsi/full_2026-08/nsi_entries_americas.tsv, BSD-3-Clause, commit
# c8b272ef0f882ee76c5ac8bd2912d5db4d63cf30): a brand the index lists both as a shop of that kind and as amenity=fuel
# runs filling stations under its name, and a card line that prints the name with a fuel word after it (KING SOOPERS
# FUEL, COSTCO GAS, the column cutting it: KROGER FUE) is a purchase at the station, transport.fuel, not at the store.
# Patterns: the folded name (and the index's match names) with FUEL, FUE, FUEL CENTER, FUEL CTR, GAS, GASOLINE, GAS
# STATION after it; a pattern another brand file has is left to it (the hand-written catalog's Costco Gas, Kroger
# Fuel). Usage: python3 tools/orgs/fuel_centres.py
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import ROOT, SHARED, fold, read_tsv, write  # noqa: E402

STORES = {('shop', 'supermarket'), ('shop', 'wholesale'), ('shop', 'department_store')}
FUEL_WORDS = ['fuel', 'fue', 'fuel center', 'fuel ctr', 'gas', 'gasoline', 'gas station']
COUNTRIES = {'us': 'US', 'ca': 'CA', 'br': 'BR'}


def catalog_patterns():
    """Every pattern of the other brand files (folded): the hand-written catalog wins (Costco Gas, Kroger Fuel)."""
    found = set()
    folder = os.path.join(ROOT, 'Brands')
    for name in os.listdir(folder):
        if not name.endswith('.tsv') or name == 'nsi-fuel-centres.tsv':
            continue
        with open(os.path.join(folder, name), encoding='utf-8') as handle:
            for line in handle:
                cells = line.rstrip('\n').split('\t')
                if line.startswith('#') or len(cells) < 8:
                    continue
                found.update(fold(p.strip('^*')) for p in cells[7].split('|'))
    return found


def main():
    taken = catalog_patterns()
    rows = list(read_tsv(os.path.join(SHARED, 'nsi', 'full_2026-08', 'nsi_entries_americas.tsv')))
    fuel, stores = {}, {}
    for r in rows:
        name = r['brand'] or r['name']
        if not name:
            continue
        key = (r['osm_key'], r['osm_value'])
        if key == ('amenity', 'fuel'):
            fuel.setdefault(name, r)
        elif key in STORES:
            stores.setdefault(name, r)
    out = []
    for name in sorted(set(fuel) & set(stores)):
        entry = fuel[name]
        forms = {fold(name)} | {fold(m) for m in entry['match_names'].split('|') if m}
        forms = {f for f in forms if len(f.replace(' ', '')) >= 4}
        if not forms:
            continue
        patterns = sorted({(f + ' ' + w).upper() for f in forms for w in FUEL_WORDS if f + ' ' + w not in taken})
        if not patterns:
            continue
        countries = sorted({COUNTRIES[c.split('-')[0]] for c in (entry['countries_include'] + '|' + stores[name]['countries_include']).split('|')
                            if c.split('-')[0] in COUNTRIES}) or ['US', 'CA', 'BR']
        slug = ''.join(c for c in fold(name) if c.isalnum())
        out.append(('nsi_fuel_' + slug, name + ' Fuel', 'chain', 'transport.fuel', '-', '-', '-', '|'.join(patterns),
                    ','.join(countries), entry['wikidata'] or '-'))
    header = [
        'Fuel stations of supermarket, warehouse-club and department-store chains (generated: do not edit)',
        'Source: osmlab/name-suggestion-index commit c8b272ef0f882ee76c5ac8bd2912d5db4d63cf30 (BSD-3-Clause; tags from',
        'OpenStreetMap and Wikidata, CC0), ../shared/data/nsi/full_2026-08: a brand listed both as such a shop and as',
        'amenity=fuel; converted by tools/orgs/fuel_centres.py; %d entries.' % len(out),
        'Columns: id\tname\tkind\tcategory\tdomain\tflags\tcnpj_roots\tpatterns\tcountries\twikidata',
    ]
    write(os.path.join(ROOT, 'Brands', 'nsi-fuel-centres.tsv'), header, out)
    print('%d chains: %s' % (len(out), ', '.join(r[1] for r in out)))


if __name__ == '__main__':
    main()
