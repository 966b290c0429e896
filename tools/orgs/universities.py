#!/usr/bin/env python3
# Converts the Hipo university-domains-list (../shared/data/universities/universities.tsv, MIT, commit in its
# PROVENANCE.md) into Rules/universities.tsv: the universities and colleges of Brazil, the US and Canada with the
# forms a card or bank line prints their names in. The university resolver reads it
# (Sources/GardenResolvers/UniversityResolver.swift).
# Rules, each general (how card processors print a long name in a 22-25 character field):
# - `name` records: the folded full name ("monroe college"), matched anywhere, for a name without short forms (one
#   with them is found by its distinctive word beside its university word: "UNIVERSITY OF ALBERTA");
# - `before` and `after` records: the name's distinctive word X ("alberta" in "University of Alberta", "laurentian" in "Laurentian
#   University of Sudbury": the first word that is not the institution word, a particle or a place's form) as
#   printed short: X itself, X cut to 3 to 5 letters ("alb", "albe", "alber") and X without its vowels after the
#   first letter ("lrntn"); a short form names the university only beside a university word, on the side X stands on
#   in the name ("LRNTN UNIV" before it, "UNV ALB" after it,
#   the resolver checks it; a place may be one, "UNIV OF TORONTO"); a cut that is a word of Rules/name_words.tsv
#   (CENT, MICH) is left out;
# - `domain` records: the domain's name part, matched anywhere, when it is the university's acronym: the initials of
#   its name's words ("ufmg", "ucla"), U before a word of its name ("ualberta", "utoronto"), UNI or PUC and more
#   ("unicamp", "pucminas"); any other label is a plain name ("windward", "eckerd", "utah" name shops and streets too);
# - `word` records: the university words the short forms need beside them (UNIV, UNV, UNIVERSITY, UNIVERSIDADE...);
# - a form four or more universities of one country share is left out for that country (a campus, "University of
#   Toronto Mississauga", counts as its university).
# Usage: python3 tools/orgs/universities.py
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import ROOT, SHARED, fold, places, read_tsv, write  # noqa: E402

SOURCE = os.path.join(SHARED, 'universities', 'universities.tsv')
COMMIT = 'bb07faf064e1c68be9b26fb71de31f01e361f974'
COUNTRIES = ('BR', 'US', 'CA')
# The nouns only: "universitário" names streets and shops too (AUTO POSTO UNIVERSITARIO).
UNIVERSITY_WORDS = ['university', 'univ', 'unv', 'univers', 'universidade', 'universite']
INSTITUTION = {'university', 'universidade', 'universite', 'college', 'institute', 'instituto', 'faculdade', 'faculdades',
               'centro', 'universitario', 'universitaria', 'cegep', 'school', 'escola', 'state', 'community', 'technical',
               'polytechnic', 'academy', 'seminary', 'federal', 'estadual', 'pontificia', 'catolica', 'the', 'of', 'at',
               'de', 'do', 'da', 'dos', 'das', 'du', 'and', 'e', 'in', 'for', 'system', 'campus'}
PARTICLES = {'the', 'of', 'at', 'de', 'do', 'da', 'dos', 'das', 'du', 'and', 'e', 'in', 'for'}
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
        short = False
        if UNIVERSITY_HEADS & set(tokens):
            distinct = [t for t in tokens if t not in INSTITUTION and t.isalpha()]
            if distinct and len(distinct[0]) >= 5:
                x = distinct[0]
                # Which side of the university word the distinctive word stands on ("Laurentian University" before,
                # "University of Alberta" after): a short form is read on that side only.
                head = min(i for i, t in enumerate(tokens) if t in UNIVERSITY_HEADS)
                side = 'before' if tokens.index(x) < head else 'after'
                # A cut that is a word of its own (CENT of Central, MICH) is left out: it is read on too many lines.
                forms = {x} | {x[:n] for n in (3, 4, 5) if words.get(x[:n], 0) == 0}
                s = skeleton(x)
                if len(s) >= 4:
                    forms.add(s)
                short = True
                for form in sorted(forms):
                    records.append((side, country, name, form))
                    shares[(side, country, form)].add(name)
        # A full name a short form already finds beside its university word ("UNIVERSITY OF ALBERTA") needs no record.
        if len(tokens) >= 2 and not short:
            records.append(('name', country, name, folded))
        for domain in row['domains'].split('|'):
            label = domain.split('.')[0].lower()
            initials = ''.join(t[0] for t in tokens if t not in PARTICLES)
            acronym = ((label == initials and (len(label) >= 5 or label[0] == 'u')) or re.match(r'^(uni\w\w|puc)', label) is not None
                       or (label[0] == 'u' and label[1:] in tokens and len(label) >= 5))
            if len(label) >= 4 and label.isalpha() and label not in place and acronym:
                records.append(('domain', country, name, label))
    def roots(names):
        # A campus ("University of Toronto Mississauga") is its university ("University of Toronto").
        return {n for n in names if not any(o != n and fold(n).startswith(fold(o) + ' ') for o in names)}
    out, seen = [], set()
    for kind, country, name, pattern in records:
        if kind in ('before', 'after') and len(roots(shares[(kind, country, pattern)])) >= 4:
            continue
        key = (kind, country, name, pattern)
        if key in seen:
            continue
        seen.add(key)
        out.append(key)
    out = [('word', '-', '-', w) for w in UNIVERSITY_WORDS] + out
    header = [
        'Universities and colleges of Brazil, the US and Canada as lines print them: kind (name: the full name, anywhere;',
        'before, after: a short form of the distinctive word, only right before or after a university word; domain: the domain\'s acronym-like',
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
