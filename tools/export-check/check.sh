#!/usr/bin/env bash
# The checkers on garden export (issue 33): a store made from the bundled examples, and one of a month of
# 20,000 generated rows (bench/generate.py, every date moved into October 2026; its Nubank account a credit card), exported as an hledger
# journal and a beancount ledger; `hledger -f FILE check --strict` and `bean-check FILE` must pass on each.
# A checker that is not installed is skipped with a message (`.ci/run` installs hledger from Debian and
# beancount from PyPI into a virtualenv on PATH).
#   tools/export-check/check.sh            # 20,000 rows
#   ROWS=2000 tools/export-check/check.sh  # fewer
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
[ -x .build/debug/garden ] || swift build --product garden
garden=${GARDEN_BIN:-.build/debug/garden}
rows=${ROWS:-20000}
out=.build/export-check
rm -rf "$out" && mkdir -p "$out"
export GARDEN_RULES_DIR=/nonexistent GARDEN_DATA="$PWD"
have_hledger=1; command -v hledger >/dev/null 2>&1 || { have_hledger=0; echo "export check: hledger is not installed; its check is skipped"; }
have_bean=1; command -v bean-check >/dev/null 2>&1 || { have_bean=0; echo "export check: bean-check (PyPI beancount) is not installed; its check is skipped"; }
status=0

# One store: its journals and what the checkers say of them.
check_store() {
  local name=$1 db=$2 label=$3
  GARDEN_DB="$db" "$garden" export --format hledger > "$out/$name.journal" 2> "$out/$name.hledger.err"
  GARDEN_DB="$db" "$garden" export --format beancount > "$out/$name.beancount" 2> "$out/$name.beancount.err"
  local transactions
  transactions=$(grep -c '; row_id:' "$out/$name.journal" || true)
  if [ "$have_hledger" = 1 ]; then
    if hledger -f "$out/$name.journal" check --strict > "$out/$name.hledger.txt" 2>&1; then
      echo "export check: $label: hledger check --strict passes ($transactions transactions)"
    else
      echo "FAIL export check: $label: hledger check --strict"; head -20 "$out/$name.hledger.txt"; status=1
    fi
  fi
  if [ "$have_bean" = 1 ]; then
    if bean-check "$out/$name.beancount" > "$out/$name.bean.txt" 2>&1; then
      echo "export check: $label: bean-check passes ($(grep -c '^  row_id:' "$out/$name.beancount" || true) transactions)"
    else
      echo "FAIL export check: $label: bean-check ($(wc -l < "$out/$name.bean.txt") lines of errors)"; head -20 "$out/$name.bean.txt"; status=1
    fi
  fi
}

# The bundled examples, as the README's monthly workflow records them.
"$garden" import examples/nubank-card.csv examples/statement.ofx > "$out/imported.jsonl" 2>/dev/null
cat examples/transactions.jsonl examples/holdout-synthetic.jsonl "$out/imported.jsonl" examples/household.jsonl \
  | GARDEN_DB="$out/examples.db" "$garden" resolve --record --quiet > /dev/null
check_store examples "$out/examples.db" "the bundled examples"

# A generated month: every row dated October 2026.
python3 bench/generate.py rows "$rows" --seed 33 \
  | sed -E 's/"2026-[0-9]{2}-([0-9]{2})/"2026-10-\1/g' > "$out/month.jsonl"
GARDEN_DB="$out/month.db" "$garden" resolve --record --quiet < "$out/month.jsonl" > /dev/null
# One of its accounts is a credit card: its rows are posted under liabilities, which the checkers must accept too.
GARDEN_DB="$out/month.db" "$garden" accounts type Nubank credit_card > /dev/null
check_store month "$out/month.db" "a month of $rows generated rows (Nubank a credit card)"
if ! grep -q '^account liabilities:' "$out/month.journal"; then
  echo "FAIL export check: the month's credit card is not under liabilities"; status=1
fi
exit $status
