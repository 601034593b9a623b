#!/usr/bin/env bash
# The fuzzers: random physics scenes and random Lua API call sequences (kinetic-fuzz).
# Usage: scripts/fuzz.sh [--long] [--seed N]
#   default  a short run: 40 physics scenes with every feature (one-way shapes in 17), 20 Lua sequences (~10 s, debug build)
#   --long   the long run on demand (release build): 40 000 physics scenes with every feature, then
#            40 000 without joints and 40 000 without joints or bodies under 5 pt, and 1000 Lua
#            sequences of 200 calls (~10 min)
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
status=0
if ((long)); then
  swift build -c release --product kinetic-fuzz || exit 1
  fuzz=.build/release/kinetic-fuzz
  "$fuzz" physics --seed "$seed" --seeds 40000 --steps 300 || status=1
  "$fuzz" physics --seed "$seed" --seeds 40000 --steps 300 --exclude joints || status=1
  "$fuzz" physics --seed "$seed" --seeds 40000 --steps 300 --exclude joints,tiny || status=1
  "$fuzz" lua --seed "$seed" --sequences 1000 --calls 200 || status=1
else
  swift build --product kinetic-fuzz || exit 1
  fuzz=.build/debug/kinetic-fuzz
  "$fuzz" physics --seed "$seed" --seeds 40 --steps 240 || status=1
  "$fuzz" lua --seed "$seed" --sequences 20 --calls 150 || status=1
fi
exit "$status"
