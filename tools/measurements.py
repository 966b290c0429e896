#!/usr/bin/env python3
"""Writes docs/MEASUREMENTS.md from the outputs of `garden eval` and `bench/run.sh` (for garden's maintainers).

usage: tools/measurements.py EVAL_DEV EVAL_HOLDOUT CURVE_DEV CURVE_HOLDOUT BENCH_OUTPUT
Regenerates the accuracy, generalisation and learning-curve sections and, unless BENCH_OUTPUT is "-", appends a
dated benchmark section at the end of the notebook; every other section is kept as it is, in place. The
current-figures table and the lab notebook's heading (everything before the accuracy section) are always kept as
they are; the table is updated by hand.
"""
import re
import sys

def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__.strip().splitlines()[2])
    dev, hs, lcd, lch = (open(p, encoding="utf-8").read().rstrip() for p in sys.argv[1:5])
    current = open("docs/MEASUREMENTS.md", encoding="utf-8").read()
    curve = current.index("## Naive-Bayes learning curve")
    kept = current[current.index("\n## ", curve + 1) + 1:]
    if sys.argv[5] != "-":
        kept = kept.rstrip() + "\n\n" + benchmark_section(open(sys.argv[5], encoding="utf-8").read().rstrip())
    open("docs/MEASUREMENTS.md", "w", encoding="utf-8").write(preamble(current) + "\n".join(head(dev, hs, lcd, lch)) + "\n" + kept)


def benchmark_section(bench):
    """A dated notebook section from one `bench/run.sh` output: its table and the targets of issue 26."""
    table = bench[bench.index("garden benchmark"):bench.rindex("exit")].rstrip()
    rows = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) >= 2:
            rows[cells[0]] = cells[1]

    def number(prefix):
        for label, result in rows.items():
            if label.startswith(prefix):
                return float(re.sub(r"[^0-9.]", "", result.split()[0]))
        return float("nan")

    single = number("resolve, built-in catalog, --jobs 1")
    double = number("resolve, built-in catalog, --jobs 2")
    passthrough = number("pass-through")
    k100 = number("resolve, catalog + 100 user rules")
    k100k = number("resolve, catalog + 100,000 user rules")
    cold = number("cold start")
    memory = number("peak memory")

    def status(ok):
        return "met" if ok else "**not met**"

    targets = [
        ("`resolve --jobs 1` ≥ 250,000 rows/s", "{:,.0f} rows/s".format(single), status(single >= 250_000)),
        ("`resolve` ≥ 25 % of the pass-through", "{:.0f} % (pass-through {:,.0f} rows/s)".format(100 * single / passthrough, passthrough),
         status(single >= passthrough / 4)),
        ("`--jobs 2` ≥ 1.8× `--jobs 1`", "{:.2f}×".format(double / single), status(double >= 1.8 * single)),
        ("K = 100,000 within 90 % of K = 100", "{:.0f} %".format(100 * k100k / k100), status(k100k >= 0.9 * k100)),
        ("cold start < 30 ms", "{:.1f} ms".format(cold), status(cold < 30)),
        ("peak memory < 100 MB", "{:.1f} MB".format(memory), status(memory < 100)),
    ]
    first = table.splitlines()[0]
    out = ["## Benchmark: `bench/run.sh` (" + first.rsplit(";", 1)[-1].strip() + ")", "",
           "Release build, 2 cores, generated rows (`bench/generate.py`, seeded), end to end from a file to /dev/null;",
           "targets of issue 26. Where the instructions a row go, stage by stage: `bench/stages.py` (printed by",
           "`bench/run.sh`).", "", table, "", "| target | measured | status |", "|---|---|---|"]
    out += ["| %s | %s | %s |" % t for t in targets]
    return "\n".join(out) + "\n"


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
