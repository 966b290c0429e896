#!/usr/bin/env bash
# The browser check of `garden report` (issue 24): makes a store from the bundled examples and the generated
# household history (examples/household.jsonl), renders October 2026 in Portuguese and in English, and opens
# each page in headless Chromium (check.py): no console error, no request besides the page, not blank, not
# clipped, at a phone's and a laptop's width; screenshots go to .build/report-check/.
# Installs Debian's chromium (and python3) with apt-get when missing.
#   tools/report-check/check.sh                      # the check
#   tools/report-check/check.sh --readme docs/report.png   # also the README's screenshot (the laptop page's top)
set -euo pipefail
cd "$(dirname "$0")/../.."
readme=""
if [ "${1:-}" = "--readme" ]; then readme="$2"; fi
export DEBIAN_FRONTEND=noninteractive
if ! command -v chromium >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  apt-get update -qq
  apt-get install -y -qq chromium python3 >/dev/null
fi
export PATH="/opt/swift/usr/bin:$PATH"
[ -x .build/debug/garden ] || swift build --product garden
garden=.build/debug/garden
out=.build/report-check
rm -rf "$out" && mkdir -p "$out"
export GARDEN_DB="$out/garden.db" GARDEN_RULES_DIR=/nonexistent GARDEN_DATA="$PWD"
"$garden" import examples/nubank-card.csv examples/statement.ofx > "$out/imported.jsonl" 2>/dev/null
cat examples/transactions.jsonl "$out/imported.jsonl" examples/household.jsonl | "$garden" resolve --record > /dev/null
"$garden" link > /dev/null
for limit in mercado:2000 comer_fora:900 transporte:450 moradia:3700 assinaturas:250 saude:350; do
  "$garden" budgets set "${limit%%:*}" --limit "${limit##*:}" > /dev/null
done
status=0
# The check must be able to fail: a page breaking each rule (a console error, a request for another file,
# a box wider than the screen, a skipped heading level, hardly any text) is refused, for each reason.
cat > "$out/broken.html" <<'HTML'
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>broken</title></head><body>
<h1>Broken</h1><h3>a skipped level</h3><div style="width:3000px">too wide</div>
<img src="pixel.png" alt=""><script>console.error("broken on purpose")</script></body></html>
HTML
if python3 tools/report-check/check.py "$out/broken.html" --out "$out/broken" > "$out/broken.txt"; then
  echo "FAIL the check passed a broken page"; status=1
fi
for reason in "console error: broken on purpose" "a request besides the page: file://" "px wide in a" "headings out of order" "blank page"; do
  grep -q "$reason" "$out/broken.txt" || { echo "FAIL the check did not see: $reason"; cat "$out/broken.txt"; status=1; }
done
for lang in pt en; do
  "$garden" report --month 2026-10 --lang "$lang" --out "$out/report-$lang.html" > /dev/null
  echo "report-$lang.html:"
  if [ "$lang" = pt ] && [ -n "$readme" ]; then
    python3 tools/report-check/check.py "$out/report-$lang.html" --out "$out/$lang" --readme "$readme" || status=1
  else
    python3 tools/report-check/check.py "$out/report-$lang.html" --out "$out/$lang" || status=1
  fi
done
exit $status
