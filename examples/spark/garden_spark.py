#!/usr/bin/env python3
"""garden resolve as a stage of a Spark job: each tenant's rows piped through `garden resolve --read-only`.

usage: spark-submit garden_spark.py --input PATH --output PATH --errors PATH [--input-format json|parquet]
           [--output-format json|parquet] [--tenant-column tenant] [--snapshots DIR] [--registry DB] [--garden BIN] [--data DIR]
           [--partitions N] [--rows-per-process N]

Reads JSON lines (each line's bytes kept as they are: garden echoes them) or Parquet with garden's canonical
columns (each row turned into one JSON object), numbers the rows of each input file, spreads each tenant's
rows over ceil(rows / --rows-per-process) partitions, and pipes every (partition, tenant) run through one
`garden resolve --read-only --db SNAPSHOTS/<tenant>.db --jobs 1` process (a snapshot made by `garden
snapshot`); a tenant without a snapshot (or a row without a tenant) is resolved with the shipped catalogs
alone. Output: garden's lines as they are (json) or Parquet with the resolution flattened (tenant, file,
line, row_id, merchant, merchant_kind, category, budget, review, review_reasons, direction, flow, and the
whole output line in `resolved`). Every `garden: line N: ...` garden reports goes to the --errors side
output (JSON lines: tenant, file, line, error: the message with N rewritten to the row's line number in its
input file) and is never dropped; any other failure of garden (an exit code other than 0 and 65, a message
that is not about a line, or a count of rows that does not add up) fails the task, and so the job, loudly.

Paths (--garden, --data, --snapshots) are used as given when they exist, else looked up in the folder where
Spark puts --files and unpacks --archives (SparkFiles), so the same line works with a shared path or with
`--archives garden.tgz#garden,snapshots.tgz#snapshots`.
Written for garden; needs pyspark only.
"""
import argparse
import array
import itertools
import json
import os
import re
import subprocess
import tempfile
import time

from pyspark import AccumulatorParam, SparkFiles, StorageLevel
from pyspark.sql import SparkSession, functions as F, types as T

LINE_ERROR = re.compile(rb"^garden: line (\d+): (.*)$")
SAFE_TENANT = re.compile(r"^[A-Za-z0-9_@-][A-Za-z0-9_.@-]*$")
NO_STORE = "/dev/null/garden.db"  # never exists: garden then reads no store at all
NO_REGISTRY = "/dev/null/registry.db"  # never exists either: no registry (given as $GARDEN_REGISTRY)
BLANK = frozenset(b" \t")

OUTPUT_SCHEMA = T.StructType([
    T.StructField("tenant", T.StringType()),
    T.StructField("file", T.StringType()),
    T.StructField("line", T.LongType()),
    T.StructField("row_id", T.StringType()),
    T.StructField("merchant", T.StringType()),
    T.StructField("merchant_kind", T.StringType()),
    T.StructField("category", T.StringType()),
    T.StructField("budget", T.StringType()),
    T.StructField("review", T.BooleanType()),
    T.StructField("review_reasons", T.ArrayType(T.StringType())),
    T.StructField("direction", T.StringType()),
    T.StructField("flow", T.StringType()),
    T.StructField("resolved", T.StringType()),
    T.StructField("error", T.StringType()),
])


def locate(path):
    """`path` as given when it exists, else under the SparkFiles root (where --files/--archives land)."""
    if path is None or os.path.exists(path):
        return path
    shipped = os.path.join(SparkFiles.getRootDirectory(), path)
    return shipped if os.path.exists(shipped) else path


def snapshot_for(tenant, snapshots):
    """The tenant's snapshot file, or None (catalogs alone)."""
    if tenant is None or snapshots is None:
        return None
    if not SAFE_TENANT.match(tenant):
        raise ValueError("tenant %r cannot name a snapshot file (letters, digits, _ . @ - only)" % tenant)
    path = os.path.join(snapshots, tenant + ".db")
    return path if os.path.exists(path) else None


def flatten(tenant, file, line, output):
    """One output row from one line garden wrote: the appended "resolution" member parsed alone."""
    text = output.decode("utf-8")
    start = text.rfind(',"resolution":')
    r = json.loads(text[start + 14:-1])
    merchant, category, budget = r.get("merchant") or {}, r.get("category") or {}, r.get("budget") or {}
    return (tenant, file, line, r.get("row_id"), merchant.get("name"), merchant.get("kind"), category.get("id"), budget.get("id"),
            r.get("review"), r.get("review_reasons"), r.get("direction"), r.get("flow"), text, None)


