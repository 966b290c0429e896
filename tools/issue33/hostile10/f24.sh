#!/bin/bash
# F24: the same --account label on two months of one card read in two formats (October's Nubank CSV, November's OFX
# whose first 2 lines are October's last 2, as consecutive card bills overlap): 34 rows instead of 32 (the 2 overlap
# lines twice) in two accounts, "Nu" and "Nu #07188729"; the second run says "by account: account Nu: 12". With no
# overlapping line: 32 rows but still two accounts. The user named one account; garden made two.
. "$(dirname "$0")/lib.sh"
rec s.db --account Nu $FX/br_nubank_card_2026-10.csv; rec s.db --account Nu $FX/nov.ofx; n=$(rows s.db); a=$("$G" accounts --db s.db | wc -l)
echo "Oct CSV + Nov OFX (2 lines overlap), both --account Nu: $n rows (expected 32), $a accounts (expected 1): $("$G" accounts --db s.db | cut -f1,3 | tr '\t\n' ' ;')" >&2
rm -f s.db*; rec s.db --account Nu $FX/br_nubank_card_2026-10.csv; rec s.db --account Nu $FX/nov_only.ofx; b=$("$G" accounts --db s.db | wc -l)
echo "same without overlap: $(rows s.db) rows, $b accounts (expected 1)" >&2
rm -f s.db*; rec s.db $FX/pluggy.json; rec s.db $FX/nov.ofx; c=$(rows s.db)
echo "unlabelled: October Pluggy page, then November OFX: $c rows (expected 32)" >&2
[ "$n" = 32 ] && [ "$a" = 1 ] && [ "$b" = 1 ] && [ "$c" = 32 ]
