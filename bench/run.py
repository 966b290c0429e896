#!/usr/bin/env python3
"""garden's benchmark: measures resolve throughput at several catalog sizes against a pass-through and a naive
baseline, cold start, explain latency, peak memory over a long stream, and the store operations on a large
ledger; prints a Markdown table. Run through bench/run.sh (which builds the release binary first).

Environment: ROWS (throughput rows, default 1,000,000), MEM_ROWS (memory stream, default 10,000,000),
LEDGER_ROWS (ledger size, default 1,000,000), QUICK=1 (small sizes for a smoke run), BENCH_DATA=DIR (another
data directory for the same binary, to compare catalogs). Every figure is printed beside the previous run's, read
from bench/previous-run.json (bench/previous-run-quick.json for QUICK=1), which the run then replaces (SAVE=0
keeps it). ONLY=store measures the store figures alone (record, ledger size, explain, teach, recategorize);
after the table, the stage budget (bench/stages.py: instructions a row per stage under callgrind; STAGES=0 skips it);
GARDEN_BIN=PATH measures another garden binary (an earlier commit's release build, for before/after); neither
replaces the previous run.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GARDEN = os.environ.get("GARDEN_BIN") or os.path.join(ROOT, ".build", "release", "garden")   # GARDEN_BIN: another binary (before/after)
GEN = [sys.executable, os.path.join(ROOT, "bench", "generate.py")]
QUICK = os.environ.get("QUICK") == "1"
ROWS = int(os.environ.get("ROWS", 50_000 if QUICK else 1_000_000))
MEM_ROWS = int(os.environ.get("MEM_ROWS", 200_000 if QUICK else 10_000_000))
LEDGER_ROWS = int(os.environ.get("LEDGER_ROWS", 50_000 if QUICK else 1_000_000))
KS = [100, 1_000, 10_000, 100_000]
ENV = dict(os.environ, GARDEN_RULES_DIR="/nonexistent", GARDEN_DB="/nonexistent/garden.db")
ENV.pop("GARDEN_DATA", None)
if os.environ.get("BENCH_DATA"):         # another catalog, same binary (before/after a data change)
    ENV["GARDEN_DATA"] = os.environ["BENCH_DATA"]


def run(args, stdin=None, stdout=subprocess.DEVNULL, env=ENV, check=True):
    start = time.perf_counter()
    proc = subprocess.run(args, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    if check and proc.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(args), proc.stderr.decode()[-2000:]))
    return elapsed, proc


def peak_kb(args, stdin_cmd, env=ENV):
    """Peak resident memory (KB) of `args` reading the output of `stdin_cmd`, via /usr/bin/time."""
    producer = subprocess.Popen(stdin_cmd, stdout=subprocess.PIPE)
    proc = subprocess.run(["/usr/bin/time", "-f", "%M"] + args, stdin=producer.stdout, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, env=env)
    producer.wait()
    return int(proc.stderr.decode().strip().splitlines()[-1])


def fmt(n):
    return "{:,.0f}".format(n)


# Every figure of issue 12: key, label, unit, how to print it, target (text), and whether higher is better.
FIGURES = [
    ("passthrough", "pass-through (parse + re-emit, 1 thread)", "rows/s", "{:,.0f}", "", True),
    ("resolve_jobs1", "resolve, built-in catalog, --jobs 1", "rows/s", "{:,.0f}", "≥ 250,000", True),
    ("resolve_share", "resolve --jobs 1 / pass-through", "%", "{:.0f}", "≥ 30", True),
    ("resolve_jobs2", "resolve, built-in catalog, --jobs 2", "rows/s", "{:,.0f}", "", True),
    ("jobs_ratio", "--jobs 2 / --jobs 1", "×", "{:.2f}", "≥ 1.8", True),
    ("k_ratio", "K = 100,000 user rules / K = 100", "%", "{:.0f}", "≥ 80", True),
    ("cold_start", "cold start (start → first row out), median of 11", "ms", "{:.1f}", "< 30", False),
    ("peak_memory", "peak memory, long stream through resolve", "MB", "{:.1f}", "< 100", False),
    ("record_fresh", "resolve --record into a fresh ledger", "rows/s", "{:,.0f}", "≥ 150,000", True),
    ("ledger_bytes", "ledger size per row (database + WAL, FTS included)", "bytes", "{:,.0f}", "≤ 300", False),
    ("record_full", "resolve --record of new rows into the full ledger", "rows/s", "{:,.0f}", "≥ 100,000", True),
    ("explain", "explain of one row (--id), median of 11", "ms", "{:.1f}", "< 50", False),
    ("teach", "teach (--id), median of 11", "ms", "{:.1f}", "", False),
    ("recategorize", "recategorize, all rows", "rows/s", "{:,.0f}", "≥ 200,000", True),
    ("recategorize_rule", "recategorize after adding one rule (--rule)", "s", "{:.2f}", "", False),
]
PREVIOUS = os.path.join(ROOT, "bench", "previous-run-quick.json" if QUICK else "previous-run.json")


def main():
    tmp = tempfile.mkdtemp(prefix="garden-bench-")
    rows_path = os.path.join(tmp, "rows.jsonl")
    with open(rows_path, "wb") as f:
        subprocess.run(GEN + ["rows", str(ROWS), "--seed", "1"], stdout=f, check=True)
    size_mb = os.path.getsize(rows_path) / 1e6
    figures, extra = {}, []
    if os.environ.get("ONLY") != "store":   # ONLY=store: the store figures alone (ledger size, record, recategorize)
        throughput_figures(tmp, rows_path, figures, extra)
        startup_figures(figures)
    store_figures(tmp, figures)
    print("garden benchmark: %s rows (%.0f MB) of generated BR/US descriptors; ledger %s rows; %s cores; load %.2f; %s" % (
        fmt(ROWS), size_mb, fmt(LEDGER_ROWS), os.cpu_count(), os.getloadavg()[0], time.strftime("%Y-%m-%d %H:%M")))
    print_table(figures, extra)
    if os.environ.get("STAGES", "1") == "1":   # the stage budget (bench/stages.py): instructions a row per stage, callgrind
        stage_table()


def stage_table():
    """The stage budget of issue 26 for the same binary: instructions a row per stage, counted by callgrind."""
    import shutil
    if not shutil.which("valgrind"):
        print("\n(stage budget skipped: valgrind is not installed)")
        return
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import stages
    if QUICK:
        stages.ROWS, stages.BASE = 700, 200
    with tempfile.TemporaryDirectory(prefix="garden-stages-") as tmp:
        print()
        print(stages.table(stages.measure(GARDEN, tmp, os.environ.get("ONLY") != "resolve")))


def throughput(rows_path, args):
    times = []
    for _ in range(1 if QUICK else 3):
        with open(rows_path, "rb") as f:
            times.append(run(args + [rows_path], stdin=f)[0])
    return ROWS / min(times)


def throughput_figures(tmp, rows_path, figures, extra):
    figures["passthrough"] = throughput(rows_path, [GARDEN, "resolve", "--passthrough"])
    figures["resolve_jobs1"] = throughput(rows_path, [GARDEN, "resolve", "--jobs", "1"])
    figures["resolve_share"] = 100 * figures["resolve_jobs1"] / figures["passthrough"]
    k_rates = {}
    for k in KS:
        rules = os.path.join(tmp, "rules-%d.rules" % k)
        with open(rules, "wb") as f:
            subprocess.run(GEN + ["rules", str(k), "--seed", "2"], stdout=f, check=True)
        k_rates[k] = throughput(rows_path, [GARDEN, "resolve", "--jobs", "1", "--rules", rules])
        extra.append(("resolve, catalog + %s user rules, --jobs 1" % fmt(k), fmt(k_rates[k]) + " rows/s", ""))
    figures["k_ratio"] = 100 * k_rates[KS[-1]] / k_rates[KS[0]]
    figures["resolve_jobs2"] = throughput(rows_path, [GARDEN, "resolve", "--jobs", "2"])
    figures["jobs_ratio"] = figures["resolve_jobs2"] / figures["resolve_jobs1"]
    naive_baseline(tmp, rows_path, k_rates, extra)


def naive_baseline(tmp, rows_path, k_rates, extra):
    """Every pattern tried in turn (Python regexes with word edges, as peers do)."""
    import json
    with open(rows_path, encoding="utf-8") as f:
        texts = [json.loads(next(f)).get("description", "") for _ in range(min(ROWS, 20_000))]
    for k in KS:
        with open(os.path.join(tmp, "rules-%d.rules" % k), encoding="utf-8") as f:
            patterns = [re.compile(r"\b" + re.escape(m.group(1)) + r"\b", re.I) for m in
                        (re.search(r'"([^"]*)"', line) for line in f) if m]
        n = max(20, min(len(texts), 2_000_000 // k))
        start = time.perf_counter()
        for text in texts[:n]:
            for p in patterns:
                if p.search(text):
                    break
        naive = n / (time.perf_counter() - start)
        extra.append(("naive baseline: %s regexes tried in turn (Python)" % fmt(k), fmt(naive) + " rows/s",
                      "garden is %sx faster" % fmt(k_rates[k] / naive)))


def startup_figures(figures):
    row = b'{"description":"Ifd*Arcos Dourados Com","amount":-32.93}\n'
    cold = sorted(_timed_stdin([GARDEN, "resolve", "--jobs", "1"], row) for _ in range(11))
    figures["cold_start"] = statistics.median(cold) * 1000
    kb = peak_kb([GARDEN, "resolve"], GEN + ["rows", str(MEM_ROWS), "--seed", "3"])
    figures["peak_memory"] = kb / 1024


def store_figures(tmp, figures):
    """Record into a fresh ledger, then new rows into the full one; explain, teach, recategorize on it."""
    db = os.path.join(tmp, "ledger.db")
    store_env = dict(ENV, GARDEN_DB=db)
    ledger, more = os.path.join(tmp, "ledger.jsonl"), os.path.join(tmp, "more.jsonl")
    added = max(1, LEDGER_ROWS // 10)
    with open(ledger, "wb") as f:
        subprocess.run(GEN + ["rows", str(LEDGER_ROWS), "--seed", "4"], stdout=f, check=True)
    with open(more, "wb") as f:
        subprocess.run(GEN + ["rows", str(added), "--seed", "5", "--first", str(LEDGER_ROWS)], stdout=f, check=True)
    with open(ledger, "rb") as f:
        figures["record_fresh"] = LEDGER_ROWS / run([GARDEN, "resolve", "--record"], stdin=f, env=store_env)[0]
    figures["ledger_bytes"] = sum(os.path.getsize(p) for p in (db, db + "-wal") if os.path.exists(p)) / LEDGER_ROWS
    with open(more, "rb") as f:
        figures["record_full"] = added / run([GARDEN, "resolve", "--record"], stdin=f, env=store_env)[0]
    with open(ledger, encoding="utf-8") as f:   # rows of the canonical shape (others have their own id fields)
        ids = [m.group(1) for m in (re.match(r'\{"id": "(b\d+)"', line) for line in f) if m]
    figures["explain"] = statistics.median(run([GARDEN, "explain", "--id", ids[i * 7919 % len(ids)]], env=store_env)[0]
                                           for i in range(1, 12)) * 1000
    figures["teach"] = statistics.median(run([GARDEN, "teach", "--id", ids[i * 104729 % len(ids)], "--category", "food.restaurants"],
                                             env=store_env)[0] for i in range(1, 12)) * 1000
    total = LEDGER_ROWS + added
    figures["recategorize"] = total / run([GARDEN, "recategorize"], env=store_env)[0]
    _, out = run([GARDEN, "rules", "add", 'if description "padaria sao jose" => category food.groceries'], env=store_env,
                 stdout=subprocess.PIPE)
    rule_id = re.search(r"added (r\d+)", out.stdout.decode()).group(1)
    figures["recategorize_rule"] = run([GARDEN, "recategorize", "--rule", rule_id], env=store_env)[0]


def print_table(figures, extra):
    """The figures beside the previous run's (bench/previous-run*.json), which this run then replaces."""
    import json
    previous = {}
    if os.path.exists(PREVIOUS):
        with open(PREVIOUS, encoding="utf-8") as f:
            previous = json.load(f)
    before = previous.get("figures", {})
    print("previous run: %s\n" % (previous.get("taken", "none")))
    print("| measurement | this run | previous run | change | target |")
    print("|---|---|---|---|---|")
    for key, label, unit, form, target, higher in FIGURES:
        if key not in figures:
            continue
        now, old = figures[key], before.get(key)
        change = ""
        if old:
            better = now >= old if higher else now <= old
            change = "%+.0f %%%s" % (100 * (now - old) / old, "" if better else " (worse)")
        shown = lambda v: (form.format(v) + " " + unit) if v is not None else "-"
        print("| %s | %s | %s | %s | %s |" % (label, shown(now), shown(old), change, (target + " " + unit) if target else ""))
    print()
    for label, result, note in extra:
        print("- %s: %s %s" % (label, result, note))
    taken = "%s, load %.2f" % (time.strftime("%Y-%m-%d %H:%M"), os.getloadavg()[0])
    if os.environ.get("SAVE", "1") == "1" and os.environ.get("ONLY") != "store" and not os.environ.get("GARDEN_BIN"):
        with open(PREVIOUS, "w", encoding="utf-8") as f:
            json.dump({"taken": taken, "rows": ROWS, "ledger_rows": LEDGER_ROWS, "figures": figures}, f, indent=1, sort_keys=True)
            f.write("\n")


def _timed_stdin(args, data):
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV)
    proc.stdin.write(data)
    proc.stdin.flush()
    proc.stdout.readline()
    elapsed = time.perf_counter() - start
    proc.stdin.close()
    proc.wait()
    return elapsed


if __name__ == "__main__":
    main()
