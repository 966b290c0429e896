#!/usr/bin/env python3
# Writes Rules/chain_names_places.tsv: business names that many places in different cities bear whole, the evidence that a
# name read from a line alone (no brand of the catalog) is a chain's, not one shop's (issue 35: "chain only with brand
# evidence"). Read for the merchant kind only (Sources/GardenEngine/Pipeline.swift, `EngineViews.namesChain`).
# Sources (../shared/data/names, each file's header and README there):
# - Who's On First US venues of NV, UT, NM, RI, HI, VT, WY, DC (SimpleGeo Places 2011), CC0: a venue's name, city, state;
# - USDA SNAP authorised retailers of Georgia, June 2020, US public domain: a store's name and city.
# Rules, each general (none read off a statement line):
# - a name is folded as garden folds, trailing store numbers dropped ("INGLES MARKETS 450" -> "ingles markets");
# - a chain has places in many towns: a name is kept when MIN_CITIES or more distinct cities (city and state) carry it,
#   counted in each corpus apart (a name's own count in one corpus, not a sum that two towns' shops would reach);
# - a name that is a description, not a name, is left out: any word a trade word or keyword of garden's lexicon
#   (Rules/trade_words.tsv, Rules/keywords.tsv: "FOOD MART", "ASIAN BUFFET", "FAMILY DENTISTRY"), an organisation or
#   public body's word (Rules/organisation_words.tsv: "COUNTY CLERK", "STATE OFFICE"), a name made only of common words
#   (Rules/name_words.tsv, Zipf >= 3.5: "CHINA KING", "COUNTRY CORNER", "CENTURY": names independent shops share), a place
#   (Rules/places.tsv) or a one-word given name (Rules/given_names_*.tsv);
# - names under 4 letters are left out (initials: "GE", "AAA").
# Measured (--measure): the table built from NV, UT, NM, HI and SNAP alone, then asked of the venues of RI, VT, WY and DC
# (held out): how many held-out names it claims, how many of them the name-suggestion-index lists as a brand (a lower bound
# of the chains among them: the NSI lacks regional and 2011-era chains), and a sample of the rest to read by hand.
# Measured so (seed 35, 50 names read by hand): 202 held-out names claimed, 101 of them NSI brands; of the 50 others read,
# 40 chains (Aramark, Westaff, Culligan, Lens Crafters, Kmart Stores...), 5 public or armed-forces bodies, 4 associations,
# 1 a description ("family dentistry"): about 90 % chains. Tried and dropped: common-word names kept (306 claimed, about
# 81 % chains: "china king", "cut above", "cutting edge"); a name's core, its description words at the end dropped
# ("key energy svc" -> "key energy", --core): 897 claimed, 27 % NSI brands, about 40 % of the rest chains ("teds", "bakers").
# Usage: python3 tools/orgs/chain_names.py [--measure]
import json
import os
import random
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import ROOT, SHARED, common_words, fold, places, write  # noqa: E402

MIN_CITIES = 5
STORE_NUMBER = re.compile(r'( \d+)+$')
HELD_OUT = {'RI', 'VT', 'WY', 'DC'}
CORE = '--core' in sys.argv  # measured and dropped: see the header


def corpus(name):
    """(name, city, state) rows of a names corpus file, header lines skipped."""
    path = os.path.join(SHARED, 'names', name)
    with open(path, encoding='utf-8') as handle:
        for line in handle:
            if line.startswith('#'):
                continue
            cells = line.rstrip('\n').split('\t')
            if cells[0] == 'name':
                continue
            if name.startswith('wof'):
                yield cells[0], cells[4].lower(), cells[5]
            else:
                yield cells[0], cells[2].lower(), 'GA'


def lexicon_words(files=('trade_words.tsv', 'keywords.tsv', 'organisation_words.tsv')):
    """Folded words of the one-word patterns of the trade lexicon and the keywords, and the organisation words."""
    words = set()
    for file in files:
        with open(os.path.join(ROOT, 'Rules', file), encoding='utf-8') as handle:
            for line in handle:
                if line.startswith('#'):
                    continue
                pattern = line.split('\t')[0].strip().lstrip('^=').rstrip('*')
                for word in fold(pattern).split():
                    words.add(word)
    return words


def given_names():
    """Folded given names (Rules/given_names_*.tsv): a person's name alone is no chain's."""
    names = set()
    for file in ('given_names_ibge.tsv', 'given_names_nam_dict.tsv'):
        with open(os.path.join(ROOT, 'Rules', file), encoding='utf-8') as handle:
            names |= {line.split('\t')[0] for line in handle if not line.startswith('#')}
    return names


