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
THRESHOLDS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9]
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
    score = candidate_score(a, b)
    return 0.0 if score is None else score


def candidate_score(a, b):
    """The differing words' similarity when the rule can apply to the pair (a candidate: two words or more, one
    differing, long enough, neither beginning the other), else None."""
    wa, wb = a[1], b[1]
    if wa is None or wb is None or len(wa) != len(wb) or len(wa) < 2 or wa == wb:
        return None
    differing = [(x, y) for x, y in zip(wa, wb) if x != y]
    if len(differing) != 1:
        return None
    x, y = differing[0]
    if min(len(x), len(y)) < SHORTEST_WORD or x.startswith(y) or y.startswith(x):
        return None
    return dice(trigrams(x), trigrams(y))


def scores(a, b):
    """(full-key similarity, the one-word-differs rule's similarity, the rule's similarity or None when it cannot apply)."""
    return dice(trigrams(a[0]), trigrams(b[0])), word_score(a, b), candidate_score(a, b)


# label -> ("same" | "different", [scores], total pairs): what the precision/recall table is made of.
MEASURED = []


def items_of(names, currency):
    """name -> (full key, distinctive), name identities only."""
    names = sorted(set(names))
    out = {}
    for n, (key, descriptor) in zip(names, identities(names, currency)):
        if key and key.startswith("name:"):
            out[n] = (key, words_of(key, descriptor))
    return out


def report(label, pair_scores, total):
    MEASURED.append((label, pair_scores, total))
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

    # Spelling variants (failure 3 of issue 25: MEGA MATE / MEGA MATTE): the corpora hold few pairs of one payee
    # printed with one word spelled differently, so each name of two words or more is given one variant, its longest
    # word with one letter doubled, dropped or two neighbours swapped (the slips of a cashier typing a name, chosen
    # by the name's hash), and the rule's similarity measured on the pair garden's words give.
    def variant(word, seed):
        i = 1 + seed % max(1, len(word) - 2)
        kind = seed // 7 % 3
        if kind == 0:
            return word[:i] + word[i] + word[i:]
        if kind == 1:
            return word[:i] + word[i + 1:]
        return word[:i] + word[i + 1] + word[i] + word[i + 2:] if i + 1 < len(word) else word[:i] + word[i] + word[i:]
    typos = []
    for corpus, named in (("Receita trade names", [t for t, _ in receita]), ("Câmara suppliers", [n for n, _ in camara])):
        got = items_of(named, "BRL")
        for n, (key, words) in sorted(got.items()):
            if not words or len(words) < 2:
                continue
            longest = max(range(len(words)), key=lambda k: len(words[k]))
            if len(words[longest]) < SHORTEST_WORD + 1:
                continue
            seed = sum(map(ord, n))
            changed = variant(words[longest], seed)
            other = tuple(changed if k == longest else w for k, w in enumerate(words))
            if changed != words[longest]:
                typos.append(scores((key, words), ("name:" + "".join(other), other)))
    report("same payee: one letter doubled, dropped or swapped in the longest word (Receita, Câmara names)", typos, len(typos))

    for label, rows in (("SNAP retailers (GA)", [(r[0], r[2].upper()) for r in tsv("snap_ga_retailers.tsv") if len(r) >= 3 and r[2].upper() in SNAP_CITIES]),
                        ("Who's On First venues", [(r[0], r[4]) for r in tsv("wof_us_venues.tsv") if len(r) >= 5 and r[4] in WOF_CITIES])):
        items = items_of([n for n, _ in rows], "USD")
        by_city = defaultdict(list)
        for n, city in rows:
            if n in items:
                by_city[city].append((items[n], items[n][0]))
        different("different names in one city: %s" % label, by_city.values())

    precision_recall()

    if examples:
        print()
        for kind in sorted({k for k, _, _, _ in shown}):
            items = sorted((x for x in shown if x[0] == kind), key=lambda x: -x[1][1])
            print("%s, by distinctive-word similarity:" % kind)
            for _, (full, dist, _), a, b in items[:20]:
                print("  %.3f %.3f  %s  %s" % (dist, full, a, b))


def precision_recall():
    """Garden's rule ("same payee" when the one differing word is at least this alike) by threshold: recall on the
    same-payee pairs (of all pairs with different keys, and of the candidates, the pairs the rule can apply to), false
    merges on the different-payee pairs (count, and per million pairs), and precision where one corpus holds both
    (Câmara: one CNPJ root or another; Receita: one establishment's two names, or two establishments' trade names),
    and pooled over every corpus (each pair counted once; the different-payee side is then an upper bound: branches
    of one chain printed differently count as different)."""
    same = [(l, p, t) for l, p, t in MEASURED if l.startswith("same")]
    different = [(l, p, t) for l, p, t in MEASURED if not l.startswith("same")]
    print()
    print("| the rule at threshold | " + " | ".join("%.2f" % t for t in THRESHOLDS) + " |")
    print("|---|" + "---|" * len(THRESHOLDS))
    for label, pairs, total in same:
        candidates = [p[2] for p in pairs if p[2] is not None]
        print("| recall, %s (%d pairs, %d candidates) | %s |" % (label[len("same payee: "):], total, len(candidates), " | ".join(
            "%.1f %% / %s" % (100.0 * sum(c >= t for c in candidates) / total if total else 0,
                              "%.0f %%" % (100.0 * sum(c >= t for c in candidates) / len(candidates)) if candidates else "-") for t in THRESHOLDS)))
    for label, pairs, total in different:
        print("| false merges, %s (%d pairs) | %s |" % (label, total, " | ".join(
            "%d (%.2g ppm)" % (sum((p[2] or 0) >= t for p in pairs), 1e6 * sum((p[2] or 0) >= t for p in pairs) / total if total else 0) for t in THRESHOLDS)))
    def merged(pairs, t):
        return sum((p[2] or 0) >= t for p in pairs)
    for corpus in ("Câmara", "Receita"):
        s = [p for l, p, _ in same if corpus in l]
        d = [p for l, p, _ in different if corpus in l]
        if s and d:
            print("| precision, %s | %s |" % (corpus, " | ".join(
                ("%.1f %%" % (100.0 * merged(s[0], t) / (merged(s[0], t) + merged(d[0], t)))) if merged(s[0], t) + merged(d[0], t) else "-" for t in THRESHOLDS)))
    all_same = [p for l, ps, _ in same if "one letter" not in l for p in ps]   # real pairs only, not the made variants
    all_different = [p for _, ps, _ in different for p in ps]
    print("| precision, every corpus pooled | %s |" % " | ".join(
        ("%.1f %%" % (100.0 * merged(all_same, t) / (merged(all_same, t) + merged(all_different, t)))) if merged(all_same, t) + merged(all_different, t) else "-" for t in THRESHOLDS))


if __name__ == "__main__":
    main()
