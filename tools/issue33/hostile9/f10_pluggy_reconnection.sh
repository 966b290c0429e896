#!/bin/bash
# F10 (high): a Pluggy reconnection (new accountId, new transaction ids) read again doubled the month. With Pluggy's
# accounts page in the same import the account is the real one (number, kind, owner), and its rows are matched by content;
# a second card of the bank (another number) stays another account. Fixtures: Tests/Fixtures/pluggy-reconnection.
. "$(dirname "$0")/lib.sh"
P=$ROOT/Tests/Fixtures/pluggy-reconnection
rec s.db "$P/accounts-connection1.json" "$P/transactions-connection1.json"
rec s.db "$P/accounts-connection2.json" "$P/transactions-connection2.json"; n=$(rows s.db); t=$(total s.db)
rec s.db "$P/accounts-other-card.json" "$P/transactions-other-card.json"; m=$(rows s.db)
"$G" accounts --db s.db >&2
[ "$n" = 7 ] && [ "$t" = -3555 ] && [ "$m" = 14 ]; verdict $? "$n rows ($t) after the reconnection, $m with the other card (7, -3555, 14 expected)"
