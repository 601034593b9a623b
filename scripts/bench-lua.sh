#!/usr/bin/env bash
# The Lua binding benchmarks: the cost of calls from Lua into the binding (item.x, item.center and
# item.velocity reads, item.x writes, method calls) against a bare C function, and a Lua-driven
# 2,000-body scene against the same scene in LÖVE 11.4. Call costs: 3 runs; the scene: best of 3.
# Both levels run with a 60 s budget per callback (--time-budget): on a busy machine the default
# 2 s can stop the call-cost level's `load` or the scene's, which is not what is measured.
# Usage: scripts/bench-lua.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
command -v love >/dev/null || { apt-get install -y love >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y love; }; }
swift build -c release --product kinetic 2>&1 | grep -E "error|Build of" || true
bin="$(swift build -c release --show-bin-path)/kinetic"

echo "== call cost (ns per call, loop overhead removed; 3 runs)"
for _ in 1 2 3; do "$bin" run bench/lua/call_cost --headless --steps 0 --trust --time-budget 60 | sed -n 2p; done

best() { sort -n | head -1; }
echo "== Lua-driven scene: 2,000 bodies created from Lua, update reads every position, 600 steps"
kinetic_s=$(for _ in 1 2 3; do "$bin" run bench/lua/kinetic_scene --headless --steps 600 --time-budget 60 | sed -n 's/.*wall \([0-9.]*\) s.*/\1/p'; done | best)
love_s=$(for _ in 1 2 3; do love bench/lua/love_scene 2>/dev/null | sed -n 's/.*steps: \([0-9.]*\) s.*/\1/p'; done | best)
echo "kinetic  ${kinetic_s} s"
echo "love     ${love_s} s"
awk -v k="$kinetic_s" -v l="$love_s" 'BEGIN { printf "ratio kinetic / love = %.2f (below 1: Kinetic is faster)\n", k / l }'
