# source me: isolated environment for the hostile9 checks this branch fixes (copied from the hostile pass's
# /work/wt/hostile9/scripts, 2026-12-03). G and GARDEN_DATA default to this checkout's release build; override them
# to check another binary:  G=/x/garden GARDEN_DATA=/x/tree tools/issue33/hostile9/repro_all.sh
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
export G=${G:-$ROOT/.build/release/garden}
export GARDEN_DATA=${GARDEN_DATA:-$ROOT}
export GARDEN_RULES_DIR=${GARDEN_RULES_DIR:-/tmp/h9/userrules}
export HOME=/tmp/h9/home
export S=${S:-$ROOT/Tests/Fixtures/import-samples}
unset GARDEN_DB
mkdir -p "$GARDEN_RULES_DIR" "$HOME"
