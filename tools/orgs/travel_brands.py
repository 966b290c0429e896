#!/usr/bin/env python3
# Converts the card networks' travel brand codes and the OpenFlights airline list into the travel_brand resolver's
# two files (Sources/GardenResolvers/TravelBrandResolver.swift), kept apart because their licences differ:
# - Rules/travel_brands_mcc.tsv from ../shared/data/mcc/mcc_codes.csv (greggles/mcc-codes, Unlicense): ISO 18245
#   reserves MCC 3000-3299 for airlines, 3351-3500 for car rental companies and 3501-3999 for hotels, each code one
#   brand; the named codes (not the generic "Airlines", "Car Rental", "Hotels/Motels/Inns/Resorts") become brands of
#   travel.air, travel.other (car rental) and travel.lodging;
# - Rules/airlines_openflights.tsv from ../shared/data/airlines/airlines.tsv (OpenFlights airlines.dat, ODbL 1.0:
#   share-alike, its own file with its attribution): the airlines marked active that have an IATA code (the scheduled
#   carriers that sell tickets), travel.air.
# Patterns, each general: the folded name (each of several a code lists: "Holiday Inns, Holiday Inn Express"); the
# name without its trade word (GOLDEN TULIP of Golden Tulip Hotels) unless that leaves one word (CONCORDE of Concorde
# Hotels is a shop's name too: POSTO CONCORDE); a name of common words only names the brand only with its trade's
# word (BEST WESTERN HOTELS, never AMERICA WEST); a name ending in AIRLINES, AIR LINES or AIRWAYS also as its words before
# that and AIR cut inside AIRLINES or AIRWAYS, or with X's glued ("AMERICAN AIRX*": card lines cut the name at
# their column limit and mask the ticket number glued after it, "AMERICAN AIRXXXXX692737"), never AIR alone and another
# word (ALOHA AIR CONDITIONING); a name of one word that is common (Rules/name_words.tsv, Zipf
# >= 2.5: COBALT, PENTA) or a place (Rules/places.tsv), or of under 4 letters, is left out (UNITED, DELTA, SPIRIT name other
# things too; the hand-written catalog has those airlines); IATA codes are left out (two letters name no payee on a
# card line). A pattern two entries of a file share goes to neither; an MCC brand wins over an OpenFlights one.
# Usage: python3 tools/orgs/travel_brands.py
import csv
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import ROOT, SHARED, common_words, fold, places, read_tsv, write  # noqa: E402

GENERIC = {'airlines', 'car rental', 'hotels/motels/inns/resorts', 'hotels', 'air carriers, airlines'}
TRADE_WORDS = {'airlines', 'airline', 'airways', 'air', 'hotels', 'hotel', 'inns', 'inn', 'resorts', 'resort', 'suites',
               'motels', 'motel', 'lodge', 'lodges', 'rent', 'rental', 'rentals', 'car', 'aviation', 'aerolineas', 'linhas'}
CUT = ('airlines', 'air lines', 'airways', 'airline')


TRADE = ('hotels', 'hotel', 'inns', 'inn', 'resorts', 'resort', 'suites', 'motels', 'motel', 'lodges', 'hotels and resorts',
         'rent a car', 'car rental', 'car rentals', 'rentals', 'airlines', 'air lines', 'airways', 'airline')


