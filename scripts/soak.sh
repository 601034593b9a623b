#!/usr/bin/env bash
# The soak: the churn level (items, long-named items, behaviours and regions made and removed every
# simulated second or half second, a hot reload every simulated minute) for a simulated time, with
# RSS and Lua memory sampled every minute; then the same without reloads, which would otherwise
# clear what a leak left behind.
# Usage: scripts/soak.sh [MINUTES]    (default 60 simulated minutes each way, a few minutes in all)
set -uo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-60}"
swift build -c release --product kinetic-fuzz || exit 1
status=0
.build/release/kinetic-fuzz soak --minutes "$minutes" --warm-up 1 || status=1
.build/release/kinetic-fuzz soak --minutes "$minutes" --warm-up 1 --no-reload || status=1
exit "$status"
