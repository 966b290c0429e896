#!/usr/bin/env python3
"""How well garden's merchant identity follows the payee over its printed forms (issue 37).

  bench/identity.py [FILE] [--verbose]      default FILE: ../shared/dev/descriptors.jsonl

Every row is resolved once with no store (`garden resolve --explain`, which prints the merchant identity each row
gets: the key memory and taught rules use). Rows are grouped by the merchant their label names (notes in parentheses
and legal suffixes dropped, as bench/learning.py does) and the labelled category group (another group is another flow
carrying the same name: a bank's fee and its card bill). Printed: for the merchants printed in 2+ forms, how many
map every form to one key, and the share of forms that carry the merchant's most common key; then the keys that
different labelled merchants share (a correction of one would move the other's rows). `--verbose` lists each
merchant whose forms split, and each shared key, with the forms.

Environment: GARDEN (binary, default .build/release/garden).
"""
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict

from learning import family, fold

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GARDEN = os.environ.get("GARDEN", os.path.join(ROOT, ".build", "release", "garden"))
ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
DEV = ARGS[0] if ARGS else os.path.join(ROOT, "..", "shared", "dev", "descriptors.jsonl")
VERBOSE = "--verbose" in sys.argv


def identities(rows):
    """row id → the identity key garden gives the row with no store (None: no identity)."""
    home = tempfile.TemporaryDirectory(prefix="garden-identity-")
    env = dict(os.environ, HOME=home.name, GARDEN_RULES_DIR=os.path.join(home.name, "no-rules"))
    for name in ("GARDEN_DATA", "GARDEN_DB"):
        env.pop(name, None)
    text = "".join(json.dumps({k: v for k, v in r.items() if k not in ("expected", "source")}, ensure_ascii=False) + "\n" for r in rows)
    proc = subprocess.run([GARDEN, "resolve", "--explain", "--jobs", "1"], input=text.encode(), capture_output=True, env=env)
    if proc.returncode != 0:
        sys.exit("garden resolve failed: %s" % proc.stderr.decode()[-2000:])
    out = {}
    for r, line in zip(rows, proc.stdout.decode().splitlines()):
        resolution = json.loads(line)["resolution"]
        identity = resolution.get("identity")
        out[r["id"]] = identity.get("key") if isinstance(identity, dict) else identity
    return out


def main():
    rows = [json.loads(line) for line in open(DEV, encoding="utf-8") if line.strip()]
    keys = identities(rows)
    merchants = defaultdict(list)
    for r in rows:
        if r["expected"].get("merchant"):
            merchants[(fold(r["expected"]["merchant"]), family(r))].append(r)
    several = {m: g for m, g in merchants.items() if len({r["description"].strip() for r in g}) >= 2}
    one_key = forms = on_main_key = 0
    split = []
    for m, group in sorted(several.items()):
        by_form = {}
        for r in group:
            by_form.setdefault(r["description"].strip(), keys[r["id"]])
        counts = Counter(by_form.values())
        main_key, n = counts.most_common(1)[0]
        forms += len(by_form)
        on_main_key += n if main_key is not None else 0
        if len(counts) == 1 and main_key is not None:
            one_key += 1
        else:
            split.append((m, by_form))
    by_key = defaultdict(set)
    forms_of_key = defaultdict(set)
    for r in rows:
        key = keys[r["id"]]
        if key and r["expected"].get("merchant"):
            by_key[key].add(fold(r["expected"]["merchant"]))
            forms_of_key[key].add((fold(r["expected"]["merchant"]), r["description"].strip()))
    shared = {k: v for k, v in by_key.items() if len(v) >= 2}
    print("## Merchant identity over printed forms (bench/identity.py, %s, %d rows)\n" % (os.path.relpath(DEV, ROOT), len(rows)))
    print("| measure | value |")
    print("|---|---|")
    print("| labelled merchants (label and category group) printed in 2+ forms | %d |" % len(several))
    print("| of them, every form one key | %d (%.1f %%) |" % (one_key, 100.0 * one_key / len(several) if several else 0))
    print("| printed forms on their merchant's most common key | %d of %d (%.1f %%) |" % (on_main_key, forms, 100.0 * on_main_key / forms if forms else 0))
    print("| rows with no identity (a label names a merchant) | %d of %d |" % (
        sum(1 for r in rows if r["expected"].get("merchant") and keys[r["id"]] is None), sum(1 for r in rows if r["expected"].get("merchant"))))
    print("| keys shared by different labelled merchants | %d (%d merchants) |" % (len(shared), sum(len(v) for v in shared.values())))
    print()
    if VERBOSE:
        print("Merchants whose forms split:\n")
        for (m, f), by_form in split:
            print("- %s (%s): %s" % (m, "|".join(f), "; ".join("`%s` %s" % (d[:50], k) for d, k in sorted(by_form.items()))))
        print("\nKeys shared by different labelled merchants:\n")
        for k, v in sorted(shared.items()):
            print("- %s: %s" % (k, "; ".join("%s `%s`" % (m, d[:50]) for m, d in sorted(forms_of_key[k]))))
        print()


if __name__ == "__main__":
    main()
