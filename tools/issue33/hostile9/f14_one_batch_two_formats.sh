#!/bin/bash
# F14: two exports of one card's month in ONE import (the README's step 1 takes several files): with --account, or OFX +
# Pluggy without, the attach never runs (no key is recorded yet) -> every row twice. The same files in two runs: 22.
. "$(dirname "$0")/lib.sh"
mkpluggy p.json 12
fail=0
run(){ rm -f s.db*; "$G" import "$@" 2>/dev/null | "$G" resolve --record --db s.db >/dev/null 2>&1; n=$(rows s.db); echo "[import $(echo "$@" | sed "s#$S/##g")] $n" >&2; [ "$n" = 22 ] || fail=1; }
run --account "Nubank Ana" "$CSV" "$OFX"
run --account "Nubank Ana" p.json "$CSV"
run "$OFX" p.json
run "$CSV" "$OFX"
verdict $fail "one import of two exports of the same month records it twice (expected 22)"