def run_garden(tenant, rows, config):
    """Pipes one tenant's rows (sorted by line) through one garden process; yields output and error rows."""
    garden, data, snapshots, registry, work, cpu = config
    snapshot = snapshot_for(tenant, snapshots)
    # The same registry (or none) for every tenant: never one that happens to lie beside a snapshot. None is
    # said through $GARDEN_REGISTRY (a path that never exists): a --registry that is not there is exit 66.
    command = [garden, "resolve", "--no-user-rules", "--jobs", "1"] + (["--registry", registry] if registry else [])
    command += ["--data", data] if data else []
    command += ["--read-only", "--db", snapshot] if snapshot else []
    numbers, files, names = array.array("q"), array.array("l"), {}
    with tempfile.TemporaryDirectory(dir=work) as folder:
        paths = [os.path.join(folder, name) for name in ("in.jsonl", "out.jsonl", "err.txt")]
        with open(paths[0], "wb") as sink:
            for row in rows:
                raw = bytes(row.raw)
                if all(b in BLANK for b in raw):
                    continue  # garden skips blank lines too: no output, no error
                numbers.append(row.line)
                files.append(names.setdefault(row.file, len(names)))
                sink.write(raw.replace(b"\n", b" ") + b"\n")
        # The compiled-catalog cache in the executor's local folder, shared by its tasks (unless set).
        env = dict(os.environ, GARDEN_DB=NO_STORE, GARDEN_REGISTRY=registry or NO_REGISTRY)
        env.setdefault("GARDEN_CACHE_DIR", os.path.join(work, "garden-cache"))
        with open(paths[0], "rb") as stdin, open(paths[1], "wb") as stdout, open(paths[2], "wb") as stderr:
            process = subprocess.Popen(command, stdin=stdin, stdout=stdout, stderr=stderr, env=env)
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = code = os.waitstatus_to_exitcode(status)
        if cpu is not None:
            cpu.add((usage.ru_utime + usage.ru_stime, 0.0, 1))
        with open(paths[2], "rb") as f:
            messages = f.read().splitlines()
        names = {number: name for name, number in names.items()}
        rejected = {}
        for message in messages:
            match = LINE_ERROR.match(message)
            if code not in (0, 65) or not match:
                raise RuntimeError("garden failed for tenant %r (exit %d): %s" % (tenant, code, b"\n".join(messages[-20:]).decode("utf-8", "replace")))
            rejected[int(match.group(1))] = match.group(2).decode("utf-8", "replace")
        for number, reason in sorted(rejected.items()):
            line = numbers[number - 1]
            yield (tenant, names[files[number - 1]], line) + (None,) * 10 + ("garden: line %d: %s" % (line, reason),)
        produced = 0
        with open(paths[1], "rb") as outputs:
            accepted = (i for i in range(len(numbers)) if (i + 1) not in rejected)
            for output, i in zip(outputs, accepted):
                produced += 1
                yield flatten(tenant, names[files[i]], numbers[i], output.rstrip(b"\n"))
        if produced + len(rejected) != len(numbers):
            raise RuntimeError("garden wrote %d line(s) and rejected %d of %d for tenant %r" % (produced, len(rejected), len(numbers), tenant))


def resolve_partition(rows, config):
    """A partition sorted by (tenant, line): one garden process per tenant run."""
    started = time.process_time()
    for tenant, group in itertools.groupby(rows, key=lambda row: row.tenant):
        yield from run_garden(tenant, group, config)
    if config[-1] is not None:
        config[-1].add((0.0, time.process_time() - started, 0))


class CPUAccumulator(AccumulatorParam):
    """(garden CPU seconds, Python worker CPU seconds, garden processes), summed over tasks."""

    def zero(self, value):
        return (0.0, 0.0, 0)

    def addInPlace(self, a, b):
        return tuple(x + y for x, y in zip(a, b))


