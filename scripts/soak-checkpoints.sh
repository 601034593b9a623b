#!/usr/bin/env bash
# The checkpoint soak: a 1,000-item level for a simulated time with the ring of checkpoints on
# (docs/time-travel.md). Prints, every simulated minute, the ring's bytes and their peak (measured
# after every step) and the process's RSS and peak RSS; exits non-zero when the ring goes over its
# budget (checkpoints × 6 MiB) or the process's peak RSS over 256 MiB.
# Usage: scripts/soak-checkpoints.sh [MINUTES [CHECKPOINTS]]   (default 10 simulated minutes, 10 checkpoints)
set -uo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-10}"
checkpoints="${2:-10}"
swift build -c release --product kinetic-fuzz || exit 1
exec .build/release/kinetic-fuzz checkpoints --minutes "$minutes" --checkpoints "$checkpoints"
