#!/usr/bin/env bash
# Builds and runs SwiftExamples/EmbedKinetic, a package that depends on Kinetic as a Swift program would:
# the engine-only program (KineticDynamics) must build without one warning, so no SDL2 or Cairo flag
# reaches a consumer that never links them; the level host must see the basket and draw its frame.
# Usage: scripts/embed-example.sh   (its own build folder, .build/embed-example, kept between runs)
set -euo pipefail
cd "$(dirname "$0")/.."
package=SwiftExamples/EmbedKinetic
scratch="$PWD/.build/embed-example"
out="$PWD/.build/embed-example-out"
mkdir -p "$out"
build() { swift build --package-path "$package" --scratch-path "$scratch" --product "$1" 2>&1 | tee "$out/$1.build.log"; }
fail() { echo "embed-example: $*" >&2; exit 1; }

build falling-boxes
# SwiftPM warns about ZIPFoundation's own unlisted resource file whenever it loads the package graph
# afresh (a new environment is enough); that warning is about the dependency's layout, not a flag.
if grep -n "warning:" "$out/falling-boxes.build.log" | grep -v "'zipfoundation': found [0-9]* file(s) which are unhandled"; then
  fail "building the engine-only program printed the warnings above"
fi
"$scratch/debug/falling-boxes" | tee "$out/falling-boxes.txt"
grep -q "^at rest after" "$out/falling-boxes.txt" || fail "falling-boxes: the items did not come to rest"

build basketball-host
rm -f "$out/basketball.png"
"$scratch/debug/basketball-host" examples/basketball "$out/basketball.png" | tee "$out/basketball-host.txt"
grep -q "^scored: yes" "$out/basketball-host.txt" || fail "basketball-host: no basket"
[ -s "$out/basketball.png" ] || fail "basketball-host: no PNG at $out/basketball.png"
echo "embed-example: ok"
