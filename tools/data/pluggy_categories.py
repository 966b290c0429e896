#!/usr/bin/env python3
# Derives Rules/pluggy.tsv (Pluggy transaction category -> garden category) from
# ../shared/data/pluggy_categories/categories_reconstructed.csv (best-effort reconstruction, ids partly unverified)
# plus ../shared/data/pluggy_categories/categories_from_docs.csv (2 entries from docs.pluggy.ai), plus the two
# alternative third-level ids named in that folder's README (19050100 Gas stations, 07030100 Gyms and fitness centers).
# The mapping below is written for garden and keyed by id; names are written so the engine can match by id AND by name.
# Usage: python3 tools/data/pluggy_categories.py
import csv, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
SRC = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data', 'pluggy_categories'))
TAX = os.path.join(ROOT, 'Rules', 'taxonomy.tsv')
OUT = os.path.join(ROOT, 'Rules', 'pluggy.tsv')

ALT = [('19050100', 'Gas stations'), ('07030100', 'Gyms and fitness centers')]

# id prefix -> category; the longest listed prefix of the 8-digit id wins (written as full ids or id stems)
MAP = {
    '01000000': 'income.other', '01010000': 'income.salary', '01020000': 'income.other',
    '01030000': 'income.sales', '01040000': 'income.other', '01050000': 'income.other',
    '02000000': 'transfer.other', '02010000': 'fees.interest', '02020000': 'fees.interest',
    '02030000': 'transfer.other', '02030001': 'home.rent', '02030002': 'transport.vehicle',
    '02030003': 'education', '02040000': 'transfer.other',
    '03': 'transfer.investment', '03060000': 'income.interest',
    '04': 'transfer.own',
    '05': 'transfer.other', '0509': 'transfer.person', '05100000': 'transfer.card_payment',
    '06000000': 'transfer.other', '06010000': 'transfer.other', '06020000': 'transfer.person',
    '07000000': 'services.general', '0701': 'home.telecom', '0702': 'education',
    '0703': 'health.fitness', '07030003': 'personal.care', '0704': 'entertainment',
    '08': 'shopping.general', '08010000': 'shopping.marketplace', '08020000': 'shopping.electronics',
    '08030000': 'shopping.pets', '08040000': 'shopping.clothing', '08090000': 'income.cashback',
    '09000000': 'shopping.digital', '09010000': 'shopping.digital',
    '09020000': 'subscriptions.streaming', '09030000': 'subscriptions.streaming',
    '10': 'food.groceries',
    '11': 'food.restaurants', '11020000': 'food.delivery',
    '12': 'travel.other', '12010000': 'travel.air', '12020000': 'travel.lodging',
    '13': 'donations',
    '14': 'entertainment',
    '15': 'taxes.government', '15030000': 'taxes.iof',
    '16': 'fees.bank',
    '17000000': 'home.rent', '17010000': 'home.rent', '1702': 'home.utilities',
    '17030000': 'home.improvement', '17040000': 'taxes.government',
    '18': 'health.care', '18020000': 'health.pharmacy',
    '19000000': 'transport.vehicle', '19010000': 'transport.rideshare', '19020000': 'transport.public',
    '19030000': 'travel.other', '19040000': 'transport.public',
    '1905': 'transport.vehicle', '19050001': 'transport.fuel', '19050100': 'transport.fuel',
    '19050002': 'transport.parking_tolls', '19050003': 'transport.parking_tolls',
    '19050004': 'taxes.government', '19050006': 'taxes.government',
    '20': 'insurance', '20030000': 'health.plan',
    '21': 'entertainment',
    '99999999': 'uncategorized',
}


def category(i):
    for n in (8, 6, 4, 2):
        if i[:n] in MAP:
            return MAP[i[:n]]
    return None


def main():
    tax = {l.split('\t')[0] for l in open(TAX, encoding='utf-8') if l.strip() and not l.startswith('#')}
    rows = {}
    for r in csv.DictReader(open(os.path.join(SRC, 'categories_reconstructed.csv'), encoding='utf-8')):
        rows[r['id']] = r['name']
    n_rec = len(rows)
    for r in csv.DictReader(open(os.path.join(SRC, 'categories_from_docs.csv'), encoding='utf-8')):
        if r['id'] in rows:
            assert rows[r['id']] == r['description'], (r, rows[r['id']])
        rows[r['id']] = r['description']
    for i, name in ALT:
        assert i not in rows
        rows[i] = name
    errors, out, byname = [], [], {}
    for i in sorted(rows):
        cat = category(i)
        if cat is None or cat not in tax:
            errors.append('bad mapping %s %s -> %s' % (i, rows[i], cat))
            continue
        if rows[i] in byname and byname[rows[i]] != cat:
            errors.append('name %r maps to two categories' % rows[i])
        byname[rows[i]] = cat
        out.append((i, rows[i], cat))
    if errors:
        print('\n'.join(errors)); sys.exit(1)
    with open(OUT, 'w', encoding='utf-8', newline='') as f:
        f.write('# Pluggy transaction category -> garden category (match by id AND by name; the id list is partly unverified).\n')
        f.write('# Source: ../shared/data/pluggy_categories/categories_reconstructed.csv (best-effort reconstruction from public code)\n')
        f.write('#         + categories_from_docs.csv (docs.pluggy.ai) + alternative ids 19050100, 07030100 from that folder\'s README;\n')
        f.write('# mapping written for garden (tools/data/pluggy_categories.py); categories from Rules/taxonomy.tsv.\n')
        f.write('# Columns (tab-separated): id\tname\tcategory\n')
        for o in out:
            f.write('\t'.join(o) + '\n')
    print('wrote', OUT, len(out), 'rows (reconstructed %d, +docs, +%d alternative ids)' % (n_rec, len(ALT)))


if __name__ == '__main__':
    main()
