#!/usr/bin/env python3
"""How similar two printed forms of one payee are, and two different payees, by garden's merchant identity (issue 25).

  python3 tools/data/identity_similarity.py [--examples]

garden keys memory and taught rules on a merchant identity (`name:megamate` for MEGA MATE). A printed variant
(MEGA MATTE, a typo) gets another key; garden follows a remembered name with the same words but one whose differing
word's character-trigram Dice similarity is at least a threshold (Sources/GardenEngine/MerchantSimilarity.swift).
This script measures that threshold: every name below goes through `garden resolve --explain` (its `identity`), and
two similarities are computed, of the glued keys (the rule garden does not use: it merged companies named mostly
with trade words) and of the one differing word (garden's rule), for

  same payee, printed differently (recall: the share of pairs at or above the threshold)
    - ../shared/dev/descriptors.jsonl: rows whose labels name the same merchant, with different name keys;
    - ../shared/data/names/camara_br_suppliers.tsv: supplier names paid under one CNPJ root (2019 expense claims);
    - ../shared/data/names/receita_sample_establishments.tsv: an establishment's trade name and its company name;
  different payees (false merges: the share of pairs at or above the threshold, and their count)
    - camara: names under different CNPJ roots;
    - receita: trade names of different establishments;
    - snap_ga_retailers.tsv and wof_us_venues.tsv: different names in one city (a user's merchants are mostly local).
      Branches of one chain printed differently count as different here, so this is an upper bound.

Only `name:` identities are compared (brands, CNPJ roots and bank lines are exact already). Pairs are found through
an inverted trigram index, so pairs sharing no trigram count as similarity 0 without being enumerated.
Environment: GARDEN (default .build/release/garden).
"""
import json
import os
import subprocess
import sys
import tempfile
import unicodedata
from collections import defaultdict
from itertools import combinations

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GARDEN = os.environ.get("GARDEN", os.path.join(ROOT, ".build", "release", "garden"))
NAMES = os.path.join(ROOT, "..", "shared", "data", "names")
DEV = os.path.join(ROOT, "..", "shared", "dev", "descriptors.jsonl")
THRESHOLDS = [0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9]
# Cities of the venue and retailer lists, the largest few: a user's merchants are mostly in one place.
WOF_CITIES = {"Reno", "Providence", "Salt Lake City", "Honolulu"}
SNAP_CITIES = {"ATLANTA", "SAVANNAH", "AUGUSTA", "MACON", "COLUMBUS"}


