#!/usr/bin/env python3
# Validates the derived data files CNAE/cnae_2_3.tsv, CNAE/categories.tsv, Rules/mcc.tsv, Rules/pluggy.tsv and
# Rules/plaid.tsv against their sources in ../shared/data (cnae/cnae_2_3_estrutura.csv, mcc/mcc_codes.csv,
# pluggy_categories/*.csv, plaid_pfc/*.csv) and against Rules/taxonomy.tsv. Reads files only; writes nothing.
# Usage: python3 tools/data/validate_data.py   (exit status 1 on any error)
import csv, os, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
SHARED = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data'))
LEAVES = set('''food.groceries food.restaurants food.delivery transport.rideshare transport.fuel transport.public
transport.parking_tolls transport.vehicle health.pharmacy health.care health.plan health.fitness home.rent
home.utilities home.telecom home.improvement shopping.marketplace shopping.general shopping.clothing
shopping.electronics shopping.digital shopping.pets subscriptions.streaming subscriptions.software personal.care
education entertainment travel.air travel.lodging travel.other services.general services.professional insurance
donations fees.bank fees.interest taxes.iof taxes.government transfer.own transfer.person transfer.card_payment
transfer.investment transfer.other cash.withdrawal income.salary income.cashback income.sales income.interest
income.other uncategorized'''.split())
errors = []


def err(msg):
    errors.append(msg)


def read(rel, ncols):
    path = os.path.join(ROOT, rel)
    lines = open(path, encoding='utf-8').read().split('\n')
    if lines[-1] == '':
        lines.pop()
    if not lines or not lines[0].startswith('#'):
        err('%s: does not start with a comment' % rel)
    if not any('Source' in l for l in lines if l.startswith('#')):
        err('%s: no "Source" comment' % rel)
    rows = []
    for i, l in enumerate(lines, 1):
        if l.startswith('#'):
            continue
        f = l.split('\t')
        if len(f) != ncols or any(x == '' or x != x.strip() for x in f):
            err('%s:%d: bad row %r' % (rel, i, l))
        rows.append(f)
    return rows


tax = {l.split('\t')[0] for l in open(os.path.join(ROOT, 'Rules', 'taxonomy.tsv'), encoding='utf-8')
       if l.strip() and not l.startswith('#')}
if not LEAVES <= tax:
    err('allowed ids missing from taxonomy: %s' % sorted(LEAVES - tax))


def check_cat(rel, rows, col):
    for r in rows:
        if r[col] not in LEAVES:
            err('%s: category %s not an allowed garden leaf (%s)' % (rel, r[col], r[0]))


# 1. CNAE tree
tree = read('CNAE/cnae_2_3.tsv', 5)
lv = Counter(r[1] for r in tree)
exp = {'secao': 21, 'divisao': 87, 'grupo': 285, 'classe': 673, 'subclasse': 1331}
if len(tree) != 2397 or dict(lv) != exp:
    err('tree counts %d %s' % (len(tree), dict(lv)))
src = list(csv.DictReader(open(os.path.join(SHARED, 'cnae', 'cnae_2_3_estrutura.csv'), encoding='utf-8')))
if [r[0] for r in tree] != [s['codigo_numerico'] for s in src] or [r[2] for r in tree] != [s['codigo'] for s in src]:
    err('tree codes differ from source')
codes = {r[0]: r for r in tree}
L = {'secao': 1, 'divisao': 2, 'grupo': 3, 'classe': 5, 'subclasse': 7}
for r in tree:
    if len(r[0]) != L[r[1]]:
        err('bad code length %s' % r)
    if r[1] == 'secao':
        if r[3] != '-':
            err('section parent %s' % r)
    elif r[3] not in codes or (r[1] != 'divisao' and not r[0].startswith(r[3])):
        err('bad parent %s' % r)
print('cnae_2_3.tsv: %d rows %s' % (len(tree), dict(lv)))

