#!/usr/bin/env python3
"""garden's stage budget: instructions a row for each stage of the row path (issue 26), counted by valgrind's
callgrind on a release build, so a later knowledge addition shows what it costs and where. A figure that does not
depend on the machine's load (wall times on this shared machine do).

    python3 bench/stages.py [BINARY]     # default .build/release/garden; ROWS (default 2,000), BASE_ROWS (200),
                                         # RECORD=0 skips --record; ROWS=20000 BASE_ROWS=2000 for the mallocs figure

Runs `resolve --jobs 1` (and `resolve --record --jobs 1` into a fresh ledger) under callgrind on ROWS generated rows
(bench/generate.py, seed 7) and on their first BASE_ROWS; a stage's cost a row is (its inclusive instructions on ROWS
rows − on BASE_ROWS) / (ROWS − BASE_ROWS), so start-up and one-time work (tables read lazily on their first use) are
left out. The same difference of the calls into the C allocator (`malloc`, `calloc`, `realloc`, `posix_memalign`)
gives the allocations a row. A stage is the inclusive cost of
the calls into the functions named below (what a stage calls counts in it; the resolvers read the analysis the
pipeline made before them, so they do not include it). Prints a Markdown table; `--json` prints the
figures as JSON (bench/run.py reads it).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN = [sys.executable, os.path.join(ROOT, "bench", "generate.py")]
ROWS = int(os.environ.get("ROWS", 2_000))
BASE = int(os.environ.get("BASE_ROWS", 200))   # the rows whose cost is subtracted (start-up, lazy tables, first rows)
ENV = dict(os.environ, GARDEN_RULES_DIR="/nonexistent", GARDEN_DB="/nonexistent/garden.db")
ENV.pop("GARDEN_DATA", None)

# A stage is a list of (sign, regex over demangled function names): its cost is the inclusive cost of the calls
# into the matching functions (from functions that do not match the same regex: a protocol witness and the method
# it calls, or a recursion, count once), "-" components subtract. `CALLER>CALLEE` counts only calls from CALLER.
RESOLVERS = ["ManualOverride", "UserRule", "MerchantMemory", "ProcessorPrefix", "OperationType", "PublicService", "BankLine",
             "PublicBody", "Transfer", "Marketplace", "Channel", "BrandCatalog", "Wrapper", "CNPJRegistry",
             "CNAE", "MCC", "ProviderCategory", "OnlineService", "University", "TravelBrand", "StateAgency", "WebDomain",
             "NaiveBayes", "Keyword", "BoletoSegment", "TradeName", "CorpusTradeWord"]
PROPOSE = r"protocol witness for GardenEngine\.Resolver\.propose\(.* in conformance GardenResolvers\.%sResolver "
RESOLVE = r"GardenEngine\.Pipeline\.resolve\((__owned )?GardenFoundation\.Transaction\)"
IN_RESOLVE = r"GardenEngine\.Pipeline\.resolve\("
COUNTERPARTY = r"GardenAnalysis\.Counterparty\.init\(transaction:"
ROW_ID = r"GardenEngine\.Pipeline\.rowID\(GardenFoundation\.Transaction\)"
FIRST = r"GardenEngine\.Pipeline\.firstPhase\("
# A family's members (issue 34) are asked from a function of their own: its own work is pipeline glue, its calls into
# the members count in their resolvers' stages.
FAMILY = r"GardenEngine\.Pipeline\.familyProposal\("
ANALYZE = r"GardenAnalysis\.DescriptorAnalyzer\.analyze\(GardenFoundation\.Transaction\)"
DECIDE = r"GardenEngine\.Pipeline\.decide\(GardenEngine\.ResolutionContext"
READ = r"Garden\w+\.RowReader\.read\(\[Swift\.UInt8\]\)"
WRITE = r"GardenEngine\.ResolutionWriter\.write\(_: GardenEngine\.Resolution, into"
# The splice: `replacingMember`, or the root rewrite it calls when it is inlined into the row loop.
SPLICE = r"GardenFoundation\.JSONSplice\.(replacingMember|rewritingRoot)\("
ANY_PROPOSE = PROPOSE % r"\w+"
STAGES = [("JSON in: parse the line, read the transaction", [("+", READ)]),
          ("descriptor analysis (the descriptor, the counterparty)", [("+", ANALYZE), ("+", IN_RESOLVE + ">" + COUNTERPARTY)]),
          ("row id (content hash)", [("+", IN_RESOLVE + ">" + ROW_ID)])] + \
         [("resolver %s" % name, [("+", PROPOSE % name)]) for name in RESOLVERS] + \
         [("merchant identity (first phase less its resolvers)", [("+", FIRST), ("-", FIRST + ">" + ANY_PROPOSE), ("-", FIRST + ">" + FAMILY)]),
          ("decision (category, merchant, flow, review, budget, key)", [("+", DECIDE)]),
          ("pipeline glue (context copies and teardown, withdrawals; resolve less the above)",
           [("+", RESOLVE)] + [("-", IN_RESOLVE + ">" + p) for p in (ANALYZE, COUNTERPARTY, ROW_ID, FIRST, ANY_PROPOSE, DECIDE, FAMILY)]
           + [("+", FAMILY), ("-", FAMILY + ">" + ANY_PROPOSE)]),
          # The resolution is written inside the splice (straight into the output buffer): counted once.
          ("JSON out: write the resolution, splice it into the line", [("+", WRITE), ("+", SPLICE), ("-", r"closure .* in Garden\w+\.RowProcessor\.process\(.*>" + WRITE)])]
RECORD_STAGES = [("ledger row (masking, columns, text)", [("+", r"GardenCLI\.LedgerRecorder\.row\(")]),
                 ("ledger write (SQLite, full-text index)", [("+", r"GardenStore\.Store\.recordRows\(")])]


ALLOCATORS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign"}


def read_calls(path):
    """{(caller, callee): inclusive instructions of the calls}, the program's total, and the number of calls into the C
    allocator (`malloc` and its kin: every Swift object, array and string buffer is one), from a callgrind file."""
    names, calls, total, allocations = {}, {}, 0, 0
    fn = cfn = None
    pending = False
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith(("fn=", "cfn=")):
                key, _, rest = line.rstrip("\n").partition("=")
                m = re.match(r"\((\d+)\)(?: (.*))?", rest)
                ident = m.group(1)
                if m.group(2) is not None:
                    names[ident] = m.group(2)
                if key == "fn":
                    fn = ident
                else:
                    cfn = ident
            elif line.startswith("calls="):
                pending = True
                if names.get(cfn) in ALLOCATORS:
                    allocations += int(line[6:].split()[0])
            elif pending and line[:1] in "0123456789+-*":
                parts = line.split()
                calls[(fn, cfn)] = calls.get((fn, cfn), 0) + int(parts[-1])
                pending = False
            elif line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[-1])
    ids = list(names)
    demangled = subprocess.run(["swift", "demangle"], input="\n".join(names[i] for i in ids).encode(), capture_output=True,
                               check=True).stdout.decode("utf-8", "replace").splitlines()
    readable = dict(zip(ids, demangled))
    return {(readable.get(a, a), readable.get(b, b)): c for (a, b), c in calls.items()}, total, allocations


def inclusive(calls, pattern):
    """The instructions of the calls into functions matching `pattern` (`CALLER>CALLEE`: from CALLER only)."""
    caller, _, callee = pattern.rpartition(">") if ">" in pattern and not pattern.startswith(">") else ("", "", pattern)
    total = 0
    for (a, b), cost in calls.items():
        if re.search(callee, b) and not re.search(callee, a) and (not caller or re.search(caller, a)):
            total += cost
    return total


def callgrind(args, stdin_path, out):
    with open(stdin_path, "rb") as f:
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + args, stdin=f,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, check=True)
    return read_calls(out)


def with_found_resolvers(stages, calls):
    """`stages` with a row for every resolver the run called that RESOLVERS does not name (one added later)."""
    found = sorted({m.group(1) for (_, b) in calls for m in [re.search(r"in conformance \w+\.(\w+)Resolver : GardenEngine\.Resolver", b)]
                    if m and "Resolver.propose(" in b} - set(RESOLVERS))
    if not found:
        return stages
    at = next(i for i, (label, _) in enumerate(stages) if label.startswith("merchant identity"))
    extra = [("resolver %s" % name, [("+", r"protocol witness for GardenEngine\.Resolver\.propose\(.* in conformance \w+\.%sResolver " % name)])
             for name in found]
    return stages[:at] + extra + stages[at:]


def stage_costs(calls, stages):
    return [(label, sum(inclusive(calls, p) * (1 if sign == "+" else -1) for sign, p in parts)) for label, parts in stages]


def measure(binary, tmp, record):
    rows, one = os.path.join(tmp, "rows.jsonl"), os.path.join(tmp, "one.jsonl")
    with open(rows, "wb") as f:
        subprocess.run(GEN + ["rows", str(ROWS), "--seed", "7"], stdout=f, check=True)
    with open(rows, "rb") as f, open(one, "wb") as g:
        for _ in range(BASE):
            g.write(f.readline())
    # A cache of the compiled catalog of its own: the shared one keeps only the 4 latest images, and another binary's
    # run may evict this one's between the two measured runs (a rebuilt catalog is ~2 G instructions).
    ENV["GARDEN_CACHE_DIR"] = os.path.join(tmp, "cache")
    figures = {}
    runs = [("resolve", [binary, "resolve", "--jobs", "1"], STAGES)]
    if record:
        runs.append(("record", [binary, "resolve", "--record", "--jobs", "1"], STAGES + RECORD_STAGES))
    for key, args, stages in runs:
        per = {}
        ENV["GARDEN_DB"] = os.path.join(tmp, "warm-%s.db" % key) if key == "record" else "/nonexistent/garden.db"
        # Compiles the catalog image if it is not cached yet, under callgrind too: the image's key holds the running
        # executable's stamp, which under valgrind is the tool's. Twice: the first run after a compile checksums the
        # image and leaves a verified mark that later runs trust; done in one measured run and not in the other,
        # that checksum (6 M instructions) counted as ~3.4 k a row of 1,800.
        for _ in range(2):
            with open(one, "rb") as f:
                subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + args, stdin=f,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        for count, path in ((ROWS, rows), (BASE, one)):
            if key == "record":
                ENV["GARDEN_DB"] = os.path.join(tmp, "ledger-%d.db" % count)
            costs, total, allocations = callgrind(args, path, os.path.join(tmp, "cg-%s-%d.out" % (key, count)))
            if count == ROWS:
                stages = with_found_resolvers(stages, costs)
            per[count] = (stage_costs(costs, stages), total, allocations)
        many, first = per[ROWS], per[BASE]
        stages_a_row = [(label, (a - b) / (ROWS - BASE)) for (label, a), (_, b) in zip(many[0], first[0])]
        figures[key] = {"stages": stages_a_row, "total": (many[1] - first[1]) / (ROWS - BASE),
                        "mallocs": (many[2] - first[2]) / (ROWS - BASE)}
    return figures


def table(figures):
    lines = []
    for key, label in (("resolve", "`resolve --jobs 1`"), ("record", "`resolve --record --jobs 1`, fresh ledger")):
        if key not in figures:
            continue
        f = figures[key]
        lines.append("Stage budget of %s: instructions a row (callgrind; %s generated rows minus their first %s, so start-up"
                     " and one-time tables are left out)" % (label, "{:,}".format(ROWS), "{:,}".format(BASE)))
        lines.append("")
        lines.append("| stage | instructions a row | share |")
        lines.append("|---|---|---|")
        counted = 0
        for name, cost in f["stages"]:
            counted += cost
            lines.append("| %s | %s | %.1f %% |" % (name, "{:,.0f}".format(cost), 100 * cost / f["total"]))
        lines.append("| the rest (reading lines, the loop, writing out, teardown) | %s | %.1f %% |"
                     % ("{:,.0f}".format(f["total"] - counted), 100 * (f["total"] - counted) / f["total"]))
        lines.append("| **a row, all of it** | **%s** | 100 %% |" % "{:,.0f}".format(f["total"]))
        lines.append("")
        lines.append("Allocations a row (calls into `malloc` and its kin, same difference): %.1f" % f["mallocs"])
        lines.append("")
    return "\n".join(lines)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    binary = args[0] if args else os.path.join(ROOT, ".build", "release", "garden")
    with tempfile.TemporaryDirectory(prefix="garden-stages-") as tmp:
        figures = measure(binary, tmp, os.environ.get("RECORD", "1") == "1")
    if "--json" in sys.argv:
        print(json.dumps(figures))
    else:
        print(table(figures))


if __name__ == "__main__":
    main()
