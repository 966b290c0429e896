#!/usr/bin/env bash
# The Spark check: the job in local[2] on ROWS (200,000) generated rows of two tenants must give, row for row,
# what single-process `garden resolve` gives. Builds garden (release), makes a virtualenv with pyspark
# (Java 17 needed), builds tenant acme's store (recorded rows, corrections, a rule, an identity) and its
# snapshot; tenant zeta has none. Run 1: JSON lines in, Parquet out, binary and snapshots on a shared path.
# Run 2: the same rows in two files, JSON lines out, binary and snapshots shipped with --archives.
# Run 3: 3,000 of them as Parquet with the canonical columns. Prints the timings
# docs/MEASUREMENTS.md quotes. Not part of the Swift suite: .ci/run runs it small every time (ROWS=3000 on the
# debug build) and full-size (this default, release) when GARDEN_SPARK=1; bench/ keeps the full-size figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
rows=${ROWS:-200000}
export PATH="/opt/swift/usr/bin:$PATH"
if ! command -v java > /dev/null || [ ! -x /usr/bin/time ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jre-headless time
fi
# GARDEN_SPARK_BUILD=debug checks the debug build (.ci/run's small check, right after the suite built it).
configuration=${GARDEN_SPARK_BUILD:-release}
swift build -c "$configuration"
bin="$(swift build -c "$configuration" --show-bin-path)"
venv=${GARDEN_SPARK_VENV:-$root/.build/spark-venv}
if ! "$venv/bin/python" -c "import pyspark" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "pyspark==4.3.0"
fi
export PYSPARK_PYTHON="$venv/bin/python" PYSPARK_DRIVER_PYTHON="$venv/bin/python"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g="$bin/garden"
export GARDEN_DB=/dev/null/garden.db GARDEN_RULES_DIR=/dev/null/rules
python3 examples/spark/make_input.py "$rows" > "$work/input.jsonl"

# Tenant acme learns: 3,000 of its rows recorded, 12 corrections, a rule and the holder's identity.
awk '/^\{"tenant": "acme"/ && n++ < 3000' "$work/input.jsonl" > "$work/acme-history.jsonl"
live="$work/acme-live.db"
"$g" resolve --record --db "$live" --data "$root" "$work/acme-history.jsonl" > /dev/null
categories=(food.restaurants food.groceries shopping.general transport.fuel)
i=0
for id in $(sed -n 's/.*"id": "\(b[0-9]*\)".*/\1/p' "$work/acme-history.jsonl" | awk 'NR <= 12'); do
  "$g" teach --db "$live" --data "$root" --id "$id" --category "${categories[i % 4]}" > /dev/null
  i=$((i + 1))
done
"$g" rules add --db "$live" --data "$root" 'if description "padaria" and direction out => category food.groceries' > /dev/null
"$g" me add --db "$live" --name "Ana Paula Ferreira" --document 529.982.247-25 > /dev/null
mkdir "$work/snapshots"
"$g" snapshot --db "$live" --out "$work/snapshots/acme.db"

# Wall and CPU seconds (user + sys of every process waited for) of a command, to $work/time.
timed() { /usr/bin/time -f "%e %U %S" -o "$work/time" "$@"; }
report() { tail -1 "$work/time" | awk -v what="$1" -v rows="$2" '{ printf "%s: %d rows, %.2f s wall, %.2f s CPU\n", what, rows, $1, $2 + $3 }'; }
submit() { timed "$venv/bin/spark-submit" --master "local[2]" --conf spark.ui.enabled=false --driver-memory 2g "$@" 2> "$work/spark.log" \
  || { tail -40 "$work/spark.log"; echo "spark job failed"; exit 1; }; }
compare() { "$venv/bin/python" examples/spark/compare.py --garden "$g" --data "$root" \
  --store "acme=$live" --errors "$work/errors" "$@" 2>> "$work/spark.log"; }

echo "== run 1: shared paths, Parquet out"
submit examples/spark/garden_spark.py --input "$work/input.jsonl" --output "$work/out.parquet" --errors "$work/errors" \
  --garden "$g" --data "$root" --snapshots "$work/snapshots"
report "spark-submit, local[2]" "$rows"
compare --input "$work/input.jsonl" --output "$work/out.parquet" --format parquet

# GARDEN_SPARK_QUICK=1 (.ci/run's check every time) stops after run 1: the whole job, both tenants (one with a
# snapshot, one without), checked row for row; the other runs and the timings are the full check's.
if [ "${GARDEN_SPARK_QUICK:-0}" = 1 ]; then echo "spark check (quick, run 1 only) passed"; exit 0; fi

echo "== run 2: --archives, JSON lines out, the input in two files"
mkdir "$work/split"
half=$((rows / 2))
awk -v h="$half" -v d="$work/split" '{ print > (NR <= h ? d "/a.jsonl" : d "/b.jsonl") }' "$work/input.jsonl"
mkdir "$work/ship"
cp "$g" "$work/ship/garden"
cp -R "$bin/garden_GardenCatalog.resources" "$work/ship/"
tar -czf "$work/garden.tgz" -C "$work/ship" .
tar -czf "$work/snapshots.tgz" -C "$work/snapshots" .
submit --archives "$work/garden.tgz#garden,$work/snapshots.tgz#snapshots" examples/spark/garden_spark.py \
  --input "$work/split" --output "$work/out.json" --output-format json --errors "$work/errors" \
  --garden garden/garden --snapshots snapshots
compare --input "$work/split/a.jsonl" --input "$work/split/b.jsonl" --output "$work/out.json" --format json

echo "== run 3: Parquet in (canonical columns), 3,000 rows"
head -3000 "$work/input.jsonl" > "$work/small.jsonl"
"$venv/bin/python" - "$work" 2>> "$work/spark.log" <<'PY'
import sys
from pyspark.sql import SparkSession
work = sys.argv[1]
spark = SparkSession.builder.master("local[2]").getOrCreate()
columns = ["tenant", "id", "date", "description", "amount", "currency", "account", "mcc", "counterparty"]
spark.read.json(work + "/small.jsonl").select(*columns).write.parquet(work + "/small.parquet")
spark.stop()
PY
submit examples/spark/garden_spark.py --input "$work/small.parquet" --input-format parquet --output "$work/out3" \
  --output-format json --errors "$work/errors3" --garden "$g" --data "$root" --snapshots "$work/snapshots"
# Every row is resolved or reported, and garden's output is a fixed point of garden: re-resolving each
# tenant's lines with its live store (or none) changes nothing.
[ "$(cat "$work"/out3/part-* "$work"/errors3/part-* | wc -l)" -eq 3000 ] || { echo "run 3: rows lost"; exit 1; }
for tenant in acme zeta; do
  store=(); [ $tenant = acme ] && store=(--db "$live")
  grep -h "^{\"tenant\":\"$tenant\"" "$work"/out3/part-* > "$work/out3-$tenant.jsonl"
  "$g" resolve --no-user-rules --data "$root" "${store[@]}" "$work/out3-$tenant.jsonl" | cmp - "$work/out3-$tenant.jsonl" \
    || { echo "run 3: $tenant's rows are not what garden gives"; exit 1; }
done
echo "run 3: $(cat "$work"/out3/part-* | wc -l) rows equal to garden on the same lines, $(cat "$work"/errors3/part-* | wc -l) errors reported"

echo "== single process, same input"
timed "$g" resolve --jobs 2 --no-user-rules --data "$root" --read-only --db "$work/snapshots/acme.db" "$work/input.jsonl" > /dev/null 2>&1 || [ $? -eq 65 ]
report "garden resolve --jobs 2" "$rows"
echo "== one garden process per (partition, tenant): 20 starts on one row each"
head -1 "$work/input.jsonl" > "$work/one.jsonl"
timed bash -c 'for _ in $(seq 20); do "$1" resolve --jobs 1 --no-user-rules --data "$2" --read-only --db "$3" "$4" > /dev/null; done' _ \
  "$g" "$root" "$work/snapshots/acme.db" "$work/one.jsonl"
report "20 starts with a snapshot" 20
timed bash -c 'for _ in $(seq 20); do "$1" resolve --jobs 1 --no-user-rules --data "$2" "$3" > /dev/null; done' _ "$g" "$root" "$work/one.jsonl"
report "20 starts, catalogs alone" 20
echo "spark check passed"
