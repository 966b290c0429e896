#!/usr/bin/env python3
# Derives Rules/mcc.tsv (every ISO 18245 MCC -> garden category) from ../shared/data/mcc/mcc_codes.csv
# (greggles/mcc-codes, Unlicense; description = its edited_description column) and the mapping written
# below for garden; checks categories against Rules/taxonomy.tsv and that all 981 MCCs are written exactly once.
# Usage: python3 tools/data/mcc_categories.py
import csv, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
SRC = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data', 'mcc', 'mcc_codes.csv'))
TAX = os.path.join(ROOT, 'Rules', 'taxonomy.tsv')
OUT = os.path.join(ROOT, 'Rules', 'mcc.tsv')

# Brand-specific ranges (inclusive): (lo, hi, category, kind)
RANGES = [
    (3000, 3350, 'travel.air', 'chain'),        # airlines (3000-3299 in the source)
    (3351, 3500, 'travel.other', 'chain'),      # car rental companies (3351-3441)
    (3501, 3999, 'travel.lodging', 'chain'),    # hotels and resorts (3501-3835)
]

# code: (category, kind)   kind: chain / online / local / government / "-"
M = {}
def put(codes, cat, kind):
    for c in codes.split():
        assert c not in M, c
        M[c] = (cat, kind)

put('0742', 'shopping.pets', 'local')                                   # veterinary
put('0763 2842 5046 5051 5085 5099 5131 5169 5199 5271', 'shopping.general', '-')
put('0780 1520 1711 1731 1740 1750 1761 1771 1799', 'home.improvement', 'local')
put('2741 2791 4011 4214 4225 7332 7338 7339 7342 7349 7393 7394 7395 7399', 'services.general', 'local')
put('4215', 'services.general', 'chain')                                # couriers
put('4111 4112 4131', 'transport.public', 'chain')
put('4789', 'transport.public', 'local')
put('4119', 'health.care', 'local')                                     # ambulance
put('4121', 'transport.rideshare', 'local')
put('4411 4722 4723 4582', 'travel.other', 'chain')
put('4457', 'travel.other', 'local')                                    # boat rental
put('4468', 'entertainment', 'local')                                   # marinas
put('4511', 'travel.air', 'chain')
put('4784', 'transport.parking_tolls', 'chain')
put('7523', 'transport.parking_tolls', 'local')
put('4812 5045 5722 5732', 'shopping.electronics', 'chain')
put('5044 5065 5946 5978 5997', 'shopping.electronics', 'local')
put('4814 4815 4821', 'home.telecom', 'chain')
put('4816 7372 7375', 'subscriptions.software', 'online')            # network/information services, SaaS
put('5734 5817', 'subscriptions.software', 'online')                   # software stores, apps
put('5968', 'subscriptions.software', 'online')                        # continuity/subscription merchants
put('4829', 'transfer.other', 'chain')                                  # money orders / wire transfer
put('6051', 'transfer.other', 'chain')                                  # quasi-cash (foreign currency, wallets, crypto)
put('6012', 'transfer.other', 'chain')                                  # financial institutions: merchandise/services
put('4899', 'subscriptions.streaming', 'online')                       # cable, pay TV, streaming (Netflix)
put('7841', 'subscriptions.streaming', 'online')                       # video rental (today: video on demand)
put('4900', 'home.utilities', 'chain')
put('5983', 'home.utilities', 'local')                                  # fuel oil, wood, coal, LPG (cooking gas)
put('5013 5531 5532 5533 5511 5521 5561 5571 5592 5598 5599', 'transport.vehicle', 'local')
put('7531 7534 7535 7538 7542 7549', 'transport.vehicle', 'local')
put('8675', 'transport.vehicle', 'chain')                               # automobile associations
put('5021 5039 5072 5074 5198 5211 5231 5251 5261', 'home.improvement', 'local')
put('5200', 'home.improvement', 'chain')
put('5712 5713 5714 5718 5719 5950 5996 5998 7641', 'home.improvement', 'local')
put('5047 5975', 'health.care', 'local')
put('5094 5137 5139 5611 5621 5631 5641 5651 5655 5661 5681 5691 5697 5699 5944 5948 7296', 'shopping.clothing', 'local')
put('5111 5192 5193 5551 5733 5735 5832 5931 5932 5933 5935 5937 5940 5941 5942 5943 5945 5947 5949', 'shopping.general', 'local')
put('5970 5971 5972 5973 5992 5993 5994 5999 5963 7278', 'shopping.general', 'local')
put('5309 5310 5311 5331 5399', 'shopping.general', 'chain')
put('5961 5964 5965 5969', 'shopping.general', 'online')
put('5966 5967', 'shopping.general', '-')
put('5122', 'health.pharmacy', '-')
put('5912', 'health.pharmacy', 'chain')
put('5976', 'health.pharmacy', 'local')
put('5172', 'transport.fuel', '-')
put('5541 5542', 'transport.fuel', 'local')
put('7511', 'transport.fuel', 'local')                                  # truck stops
put('5300', 'food.groceries', 'chain')                                  # wholesale clubs / atacarejo
put('5411', 'food.groceries', 'chain')
put('5422 5441 5451 5462 5499 5921', 'food.groceries', 'local')
put('5811 5812 5813 5814', 'food.restaurants', 'local')
put('5815 5816 5818', 'shopping.digital', 'online')
put('5698 5977 7230 7297 7298', 'personal.care', 'local')
put('5995', 'shopping.pets', 'chain')
put('5960', 'insurance', '-')
put('5962', 'travel.other', 'online')
put('6010 6011', 'cash.withdrawal', 'chain')
put('6211', 'transfer.investment', 'chain')
put('6300 6381 6399', 'insurance', 'chain')
put('6513', 'home.rent', 'local')
put('7011 7012', 'travel.lodging', 'chain')
put('7033', 'travel.lodging', 'local')
put('7512', 'travel.other', 'chain')
put('7513 7519', 'travel.other', 'local')
put('7032 7273 7829 7911 7922 7929 7932 7933 7941 7991 7992 7993 7994 7996 7998 7999', 'entertainment', 'local')
put('7832', 'entertainment', 'chain')
put('7800', 'entertainment', 'government')                              # government-owned lotteries
put('7801 7995', 'entertainment', 'online')                             # online casinos, betting
put('7802', 'entertainment', 'local')
put('7997', 'health.fitness', 'local')                                  # membership clubs, gyms
put('7210 7211 7216 7217 7251 7261 7299 7379 7622 7623 7629 7631 7692 7699', 'services.general', 'local')
put('7221 7276 7277 7311 7321 7333 7361 7392 8111 8734 8911 8931 8999', 'services.professional', 'local')
put('8011 8021 8031 8041 8042 8043 8044 8049 8050 8062 8071 8099', 'health.care', 'local')
put('8211 8220 8241 8244 8249 8299 8351', 'education', 'local')
put('8398 8651 8661', 'donations', '-')
put('8641 8699', 'services.general', '-')                               # civic/fraternal and membership orgs (dues)
put('9211 9222 9223 9311 9399 9405', 'taxes.government', 'government')
put('9402', 'services.general', 'government')                           # government postal services
put('9702', 'fees.bank', '-')                                           # Visa GCAS emergency card/cash services
put('9700 9701 9950', 'uncategorized', '-')                             # network-internal codes


