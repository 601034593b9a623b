#!/usr/bin/env bash
# Installs the .deb on a fresh Debian 12 with no Swift toolchain and plays a game there: a minimal
# bookworm root made by debootstrap, `apt-get install ./kinetic_*.deb` inside it (apt fetches the
# Depends from Debian's mirror), then the installed kinetic plays basketball headless, renders a PNG
# and an MP4, and a bundled game plays. Needs root and Debian's mirror; takes a few minutes, so it is
# not part of scripts/test.sh (scripts/test-install.sh is: it runs the unpacked .deb without the
# toolchain).
# Usage: scripts/test-deb-fresh.sh [DEB]   (default: builds one with scripts/deb.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $(id -u) -eq 0 ]] || { echo "error: debootstrap and chroot need root" >&2; exit 1; }
deb=${1:-}
if [[ -z $deb ]]; then scripts/deb.sh; deb=$(ls .build/deb/kinetic_*.deb | head -1); fi
command -v debootstrap >/dev/null || { apt-get install -y -q debootstrap >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -q debootstrap; }; }
root=$(mktemp -d "${TMPDIR:-/tmp}/kinetic-fresh-debian.XXXXXX")
cleanup() { umount "$root/proc" 2>/dev/null || true; rm -rf "$root"; }
trap cleanup EXIT
echo "# a fresh Debian 12 (debootstrap --variant=minbase bookworm) in $root"
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/root/kinetic.deb"  # one name inside, whatever the file given is called
chroot "$root" /bin/bash -euo pipefail -c '
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq 2>/dev/null
  apt-get install -y -q --no-install-recommends /root/kinetic.deb >/root/install.log 2>&1 || { tail -20 /root/install.log; exit 1; }
  cd /root
  if command -v swift || [ -e /opt/swift ]; then echo "not ok - a Swift toolchain is present"; exit 1; fi
  echo "ok - apt-get installed $(kinetic --version) and its Depends; no Swift toolchain here"
  kinetic run /usr/share/kinetic/examples/basketball --headless --seconds 3 >run.txt; grep -q "basket! score 1" run.txt
  echo "ok - basketball plays headless and scores"
  kinetic render /usr/share/kinetic/examples/basketball -o bb.png --at 1 >/dev/null && [ -s bb.png ]
  echo "ok - a PNG renders"
  kinetic render /usr/share/kinetic/examples/basketball -o bb.mp4 --seconds 2 >/dev/null 2>&1 && [ -s bb.mp4 ]
  echo "ok - an MP4 renders"
  kinetic bundle /usr/share/kinetic/examples/basketball -o dist/basketball >/dev/null
  dist/basketball/play --headless --seconds 3 >play.txt; grep -q "basket! score 1" play.txt
  echo "ok - a bundled game plays"
'
echo "fresh Debian 12: passed"
