#!/usr/bin/env python3
# Converts the Hipo university-domains-list (../shared/data/universities/universities.tsv, MIT, commit in its
# PROVENANCE.md) into Rules/universities.tsv: the universities and colleges of Brazil, the US and Canada with the
# forms a card or bank line prints their names in. The university resolver reads it
# (Sources/GardenResolvers/UniversityResolver.swift).
# Rules, each general (how card processors print a long name in a 22-25 character field):
# - `name` records: the folded full name ("university of alberta"), matched anywhere;
# - `short` records: the name's distinctive word X ("alberta" in "University of Alberta", "laurentian" in "Laurentian
#   University of Sudbury": the first word that is not the institution word, a particle or a place's form) as
#   printed short: X itself, X cut to 3 to 5 letters ("alb", "albe", "alber") and X without its vowels after the
#   first letter ("lrntn"); a short form names the university only beside a university word ("UNV ALB", "LRNTN UNIV",
#   the resolver checks it); a cut of 3 letters that is a word of Rules/name_words.tsv or any form that is a place
#   (Rules/places.tsv) is left out;
# - `domain` records: the domain's name part when it is an acronym-like label of 4+ letters that is no word and no
#   place ("ualberta", "ufmg", "unicamp"), matched anywhere;
# - `word` records: the university words the short forms need beside them (UNIV, UNV, UNIVERSITY, UNIVERSIDADE...);
# - a form four or more universities of one country share is left out for that country.
# Usage: python3 tools/orgs/universities.py
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import ROOT, SHARED, fold, places, read_tsv, write  # noqa: E402

SOURCE = os.path.join(SHARED, 'universities', 'universities.tsv')
COMMIT = 'bb07faf064e1c68be9b26fb71de31f01e361f974'
COUNTRIES = ('BR', 'US', 'CA')
UNIVERSITY_WORDS = ['university', 'univ', 'unv', 'univers', 'universidade', 'univ federal', 'universite', 'universitario', 'universitaria']
INSTITUTION = {'university', 'universidade', 'universite', 'college', 'institute', 'instituto', 'faculdade', 'faculdades',
               'centro', 'universitario', 'universitaria', 'cegep', 'school', 'escola', 'state', 'community', 'technical',
               'polytechnic', 'academy', 'seminary', 'federal', 'estadual', 'pontificia', 'catolica', 'the', 'of', 'at',
               'de', 'do', 'da', 'dos', 'das', 'du', 'and', 'e', 'in', 'for', 'system', 'campus'}
UNIVERSITY_HEADS = {'university', 'universidade', 'universite'}
VOWELS = set('aeiou')


def all_words():
    words = {}
    with open(os.path.join(ROOT, 'Rules', 'name_words.tsv'), encoding='utf-8') as handle:
        for line in handle:
            if not line.startswith('#'):
                cells = line.rstrip('\n').split('\t')
                words[cells[0]] = float(cells[1])
    return words


def skeleton(word):
    return word[0] + ''.join(c for c in word[1:] if c not in VOWELS)


def main():
    words, place = all_words(), places()
    records = []  # (kind, country, name, pattern)
    shares = defaultdict(set)
    for row in read_tsv(SOURCE):
        country = row['country_code']
        if country not in COUNTRIES:
            continue
        name = row['name'].split('(')[0].strip()
        folded = fold(name)
        tokens = folded.split()
        if not any(t in INSTITUTION - {'the', 'of', 'at', 'de', 'do', 'da', 'dos', 'das', 'du', 'and', 'e', 'in', 'for'} for t in tokens):
            continue
        if len(tokens) >= 2:
            records.append(('name', country, name, folded))
        if UNIVERSITY_HEADS & set(tokens):
            distinct = [t for t in tokens if t not in INSTITUTION and t.isalpha()]
            if distinct and len(distinct[0]) >= 5:
                x = distinct[0]
                forms = {x, x[:4], x[:5]}
                if words.get(x[:3], 0) == 0:
                    forms.add(x[:3])
                s = skeleton(x)
                if len(s) >= 4:
                    forms.add(s)
                for form in sorted(forms):
                    if form in place or fold(form) in place:
                        continue
                    records.append(('short', country, name, form))
                    shares[(country, form)].add(name)
        for domain in row['domains'].split('|'):
            label = domain.split('.')[0].lower()
            if len(label) >= 4 and label.isalpha() and label not in words and label not in place:
                records.append(('domain', country, name, label))
    out, seen = [], set()
    for kind, country, name, pattern in records:
        if kind == 'short' and len(shares[(country, pattern)]) >= 4:
            continue
        key = (kind, country, name, pattern)
        if key in seen:
            continue
        seen.add(key)
        out.append(key)
    out = [('word', '-', '-', w) for w in UNIVERSITY_WORDS] + out
    header = [
        'Universities and colleges of Brazil, the US and Canada as lines print them: kind (name: the full name, anywhere;',
        'short: a short form of the distinctive word, only beside a university word; domain: the domain\'s acronym-like',
        'name part, anywhere; word: a university word), country, name, pattern.',
        'Source: Hipo university-domains-list (github.com/Hipo/university-domains-list, commit ' + COMMIT + '),',
        'MIT licence (Copyright (c) 2014 Hipo; ../shared/data/universities/LICENSE.upstream.txt); generated by',
        'tools/orgs/universities.py (the short-form rules are there); do not edit. %d records.' % len(out),
        'Columns: kind\tcountry\tname\tpattern',
    ]
    write(os.path.join(ROOT, 'Rules', 'universities.tsv'), header, out)
    print('%d records' % len(out))


if __name__ == '__main__':
    main()