def patterns(name, common, place):
    out = []
    # "Holiday Inns, Holiday Inn Express": one code, several names.
    for part in name.replace('/', ',').split(','):
        folded = fold(part)
        words = folded.split()
        if not words:
            continue
        forms = [folded]
        for ending in TRADE:
            # The brand without its trade word ("SHERATON" of "Sheraton Hotels") when it still names it.
            if folded.endswith(' ' + ending):
                forms.append(folded[:-len(ending) - 1])
        for form in forms:
            ws = form.split()
            if sum(c.isalpha() for c in form) < 4:
                continue   # A 1, B 2: a shop's number, not an airline
            if len(ws) == 1 and (form != folded or form in common or form in place or len(form) < 5):
                continue
            if len(ws) > 1 and all(w in common or w.isdigit() for w in ws) and not any(w in TRADE_WORDS for w in ws):
                continue   # AMERICA WEST, LADY OF AMERICA: common words without the trade's word
            out.append(form.upper())
        for ending in CUT:
            if folded.endswith(' ' + ending):
                rest = folded[:-len(ending) - 1]
                if rest:
                    # Cut inside AIRLINES/AIRWAYS, or AIR with the masked ticket number glued (AIRXXXXX);
                    # never AIR alone: AIR and another word is something else (ALOHA AIR CONDITIONING).
                    cut = 'airw*' if ending == 'airways' else 'airl*'
                    out += [(rest + ' ' + cut).upper(), (rest + ' airx*').upper()]
    return list(dict.fromkeys(out))


def unique(rows):
    owners = defaultdict(set)
    for name, _, pats in rows:
        for p in pats:
            owners[p].add(name)
    return [(n, c, [p for p in pats if len(owners[p]) == 1]) for n, c, pats in rows]


def main():
    common, place = common_words(2.5), places()
    mcc = []
    with open(os.path.join(SHARED, 'mcc', 'mcc_codes.csv'), encoding='utf-8') as handle:
        for row in csv.DictReader(handle):
            code = int(row['mcc'])
            name = row['edited_description'].strip()
            if not 3000 <= code <= 3999 or name.lower() in GENERIC:
                continue
            category = 'travel.air' if code <= 3350 else 'travel.other' if code <= 3500 else 'travel.lodging'
            mcc.append((name.title(), category, patterns(name, common, place)))
    mcc = [r for r in unique(mcc) if r[2]]
    taken = {p for _, _, pats in mcc for p in pats}
    flights = []
    for row in read_tsv(os.path.join(SHARED, 'airlines', 'airlines.tsv')):
        if row['active'] != 'Y' or not row['name'] or not row['iata']:   # an airline without an IATA code sells no tickets
            continue
        pats = [p for p in patterns(row['name'], common, place) if p not in taken]
        flights.append((row['name'], 'travel.air', pats))
    flights = [r for r in unique(flights) if r[2]]
    columns = 'Columns: name\tcategory\tpatterns (|-separated; a final * lets the last word end inside a printed word)'
    write(os.path.join(ROOT, 'Rules', 'travel_brands_mcc.tsv'), [
        'Travel brands of the card networks\' brand codes: MCC 3000-3350 airlines (travel.air), 3351-3500 car rental',
        '(travel.other), 3501-3999 hotels (travel.lodging), one brand a code (ISO 18245).',
        'Source: greggles/mcc-codes mcc_codes.csv, commit 16e8ab17db2111272f959482d39c0bb8b48b4a19, Unlicense (public',
        'domain); generated by tools/orgs/travel_brands.py; do not edit. %d brands.' % len(mcc), columns],
        [(n, c, '|'.join(p)) for n, c, p in mcc])
    write(os.path.join(ROOT, 'Rules', 'airlines_openflights.tsv'), [
        'Active airlines of OpenFlights (travel.air).',
        'Source: OpenFlights airlines.dat (github.com/jpatokal/openflights, data/airlines.dat, last changed 2017-02-02,',
        'repository commit 5a0360255a5a2ff2b9f1e9cb199716da68a8a33f). This file is made available under the Open Database',
        'License (ODbL 1.0, https://opendatacommons.org/licenses/odbl/1-0/): share-alike, kept as a file of its own;',
        'attribution: OpenFlights.org. Generated by tools/orgs/travel_brands.py; do not edit. %d airlines.' % len(flights),
        columns], [(n, c, '|'.join(p)) for n, c, p in flights])
    print('%d MCC travel brands, %d OpenFlights airlines' % (len(mcc), len(flights)))


if __name__ == '__main__':
    main()
