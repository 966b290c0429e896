#!/usr/bin/env python3
"""garden's replay benchmark (issue 25): real statement histories replayed as a user lives them.

  bench/replay.py [--markdown] [--verbose] [--dev] [--pooled] [--one-store]

--dev: the dev set's histories only (../shared/dev/descriptors.jsonl by source and account, in date order), without the
import samples. --pooled: besides one store per history (one person each), every history replayed in one store in date
order, as several people sharing a store (a couple, a small business): each history's account is its own (the
account's text with ` #N` after it) and is made known as its holder's (`garden me add --name "holder N" --account
…`), and each row is taught by its own holder; "broken by learning" is then counted per person and pooled.
--one-store (issue 37): besides one store per history, every history (import samples and dev) replayed in one store in
date order as one person's (each history's accounts its own, ` #N` after the account's text, no holders): the only
real history in reach where a merchant comes back after its first correction often enough to read "a merchant's later
rows right after its first correction" (a merchant is then the label's merchant across histories: the same payee
paid from other accounts).

Each history is one person's rows in date order, on a fresh store: ../shared/import-samples (each file through
`garden import`, labelled by bench/replay-labels.tsv or, for a row the dev set also holds, by its dev label) and
../shared/dev/descriptors.jsonl (grouped by source and account, the rows the import samples already hold left out).
Rows of one day arrive together (`garden resolve --record`); every wrong row with a known category is corrected as
it arrives (`garden teach --id ROW --category TRUE`, and in the second run `--apply`, accepting every rule teach
proposes); each month's end runs `garden link` (refunds and reversals paired with their purchases) and then, when
the month taught or linked anything, `garden recategorize --diff`. A row labelled `other` (no category is right) or `refund` (money back, its purchase unnamed: right when garden makes it a refund) is
never taught; it is right while garden leaves it uncategorized or flags it.

Figures, for learning without rules, with every proposed rule accepted, and for an online naive-Bayes peer (a
multinomial model of its own, per history, trained on every row's true category once the row has arrived, as a
tool that learns from the user's categorised rows does):
  - corrections per 100 rows (rows with a known category that arrived wrong);
  - accuracy on arrival of rows whose merchant was corrected before (merchant: the dev label's, or the label line
    of bench/replay-labels.tsv that matched, since each line names one payee or line type);
  - rows broken by learning: right as shipped (garden without a store) but wrong on arrival, or right before a
    month-end recategorize and wrong after it; fixed by learning: wrong as shipped, right on arrival.

Environment: GARDEN (binary, default .build/release/garden), JOBS (histories replayed at a time, default the cores).
Only the garden CLI is driven (no store internals are read), in temporary folders; nothing else is touched. A month's
rows are recorded in one process, again from the day after a correction (see `Replay.run`), and histories run side by
side: about a minute of CPU on this machine (docs/MEASUREMENTS.md, issue 25).
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

from scoring import category_right

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GARDEN = os.environ.get("GARDEN", os.path.join(ROOT, ".build", "release", "garden"))
SHARED = os.environ.get("SHARED", os.path.join(ROOT, "..", "shared"))   # the shared materials (../shared beside main)
SAMPLES = os.path.join(SHARED, "import-samples")
DEV = os.path.join(SHARED, "dev", "descriptors.jsonl")
LABELS = os.path.join(ROOT, "bench", "replay-labels.tsv")
# Left out, as the label file says why: a hand-written fixture, an OFX's CSV twin, a file with no amount.
SKIPPED_FILES = {"br_inter_extrato_min.csv", "br_nubank_card_2026-10.csv", "br_caixa_malformed_decimal.ofx", "MANIFEST.jsonl", "README.md"}
VERBOSE = "--verbose" in sys.argv
DEV_ONLY = "--dev" in sys.argv
POOLED = "--pooled" in sys.argv
ONE_STORE = "--one-store" in sys.argv
CACHE = tempfile.TemporaryDirectory(prefix="garden-replay-cache-")
# Histories replayed side by side (each on its own store): JOBS, default the machine's cores.
JOBS = int(os.environ.get("JOBS", os.cpu_count() or 1))


def garden(args, stdin="", env=None, check=True):
    proc = subprocess.run([GARDEN] + args, input=stdin.encode(), capture_output=True, env=env)
    if check and proc.returncode != 0:
        sys.exit("failed (exit %d): garden %s\n%s" % (proc.returncode, " ".join(args), proc.stderr.decode()[-2000:]))
    return proc.stdout.decode()


def base_env(home):
    env = dict(os.environ, GARDEN_RULES_DIR=os.path.join(home, "no-rules"), HOME=home, GARDEN_CACHE_DIR=CACHE.name)
    for name in ("GARDEN_DATA", "GARDEN_DB", "GARDEN_REGISTRY"):
        env.pop(name, None)
    return env


# ---------------------------------------------------------------- histories and their labels

class Row:
    def __init__(self, line, expected, confidence, merchant, history):
        self.line = line              # the input object (resolve's canonical fields)
        self.expected = expected      # list of accepted categories ("other": none is right)
        self.confidence = confidence  # high | medium | low
        self.merchant = merchant      # who the label says the payee (or the line type) is
        self.history = history
        self.id = None                # garden's row_id, once recorded
        self.holder = None            # who the row's account belongs to (--pooled)

    @property
    def teachable(self):
        # `refund` names no category to teach (the purchase it reverses is not in the row): like `other`, never taught.
        return self.expected[0] not in ("other", "refund")

    @property
    def date(self):
        return self.line.get("date")


def correct(row, category, review, flow=None):
    """The dev README's rule (``scoring.category_right``) for one replayed row."""
    return category_right(row.expected, category, review, flow)