def main():
    tax = {l.split('\t')[0] for l in open(TAX, encoding='utf-8') if l.strip() and not l.startswith('#')}
    rows = list(csv.DictReader(open(SRC, encoding='utf-8', newline='')))
    assert len(rows) == 981 and len({r['mcc'] for r in rows}) == 981
    out, errors, used = [], [], set()
    for r in rows:
        code = r['mcc']
        assert re.fullmatch(r'\d{4}', code), code
        n = int(code)
        hit = M.get(code)
        if hit:
            used.add(code)
        else:
            for lo, hi, cat, kind in RANGES:
                if lo <= n <= hi:
                    hit = (cat, kind)
        if hit is None:
            errors.append('unmapped MCC %s %s' % (code, r['edited_description']))
            continue
        if hit[0] not in tax:
            errors.append('unknown category %s for %s' % (hit[0], code))
        desc = re.sub(r'\s+', ' ', r['edited_description']).strip()
        out.append((code, hit[0], hit[1], desc))
    extra = set(M) - used
    if extra:
        errors.append('mapped codes not in source: %s' % sorted(extra))
    if errors:
        print('\n'.join(errors)); sys.exit(1)
    assert len(out) == 981
    with open(OUT, 'w', encoding='utf-8', newline='') as f:
        f.write('# MCC (ISO 18245 merchant category code) -> garden category.\n')
        f.write('# Source: greggles/mcc-codes (../shared/data/mcc/mcc_codes.csv, Unlicense); description = edited_description;\n')
        f.write('# mapping written for garden (tools/data/mcc_categories.py); categories from Rules/taxonomy.tsv.\n')
        f.write('# Brand ranges: 3000-3350 airlines (travel.air), 3351-3500 car rental (travel.other), 3501-3999 hotels (travel.lodging).\n')
        f.write('# kind: chain / online / local / government / "-" (typical merchant kind for the code).\n')
        f.write('# Columns (tab-separated): mcc\tcategory\tkind\tdescription\n')
        for o in out:
            f.write('\t'.join(o) + '\n')
    from collections import Counter
    print('wrote', OUT, len(out), 'rows')
    print(dict(Counter(o[1] for o in out).most_common()))


if __name__ == '__main__':
    main()
