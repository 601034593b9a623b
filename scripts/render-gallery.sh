#!/usr/bin/env bash
# Renders every example level to a GIF in docs/media/ (the pictures the README shows).
# Usage: scripts/render-gallery.sh [LEVEL ...]   (default: every folder in examples/)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --product kinetic >/dev/null
bin="$(swift build --show-bin-path)/kinetic"
mkdir -p docs/media
# Saved data (a game's high score) goes to a folder of its own, not the user's.
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
levels=("$@")
[[ ${#levels[@]} -eq 0 ]] && levels=(examples/*/)
for level in "${levels[@]}"; do
  level="${level%/}"
  name="$(basename "$level")"
  [[ -f "$level/main.lua" ]] || continue
  if [[ -f "$level/$name.recording.json" ]]; then
    # A game is shown as it was played: its recording, every input at its step.
    "$bin" render "$level" --replay "$level/$name.recording.json" -o "docs/media/$name.gif" --fps 10 --scale 0.5 \
      --data-dir "$data" --quiet >/dev/null
  else
    "$bin" render "$level" -o "docs/media/$name.gif" --seconds 4 --fps 15 --scale 0.6 --data-dir "$data" --quiet >/dev/null
  fi
  echo "docs/media/$name.gif"
done