# 2. CNAE categories
cat = read('CNAE/categories.tsv', 4)
check_cat('CNAE/categories.tsv', cat, 1)
pm = {}
for r in cat:
    if r[0] in pm:
        err('duplicate prefix %s' % r[0])
    pm[r[0]] = r[1]
    if r[0] not in codes:
        err('prefix %s is not a CNAE code' % r[0])
    if len(r[0]) not in (1, 2, 3, 5, 7):
        err('prefix length %s' % r[0])
    if r[2] not in ('chain', 'online', 'local', 'government', '-'):
        err('bad kind %s' % r)
secs = {r[0] for r in tree if r[1] == 'secao'}
if not secs <= set(pm):
    err('sections not covered %s' % sorted(secs - set(pm)))
parent = {r[0]: r[3] for r in tree}
resolved = Counter()
for r in tree:
    if r[1] != 'subclasse':
        continue
    s = r[0]
    hit = next((s[:n] for n in (7, 5, 3, 2) if s[:n] in pm), None)
    if hit is None:
        sec = s
        while parent[sec] != '-':
            sec = parent[sec]
        hit = sec if sec in pm else None
    if hit is None:
        err('subclass %s unresolved' % s)
    else:
        resolved[pm[hit]] += 1
print('categories.tsv: %d prefixes; %d/1331 subclasses resolve' % (len(cat), sum(resolved.values())))

# 3. MCC
mcc = read('Rules/mcc.tsv', 4)
check_cat('Rules/mcc.tsv', mcc, 1)
msrc = list(csv.DictReader(open(os.path.join(SHARED, 'mcc', 'mcc_codes.csv'), encoding='utf-8')))
if len(mcc) != 981 or [r[0] for r in mcc] != [s['mcc'] for s in msrc] or len({r[0] for r in mcc}) != 981:
    err('mcc rows %d / codes differ from source' % len(mcc))
for r, s in zip(mcc, msrc):
    if r[3] != ' '.join(s['edited_description'].split()):
        err('mcc description differs %s' % r[0])
    if r[2] not in ('chain', 'online', 'local', 'government', '-'):
        err('bad kind %s' % r)
print('mcc.tsv: %d rows' % len(mcc))

# 4. Pluggy
pl = read('Rules/pluggy.tsv', 3)
check_cat('Rules/pluggy.tsv', pl, 2)
ids = [r[0] for r in pl]
if len(set(ids)) != len(ids) or any(len(i) != 8 or not i.isdigit() for i in ids):
    err('pluggy ids not unique 8-digit')
need = {r['id'] for r in csv.DictReader(open(os.path.join(SHARED, 'pluggy_categories', 'categories_reconstructed.csv')))}
need |= {r['id'] for r in csv.DictReader(open(os.path.join(SHARED, 'pluggy_categories', 'categories_from_docs.csv')))}
need |= {'19050100', '07030100'}
if set(ids) != need:
    err('pluggy ids differ: %s' % sorted(set(ids) ^ need))
byname = {}
for r in pl:
    if byname.setdefault(r[1], r[2]) != r[2]:
        err('pluggy name %r has two categories' % r[1])
print('pluggy.tsv: %d rows, %d distinct names' % (len(pl), len(byname)))

# 5. Plaid
pf = read('Rules/plaid.tsv', 2)
check_cat('Rules/plaid.tsv', pf, 1)
psrc = list(csv.DictReader(open(os.path.join(SHARED, 'plaid_pfc', 'transactions-personal-finance-category-taxonomy.csv'))))
needp = {r['PRIMARY'] for r in psrc} | {r['DETAILED'] for r in psrc}
got = [r[0] for r in pf]
if len(got) != 120 or set(got) != needp or len(set(got)) != 120:
    err('plaid codes differ (%d rows)' % len(got))
print('plaid.tsv: %d rows' % len(pf))

if errors:
    print('ERRORS:\n' + '\n'.join(errors))
    sys.exit(1)
print('OK: all files valid')
