# What garden reads of a name: each corpus name, and the forms a bank prints it in (cut at a card network's column
# limit, glued as card processors print it), run through `garden resolve --explain` as a card line; the model learns
# from the `descriptor` (the folded merchant name, `Descriptor.foldedName`) that path yields, the same text the
# resolver will give it. Cached by the garden binary's and the input's digests.
import hashlib
import json
import os
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), 'data'))
import textfold  # noqa: E402

CURRENCY = {'US': 'USD', 'BR': 'BRL'}
# Descriptions, not names: folded as garden folds, not run as bank lines.
TEXT_CORPORA = {'cnae_text', 'mcc_text'}
# The share of an example's weight each printed form carries, when the form exists.
SHARES = {'name': 0.6, 'cut': 0.25, 'glued': 0.15}


def variants(example):
    """[(form, raw text, share)]: the name as listed, cut at 13-25 characters (a card network's merchant-name
    field), and glued (spaces dropped, cut at 22) as card processors print a seller's name."""
    text = ' '.join(example.text.split())
    if example.corpus in TEXT_CORPORA:
        return [('name', text, 1.0)]
    forms = [('name', text)]
    seed = zlib.crc32(text.encode('utf-8'))
    cut = 13 + seed % 13
    if len(text) > cut + 2:
        forms.append(('cut', text.upper()[:cut].rstrip()))
    words = text.split(' ')
    if len(words) >= 2 and len(text) >= 8:
        forms.append(('glued', ''.join(words).upper()[:22]))
    total = sum(SHARES[f] for f, _ in forms)
    return [(f, t, SHARES[f] / total) for f, t in forms]


def fold_text(text):
    """A description folded as garden folds (textfold.py), numbers dropped."""
    return ' '.join(w for w in textfold.fold(text).split(' ') if not w.isdigit())


def _digest(path):
    h = hashlib.sha256()
    with open(path, 'rb') as f:
        for block in iter(lambda: f.read(1 << 20), b''):
            h.update(block)
    return h.hexdigest()[:16]


def descriptors(lines, garden, cache_dir):
    """The descriptor garden yields for each (raw text, country) in `lines`, in order. Lines garden already read
    (this binary, `cache_dir/descriptors-<digest>.tsv`) are not run again."""
    os.makedirs(cache_dir, exist_ok=True)
    cached = os.path.join(cache_dir, f'descriptors-{_digest(garden)}.tsv')
    known = {}
    if os.path.exists(cached):
        with open(cached, encoding='utf-8') as f:
            for line in f:
                country, text, folded = line.rstrip('\n').split('\t')
                known[(text, country)] = folded
    missing = list(dict.fromkeys(k for k in lines if k not in known))
    if missing:
        source = os.path.join(cache_dir, f'input-{os.getpid()}.jsonl')
        with open(source, 'w', encoding='utf-8') as f:
            for t, c in missing:
                row = {'description': t, 'amount': -10}
                if c in CURRENCY:
                    row['currency'] = CURRENCY[c]
                f.write(json.dumps(row, ensure_ascii=False) + '\n')
        out = []
        with subprocess.Popen(['nice', garden, 'resolve', '--explain', '--jobs', '1', '--no-user-rules', source],
                              stdout=subprocess.PIPE, text=True, encoding='utf-8') as run:
            for line in run.stdout:
                out.append(' '.join((json.loads(line)['resolution'].get('descriptor') or '').split()))
        assert run.returncode == 0, f'garden exited {run.returncode}'
        assert len(out) == len(missing), (len(out), len(missing))
        os.remove(source)
        with open(cached, 'a', encoding='utf-8') as f:
            for (t, c), folded in zip(missing, out):
                known[(t, c)] = folded
                f.write(f'{c}\t{t}\t{folded}\n')
    return [known[k] for k in lines]
