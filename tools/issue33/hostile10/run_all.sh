#!/bin/bash
# Runs trust8a's hostile10 repros (F5, F7, F19, F24); each prints what it saw on stderr and exits 0 when it holds.
cd "$(dirname "$0")"
for f in f5 f7 f19 f24 said; do if bash $f.sh; then echo "PASS $f"; else echo "FAIL $f"; fi; done
