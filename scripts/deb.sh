#!/usr/bin/env bash
# Builds kinetic_VERSION_ARCH.deb (in .build/deb/) with dpkg-deb: the files scripts/install.sh
# installs, under /usr. Depends lists the Debian packages of the libraries the binary links
# (read from its NEEDED entries, found with ldd and dpkg -S), plus what it runs without linking:
# ffmpeg (videos) and fonts-dejavu-core (text).
# Usage: scripts/deb.sh [--fast]   then: sudo apt-get install ./.build/deb/kinetic_*.deb
#   --fast  compresses with gzip -1 instead of xz (a larger file in seconds; for the install test)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/deb
stage=$out/root
rm -rf "$out" && mkdir -p "$stage"
scripts/install.sh --prefix /usr --destdir "$stage" >/dev/null
binary=$stage/usr/bin/kinetic
version=$("$binary" --version)
arch=$(dpkg --print-architecture)

# The package owning the file a library resolves to (Debian 12 keeps /lib and /usr/lib as one
# folder, and dpkg knows each file by one of the two names).
owner() {
  local path=$1 real
  real=$(readlink -f "$path")
  for candidate in "$path" "$real" "/usr$real" "${real#/usr}"; do
    dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1 && return 0
  done
  echo "error: no Debian package owns $path" >&2
  return 1
}

needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
packages=()
for library in $needed; do
  # ldd prints `libz.so.1 => /lib/.../libz.so.1 (0x…)`, and the loader as `/lib64/ld-linux-x86-64.so.2 (0x…)`.
  path=$(ldd "$binary" | awk -v lib="$library" '$1 == lib { print $3 } $1 ~ ("/" lib "$") { print $1 }' | head -1)
  [[ -n $path ]] || { echo "error: ldd does not find $library" >&2; exit 1; }
  packages+=("$(owner "$path")")
done
packages+=(ffmpeg fonts-dejavu-core)
depends=$(printf '%s\n' "${packages[@]}" | sort -u | paste -sd, | sed 's/,/, /g')

mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: kinetic
Version: $version
Architecture: $arch
Maintainer: The Kinetic authors <kinetic@localhost>
Installed-Size: $(du -sk "$stage/usr" | cut -f1)
Depends: $depends
Section: games
Priority: optional
Description: 2D physics runtime driven by Lua levels
 Kinetic reproduces UIKit Dynamics on Linux: levels are Lua 5.4 scripts that
 add items, behaviours and fields to a world, run in a window, headless, or
 rendered to pictures and videos, with deterministic replays and scenarios.
 Includes the man page, bash/zsh/fish completions and the example levels.
CONTROL
deb=$out/kinetic_${version}_${arch}.deb
compression=(-Zxz)
[[ "${1:-}" == "--fast" ]] && compression=(-Zgzip -z1)
dpkg-deb --root-owner-group "${compression[@]}" --build "$stage" "$deb" >/dev/null
echo "deb: $deb ($(du -h "$deb" | cut -f1)); Depends: $depends"
