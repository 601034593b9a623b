#!/usr/bin/env bash
# The Swift tests (and the Lua scenarios, when the `kinetic test` runner exists) under
# AddressSanitizer + LeakSanitizer, then under ThreadSanitizer: the Lua bridge runs a watchdog
# thread, and Swift Testing runs tests in parallel, each with its own lua_State.
# Each sanitizer builds in its own scratch path (.build-asan, .build-tsan) so the normal .build
# is untouched.
#
# Usage: scripts/sanitize.sh [--asan-only | --tsan-only] [--filter REGEX]
#   --filter REGEX   only the matching tests (passed to `swift test --filter`), e.g. ReliabilityTests
# Exit code: 0 when every pass is clean, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."

run_asan=1 run_tsan=1 filter=()
while (($#)); do
  case "$1" in
    --asan-only) run_tsan=0 ;;
    --tsan-only) run_asan=0 ;;
    --filter) filter=(--filter "$2"); shift ;;
    *) echo "usage: scripts/sanitize.sh [--asan-only | --tsan-only] [--filter REGEX]" >&2; exit 2 ;;
  esac
  shift
done

# LeakSanitizer: leaks inside system libraries, not ours, are suppressed; everything else that
# leaks fails the run.
# - XCTest's runtime keeps one 144-byte allocation alive for the whole process.
# - Foundation's Process.run forms a weak reference to the process that it never lets go (32 bytes
#   per process, from VideoEncoder).
# - FoundationXML's XMLElement nodes (the JUnit report test parses XML) keep each other alive.
# - FoundationEssentials' readBytesFromFile (String(contentsOfFile:)) loses its 4 KiB read buffer on
#   every read of an empty file (the tests read empty stdout and stderr captures).
# - libdbus, which SDL loads for the real-window test, keeps a 1032-byte buffer; what else it leaves
#   when SDL unloads it has no usable stack (no frame pointers), so that one test runs with
#   leak detection off (memory errors are still checked).
# - Foundation's FileManager.fileSystemRepresentation(withPath:) returns a buffer its caller cannot
#   free on Linux; ZIPFoundation calls it for every archive it opens and every entry it adds.
# - SDL2 keeps the message of SDL_SetError in a buffer per thread; when SDL_mixer fails on one of
#   the test runner's threads (no audio device, an undecodable file) that buffer is still held at
#   exit, and reported or not depending on which thread ran the test.
suppressions="$(mktemp)"
trap 'rm -f "$suppressions"' EXIT
cat >"$suppressions" <<'SUPP'
leak:libXCTest.so
leak:XCTestCase
leak:10Foundation7ProcessC3run
leak:libFoundationXML.so
leak:readBytesFromFile
leak:libdbus-1.so
leak:fileSystemRepresentation8withPath
leak:libSDL2-2.0.so
SUPP

status=0
scenarios() {
  # $1: scratch path. The scenario runner is optional (it lands with the `kinetic test` command).
  local bin="$1/debug/kinetic"
  if [[ -x "$bin" ]] && "$bin" test --help >/dev/null 2>&1; then
    "$bin" test examples Tests/Scenarios || status=1
  fi
}

if ((run_asan)); then
  echo "== AddressSanitizer + LeakSanitizer (.build-asan)"
  export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1:detect_stack_use_after_return=0"
  export LSAN_OPTIONS="suppressions=$suppressions:print_suppressions=0"
  swift build --scratch-path .build-asan --sanitize=address --build-tests || exit 1
  if ((${#filter[@]})); then
    swift test --scratch-path .build-asan --sanitize=address --skip-build "${filter[@]}" || status=1
  else
    swift test --scratch-path .build-asan --sanitize=address --skip-build --skip "ViewerTests.WindowTests" || status=1
    ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" \
      swift test --scratch-path .build-asan --sanitize=address --skip-build --filter "ViewerTests.WindowTests" || status=1
  fi
  ((${#filter[@]})) || { swift build --scratch-path .build-asan --sanitize=address --product kinetic >/dev/null 2>&1 && scenarios .build-asan; }
  unset ASAN_OPTIONS LSAN_OPTIONS
fi

if ((run_tsan)); then
  echo "== ThreadSanitizer (.build-tsan)"
  export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
  swift build --scratch-path .build-tsan --sanitize=thread --build-tests || exit 1
  swift test --scratch-path .build-tsan --sanitize=thread --skip-build "${filter[@]}" || status=1
  unset TSAN_OPTIONS
fi

((status == 0)) && echo "sanitize: clean" || echo "sanitize: FAILED"
exit "$status"
