#!/bin/bash
# F13 (low): --account with a zero-width space is a second account printed exactly like the first (month doubled).
. "$(dirname "$0")/lib.sh"
rec s.db --account "Nubank Ana" "$CSV"; rec s.db --account $'Nubank Ana\u200b' "$CSV"; n=$(rows s.db)
"$G" accounts --db s.db >&2
[ "$n" = 22 ]; verdict $? "$n rows: a label with U+200B is another account that looks the same"
