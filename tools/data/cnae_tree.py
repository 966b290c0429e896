#!/usr/bin/env python3
# Derives CNAE/cnae_2_3.tsv (full CNAE 2.3 tree, numeric prefix codes) from
# ../shared/data/cnae/cnae_2_3_estrutura.csv (IBGE/CONCLA "CNAE-Subclasses 2.3 – estrutura detalhada", sheet 1).
# Upper-case section/division titles are converted to sentence case; line breaks inside cells are collapsed.
# Usage: python3 tools/data/cnae_tree.py   (run from /work/main)
import csv, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
SRC = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data', 'cnae', 'cnae_2_3_estrutura.csv'))
OUT = os.path.join(ROOT, 'CNAE', 'cnae_2_3.tsv')

EXPECTED = {'secao': 21, 'divisao': 87, 'grupo': 285, 'classe': 673, 'subclasse': 1331}
LEN = {'secao': 1, 'divisao': 2, 'grupo': 3, 'classe': 5, 'subclasse': 7}


def clean(s):
    s = re.sub(r'\s+', ' ', s).strip()
    letters = [c for c in s if c.isalpha()]
    if letters and all(c.isupper() for c in letters):
        s = s.lower()
        s = s[0].upper() + s[1:]
    return s


def main():
    rows = list(csv.DictReader(open(SRC, encoding='utf-8', newline='')))
    num = {}  # formatted code per level -> numeric code
    out = []
    for r in rows:
        lvl, fmt, code = r['nivel'], r['codigo'], r['codigo_numerico']
        assert len(code) == LEN[lvl], r
        if lvl == 'secao':
            parent = '-'
        elif lvl == 'divisao':
            parent = r['secao']
        elif lvl == 'grupo':
            parent = r['divisao']
        elif lvl == 'classe':
            parent = r['grupo'].replace('.', '')
        else:
            parent = r['classe'].replace('.', '').replace('-', '')
        assert lvl in ('secao', 'divisao') or code.startswith(parent), r
        out.append((code, lvl, fmt, parent, clean(r['descricao'])))
    c = Counter(o[1] for o in out)
    assert dict(c) == EXPECTED, c
    codes = {o[0] for o in out}
    assert len(codes) == len(out) == 2397
    for o in out:
        assert o[3] == '-' or o[3] in codes, o
    with open(OUT, 'w', encoding='utf-8', newline='') as f:
        f.write('# CNAE 2.3 tree (seção > divisão > grupo > classe > subclasse), one row per code.\n')
        f.write('# Source: IBGE CNAE 2.3 (../shared/data/cnae/cnae_2_3_estrutura.csv, converted from CONCLA '
                '"CNAE-Subclasses 2.3 – estrutura detalhada"); derived by tools/data/cnae_tree.py for garden.\n')
        f.write('# code = numeric prefix form for longest-prefix matching (section letter; 2, 3, 5 or 7 digits);\n')
        f.write('# parent = numeric code of the parent ("-" for sections). Descriptions in sentence case.\n')
        f.write('# Columns (tab-separated): code\tlevel\tformatted\tparent\tdescription\n')
        for o in out:
            f.write('\t'.join(o) + '\n')
    print('wrote', OUT, len(out), 'rows', dict(c))


if __name__ == '__main__':
    main()
