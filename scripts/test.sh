#!/usr/bin/env bash
# The whole test suite: installs what it needs, runs the Swift tests, then every Lua scenario.
# Usage: scripts/test.sh
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test || exit 1
status=0
failed_steps=()
fail() { status=1; failed_steps+=("$1"); echo "test.sh: FAILED: $1" >&2; }
swift build --build-tests || exit 1
# A warm physics step allocates nothing (an optimized build of Physics and Scenes only, ~40 s).
swift build -c release --product step-allocations && .build/release/step-allocations || fail "step-allocations"
# Where the CPU has AVX2, the AVX2 build (Package.swift, KINETIC_AVX2: four contact lanes, not two)
# gives the portable build's results to the bit: every benchmark scene's state hash from both
# (optimized builds of Physics and Scenes only; the AVX2 one in .build/avx2, ~1 min from empty).
if grep -qw avx2 /proc/cpuinfo; then
  { swift build -c release --product state-hashes && KINETIC_AVX2=1 swift build -c release --product state-hashes --scratch-path .build/avx2 \
      && diff <(.build/release/state-hashes) <(.build/avx2/release/state-hashes) \
      && echo "state-hashes: the AVX2 build gives the portable build's bits in every scene"; } || fail "state-hashes (AVX2 build)"
else
  echo "state-hashes: this CPU has no AVX2, so the AVX2 build is not built or compared"
fi
# A package that depends on Kinetic as a Swift program would (SwiftExamples/EmbedKinetic, own build folder):
# the engine-only program builds without a warning, the level host scores and draws.
scripts/embed-example.sh || fail "scripts/embed-example.sh"
# What an install ships runs without the Swift toolchain: the static release build installed into a
# temporary prefix, the .deb unpacked into a throwaway root, a bundled game (scripts/test-install.sh).
scripts/test-install.sh || fail "scripts/test-install.sh"
# The DocC catalogs of the library products link only to symbols that exist (out/docs, ~1 min).
scripts/docs.sh >/dev/null || fail "scripts/docs.sh"
# The suite and the scenarios under AddressSanitizer + LeakSanitizer (own build in .build-asan,
# ~6 min from empty): the only check that sees memory errors in the C bridge and leaks.
scripts/sanitize.sh --asan-only || fail "scripts/sanitize.sh --asan-only"
swift test --skip-build || fail "swift test"
# Said again here, just above the scenarios, so the end of a long log shows which step failed.
[ ${#failed_steps[@]} -eq 0 ] || echo "test.sh: failed so far: ${failed_steps[*]}" >&2
# The Lua scenarios (every *_test.lua under examples/ and Tests/Scenarios/); the runner's
# closing line "N passed, N failed" is the suite's last line.
if .build/debug/kinetic --help 2>/dev/null | grep -qE "^ +test "; then
  .build/debug/kinetic test examples Tests/Scenarios || status=1
fi
exit "$status"
