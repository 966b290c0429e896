#!/usr/bin/env python3
"""Writes docs/MEASUREMENTS.md from the outputs of `garden eval` and `bench/run.sh` (for garden's maintainers).

usage: tools/measurements.py EVAL_DEV EVAL_HOLDOUT CURVE_DEV CURVE_HOLDOUT BENCH_OUTPUT
BENCH_OUTPUT "-" keeps every section after the learning curve of the current docs/MEASUREMENTS.md (the accuracy,
generalisation and learning-curve sections regenerated alone). The current-figures table and the lab notebook's
heading (everything before the accuracy section) are always kept as they are; the table is updated by hand.
"""
import re
import sys

KEPT_SECTIONS = ("## Company registry", "## Scaling out on Spark", "## Robustness of the store")


def main():
    dev, hs, lcd, lch = (open(p, encoding="utf-8").read().rstrip() for p in sys.argv[1:5])
    if sys.argv[5] == "-":
        current = open("docs/MEASUREMENTS.md", encoding="utf-8").read()
        curve = current.index("## Naive-Bayes learning curve")
        kept = current[current.index("\n## ", curve + 1) + 1:]
        open("docs/MEASUREMENTS.md", "w", encoding="utf-8").write(preamble(current) + "\n".join(head(dev, hs, lcd, lch)) + "\n" + kept)
        return
    bench = open(sys.argv[5], encoding="utf-8").read().rstrip()
    table = bench[bench.index("garden benchmark"):bench.rindex("exit")].rstrip()
    rows = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) >= 2:
            rows[cells[0]] = cells[1]

    def value(prefix):
        for label, result in rows.items():
            if label.startswith(prefix):
                return result
        return "?"

    def number(text):
        return float(re.sub(r"[^0-9.]", "", text.split()[0]))

    single = number(value("resolve, built-in catalog, --jobs 1"))
    double = number(value("resolve, built-in catalog, --jobs 2"))
    passthrough = number(value("pass-through"))
    k100 = number(value("resolve, catalog + 100 user rules"))
    k100k = number(value("resolve, catalog + 100,000 user rules"))
    cold = number(value("cold start"))
    memory = number(value("peak memory"))
    explain = number(value("explain of one row"))
    teach = number(value("teach ("))
    full = number(value("recategorize, all"))
    one = number(value("recategorize after adding one rule"))

    def status(ok):
        return "met" if ok else "**not met**"

    targets = [
        ("`resolve` single-threaded ≥ 250,000 rows/s", "{:,.0f} rows/s".format(single), status(single >= 250_000)),
        ("`resolve` ≥ half of the pass-through", "{:.0f} % (pass-through {:,.0f} rows/s)".format(100 * single / passthrough, passthrough),
         status(single >= passthrough / 2)),
        ("K = 100,000 ≥ 80 % of K = 100", "{:.0f} % (catalog load of 100k rules included)".format(100 * k100k / k100), status(k100k >= 0.8 * k100)),
        ("`--jobs 2` ≥ 1.5× `--jobs 1`", "{:.2f}×".format(double / single), status(double >= 1.5 * single)),
        ("cold start < 50 ms", "{:.1f} ms".format(cold), status(cold < 50)),
        ("`explain` of one row < 100 ms", "{:.1f} ms".format(explain), status(explain < 100)),
        ("peak memory < 100 MB", "{:.1f} MB".format(memory), status(memory < 100)),
        ("`teach` < 50 ms on a 1M-row ledger", "{:.1f} ms (median of 11)".format(teach), status(teach < 50)),
        ("`recategorize` of 1M rows < 30 s", "{:.1f} s".format(full), status(full < 30)),
        ("`recategorize --rule` after one new rule < 1 s", "{:.2f} s".format(one), status(one < 1)),
    ]
    out = head(dev, hs, lcd, lch) + [
           "## Benchmark: `bench/run.sh`", "",
           "Release build, 2 cores, generated rows (`bench/generate.py`, seeded), end to end from a file to /dev/null.", "",
           table, "", "| target | measured | status |", "|---|---|---|"]
    out += ["| %s | %s | %s |" % t for t in targets]
    out += ["",
            "What limits single-threaded `resolve` (profiled with `perf` and `valgrind --tool=callgrind`): matching itself is",
            "cheap (the automaton is about 3 % of instructions and flat in K); the cost is the work around it, about",
            "95,000 instructions a row: descriptor analysis (tokenizing, boilerplate, documents, dates, places), the",
            "resolvers and the decision, reading the JSON into a transaction, and writing the resolution, with roughly a",
            "quarter of all instructions in Swift allocation and reference counting (strings, arrays and proposals made",
            "per row). Reaching 250k rows/s on one core needs an allocation-free row path (a reusable per-thread arena",
            "for tokens, matches and output; byte spans instead of `String`s until output). `--jobs` (default: all cores)",
            "is the way to use the machine today."]
    # Sections measured by other scripts (bench/registry.sh, bench/link.py, examples/spark/check.sh) are kept as they are.
    try:
        previous = open("docs/MEASUREMENTS.md", encoding="utf-8").read()
    except FileNotFoundError:
        previous = ""
    starts = [previous.index("\n" + heading) + 1 for heading in KEPT_SECTIONS if "\n" + heading in previous]
    if starts:
        out += [""] + previous[min(starts):].rstrip().splitlines()
    open("docs/MEASUREMENTS.md", "w", encoding="utf-8").write(preamble(previous) + "\n".join(out) + "\n")