def jvm_cpu_seconds():
    """CPU seconds of the JVM that started this driver (in local mode, the executors too), from /proc."""
    try:
        with open("/proc/%d/stat" % os.getppid()) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def read_input(spark, args):
    """(tenant, file, line, raw) rows: line is the 1-based row number in its input file, raw the line's bytes (a
    UTF-8 byte-order mark before a file's first line dropped, as garden drops it). Numbered on the JVM side: the
    input is read once more to count the rows of each (partition, file) chunk; a chunk's rows are consecutive
    in its file and a file's chunks come in partition order."""
    if args.input_format == "json":
        frame = spark.read.text(args.input).select(F.col("value").cast("binary").alias("raw"))
        frame = frame.select(F.get_json_object(F.col("raw").cast("string"), "$." + args.tenant_column).alias("tenant"), "raw")
    else:
        frame = spark.read.parquet(args.input)
        frame = frame.select(F.col(args.tenant_column).cast("string").alias("tenant"), F.to_json(F.struct(*frame.columns)).cast("binary").alias("raw"))
    frame = frame.select("*", F.input_file_name().alias("file"), F.monotonically_increasing_id().alias("id"),
                         F.concat_ws("|", F.spark_partition_id(), F.input_file_name()).alias("chunk"))
    chunks = frame.groupBy("chunk", "file").agg(F.min("id").alias("first"), F.count("*").alias("rows")).collect()
    before, starts = {}, []
    for chunk in sorted(chunks, key=lambda c: c.first):
        starts += [F.lit(chunk.chunk), F.lit(before.get(chunk.file, 0) - chunk.first + 1)]
        before[chunk.file] = before.get(chunk.file, 0) + chunk.rows
    if not starts:
        return frame.select("tenant", "file", F.col("id").alias("line"), "raw")
    line = F.create_map(*starts)[F.col("chunk")] + F.col("id")
    bom = (line == 1) & (F.hex(F.substring("raw", 1, 3)) == "EFBBBF")
    return frame.select("tenant", "file", line.alias("line"), F.when(bom, F.expr("substring(raw, 4)")).otherwise(F.col("raw")).alias("raw"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--input", required=True)
    parser.add_argument("--input-format", choices=["json", "parquet"], default="json")
    parser.add_argument("--output", required=True)
    parser.add_argument("--output-format", choices=["json", "parquet"], default="parquet")
    parser.add_argument("--errors", required=True, help="side output: JSON lines {tenant, file, line, error}")
    parser.add_argument("--tenant-column", default="tenant")
    parser.add_argument("--snapshots", help="folder of <tenant>.db snapshots (garden snapshot)")
    parser.add_argument("--garden", default="garden/garden", help="the garden binary")
    parser.add_argument("--registry", help="company registry (garden registry import) for every tenant; default none")
    parser.add_argument("--data", help="garden's data folder (Rules/, Brands/, CNAE/), else beside the binary")
    parser.add_argument("--partitions", type=int, default=0, help="default: 2 x the default parallelism")
    parser.add_argument("--rows-per-process", type=int, default=50_000, help="rows of one tenant per garden process (a bound, not a target)")
    args = parser.parse_args()
    spark = SparkSession.builder.appName("garden-resolve").getOrCreate()
    started = time.monotonic()
    partitions = args.partitions or 2 * spark.sparkContext.defaultParallelism
    spark.conf.set("spark.sql.shuffle.partitions", partitions)  # the line count's small shuffle, not 200 tasks
    # Resolved on the executors (paths shipped with --files/--archives exist only there).
    garden, data, snapshots, registry = args.garden, args.data, args.snapshots, args.registry

    cpu = spark.sparkContext.accumulator((0.0, 0.0, 0), CPUAccumulator())

    def on_executor(rows):
        config = (os.path.abspath(locate(garden)), data and locate(data), snapshots and locate(snapshots), registry and locate(registry),
                  os.environ.get("SPARK_LOCAL_DIRS", tempfile.gettempdir()).split(",")[0], cpu)
        return resolve_partition(rows, config)

    rows = read_input(spark, args)
    # A tenant's rows go to ceil(rows / --rows-per-process) garden processes: one start for a small tenant,
    # several partitions for a large one. Bucketed by the line's bytes, so identical lines meet in one process
    # in input order and garden numbers their occurrences (row_id of rows without an id) as one process would.
    counts = rows.groupBy("tenant").count().withColumnRenamed("tenant", "counted")
    spread = rows.join(counts, rows.tenant.eqNullSafe(counts.counted), "left") \
        .withColumn("bucket", F.pmod(F.hash("raw"), F.ceil(F.col("count") / args.rows_per_process))) \
        .repartition(partitions, "tenant", "bucket").sortWithinPartitions("tenant", "file", "line").select("tenant", "file", "line", "raw")
    resolved = spark.createDataFrame(spread.rdd.mapPartitions(on_executor), OUTPUT_SCHEMA).persist(StorageLevel.MEMORY_AND_DISK)
    good = resolved.where(F.col("error").isNull())
    if args.output_format == "json":
        good.select("resolved").write.mode("overwrite").text(args.output)
    else:
        good.drop("error").write.mode("overwrite").parquet(args.output)
    errors = resolved.where(F.col("error").isNotNull()).select("tenant", "file", "line", "error")
    errors.write.mode("overwrite").json(args.errors)
    summary = {"resolved": good.count(), "rejected": errors.count()}
    seconds = time.monotonic() - started
    total = summary.get("resolved", 0) + summary.get("rejected", 0)
    print("garden-spark: %d row(s) resolved, %d rejected (see %s); %.1f s from session start, %.0f rows/s"
          % (summary.get("resolved", 0), summary.get("rejected", 0), args.errors, seconds, total / seconds))
    garden_cpu, worker_cpu, processes = cpu.value
    print("garden-spark: CPU seconds: JVM %.1f (driver and, in local mode, executors), Python workers %.1f, garden %.1f in %d process(es)"
          % (jvm_cpu_seconds(), worker_cpu, garden_cpu, processes))
    spark.stop()


if __name__ == "__main__":
    main()