def tsv(name):
    with open(os.path.join(NAMES, name), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            yield line.rstrip("\n").split("\t")


def identities(names, currency):
    """garden's identity key of each name, as a card line printing it alone."""
    rows = "".join(json.dumps({"id": str(i), "description": n, "amount": -10, "currency": currency}, ensure_ascii=False) + "\n"
                   for i, n in enumerate(names))
    home = tempfile.mkdtemp(prefix="garden-similarity-")
    env = dict(os.environ, HOME=home, GARDEN_RULES_DIR=os.path.join(home, "none"))
    env.pop("GARDEN_DB", None)
    out = subprocess.run([GARDEN, "resolve", "--explain", "--jobs", "2"], input=rows.encode(), capture_output=True, env=env)
    if out.returncode not in (0, 65):
        sys.exit(out.stderr.decode()[-2000:])
    keys = {}
    for line in out.stdout.decode().splitlines():
        r = json.loads(line)
        keys[int(r["id"])] = (r["resolution"].get("identity"), r["resolution"].get("descriptor") or "")
    return [keys.get(i, (None, "")) for i in range(len(names))]


def trigrams(key):
    text = "^" + key.split(":", 1)[-1] + "$"
    return {text[i:i + 3] for i in range(len(text) - 2)}


def dice(a, b):
    return 2.0 * len(a & b) / (len(a) + len(b)) if a or b else 0.0


def fold(word):
    word = unicodedata.normalize("NFKD", word)
    return "".join(c for c in word if not unicodedata.combining(c)).lower()


def generic_words():
    """The words that name a trade or a kind of organisation, not a merchant (the catalog's trade words: keywords and
    trade-lexicon words of 0.6 or more; Rules/organisation_words.tsv; Rules/identity_words.tsv)."""
    words = set()
    def rows(name):
        with open(os.path.join(ROOT, "Rules", name), encoding="utf-8") as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    yield line.rstrip("\n").split("\t")
    for r in rows("keywords.tsv"):
        if " " not in r[0]:
            words.add(fold(r[0]))
    for r in rows("trade_words.tsv"):
        if " " not in r[0] and float(r[2]) >= 0.6:
            words.add(fold(r[0]))
    for name in ("organisation_words.tsv", "identity_words.tsv"):
        for r in rows(name):
            words.add(fold(r[0]))
    return words


GENERIC = generic_words()


def stop_words():
    with open(os.path.join(ROOT, "Rules", "identity_words.tsv"), encoding="utf-8") as f:
        return {fold(l.split("\t")[0]) for l in f if l.strip() and not l.startswith("#")}


STOP = stop_words()


def words_of(key, descriptor):
    """The identity's words, read back from the cleaned descriptor (its distinguishing words and particles, glued
    they are the key); None when they do not glue back to the key."""
    glued = key.split(":", 1)[-1]
    words = [w for w in descriptor.split() if not any(c.isdigit() for c in w) and (w not in STOP)]
    for start in range(len(words)):
        for end in range(len(words), start, -1):
            if "".join(words[start:end]) == glued:
                return tuple(words[start:end])
    return None


def similar_pairs(items, floor=0.4):
    """Pairs (i, j) of items (full key, distinctive) whose full keys are at least `floor` alike, through an inverted
    trigram index (pairs sharing no trigram are 0 and never enumerated)."""
    grams = [trigrams(f) for f, _ in items]
    index = defaultdict(list)
    for i, g in enumerate(grams):
        for t in g:
            index[t].append(i)
    out = []
    for i, g in enumerate(grams):
        shared = defaultdict(int)
        for t in g:
            for j in index[t]:
                if j > i:
                    shared[j] += 1
        for j, n in shared.items():
            if 2.0 * n / (len(g) + len(grams[j])) >= floor:
                out.append((i, j))
    return out


SHORTEST_WORD = 4


def word_score(a, b):
    """The rule MerchantSimilarity applies: two names of two words or more with the same words but one, that one a
    spelling variant (both at least SHORTEST_WORD letters, neither beginning the other): the trigram similarity of the two differing words; else 0."""
    wa, wb = a[1], b[1]
    if wa is None or wb is None or len(wa) != len(wb) or len(wa) < 2 or wa == wb:
        return 0.0
    differing = [(x, y) for x, y in zip(wa, wb) if x != y]
    if len(differing) != 1:
        return 0.0
    x, y = differing[0]
    if min(len(x), len(y)) < SHORTEST_WORD or x.startswith(y) or y.startswith(x):
        return 0.0
    return dice(trigrams(x), trigrams(y))


def scores(a, b):
    """(full-key similarity, the one-word-differs rule's similarity)."""
    return dice(trigrams(a[0]), trigrams(b[0])), word_score(a, b)


def items_of(names, currency):
    """name -> (full key, distinctive), name identities only."""
    names = sorted(set(names))
    out = {}
    for n, (key, descriptor) in zip(names, identities(names, currency)):
        if key and key.startswith("name:"):
            out[n] = (key, words_of(key, descriptor))
    return out


def report(label, pair_scores, total):
    for which, name in ((0, "glued key"), (1, "one word differs")):
        cells = []
        for t in THRESHOLDS:
            n = sum(p[which] >= t for p in pair_scores)
            cells.append("%d (%s)" % (n, "%.2g %%" % (100.0 * n / total) if total else "-"))
        print("| %s, %s | %d | %s |" % (label, name, total, " | ".join(cells)))


def main():
    examples = "--examples" in sys.argv
    print("| pairs, similarity of | n | " + " | ".join("≥ %.2f" % t for t in THRESHOLDS) + " |")
    print("|---|---|" + "---|" * len(THRESHOLDS))
    shown = []

    def same(label, groups):
        """groups: lists of items of one payee."""
        found = []
        for group in groups:
            for a, b in combinations(sorted(set(group)), 2):
                if a[0] != b[0]:
                    found.append(scores(a, b))
                    shown.append((label, found[-1], a[0], b[0]))
        report(label, found, len(found))

    def different(label, groups):
        """groups: lists of (item, payee) whose pairs of different payees count (within each group)."""
        found, total = [], 0
        for group in groups:
            distinct = sorted({item: payee for item, payee in group}.items())
            items = [i for i, _ in distinct]
            total += len(items) * (len(items) - 1) // 2
            for i, j in similar_pairs(items):
                if distinct[i][1] != distinct[j][1]:
                    found.append(scores(items[i], items[j]))
                    shown.append((label, found[-1], items[i][0], items[j][0]))
        report(label, found, total)

    dev = [json.loads(l) for l in open(DEV, encoding="utf-8") if l.strip()]
    items = {}
    for currency in ("BRL", "USD", "CAD"):
        items.update({(currency, n): v for n, v in items_of([r["description"] for r in dev if r["currency"] == currency], currency).items()})
    by_merchant = defaultdict(list)
    for r in dev:
        if r["expected"].get("merchant") and (r["currency"], r["description"]) in items:
            by_merchant[r["expected"]["merchant"].lower()].append(items[(r["currency"], r["description"])])
    same("same payee: dev set, one labelled merchant", by_merchant.values())

    camara = [(r[0].strip("\"'"), r[3]) for r in tsv("camara_br_suppliers.tsv") if len(r) >= 4 and r[3]]
    items = items_of([n for n, _ in camara], "BRL")
    by_root = defaultdict(list)
    for n, root in camara:
        if n in items:
            by_root[root].append(items[n])
    same("same payee: Câmara suppliers, one CNPJ root", by_root.values())
    different("different payees: Câmara suppliers, other CNPJ roots", [[(items[n], root) for n, root in camara if n in items]])

    receita = [(r[0], r[1]) for r in tsv("receita_sample_establishments.tsv") if len(r) >= 2 and r[0] and r[1]]
    items = items_of([t for t, _ in receita] + [c for _, c in receita], "BRL")
    same("same payee: Receita, trade name and company name", [[items[t], items[c]] for t, c in receita if t in items and c in items])
    different("different payees: Receita, trade names of other establishments", [[(items[t], k) for k, (t, _) in enumerate(receita) if t in items]])

    for label, rows in (("SNAP retailers (GA)", [(r[0], r[2].upper()) for r in tsv("snap_ga_retailers.tsv") if len(r) >= 3 and r[2].upper() in SNAP_CITIES]),
                        ("Who's On First venues", [(r[0], r[4]) for r in tsv("wof_us_venues.tsv") if len(r) >= 5 and r[4] in WOF_CITIES])):
        items = items_of([n for n, _ in rows], "USD")
        by_city = defaultdict(list)
        for n, city in rows:
            if n in items:
                by_city[city].append((items[n], items[n][0]))
        different("different names in one city: %s" % label, by_city.values())

    if examples:
        print()
        for kind in sorted({k for k, _, _, _ in shown}):
            items = sorted((x for x in shown if x[0] == kind), key=lambda x: -x[1][1])
            print("%s, by distinctive-word similarity:" % kind)
            for _, (full, dist), a, b in items[:20]:
                print("  %.3f %.3f  %s  %s" % (dist, full, a, b))


if __name__ == "__main__":
    main()
