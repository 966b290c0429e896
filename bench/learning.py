#!/usr/bin/env python3
"""garden's learning benchmark (issue 11): a user reviewing a statement corrects k rows, runs `recategorize`, and
we measure what happened to the rows they did not touch; then the propagation test: one correction of a merchant
seen in several printed forms, and how many of its other rows follow (and how many rows of other merchants move).

  bench/learning.py [FILE]        default FILE: ../shared/dev/descriptors.jsonl (labelled rows, dev README format)

Environment: GARDEN (binary, default .build/release/garden), KS (default "5,10,20,40"), SEEDS (default 5),
ONLY=corrections|propagation (one part), VERBOSE=1 (each row fixed or broken, on stderr).
Every command runs the garden binary on a fresh store in a temporary folder; nothing else is touched.

Propagation groups the dev rows by the merchant their label names and their labelled category group (see
`merchants_in_several_forms`: another group is another flow of the same name, which a correction must not move),
and reports labels of high or medium confidence first, then all labels, as the dev README and `garden eval` do.
Each row that did not follow is listed with both merchant identities and why.
"""
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import tempfile
import unicodedata
from collections import Counter, defaultdict

from scoring import category_right

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GARDEN = os.environ.get("GARDEN", os.path.join(ROOT, ".build", "release", "garden"))
DEV = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "dev", "descriptors.jsonl")
KS = [int(k) for k in os.environ.get("KS", "5,10,20,40").split(",")]
SEEDS = int(os.environ.get("SEEDS", "5"))


class Store:
    """A fresh garden store in a temporary folder, with every dev row recorded."""

    def __init__(self, rows):
        self.dir = tempfile.TemporaryDirectory(prefix="garden-learning-")
        self.db = os.path.join(self.dir.name, "garden.db")
        self.env = dict(os.environ, GARDEN_DB=self.db, GARDEN_RULES_DIR="/nonexistent", HOME=self.dir.name)
        self.env.pop("GARDEN_DATA", None)
        self.garden(["resolve", "--record", "--jobs", "1"], lines(rows))

    def garden(self, args, stdin=""):
        proc = subprocess.run([GARDEN] + args, input=stdin.encode(), capture_output=True, env=self.env)
        if proc.returncode != 0:
            sys.exit("failed: garden %s\n%s" % (" ".join(args), proc.stderr.decode()[-2000:]))
        return proc.stdout.decode()

    def ledger(self):
        """row_id → (category, source, review), from the view `transactions` (README "The ledger in SQL")."""
        with sqlite3.connect(self.db) as db:
            return {row_id: (category, source, bool(review))
                    for row_id, category, source, review in db.execute("SELECT row_id, category, source, review FROM transactions")}

    def identities(self):
        """row_id → the merchant identity garden recorded (the key memory and taught rules use)."""
        with sqlite3.connect(self.db) as db:
            return dict(db.execute("SELECT row_id, merchant_key FROM transactions"))


def lines(rows):
    return "".join(json.dumps({k: v for k, v in r.items() if k != "expected"}, ensure_ascii=False) + "\n" for r in rows)


def expected_categories(row):
    c = row["expected"]["category"]
    return c if isinstance(c, list) else [c]


def correct(row, result):
    """The dev README's rule (``scoring.category_right``) for one resolved row."""
    category, _, review = result
    return category_right(expected_categories(row), category, review)


def teachable(row):
    return expected_categories(row)[0] != "other"


def mean(values):
    return sum(values) / len(values) if values else 0.0


def correction_run(rows, k, seed, misses_first):
    store = Store(rows)
    before = store.ledger()
    by_id = {r["id"]: r for r in rows}
    pool = [r for r in rows if teachable(r) and (not misses_first or not correct(r, before[r["id"]]))]
    taught = random.Random(seed).sample(pool, min(k, len(pool)))
    for row in taught:
        # A row garden already got right is confirmed as it is (its label may be a group: "shopping").
        category = before[row["id"]][0] if correct(row, before[row["id"]]) else expected_categories(row)[0]
        store.garden(["teach", "--id", row["id"], "--category", category])
    store.garden(["recategorize"])
    after = store.ledger()
    others = [i for i in by_id if i not in {r["id"] for r in taught}]
    fixed = [i for i in others if not correct(by_id[i], before[i]) and correct(by_id[i], after[i])]
    broken = [i for i in others if correct(by_id[i], before[i]) and not correct(by_id[i], after[i])]
    if os.environ.get("VERBOSE"):
        for label, ids in (("fixed", fixed), ("broken", broken)):
            for i in ids:
                print("  k=%d seed=%d %s %s %r: %s -> %s (%s)" % (k, seed, label, i, by_id[i]["description"][:50],
                      before[i][0], after[i][0], after[i][1]), file=sys.stderr)
    return {
        "left": sum(not correct(by_id[i], before[i]) for i in others),
        "before": mean([correct(by_id[i], before[i]) for i in others]),
        "after": mean([correct(by_id[i], after[i]) for i in others]),
        "fixed": len(fixed), "broken": len(broken), "taught": len(taught),
        "fixed_by": Counter(after[i][1] for i in fixed), "broken_by": Counter(after[i][1] for i in broken),
    }