def preamble(current):
    """The text before the accuracy section (title, current figures, the lab notebook's heading), kept as it is."""
    marker = "\n## Accuracy: "
    if marker in current:
        return current[:current.index(marker) + 1]
    return "# Measurements\n\nRegenerate with `tools/measurements.py`.\n\n"


def head(dev, hs, lcd, lch):
    """The sections before the benchmark: accuracy, the generalisation check, the learning curve."""
    return ["## Accuracy: `garden eval ../shared/dev/descriptors.jsonl --by source --quiet`", "",
           "No store, default threshold 0.60. 164 rows from 33 sources (banks, exporters, aggregators); every row names its",
           "source, and the table by source is read leave-one-source-out: a change that makes any source worse is a",
           "regression. Acceptance (issue 8, high+medium labels): category ≥ 90 %, merchant ≥ 85 %, kind ≥ 85 %, category",
           "≥ 97 % among rows not flagged, review rate ≤ 20 %, no source below 70 % category.", "", "```", dev, "```", "",
           "## Generalisation check: `garden eval examples/holdout-synthetic.jsonl`", "",
           "160 rows written (by a helper session, from knowledge of the formats, not copied) to imitate banks and",
           "layouts absent from the dev set: Itaú, Bradesco, Banco do Brasil, Caixa, Inter, C6, BTG, Mercado Pago,",
           "PicPay, Santander card bills, Chase, Bank of America, Citi, Capital One, Amex, Discover and credit unions.",
           "It was used to find kinds of faults (boilerplate, places, person names, truncation), not to fit rows; the",
           "official held-out set is not visible here.", "", "```", hs, "```", "",
           "## Naive-Bayes learning curve: `garden eval FILE --learning-curve`", "",
           "The model alone (no catalog), trained on k labelled rows and scored on the rest, 5 seeded shuffles. The dev",
           "set has almost one merchant per row, so a few corrections rarely teach anything about another row; in use the",
           "model serves rows that repeat a taught merchant's words, and it abstains below the threshold, before 10",
           "corrections, and unless a word of the row was seen under a category taught at least twice. No scikit-learn",
           "yardstick: the package is not installed here.", "", "```", lcd, "```", "", "```", lch, "```", ""]


if __name__ == "__main__":
    main()
