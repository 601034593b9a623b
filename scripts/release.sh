#!/usr/bin/env bash
# Builds what an install ships: the release binary, linked with the Swift runtime inside it
# (--static-swift-stdlib) so it runs where no Swift toolchain is, and its man page.
#   .build/release/kinetic     the binary (checked: nothing it loads comes from the toolchain)
#   .build/man/kinetic.1       the man page, from the command's own help (swift-argument-parser's
#                              generate-manual tool, built once into .build/generate-manual)
# Usage: scripts/release.sh    (without a Swift toolchain, an already built binary is used as it is)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=.build/release/kinetic

if command -v swift >/dev/null; then
  scripts/install-deps.sh
  # What an install ships runs on every x86-64 CPU: the portable build, whatever the environment says.
  env -u KINETIC_AVX2 swift build -c release --static-swift-stdlib --product kinetic
elif [[ ! -x $binary ]]; then
  echo "error: no Swift toolchain to build $binary with (see docs/getting-started.md)" >&2
  exit 1
fi

# Nothing the binary loads may come from the toolchain: no RUNPATH but the linker's own $ORIGIN
# (the binary's folder), no libswift*.so.
if readelf -d "$binary" | grep -E '\((RUNPATH|RPATH)\)' | grep -v 'path: \[\$ORIGIN\]$'; then
  echo "error: $binary has a RUNPATH/RPATH (above): it would look for libraries outside its own folder" >&2
  exit 1
fi
if ldd "$binary" | grep -E 'libswift|not found'; then
  echo "error: $binary loads the libraries above from the toolchain, or cannot find them" >&2
  exit 1
fi

# The man page. generate-manual runs `kinetic --experimental-dump-help` and writes mdoc; the
# package plugin (`swift package generate-manual`) would also build every other product.
if command -v swift >/dev/null; then
  parser=.build/checkouts/swift-argument-parser  # where the build above checked it out
  swift build -c release --package-path "$parser" --scratch-path .build/generate-manual --product generate-manual >/dev/null
  rm -rf .build/man && mkdir -p .build/man
  .build/generate-manual/release/generate-manual "$binary" --output-directory .build/man \
    --authors "The Kinetic authors" --section 1 >/dev/null
  # A blank line in a command's discussion is a paragraph break; mdoc wants it spelled .Pp.
  sed -i 's/^$/.Pp/' .build/man/*.1
fi
[[ -f .build/man/kinetic.1 ]] || { echo "error: no man page in .build/man" >&2; exit 1; }
echo "release: $binary ($(du -h "$binary" | cut -f1)), .build/man/kinetic.1"