def correction_table(rows):
    print("## Corrections, then recategorize (accuracy on the rows not taught; mean over %d seeds)\n" % SEEDS)
    print("| rows taught | k | taught | misses left untaught | accuracy before | after | gain (points) | fixed | broken | fixed by | broken by |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for misses_first in (True, False):
        for k in KS:
            runs = [correction_run(rows, k, seed, misses_first) for seed in range(SEEDS)]
            fixed_by, broken_by = Counter(), Counter()
            for r in runs:
                fixed_by.update(r["fixed_by"])
                broken_by.update(r["broken_by"])
            fmt = lambda c: ", ".join("%s %.1f" % (s, n / SEEDS) for s, n in c.most_common()) or "-"
            b, a = mean([r["before"] for r in runs]) * 100, mean([r["after"] for r in runs]) * 100
            print("| %s | %d | %.1f | %.1f | %.1f %% | %.1f %% | %+.1f | %.1f | %.1f | %s | %s |" % (
                "misses first" if misses_first else "random", k, mean([r["taught"] for r in runs]), mean([r["left"] for r in runs]), b, a, a - b,
                mean([r["fixed"] for r in runs]), mean([r["broken"] for r in runs]), fmt(fixed_by), fmt(broken_by)))
    print("\n\"misses left untaught\": the rows not taught that garden got wrong before, the most a run can fix. Misses first "
          "teaches at most every teachable miss (a row labelled `other` is not taught: no category is right for it).\n")


def fold(text):
    text = re.sub(r"\(.*?\)", " ", text or "")
    text = unicodedata.normalize("NFKD", text.casefold())
    words = re.findall(r"[a-z0-9]+", "".join(c for c in text if not unicodedata.combining(c)))
    legal = {"ltda", "sa", "me", "eireli", "inc", "llc", "co", "s", "a"}
    return " ".join(w for w in words if w not in legal)


def direction(row):
    amount = row.get("amount")
    return None if amount is None else ("in" if float(amount) > 0 else "out")


def family(row):
    """The labelled category's group (`transport.rideshare` → `transport`; a list: each of its groups)."""
    return tuple(sorted({c.split(".")[0] for c in expected_categories(row)}))


def well_labelled(row):
    """The dev README's first scoring: labels of high or medium confidence (`garden eval` reports these first)."""
    return row["expected"].get("label_confidence") in ("high", "medium")


def merchants_in_several_forms(rows):
    """Rows grouped by the merchant their label names (notes in parentheses dropped) and their labelled category
    group; groups with 2+ rows in different printed forms, rows of high or medium label confidence first.

    The category group is part of the grouping because a correction says what a merchant's rows are for: rows
    the labeller put in another group are another flow that carries the same name (a bank's overdraft interest,
    a fee, and the card bill paid to it, a transfer; a company's services bought and its payroll received), and
    moving them with the correction would make them wrong. A channel's own category (an iFood order,
    `food.delivery`, beside a McDonald's counter, `food.restaurants`) stays in the group: the same group."""
    groups = defaultdict(list)
    for row in rows:
        if row["expected"].get("merchant"):
            groups[(fold(row["expected"]["merchant"]), family(row))].append(row)
    return {"%s (%s)" % (m, "|".join(f)): sorted(g, key=lambda r: not well_labelled(r))
            for (m, f), g in sorted(groups.items()) if len(g) >= 2 and len({r["description"] for r in g}) >= 2}


def target_category(group, ledger):
    """A category none of the merchant's rows has, of the taught row's direction, so following is visible."""
    held = {ledger[r["id"]][0] for r in group}
    choices = ["income.sales", "income.interest", "income.cashback"] if direction(group[0]) == "in" else ["donations", "education", "entertainment"]
    return next(c for c in choices if c not in held)


class Tally:
    """Other rows of the taught direction that follow: all labels, and high+medium labels only."""

    def __init__(self):
        self.all, self.all_total, self.good, self.good_total = 0, 0, 0, 0

    def add(self, row, followed):
        self.all, self.all_total = self.all + followed, self.all_total + 1
        if well_labelled(row):
            self.good, self.good_total = self.good + followed, self.good_total + 1


def teach_until_alone(store, group, category):
    """Teach the merchant's rows of the first row's direction, one by one, until `teach` says memory decides
    this merchant's rows alone (the README's count); the rows taught, and whether memory then decides alone."""
    taught = []
    for row in [r for r in group if direction(r) == direction(group[0])]:
        out = store.garden(["teach", "--id", row["id"], "--category", category])
        taught.append(row)
        if "it now decides this merchant's rows alone" in out:
            return taught, True
        if "nothing to remember" in out:
            break
    return taught, False


def propagation(rows, corrections, apply):
    """Teach the first `corrections` rows of each merchant (None: as many as teach says memory needs); the other
    rows (same direction) that follow after recategorize and as new rows in `resolve --db`, the rows without an
    amount that follow, the rows of other merchants that move."""
    recorded, fresh_tally, undirected = Tally(), Tally(), [0, 0]
    moved = merchants = 0
    misses, needed = [], Counter()
    for name, group in merchants_in_several_forms(rows).items():
        if corrections is not None and len(group) <= corrections:
            continue
        store = Store(rows)
        before = store.ledger()
        category = target_category(group, before)
        if corrections is None:
            taught, alone = teach_until_alone(store, group, category)
            needed[len(taught) if alone else "never (%s)" % name] += 1
        else:
            taught = group[:corrections]
            for row in taught:
                store.garden(["teach", "--id", row["id"], "--category", category] + (["--apply"] if apply else []))
        store.garden(["recategorize"])
        after = store.ledger()
        taught_ids = {r["id"] for r in taught}
        others = [r for r in group if r["id"] not in taught_ids]
        same = [r for r in others if direction(r) == direction(group[0])]
        for r in same:
            recorded.add(r, after[r["id"]][0] == category)
        undirected[0] += sum(after[r["id"]][0] == category for r in others if direction(r) is None)
        undirected[1] += sum(direction(r) is None for r in others)
        out = store.garden(["resolve", "--jobs", "1"], lines([dict(r, id="new-" + r["id"]) for r in same])).splitlines()
        for r, line in zip(same, out):
            fresh_tally.add(r, json.loads(line)["resolution"]["category"]["id"] == category)
        ids = {r["id"] for r in group}
        moved_ids = [i for i in before if i not in ids and before[i][0] != after[i][0]]
        moved += len(moved_ids)
        if os.environ.get("VERBOSE") and moved_ids:
            print("  taught %s (%s): moved %s" % (name, category, ", ".join("%s %s->%s" % (i, before[i][0], after[i][0]) for i in moved_ids)), file=sys.stderr)
        merchants += 1
        keys = store.identities()
        misses += [(name, r, keys.get(taught[0]["id"]), keys.get(r["id"]), after[r["id"]][1]) for r in same if after[r["id"]][0] != category]
    return merchants, recorded, fresh_tally, undirected, moved, misses, needed


def why(taught_key, key):
    """Why a row did not follow, from the identities garden recorded."""
    if key is None:
        return "garden finds no merchant in its printed text (a trade word, operation words or numbers alone)"
    if key != taught_key:
        return "its printed text names another merchant or line type"
    return "the same merchant: memory or the rule did not decide it"


def propagation_table(rows):
    print("## Propagation: merchants with 2+ rows in different printed forms\n")
    print("Grouped by the labelled merchant and category group (`merchants_in_several_forms`). Each figure: labels of "
          "high or medium confidence (the dev README's first scoring), then all labels.\n")
    print("| corrections | merchants | other rows (same direction) | follow after recategorize | follow as new rows (resolve --db) | rows without an amount that follow | rows of other merchants moved |")
    print("|---|---|---|---|---|---|---|")
    notes, counts = [], None
    for label, corrections, apply in (("1, teach --apply", 1, True), ("1, memory alone", 1, False),
                                      ("memory alone, as many as teach says it needs", None, False)):
        merchants, recorded, fresh, (u, ut), moved, misses, needed = propagation(rows, corrections, apply)
        pct = lambda n, t: "%.1f %% (%d/%d)" % (100 * n / t if t else 0, n, t)
        both = lambda t: "%s; all labels %s" % (pct(t.good, t.good_total), pct(t.all, t.all_total))
        print("| %s | %d | %d | %s | %s | %s | %d |" % (label, merchants, recorded.good_total, both(recorded), both(fresh), pct(u, ut), moved))
        counts = needed or counts
        for name, r, taught_key, key, source in misses:
            notes.append("%s: %s %r (%s, label %s) did not follow: identity %s, taught %s; decided by %s: %s" % (
                label, r["id"], r["description"][:48], name, r["expected"].get("label_confidence"), key or "none",
                taught_key, source, why(taught_key, key)))
    print()
    if counts:
        print("Corrections memory needed, as `teach` said (README: one; two for a brand that sells everything): " +
              ", ".join("%d merchant(s) after %s" % (n, c) for c, n in sorted(counts.items(), key=str)) + "\n")
    for note in notes:
        print("- " + note)
    print()


def main():
    rows = [json.loads(line) for line in open(DEV, encoding="utf-8") if line.strip()]
    print("# garden learning benchmark on %s (%d rows)\n" % (os.path.relpath(DEV, ROOT), len(rows)))
    if os.environ.get("ONLY") != "propagation":
        correction_table(rows)
    if os.environ.get("ONLY") != "corrections":
        propagation_table(rows)


if __name__ == "__main__":
    main()
