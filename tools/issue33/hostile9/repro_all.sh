#!/bin/bash
# Runs the hostile9 checks of issue 33 fixed on main (F1 F2 F7 F11 F12 F13 F14) and by ledger6 (F10 F17); each prints PASS/FAIL (details on stderr).
# G, GARDEN_DATA (and S) may be overridden:  G=/x/garden GARDEN_DATA=/x/tree ./repro_all.sh
cd "$(dirname "$0")"
for s in f1_*.sh f2_*.sh f7_*.sh f10_*.sh f11_*.sh f12_*.sh f13_*.sh f14_*.sh f17_*.sh; do ./$s 2>/dev/null; done
