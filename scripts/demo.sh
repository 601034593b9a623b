#!/usr/bin/env bash
# The demo: builds Kinetic, plays the basketball level headless with its default shot (printing
# what happens: shots, baskets, resets), then renders it to a GIF and prints where it is.
# Usage: scripts/demo.sh [LEVEL]   (default examples/basketball)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
level="${1:-examples/basketball}"
name="$(basename "${level%.lua}")"
echo "Building kinetic (first build takes a few minutes)..."
swift build --product kinetic 2>&1 | grep -E "error|warning: unable|Compiling kinetic|Build complete" || true
bin="$(swift build --show-bin-path)/kinetic"
[[ -x "$bin" ]] || { echo "build failed" >&2; exit 1; }
mkdir -p out
echo
echo "== kinetic run $level --headless --seconds 6"
"$bin" run "$level" --headless --seconds 6
echo
echo "== kinetic render $level -o out/$name.gif --seconds 6"
"$bin" render "$level" -o "out/$name.gif" --seconds 6 --fps 25 --quiet
echo
echo "Picture: $(pwd)/out/$name.gif"
