#!/usr/bin/env python3
"""Checks the Spark job's output against single-process `garden resolve`, row for row.

usage: compare.py --input FILE... --garden BIN --data DIR --store TENANT=DB... --output DIR --errors DIR --format json|parquet

The reference: the input's lines grouped by tenant (as JSON reads them; a line that is not a JSON object has
none), each group piped through one `garden resolve --jobs 2` against the tenant's live store (not a
snapshot, not --read-only) or no store, line numbers mapped back to the input's. The Spark output must hold
exactly the reference's lines (parquet: per (tenant, line), with the flattened columns equal to the
resolution's members) and its error side output exactly the reference's errors. Exit 1 with the first
differences otherwise. Written for garden; needs pyspark (to read Parquet).
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

LINE_ERROR = re.compile(r"^garden: line (\d+): (.*)$")


def tenant_of(raw):
    try:
        value = json.loads(raw)
    except ValueError:
        return None
    tenant = value.get("tenant") if isinstance(value, dict) else None
    return None if tenant is None else str(tenant)


def reference(args):
    """{(tenant, file, line): output line} and {(tenant, file, line, message)} from single-process garden runs."""
    stores = dict(item.split("=", 1) for item in args.store)
    groups = defaultdict(list)
    for path in args.input:
        with open(path, "rb") as f:
            for number, raw in enumerate(f, start=1):
                raw = raw.rstrip(b"\n")
                if raw.strip(b" \t"):
                    groups[tenant_of(raw)].append(((os.path.basename(path), number), raw))
    outputs, errors = {}, set()
    for tenant, rows in groups.items():
        command = [args.garden, "resolve", "--no-user-rules", "--jobs", "2", "--data", args.data]
        command += ["--db", stores[tenant]] if tenant in stores else []
        run = subprocess.run(command, input=b"".join(raw + b"\n" for _, raw in rows), capture_output=True,
                             env=dict(os.environ, GARDEN_DB="/dev/null/garden.db", GARDEN_REGISTRY="/dev/null/registry.db"))
        if run.returncode not in (0, 65):
            sys.exit("reference garden failed (%d): %s" % (run.returncode, run.stderr.decode()))
        rejected = set()
        for message in run.stderr.decode().splitlines():
            n, reason = LINE_ERROR.match(message).groups()
            line = rows[int(n) - 1][0]
            rejected.add(int(n))
            errors.add((tenant, line[0], line[1], "garden: line %d: %s" % (line[1], reason)))
        accepted = [line for i, (line, _) in enumerate(rows, start=1) if i not in rejected]
        lines = run.stdout.decode().splitlines()
        assert len(lines) == len(accepted), (tenant, len(lines), len(accepted))
        outputs.update(((tenant,) + line, text) for line, text in zip(accepted, lines))
    return outputs, errors


def flattened(text):
    r = json.loads(text)["resolution"]
    merchant, category, budget = r["merchant"] or {}, r["category"] or {}, r["budget"] or {}
    return [r["row_id"], merchant.get("name"), merchant.get("kind"), category.get("id"), budget.get("id"), r["review"],
            r["review_reasons"], r["direction"], r["flow"]]


def spark_rows(args):
    """{(tenant, file, line): (output line, flattened columns)} from the job's Parquet, or sorted lines from its JSON."""
    if args.format == "json":
        lines = []
        for part in sorted(glob.glob(os.path.join(args.output, "part-*"))):
            with open(part, encoding="utf-8") as f:
                lines.extend(f.read().splitlines())
        return sorted(lines)
    from pyspark.sql import SparkSession
    spark = SparkSession.builder.master("local[2]").appName("garden-compare").getOrCreate()
    columns = ["row_id", "merchant", "merchant_kind", "category", "budget", "review", "review_reasons", "direction", "flow"]
    rows = {(r.tenant, os.path.basename(r.file), r.line): (r.resolved, [r[c] for c in columns])
            for r in spark.read.parquet(args.output).toLocalIterator()}
    spark.stop()
    return rows


def main():
    parser = argparse.ArgumentParser()
    for name in ("--garden", "--data", "--output", "--errors"):
        parser.add_argument(name, required=True)
    parser.add_argument("--input", action="append", required=True, help="an input file (repeatable)")
    parser.add_argument("--store", action="append", default=[])
    parser.add_argument("--format", choices=["json", "parquet"], required=True)
    args = parser.parse_args()
    outputs, errors = reference(args)
    got = spark_rows(args)
    problems = []
    if args.format == "json":
        if got != sorted(outputs.values()):
            problems.append("the JSON lines differ from the reference (%d vs %d lines)" % (len(got), len(outputs)))
    else:
        for key in sorted(set(outputs) | set(got), key=lambda k: (str(k[0]), k[1], k[2])):
            if key not in got or key not in outputs:
                problems.append("%s: only in %s" % (key, "spark" if key in got else "the reference"))
            elif got[key][0] != outputs[key] or got[key][1] != flattened(outputs[key]):
                problems.append("%s:\n  spark     %s\n  reference %s" % (key, got[key], outputs[key]))
    found = set()
    for part in glob.glob(os.path.join(args.errors, "part-*")):
        with open(part, encoding="utf-8") as f:
            found.update((e.get("tenant"), os.path.basename(e["file"]), e["line"], e["error"]) for e in map(json.loads, f))
    if found != errors:
        problems.append("errors differ: only in spark %s; only in the reference %s" % (sorted(found - errors, key=str)[:5], sorted(errors - found, key=str)[:5]))
    if problems:
        print("compare: %d difference(s):\n%s" % (len(problems), "\n".join(problems[:10])))
        sys.exit(1)
    print("compare: %d rows and %d errors equal to single-process garden resolve" % (len(outputs), len(errors)))


if __name__ == "__main__":
    main()
