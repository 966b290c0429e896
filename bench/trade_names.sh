#!/usr/bin/env bash
# The trade-name scorer's cost: instructions a name (callgrind: the run scoring N names less the same run only
# reading them), start-up (mapping and checking Rules/trade_names.bin) and peak memory. Names: the folded descriptors of
# examples/transactions.jsonl's rows repeated to 2,000, or NAMES=FILE (one folded name a line).
#   bench/trade_names.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=${TMPDIR:-/tmp}/garden-trade-names-bench
mkdir -p "$out"
swiftc -O -parse-as-library -module-name TradeNamesBench -I Sources/CZlib \
    Sources/GardenTradeNames/*.swift bench/trade_names_main.swift -o "$out/bench" -lz
names=${NAMES:-}
if [ -z "$names" ]; then
    swift build -c release --static-swift-stdlib >&2
    names=$out/names.txt
    .build/release/garden resolve --explain examples/transactions.jsonl \
        | python3 -c 'import json,sys; n=[json.loads(l)["resolution"].get("descriptor") or "" for l in sys.stdin]; n=[x for x in n if x]; print("\n".join((n*(2000//len(n)+1))[:2000]))' > "$names"
fi
count=$(wc -l < "$names")
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$out/bench" Rules/trade_names.bin "$names" "$@" 2>&1 | sed -n 's/.*Collected : *//p'; }
with=$(ir); without=$(ir --no-score)
echo "instructions a name: $(( (with - without) / count )) ($count names; start-up run $without instructions)"
for i in 1 2 3; do "$out/bench" Rules/trade_names.bin "$names"; done
/usr/bin/time -f "peak RSS %M KB" "$out/bench" Rules/trade_names.bin "$names"
