#!/usr/bin/env bash
# Installs the system packages Kinetic builds and runs with (idempotent; safe to run again).
# Usage: scripts/install-deps.sh [--test]   (--test adds what the tests need: xvfb, xdotool; man-db for scripts/test-install.sh)
set -euo pipefail

packages=(pkg-config liblua5.4-dev lua5.4 libcairo2-dev libjpeg62-turbo-dev libsdl2-dev libsdl2-mixer-dev fonts-dejavu-core ffmpeg)
if [[ "${1:-}" == "--test" ]]; then
  packages+=(xvfb xdotool man-db)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

SUDO=""
[[ $(id -u) -ne 0 ]] && SUDO="sudo"
echo "Installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# Update the package lists first only when a package cannot be found in the current ones.
if ! $SUDO apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi
