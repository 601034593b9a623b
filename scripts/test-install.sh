#!/usr/bin/env bash
# Proves that what an install ships runs without the Swift toolchain: installs into a temporary
# prefix (scripts/install.sh), builds the .deb (scripts/deb.sh) and unpacks it into a throwaway
# root, bundles a game with the installed binary (kinetic bundle), then runs each binary with the
# toolchain's folder hidden by an empty mount (a private mount namespace; as root) and a clean
# environment: a level plays headless and scores, and a PNG is rendered. Nothing outside the
# temporary folder changes (the .deb is never installed on this machine).
# Usage: scripts/test-install.sh      (last line: "N passed, N failed")
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test || exit 1
work=$(mktemp -d "${TMPDIR:-/tmp}/kinetic-install-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() {  # check NAME COMMAND...: runs COMMAND, counts and reports the outcome
  local name=$1; shift
  if "$@" >"$work/out" 2>&1; then
    passed=$((passed + 1)); echo "ok - $name"
  else
    failed=$((failed + 1)); echo "not ok - $name"; sed 's/^/    /' "$work/out" | tail -20
  fi
}

toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
# Runs a command with the toolchain out of reach: in a clean environment and, where a mount
# namespace can be made (root), with the toolchain's folder covered by an empty one.
if unshare -m true 2>/dev/null; then
  without_toolchain() {
    env -i PATH=/usr/bin:/bin HOME="$work/home" LANG=C.UTF-8 \
      unshare -m sh -c 'mount -t tmpfs none "$0" && [ -z "$(ls -A "$0")" ] && exec "$@"' "$toolchain" "$@"
  }
else
  echo "note: no mount namespace here (needs root): the toolchain is only left off PATH"
  without_toolchain() { env -i PATH=/usr/bin:/bin HOME="$work/home" LANG=C.UTF-8 "$@"; }
fi

loads_nothing_from_the_toolchain() {  # the binary names no library folder but its own, loads no libswift
  ! readelf -d "$1" | grep -E '\((RUNPATH|RPATH)\)' | grep -v 'path: \[\$ORIGIN\]$' &&
    ! ldd "$1" | grep -E "libswift|$toolchain|not found"
}
plays_and_scores() {  # plays_and_scores KINETIC [ARGS...]: the basketball scores in a headless run
  without_toolchain "$@" --headless --seconds 3 >"$work/play.txt" 2>&1 || { cat "$work/play.txt"; return 1; }
  grep -q "basket! score 1" "$work/play.txt" || { echo "no basket in:"; cat "$work/play.txt"; return 1; }
}
renders_png() {  # renders_png PNG KINETIC ARGS...: writes a PNG
  local png=$1; shift
  rm -f "$png"
  without_toolchain "$@" -o "$png" --at 1 || return 1
  [[ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" == 89504e470d0a1a0a ]] || { echo "$png is not a PNG"; return 1; }
}

echo "# install into a temporary prefix"
start=$(date +%s)
check "scripts/install.sh --prefix" scripts/install.sh --prefix "$work/prefix"
echo "# build and install took $(( $(date +%s) - start )) s"
kinetic=$work/prefix/bin/kinetic
check "no RUNPATH but \$ORIGIN and no toolchain library in the installed binary" loads_nothing_from_the_toolchain "$kinetic"
check "installed: run headless, the basket scores" plays_and_scores "$kinetic" run "$(pwd)/examples/basketball"
check "installed: render a PNG" renders_png "$work/shot.png" "$kinetic" render "$(pwd)/examples/basketball"
check "the man page reads with man -l" sh -c "MANPAGER=cat MANWIDTH=80 man -l '$work/prefix/share/man/man1/kinetic.1' | grep -q 'kinetic bundle'"
check "bash completion" bash -c "source '$work/prefix/share/bash-completion/completions/kinetic' && complete -p kinetic"
check "zsh and fish completions" sh -c "grep -q '#compdef kinetic' '$work/prefix/share/zsh/site-functions/_kinetic' && grep -q \"complete -c 'kinetic'\" '$work/prefix/share/fish/vendor_completions.d/kinetic.fish'"
check "examples installed" test -f "$work/prefix/share/kinetic/examples/basketball/main.lua"

echo "# a bundled game, made by the installed binary"
check "kinetic bundle --tar" without_toolchain "$kinetic" bundle "$(pwd)/examples/basketball" -o "$work/dist/basketball" --tar
check "bundle: the tarball unpacks to bin/kinetic, the game, play and README.txt" sh -c \
  "mkdir -p '$work/unpacked' && tar -xzf '$work/dist/basketball.tar.gz' -C '$work/unpacked' && cd '$work/unpacked/basketball' && test -x bin/kinetic -a -f basketball.kinetic -a -x play -a -f README.txt"
check "bundle: ./play --headless scores" plays_and_scores "$work/unpacked/basketball/play"
check "bundle: ./play render writes a PNG" renders_png "$work/bundle.png" "$work/unpacked/basketball/play" render

echo "# the .deb"
start=$(date +%s)
check "scripts/deb.sh --fast" scripts/deb.sh --fast
echo "# building the .deb took $(( $(date +%s) - start )) s"
deb=$(ls .build/deb/kinetic_*.deb 2>/dev/null | head -1)
check ".deb depends on the libraries it links" sh -c "dpkg-deb --field '$deb' Depends | tee /dev/stderr | grep -q 'liblua5.4-0' && dpkg-deb --field '$deb' Depends | grep -q 'libcairo2' && dpkg-deb --field '$deb' Depends | grep -q 'libsdl2-mixer-2.0-0' && dpkg-deb --field '$deb' Depends | grep -q 'fonts-dejavu-core'"
check ".deb holds the binary, man page and completions" sh -c "dpkg-deb --contents '$deb' > '$work/contents' && grep -q ' ./usr/bin/kinetic$' '$work/contents' && grep -q 'man1/kinetic.1' '$work/contents' && grep -q 'completions/kinetic$' '$work/contents'"
# apt resolves what it would install, in simulation only (-s changes nothing).
check ".deb: apt-get can install it and its dependencies (simulated)" apt-get install -s "$(pwd)/$deb"
mkdir -p "$work/debroot" && dpkg-deb -x "$deb" "$work/debroot" 2>/dev/null
check ".deb: run headless, the basket scores" plays_and_scores "$work/debroot/usr/bin/kinetic" run "$(pwd)/examples/basketball"
check ".deb: render a PNG" renders_png "$work/deb.png" "$work/debroot/usr/bin/kinetic" render "$(pwd)/examples/basketball"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
