#!/usr/bin/env bash
# The fuzzers: random physics scenes and random Lua API call sequences (kinetic-fuzz).
# Usage: scripts/fuzz.sh [--long] [--seed N]
#   default  a short run for CI: 40 physics scenes in the clean envelope, 20 Lua sequences (~10 s)
#   --long   the long run on demand: 2000 full-feature physics scenes, 1000 Lua sequences of 200 calls (~5 min)
# Every finding is printed with the command that replays it; exit code 1 when anything was found.
set -uo pipefail
cd "$(dirname "$0")/.."
long=0 seed=1
while (($#)); do
  case "$1" in
    --long) long=1 ;;
    --seed) seed="$2"; shift ;;
    *) echo "usage: scripts/fuzz.sh [--long] [--seed N]" >&2; exit 2 ;;
  esac
  shift
done
swift build --product kinetic-fuzz || exit 1
fuzz=.build/debug/kinetic-fuzz
status=0
if ((long)); then
  "$fuzz" physics --seed "$seed" --seeds 2000 --steps 300 || status=1
  "$fuzz" lua --seed "$seed" --sequences 1000 --calls 200 || status=1
else
  # The clean envelope: joints, where docs/reliability.md has open findings, are left out.
  "$fuzz" physics --seed "$seed" --seeds 40 --steps 240 --exclude joints || status=1
  "$fuzz" lua --seed "$seed" --sequences 20 --calls 150 || status=1
fi
exit "$status"