def core(name, tail):
    """The name without the description words that end it ("key energy svc" -> "key energy", "time warner cable inc" ->
    "time warner"): a trade, legal, organisation word or a printed abbreviation (Rules/name_abbreviations.tsv)."""
    words = name.split()
    while len(words) > 1 and words[-1] in tail:
        words.pop()
    return ' '.join(words)


def tail_words():
    words = lexicon_words(('trade_words.tsv', 'keywords.tsv', 'organisation_words.tsv', 'legal_suffixes.tsv'))
    with open(os.path.join(ROOT, 'Rules', 'name_abbreviations.tsv'), encoding='utf-8') as handle:
        words |= {line.split('\t')[0] for line in handle if not line.startswith('#') and ' ' not in line.split('\t')[0]}
    return words


def chain_names(states=None):
    """The folded names MIN_CITIES cities or more carry in one corpus (WOF venues of `states`, or all; SNAP Georgia)."""
    cities = {'wof': defaultdict(set), 'snap': defaultdict(set)}
    for file, key in (('wof_us_venues.tsv', 'wof'), ('snap_ga_retailers.tsv', 'snap')):
        for name, city, state in corpus(file):
            if key == 'wof' and states is not None and state not in states:
                continue
            folded = STORE_NUMBER.sub('', fold(name))
            if CORE and folded:
                folded = core(folded, TAIL)
            if folded:
                cities[key][folded].add((city, state))
    kept = set()
    for table in cities.values():
        kept |= {name for name, where in table.items() if len(where) >= MIN_CITIES}
    trade, common, place = lexicon_words(), common_words(), places()
    out = set()
    for name in kept:
        words = name.split()
        if sum(c != ' ' for c in name) < 4 or set(words) & trade:
            continue
        if all(w in common for w in words) or len(words) == 1 and name in GIVEN:
            continue
        if name in place:
            continue
        out.add(name)
    return out


def nsi_names():
    names = set()
    with open(os.path.join(SHARED, 'nsi', 'nsi_americas.jsonl'), encoding='utf-8') as handle:
        for line in handle:
            entry = json.loads(line)
            values = [entry.get('displayName')] + [entry.get('tags', {}).get(k) for k in ('name', 'brand', 'operator')]
            values += entry.get('matchNames', [])
            names |= {fold(v) for v in values if v}
    return names | {core(n, TAIL) for n in names}


TAIL = tail_words()
GIVEN = given_names()


def measure():
    table = chain_names(states={'NV', 'UT', 'NM', 'HI'})
    held = set()
    for name, _, state in corpus('wof_us_venues.tsv'):
        if state in HELD_OUT:
            folded = STORE_NUMBER.sub('', fold(name))
            held.add(core(folded, TAIL) if CORE else folded)
    claimed = sorted(n for n in held if n in table)
    nsi = nsi_names()
    listed = [n for n in claimed if n in nsi]
    rest = [n for n in claimed if n not in nsi]
    print('table built without RI, VT, WY, DC: %d names' % len(table))
    print('held-out names %d, claimed %d, of which NSI brands %d (%.1f %%)' % (len(held), len(claimed), len(listed),
                                                                             100.0 * len(listed) / max(1, len(claimed))))
    random.seed(35)
    print('a sample of the claimed names the NSI does not list, to read:')
    for name in random.sample(rest, min(50, len(rest))):
        print('  ' + name)


def main():
    if '--measure' in sys.argv:
        measure()
        return
    names = sorted(chain_names(), key=str.encode)
    header = [
        'Business names that places in %d or more different cities bear whole: a name read alone from a line that is one of' % MIN_CITIES,
        "them is a chain's (merchant kind only). Sources: Who's On First US venues (NV UT NM RI HI VT WY DC, SimpleGeo 2011),",
        'CC0; USDA SNAP authorised retailers of Georgia (June 2020), US public domain (../shared/data/names). Descriptions',
        '(a trade, organisation or public word; only common words; a one-word given name) left out. Sorted by bytes.',
        'Generated by tools/orgs/chain_names.py; do not edit. %d names. Columns: name\tsource' % len(names),
    ]
    write(os.path.join(ROOT, 'Rules', 'chain_names_places.tsv'), header, [(n, 'places') for n in names])
    print('%d names written' % len(names))


if __name__ == '__main__':
    main()
