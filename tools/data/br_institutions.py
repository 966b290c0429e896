#!/usr/bin/env python3
# Converts the Brazilian financial institutions list (../shared/data/br_institutions/bancos.tsv: the BCB STR and Pix
# participants with their COMPE code, CNPJ and the short names statements print; guibranco/BancosBrasileiros, The
# Unlicense) into Brands/br-institutions.tsv: one brand per institution the hand-written Brands/*.tsv do not already
# hold, kind bank, category fees.bank (a bank named alone; BrandCatalogResolver reads money to it as a card bill or a
# transfer unless the line says fee), flag bank (it may be the holder's account: Catalog.bankBrand(account:)).
# Patterns: the short and the long name, folded as garden folds, legal forms dropped (S.A., LTDA, IP, SCFI, DTVM...);
# a pattern of one word under 6 letters or common in English or Portuguese (wordfreq Zipf >= 2.5), or made only of generic words (BANCO, CREDITO, COOPERATIVA...), is dropped,
# and an institution with none left is left out; an institution sharing a pattern with a hand-written brand is left out.
# Usage: pip install wordfreq && python3 tools/data/br_institutions.py [--source ../shared/data/br_institutions/bancos.tsv] > Brands/br-institutions.tsv
import argparse
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from textfold import fold  # noqa: E402
from wordfreq import zipf_frequency  # noqa: E402  (pip install wordfreq, as tools/data/nsi_brands.py)

# A one-word name at least this common in English or Portuguese (wordfreq Zipf) is a word first (LIQUIDO, FUTURO, MIDWAY).
COMMON_ZIPF = 2.5

# Legal forms and institution-type abbreviations the BCB names carry (not part of what a statement prints as the name).
LEGAL = {'sa', 's', 'a', 'ltda', 'ip', 'scfi', 'dtvm', 'ctvm', 'scd', 'sep', 'cfi', 'eireli', 'me', 'epp', 'cia', 'de',
         'do', 'da', 'dos', 'das', 'e', 'em', 'liquidacao', 'extrajudicial'}
TRAILING = {'sa', 's', 'a', 'ltda', 'ip', 'scfi', 'dtvm', 'ctvm', 'scd', 'sep', 'cfi', 'eireli', 'me', 'epp'}
# Words every institution's name may carry: a pattern made only of them names none.
GENERIC = {'banco', 'bco', 'bank', 'credito', 'cred', 'cooperativa', 'coop', 'financeira', 'financiamento', 'investimento',
           'investimentos', 'pagamentos', 'pagamento', 'sociedade', 'corretora', 'cambio', 'valores', 'mobiliarios',
           'titulos', 'distribuidora', 'brasil', 'do', 'de', 'da', 'e', 'instituicao', 'mutuo', 'livre', 'admissao',
           'associados', 'economia', 'cc', 'ccla', 'direto', 'digital', 'servicos', 'financeiros', 'meios', 'sicoob',
           'sicredi', 'unicred', 'cresol', 'ailos', 'central', 'regiao', 'municipios', 'grande', 'sul', 'norte',
           'leste', 'oeste', 'vale', 'rio', 'sao', 'santa', 'estado', 'empresarios', 'medicos', 'servidores', 'publicos'}


def pattern(name):
    words = fold(name).split()
    while words and words[-1] in TRAILING:
        words.pop()
    words = [w for w in words if w not in ('sa',)]
    if not words or all(w in GENERIC or w in LEGAL for w in words):
        return None
    letters = ''.join(words)
    if len(words) == 1 and (len(letters) < 6 or max(zipf_frequency(words[0], 'en'), zipf_frequency(words[0], 'pt')) >= COMMON_ZIPF):
        return None
    return ' '.join(words).upper()


def hand_written_patterns():
    found = set()
    for path in glob.glob(os.path.join(ROOT, 'Brands', '*.tsv')):
        if os.path.basename(path).startswith(('nsi-', 'br-institutions')):
            continue
        for line in open(path, encoding='utf-8'):
            if line.startswith('#') or not line.strip():
                continue
            cols = line.rstrip('\n').split('\t')
            for p in cols[7].split('|') if len(cols) > 7 else []:
                found.add(fold(p.lstrip('^')))
    return found


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument('--source', default=os.path.join(ROOT, '..', '..', 'shared', 'data', 'br_institutions', 'bancos.tsv'))
    args = p.parse_args()
    lines = open(args.source, encoding='utf-8').read().splitlines()
    header = lines[0].split('\t')
    col = {name: i for i, name in enumerate(header)}
    taken = hand_written_patterns()
    rows, skipped = [], {'no pattern': 0, 'hand-written brand': 0}
    seen = set()
    for line in lines[1:]:
        c = line.split('\t')
        names = [c[col['shortname']], c[col['longname']]]
        patterns = []
        for n in names:
            pt = pattern(n)
            if pt and pt not in patterns:
                patterns.append(pt)
        if not patterns:
            skipped['no pattern'] += 1
            continue
        if any(fold(pt) in taken for pt in patterns):
            skipped['hand-written brand'] += 1
            continue
        patterns = [pt for pt in patterns if pt not in seen]
        if not patterns:
            continue
        seen.update(patterns)
        ispb = c[col['ispb']]
        display = re.sub(r'\s+(S\.?A\.?|LTDA\.?|S/A)$', '', c[col['longname']].strip(), flags=re.I).strip()
        rows.append('\t'.join([f'bcb_{ispb}', display, 'bank', 'fees.bank', '-', 'bank', '-', '|'.join(patterns)]))
    print('# Brazilian financial institutions: the BCB STR and Pix participants the hand-written catalog does not hold (generated: do not edit)')
    print('# Source: guibranco/BancosBrasileiros data/bancos.json commit bdff719f84e240fd82d7a0a492840cbe886f3bab (The Unlicense; BCB STR and')
    print(f'# SPI participant lists), ../shared/data/br_institutions/bancos.tsv, converted by tools/data/br_institutions.py; {len(rows)} institutions')
    print(f"# ({skipped['hand-written brand']} left to the hand-written brands, {skipped['no pattern']} with no name of their own once legal forms and generic words are dropped).")
    print('# Columns: id	name	kind	category	domain	flags	cnpj_roots	patterns')
    for r in rows:
        print(r)


if __name__ == '__main__':
    main()
