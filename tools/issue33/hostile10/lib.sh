# sourced by the repros: isolated env, scratch dir per script, helpers (hostile10's lib.sh, paths made local)
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
export FX=$(cd "$(dirname "${BASH_SOURCE[0]}")/fx" && pwd)
W=/tmp/h10t8/run/$(basename "$0" .sh); rm -rf "$W"; mkdir -p "$W"; cd "$W"
rec(){ local db=$1; shift; "$G" import "$@" 2>"$W/imp.err" | "$G" resolve --record --db "$db" >/dev/null 2>"$W/last.err"; }
rows(){ sqlite3 "$1" "select count(*) from transactions"; }
total(){ sqlite3 "$1" "select coalesce(sum(amount_minor),0) from transactions"; }
