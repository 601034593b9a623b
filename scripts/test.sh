#!/usr/bin/env bash
# The whole test suite: installs what it needs, runs the Swift tests, then every Lua scenario.
# Usage: scripts/test.sh
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test || exit 1
status=0
swift build --build-tests || exit 1
# A warm physics step allocates nothing (an optimized build of Physics and Scenes only, ~40 s).
swift build -c release --product step-allocations && .build/release/step-allocations || status=1
# A package that depends on Kinetic as a Swift program would (SwiftExamples/EmbedKinetic, own build folder):
# the engine-only program builds without a warning, the level host scores and draws.
scripts/embed-example.sh || status=1
# The DocC catalogs of the library products link only to symbols that exist (out/docs, ~1 min).
scripts/docs.sh >/dev/null || status=1
# The suite and the scenarios under AddressSanitizer + LeakSanitizer (own build in .build-asan,
# ~6 min from empty): the only check that sees memory errors in the C bridge and leaks.
scripts/sanitize.sh --asan-only || status=1
swift test --skip-build || status=1
# The Lua scenarios (every *_test.lua under examples/ and Tests/Scenarios/); the runner's
# closing line "N passed, N failed" is the suite's last line.
if .build/debug/kinetic --help 2>/dev/null | grep -qE "^ +test "; then
  .build/debug/kinetic test examples Tests/Scenarios || status=1
fi
exit "$status"
