#!/usr/bin/env python3
# Checks that the generated data files are exactly what their converters produce from ../shared/data and the
# repository's own inputs (Rules/, Brands/, CNAE/): a hand edit of a generated file, or an input changed without
# regenerating, makes the files drift from their converters, and the next regeneration silently undoes or redoes it.
# The converters run on a copy of the repository (tools/, Rules/, Brands/, CNAE/) beside a link to ../shared, so the
# worktree is never written; every generated file of the copy is then compared with the worktree's.
# Usage: python3 tools/check_generated.py [converter ...]   (exit 1 and a unified diff summary when a file drifted)
# Needs the converters' own packages (wordfreq for the NSI and trade-word converters).
import difflib, os, shutil, subprocess, sys, tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
SHARED = os.path.normpath(os.path.join(ROOT, '..', 'shared'))

# Converter -> the files it writes, in the order they must run (the trade lexicon reads the NSI brands' inputs,
# the fuel centres read the NSI catalog files; the chain names read the trade lexicon).
CONVERTERS = [
    ('tools/data/nsi_brands.py', ['Brands/nsi-br.tsv', 'Brands/nsi-us-ca.tsv', 'Brands/nsi-world.tsv']),
    ('tools/orgs/fuel_centres.py', ['Brands/nsi-fuel-centres.tsv']),
    ('tools/data/trade_lexicon.py', ['Rules/trade_words.tsv']),
    ('tools/orgs/chain_names.py', ['Rules/chain_names_places.tsv']),
]


def main(argv):
    chosen = [c for c in CONVERTERS if not argv or c[0] in argv or os.path.basename(c[0]) in argv]
    if not os.path.isdir(SHARED):
        sys.exit('check_generated: no shared data at %s' % SHARED)
    drifted = []
    with tempfile.TemporaryDirectory(prefix='garden-generated-') as tmp:
        copy = os.path.join(tmp, 'garden')
        for folder in ('tools', 'Rules', 'Brands', 'CNAE'):
            shutil.copytree(os.path.join(ROOT, folder), os.path.join(copy, folder),
                            ignore=shutil.ignore_patterns('__pycache__'))
        os.symlink(SHARED, os.path.join(tmp, 'shared'))
        for converter, outputs in chosen:
            run = subprocess.run([sys.executable, os.path.join(copy, converter)], cwd=copy,
                                 capture_output=True, text=True)
            if run.returncode != 0:
                sys.stderr.write(run.stdout[-2000:] + run.stderr[-2000:])
                sys.exit('check_generated: %s failed (exit %d)' % (converter, run.returncode))
            for output in outputs:
                made = open(os.path.join(copy, output), encoding='utf-8').read().splitlines()
                kept = open(os.path.join(ROOT, output), encoding='utf-8').read().splitlines()
                if made != kept:
                    diff = list(difflib.unified_diff(kept, made, output, output + ' (converter)', lineterm='', n=0))
                    drifted.append(output)
                    print('%s differs from %s\'s output (%d lines):' % (output, converter, len(diff)))
                    print('\n'.join(diff[:40]))
                else:
                    print('%s: as %s writes it' % (output, converter))
    if drifted:
        sys.exit('check_generated: %d file(s) drifted from their converters: %s (run the converter and commit)'
                 % (len(drifted), ', '.join(drifted)))


if __name__ == '__main__':
    main(sys.argv[1:])
