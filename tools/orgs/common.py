# Shared helpers of the organisation and online-service converters (tools/orgs/*.py): garden's folding, the
# common-word and place lists garden already ships, and the provenance header every generated file starts with.
import os
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
# The shared reference data: $GARDEN_SHARED_DATA, else ../shared/data beside the repository (as tools/tradenames reads it).
SHARED = os.environ.get('GARDEN_SHARED_DATA') or next(
    (p for p in (os.path.join(ROOT, '..', 'shared', 'data'), '/work/shared/data') if os.path.isdir(p)),
    os.path.join(ROOT, '..', 'shared', 'data'))
sys.path.insert(0, os.path.join(ROOT, 'tools', 'data'))
from textfold import fold  # noqa: E402,F401


def read_tsv(path):
    """The rows of a shared-data TSV (one header line, no quoting) as dicts."""
    with open(path, encoding='utf-8') as handle:
        header = handle.readline().rstrip('\n').split('\t')
        for line in handle:
            cells = line.rstrip('\n').split('\t')
            cells += [''] * (len(header) - len(cells))
            yield dict(zip(header, cells))


def common_words(min_zipf=3.5):
    """Words common enough in Portuguese or English that a name made only of them is no name alone
    (Rules/name_words.tsv: wordfreq's Zipf frequency)."""
    words = set()
    with open(os.path.join(ROOT, 'Rules', 'name_words.tsv'), encoding='utf-8') as handle:
        for line in handle:
            if line.startswith('#'):
                continue
            cells = line.rstrip('\n').split('\t')
            if len(cells) >= 2 and float(cells[1]) >= min_zipf:
                words.add(cells[0])
    return words


def places():
    """Folded place names (Rules/places.tsv): a name that is a place names a brand only at the head of a line."""
    found = set()
    with open(os.path.join(ROOT, 'Rules', 'places.tsv'), encoding='utf-8') as handle:
        for line in handle:
            if not line.startswith('#'):
                found.add(fold(line.split('\t')[0]))
    return found


def write(path, header_lines, rows):
    """Writes a TSV with its provenance header (each line prefixed with '# ')."""
    with open(path, 'w', encoding='utf-8') as out:
        for line in header_lines:
            out.write('# ' + line + '\n' if line else '#\n')
        for row in rows:
            out.write('\t'.join(row) + '\n')