def read_labels():
    labels = defaultdict(list)
    with open(LABELS, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.startswith("#") or line.startswith("file\t") or not line.strip():
                continue
            file, direction, description, category, confidence, _note = line.rstrip("\n").split("\t")
            labels[file].append((direction, description, category.split("|"), confidence, "%s:%d" % (os.path.basename(LABELS), number)))
    return labels


def label_for(labels, file, line):
    direction = "in" if not str(line.get("amount", "")).startswith("-") else "out"
    text = line.get("description") or ""
    for wanted, description, category, confidence, where in labels.get(file, []):
        if wanted != direction:
            continue
        if description.endswith("*") and text.startswith(description[:-1]) or text == description:
            return category, confidence, where
    return None


def dev_rows():
    with open(DEV, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def amount_key(value):
    try:
        return "%.2f" % float(value)
    except (TypeError, ValueError):
        return None


def histories():
    """(name, rows) for every history, rows in arrival order."""
    labels = read_labels()
    dev = dev_rows()
    dev_by_text = {(r["description"], amount_key(r.get("amount"))): r for r in dev}
    twins = set()
    out = []
    unlabelled = []
    home = tempfile.mkdtemp(prefix="garden-replay-import-")
    files = [] if DEV_ONLY else [f for f in sorted(os.listdir(SAMPLES)) if f not in SKIPPED_FILES]
    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        imported = list(pool.map(lambda f: garden(["import", os.path.join(SAMPLES, f)], env=base_env(home), check=False), files))
    for file, text in zip(files, imported):
        rows = []
        for raw in text.splitlines():
            line = json.loads(raw)
            twin = dev_by_text.get((line.get("description"), amount_key(line.get("amount"))))
            if twin is not None:
                twins.add(twin["id"])
                e = twin["expected"]
                category = e["category"] if isinstance(e["category"], list) else [e["category"]]
                rows.append(Row(line, category, e["label_confidence"], e["merchant"] or ("dev " + twin["id"]), file))
                continue
            found = label_for(labels, file, line)
            if found is None:
                unlabelled.append("%s: %r" % (file, line.get("description")))
                continue
            category, confidence, where = found
            rows.append(Row(line, category, confidence, where, file))
        out.append((file, rows))
    by_history = defaultdict(list)
    for r in dev:
        if r["id"] in twins:
            continue
        line = {k: v for k, v in r.items() if k not in ("expected", "source")}
        e = r["expected"]
        category = e["category"] if isinstance(e["category"], list) else [e["category"]]
        name = "dev %s / %s" % (r["source"], r.get("account"))
        by_history[name].append(Row(line, category, e["label_confidence"], fold(e["merchant"] or "") or ("dev " + r["id"]), name))
    dev_histories = sorted(by_history.items())
    if POOLED:
        # Each history is one person's: its accounts are that person's own (the account's text and ` #N`), in every
        # run, so the stores of one person and the shared store see the same rows.
        for number, (name, rows) in enumerate(dev_histories, 1):
            for r in rows:
                r.line["account"] = "%s #%d" % (r.line["account"], number) if r.line.get("account") else "#%d" % number
                r.holder = "holder %d" % number
    out += dev_histories
    if ONE_STORE and not POOLED:
        # One person holding every history's accounts: each account its own (the account's text and ` #N`), in every
        # run, so the stores of one history each and the one store see the same rows.
        for number, (name, rows) in enumerate(out, 1):
            for r in rows:
                r.line["account"] = "%s #%d" % (r.line["account"], number) if r.line.get("account") else "#%d" % number
    if unlabelled:
        print("rows without a label (left out): %d" % len(unlabelled), file=sys.stderr)
        for u in unlabelled:
            print("  " + u, file=sys.stderr)
    # Date order, stable (a row without a date keeps the date of the row before it in the file).
    ordered = []
    for name, rows in out:
        last = ""
        for r in rows:
            last = r.date or last
            r.sort_date = last
        ordered.append((name, sorted(rows, key=lambda r: r.sort_date)))
    return ordered


def fold(text):
    text = re.sub(r"\(.*?\)", " ", text or "")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return " ".join(re.findall(r"[a-z0-9]+", text))


def batches(rows):
    """Rows of one day arrive together; a row without a date (some dev sources print none) arrives alone."""
    out = []
    for r in rows:
        if out and r.date and out[-1][0].date == r.date:
            out[-1].append(r)
        else:
            out.append([r])
    return out


def month(row):
    return (row.sort_date or "")[:7]


# ---------------------------------------------------------------- garden as shipped, and with learning

def resolution_of(line):
    res = json.loads(line)["resolution"]
    return res["row_id"], res["category"]["id"], bool(res.get("review")), res.get("flow")


def shipped(all_histories):
    """Every row resolved with no store: what garden gives without learning."""
    home = tempfile.mkdtemp(prefix="garden-replay-shipped-")
    out = {}
    def resolve(history):
        return garden(["resolve", "--jobs", "1"], "".join(json.dumps(r.line, ensure_ascii=False) + "\n" for r in history[1]), env=base_env(home))
    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        texts = list(pool.map(resolve, all_histories))
    for (name, rows), text in zip(all_histories, texts):
        for r, line in zip(rows, text.splitlines()):
            row_id, category, review, flow = resolution_of(line)
            r.id = row_id
            out[(name, row_id)] = (category, review, flow)
    return out


class Replay:
    """One history on a fresh store: rows arrive by day, wrong rows are taught, month ends recategorize."""

    def __init__(self, name, rows, baseline, apply, across=False):
        self.name, self.rows, self.baseline, self.apply = name, rows, baseline, apply
        # One person's store of every history (--one-store): a merchant corrected in one history is corrected for all.
        self.across = across
        self.home = tempfile.TemporaryDirectory(prefix="garden-replay-")
        self.db = os.path.join(self.home.name, "garden.db")
        self.env = base_env(self.home.name)
        self.state = {}            # row_id -> (category, review) as the ledger holds it
        self.corrected = set()     # merchants corrected so far
        self.events = defaultdict(list)
        self.stats = Counter()
        self.taught_since_month_end = False

    def known_holders(self):
        """Makes each holder's accounts known to the store (`garden me add`), as a shared store's people would."""
        for holder, account in sorted({(r.holder, r.line.get("account")) for r in self.rows if r.holder}):
            garden(["me", "add", "--name", holder, "--account", account, "--db", self.db], env=self.env)

    def run(self):
        """Month by month: the month's rows are recorded in one `resolve --record`; when a row arrives wrong it is
        taught and the rows of the later days of that month are recorded again (`resolve --record` updates them), now
        with what the correction taught, so each row's figure is the one it gets when it arrives after the
        corrections before it, as one process a day would give (the figures are the same; bench/replay.py before
        2026-12-01 ran one process a day). Each month end links the rows (`garden link`); a recategorize after a month
        that neither taught nor linked anything would change nothing and is not run."""
        months = []
        for batch in batches(self.rows):
            if not months or month(batch[0]) != months[-1][0]:
                months.append((month(batch[0]), []))
            months[-1][1].append(batch)
        self.known_holders()
        for _, days in months:
            while days:
                days = self.arrive(days)
            linked = self.link()
            if self.taught_since_month_end or linked:
                self.month_end()
        return self

    def link(self):
        """`garden link`: whether it changed a link (refunds and reversals then follow their purchase at the
        recategorize after it)."""
        out = garden(["link", "--quiet", "--db", self.db], env=self.env)
        self.stats["link_runs"] += 1
        found = re.search(r"(\d+) link\(s\) added, (\d+) changed, (\d+) removed", out)
        return bool(found) and sum(int(n) for n in found.groups()) > 0

    def arrive(self, days):
        """Records `days` (batches of rows of one day each) and scores them until the first day with a row to
        teach; teaches that day's wrong rows; returns the days after it (to be recorded again)."""
        rows = [r for day in days for r in day]
        text = garden(["resolve", "--record", "--jobs", "1", "--db", self.db],
                      "".join(json.dumps(r.line, ensure_ascii=False) + "\n" for r in rows), env=self.env)
        lines = iter(text.splitlines())
        for index, day in enumerate(days):
            wrong = []
            for r in day:
                row_id, category, review, flow = resolution_of(next(lines))
                self.state[row_id] = (category, review, flow)
                right = correct(r, category, review, flow)
                base_right = correct(r, *self.baseline[(r.history, row_id)])
                key = "known" if r.teachable else "other"
                self.stats[key + "_rows"] += 1
                self.stats[key + "_right_on_arrival"] += right
                if self.merchant_key(r) in self.corrected:
                    self.stats["seen_rows"] += 1
                    self.stats["seen_right"] += right
                    if not right:
                        self.events["seen_wrong"].append((r, "on arrival", self.baseline[(r.history, row_id)][0], category))
                if base_right and not right:
                    self.events["broken"].append((r, "on arrival", self.baseline[(r.history, row_id)][0], category))
                if not base_right and right:
                    self.events["fixed"].append((r, "on arrival", self.baseline[(r.history, row_id)][0], category))
                if not right and r.teachable:
                    wrong.append((r, row_id))
                    # Counted from here on, as when each row was taught the moment it was scored (the rows of its day
                    # were resolved before it either way).
                    self.corrected.add(self.merchant_key(r))
            # Rows of one day arrive together: the day's corrections come after all of them.
            for r, row_id in wrong:
                self.teach(r, row_id)
            if wrong:
                return days[index + 1:]
        return []

    def teach(self, r, row_id):
        args = ["teach", "--id", row_id, "--category", r.expected[0], "--db", self.db]
        if self.apply:
            args.append("--apply")
        out = garden(args, env=self.env)
        self.stats["corrections"] += 1
        self.stats["rules_added"] += " added as r" in out
        self.state[row_id] = (r.expected[0], False, self.state[row_id][2])
        self.corrected.add(self.merchant_key(r))
        self.taught_since_month_end = True

    def merchant_key(self, r):
        return r.merchant if self.across else (r.history, r.merchant)

    def month_end(self):
        self.taught_since_month_end = False
        out = garden(["recategorize", "--diff", "--db", self.db], env=self.env)
        by_id = {r.id: r for r in self.rows}
        for line in out.splitlines():
            change = json.loads(line)
            row_id = change["row_id"]
            r = by_id[row_id]
            before = self.state[row_id]
            category, review, flow = changed(change.get("after") or {}, before)
            self.state[row_id] = (category, review, flow)
            was, now = correct(r, *before), correct(r, category, review, flow)
            if was and not now:
                self.events["broken"].append((r, "at month end", before[0], category))
            elif now and not was:
                self.events["fixed_later"].append((r, "at month end", before[0], category))


def changed(after, before):
    """(category, review, flow) after a change `recategorize --diff` printed: its `after` holds only the fields that
    changed, named as in the view `transactions` (`category`, `review` 0/1, `flow`); the others are as they were."""
    category = after.get("category", before[0])
    if isinstance(category, dict):   # the resolution's shape
        category = category["id"]
    return category, bool(after["review"]) if "review" in after else before[1], after.get("flow", before[2])


# ---------------------------------------------------------------- the naive-Bayes peer

def features(line):
    text = fold((line.get("description") or "") + " " + (line.get("memo") or ""))
    words = [w for w in text.split() if not any(c.isdigit() for c in w)]
    out = ["w:" + w for w in words]
    for w in words:
        padded = "^" + w + "$"
        out += ["c:" + padded[i:i + 3] for i in range(len(padded) - 2)]
    amount = str(line.get("amount", ""))
    out.append("dir:" + ("in" if amount and not amount.startswith("-") else "out"))
    try:
        out.append("mag:%d" % int(math.log10(abs(float(amount)) + 1)))
    except ValueError:
        pass
    return out


class NaiveBayes:
    """Multinomial naive Bayes with Laplace smoothing, updated one row at a time."""

    def __init__(self):
        self.docs, self.tokens, self.counts, self.vocab = Counter(), Counter(), defaultdict(Counter), set()

    def learn(self, feats, category):
        self.docs[category] += 1
        self.tokens[category] += len(feats)
        self.counts[category].update(feats)
        self.vocab.update(feats)

    def predict(self, feats):
        if not self.docs:
            return "uncategorized"
        total, v = sum(self.docs.values()), len(self.vocab) + 1
        def score(c):
            return math.log(self.docs[c] / total) + sum(math.log((self.counts[c][f] + 1) / (self.tokens[c] + v)) for f in feats)
        return max(sorted(self.docs), key=score)


def peer(rows):
    model, stats, corrected = NaiveBayes(), Counter(), set()
    for batch in batches(rows):
        predictions = [(r, model.predict(features(r.line))) for r in batch]
        for r, category in predictions:
            right = correct(r, category, False)
            key = "known" if r.teachable else "other"
            stats[key + "_rows"] += 1
            stats[key + "_right_on_arrival"] += right
            if r.merchant in corrected:
                stats["seen_rows"] += 1
                stats["seen_right"] += right
            if r.teachable:
                if not right:
                    stats["corrections"] += 1
                    corrected.add(r.merchant)
                model.learn(features(r.line), r.expected[0] if not right else category)
    return stats


# ---------------------------------------------------------------- report

def percent(n, d):
    return "%.1f %%" % (100.0 * n / d) if d else "-"


def main():
    if not os.path.exists(GARDEN):
        sys.exit("no garden binary at %s (swift build -c release, or set GARDEN)" % GARDEN)
    started = time.time()
    all_histories = histories()
    baseline = shipped(all_histories)
    rows = [r for _, h in all_histories for r in h]
    known = [r for r in rows if r.teachable]
    shipped_wrong = sum(not correct(r, *baseline[(r.history, r.id)]) for r in known)
    runs, pooled = {}, {}
    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        for apply in (False, True):
            total, events = Counter(), defaultdict(list)
            # Histories are independent (a store each): replayed side by side, summed in their order.
            for replay in pool.map(lambda history: Replay(history[0], history[1], baseline, apply).run(), all_histories):
                total.update(replay.stats)
                for kind, items in replay.events.items():
                    events[kind] += items
                replay.home.cleanup()
            runs[apply] = (total, events)
        if POOLED:
            dev = [(n, h) for n, h in all_histories if n.startswith("dev ")]
            pooled_rows = sorted((r for _, h in dev for r in h), key=lambda r: r.sort_date)
            replays = list(pool.map(lambda apply: Replay("pooled", pooled_rows, baseline, apply).run(), (False, True)))
            for apply, replay in zip((False, True), replays):
                pooled[apply] = (replay.stats, replay.events, len(dev))
                replay.home.cleanup()
    one_store = {}
    if ONE_STORE:
        everyone = sorted((r for _, h in all_histories for r in h), key=lambda r: r.sort_date)
        with ThreadPoolExecutor(max_workers=2) as pool:
            replays = list(pool.map(lambda apply: Replay("one store", everyone, baseline, apply, across=True).run(), (False, True)))
        for apply, replay in zip((False, True), replays):
            one_store[apply] = (replay.stats, replay.events)
            replay.home.cleanup()
    peer_total = Counter()
    for _, h in all_histories:
        peer_total.update(peer(h))
    elapsed = time.time() - started
    clock = os.times()
    cpu = clock.user + clock.system + clock.children_user + clock.children_system

    months = sum(len({month(r) for r in h}) for _, h in all_histories)
    print("## Replay of real histories (bench/replay.py)\n")
    print("%d histories (%d import-sample files, %d dev sources), %d rows over %d history-months: %d with a known category "
          "(%d high or medium), %d labelled `other` or `refund`. garden as shipped gets %d of the %d known rows wrong. %.0f s wall clock, %.0f s CPU "
          "(garden and Python; %d histories at a time).\n" % (
              len(all_histories), sum(1 for n, _ in all_histories if not n.startswith("dev ")),
              sum(1 for n, _ in all_histories if n.startswith("dev ")), len(rows), months, len(known),
              sum(r.confidence != "low" for r in known), len(rows) - len(known), shipped_wrong, len(known), elapsed, cpu, JOBS))
    print("| run | corrections / 100 known rows | right on arrival (known) | right on arrival, merchant corrected before | rows never taught right (`other`: uncategorized or flagged; `refund`: flow refund) | rules added | fixed by learning | broken by learning |")
    print("|---|---|---|---|---|---|---|---|")
    print("| no learning (every wrong row corrected by hand, nothing learned) | %.1f | %s | - | %s | - | - | - |" % (
        100.0 * shipped_wrong / len(known), percent(len(known) - shipped_wrong, len(known)),
        percent(sum(correct(r, *baseline[(r.history, r.id)]) for r in rows if not r.teachable), len(rows) - len(known))))
    for apply, label in ((False, "garden teach (memory, naive Bayes)"), (True, "garden teach --apply (every proposed rule accepted)")):
        t, e = runs[apply]
        print("| %s | %.1f | %s | %s (%d rows) | %s | %d | %d | %d |" % (
            label, 100.0 * t["corrections"] / t["known_rows"], percent(t["known_right_on_arrival"], t["known_rows"]),
            percent(t["seen_right"], t["seen_rows"]), t["seen_rows"], percent(t["other_right_on_arrival"], t["other_rows"]),
            t["rules_added"], len(e["fixed"]), len(e["broken"])))
    print("| online naive-Bayes peer (its own model per history, trained on every arrived row) | %.1f | %s | %s (%d rows) | - | - | - | - |" % (
        100.0 * peer_total["corrections"] / peer_total["known_rows"], percent(peer_total["known_right_on_arrival"], peer_total["known_rows"]),
        percent(peer_total["seen_right"], peer_total["seen_rows"]), peer_total["seen_rows"]))
    print()
    if one_store:
        print("One person's store of every history (`--one-store`): the %d histories' rows in date order in one store, "
              "each history's accounts its own; a merchant's later rows are counted from its first correction in any "
              "history.\n" % len(all_histories))
        print("| run | corrections / 100 known rows | right on arrival (known) | right on arrival, merchant corrected before | fixed by learning | broken by learning |")
        print("|---|---|---|---|---|---|")
        for apply, label in ((False, "garden teach"), (True, "garden teach --apply")):
            t, e = one_store[apply]
            print("| %s | %.1f | %s | %s (%d rows) | %d | %d |" % (label, 100.0 * t["corrections"] / t["known_rows"],
                  percent(t["known_right_on_arrival"], t["known_rows"]), percent(t["seen_right"], t["seen_rows"]), t["seen_rows"],
                  len(e["fixed"]) + len(e["fixed_later"]), len(e["broken"])))
        print()
        for apply, label in ((False, "teach, one store"), (True, "teach --apply, one store")):
            e = one_store[apply][1]
            if e["broken"]:
                print("%s, broken (%d):\n" % (label, len(e["broken"])))
                for r, when, before, after in e["broken"][:40 if VERBOSE else 12]:
                    print("- %s: `%s` %s → %s %s (label %s)" % (r.history, (r.line.get("description") or "")[:60], before, after, when, "|".join(r.expected)))
                print()
            # --verbose: the rows of a merchant corrected before that still arrived wrong (what "right on arrival,
            # merchant corrected before" misses), with the merchant they were counted under.
            if VERBOSE and e["seen_wrong"]:
                print("%s, wrong on arrival though the merchant was corrected before (%d):\n" % (label, len(e["seen_wrong"])))
                for r, when, before, after in e["seen_wrong"]:
                    print("- %s: `%s` [%s] shipped %s → %s (label %s)" % (r.history, (r.line.get("description") or "")[:60], r.merchant,
                                                                          before, after, "|".join(r.expected)))
                print()
    if pooled:
        print("Several people in one store (`--pooled`): the %d dev histories in one store, each history's accounts its "
              "holder's (`garden me add`), rows in date order, each wrong row taught by its holder.\n" % pooled[False][2])
        print("| run | corrections / 100 known rows | right on arrival, merchant corrected before | broken by learning, one store a person | broken, one store for all |")
        print("|---|---|---|---|---|")
        for apply, label in ((False, "garden teach"), (True, "garden teach --apply")):
            t, e, _ = pooled[apply]
            person = [x for x in runs[apply][1]["broken"] if x[0].history.startswith("dev ")]
            print("| %s | %.1f | %s (%d rows) | %d | %d |" % (label, 100.0 * t["corrections"] / t["known_rows"],
                  percent(t["seen_right"], t["seen_rows"]), t["seen_rows"], len(person), len(e["broken"])))
        print()
        for apply, label in ((False, "teach, one store for all"), (True, "teach --apply, one store for all")):
            e = pooled[apply][1]
            if e["broken"]:
                print("%s, broken (%d):\n" % (label, len(e["broken"])))
                for r, when, before, after in e["broken"][:40 if VERBOSE else 12]:
                    print("- %s: `%s` %s → %s %s (label %s)" % (r.history, (r.line.get("description") or "")[:60], before, after, when, "|".join(r.expected)))
                print()
    for apply, label in ((False, "teach"), (True, "teach --apply")):
        _, e = runs[apply]
        for kind in ("broken", "fixed", "fixed_later"):
            if not e[kind]:
                continue
            print("%s, %s (%d):\n" % (label, kind.replace("_", " "), len(e[kind])))
            for r, when, before, after in e[kind][:40 if VERBOSE else 12]:
                print("- %s: `%s` %s → %s %s (label %s)" % (r.history, (r.line.get("description") or "")[:60], before, after, when, "|".join(r.expected)))
            print()


if __name__ == "__main__":
    main()
