#!/usr/bin/env bash
# The soak: the churn level (items and behaviours made and removed every simulated second, a hot
# reload every simulated minute) for a simulated time, with RSS and Lua memory sampled every minute.
# Usage: scripts/soak.sh [MINUTES] [--no-reload]    (default 60 simulated minutes, ~45 s in a debug build)
set -uo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-60}"
shift || true
swift build --product kinetic-fuzz || exit 1
exec .build/debug/kinetic-fuzz soak --minutes "$minutes" --warm-up 5 "$@"
