#!/usr/bin/env bash
# Renders every example level to a GIF in docs/media/ (the pictures the README shows).
# Usage: scripts/render-gallery.sh [LEVEL ...]   (default: every folder in examples/)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --product kinetic >/dev/null
bin="$(swift build --show-bin-path)/kinetic"
mkdir -p docs/media
levels=("$@")
[[ ${#levels[@]} -eq 0 ]] && levels=(examples/*/)
for level in "${levels[@]}"; do
  level="${level%/}"
  name="$(basename "$level")"
  [[ -f "$level/main.lua" ]] || continue
  "$bin" render "$level" -o "docs/media/$name.gif" --seconds 4 --fps 15 --scale 0.6 --quiet >/dev/null
  echo "docs/media/$name.gif"
done
