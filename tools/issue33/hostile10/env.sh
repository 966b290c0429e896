# source me: isolated environment for the hostile10 checks trust8a fixes (F5, F7, F19, F24; copied from the hostile
# pass's /work/wt/hostile10/repros and fx, 2026-12-03). G and GARDEN_DATA default to this checkout's debug build;
# override them to check another binary:  G=/x/garden GARDEN_DATA=/x/tree tools/issue33/hostile10/run_all.sh
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
export G=${G:-$ROOT/.build/debug/garden}
export GARDEN_DATA=${GARDEN_DATA:-$ROOT}
export GARDEN_RULES_DIR=${GARDEN_RULES_DIR:-/tmp/h10t8/userrules}
export HOME=/tmp/h10t8/home
unset GARDEN_DB
mkdir -p "$GARDEN_RULES_DIR" "$HOME"
