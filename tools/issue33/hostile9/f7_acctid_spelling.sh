#!/bin/bash
# F7: the same OFX with its ACCTID written another way ("12345-6" / "123456" / "0012345-6"): two OFX ACCTIDs are two
# accounts "whatever their rows", so every one of the 81 lines is recorded again, with no note although all of them
# are recorded rows of account 12345-6.
. "$(dirname "$0")/lib.sh"
fail=0
for v in 123456 0012345-6; do
  sed "s/<ACCTID>12345-6/<ACCTID>$v/" $S/br_bb_rubyofx.ofx > v.ofx; rm -f s.db*
  rec s.db $S/br_bb_rubyofx.ofx; rec s.db v.ofx; n=$(rows s.db)
  echo "ACCTID 12345-6 then $v: $n rows; note: $(grep -v 'recorded\|by account' last.err | tr '\n' ' ')" >&2
  [ "$n" = 81 ] || fail=1
done
verdict $fail "the same statement under a differently written ACCTID is recorded twice (expected 81, or a note)"
