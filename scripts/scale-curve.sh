#!/usr/bin/env bash
# Step time against body count, Kinetic and Box2D 3.1 on one and two workers (docs/benchmarks.md, "Scale").
#
# Usage: scripts/scale-curve.sh [--quick] [--avx2] [--bodies "N ..."] [scene ...]
#   --quick          N = 100 1000 3000 with a tenth of the timed steps: a smoke test of a minute or two
#   --avx2           Kinetic's AVX2 build (Package.swift, KINETIC_AVX2; in .build/avx2) instead of the
#                    portable one; the files are named scale-DATE-avx2.* and scale-curve-avx2.png
#   --bodies "N ..." the body counts (default 100 300 1000 3000 10000 30000 50000)
#   scene ...        pyramid, rain (default both)
#
# What it does:
#   1. installs gcc, python3-venv and python3-matplotlib (scripts/install-deps.sh --bench);
#   2. builds `kinetic` in release mode (with --avx2 the AVX2 build);
#   3. gets Box2D 3.1.1 the way the peers' run.sh does (the static libbox2d.a and headers inside the
#      PyPI wheel pyb2d3 0.11.1, in a venv under .build/scale) and builds scripts/scale/box2d_scale.c
#      against it and the Box2D peer's bench.c (../shared/bench/peers, or $PEERS_DIR; read only);
#   4. for each N, scene and worker count (1, 2) runs `kinetic bench SCENE --bodies N --workers W`
#      and the Box2D driver, one process at a time, alternating which engine goes first, and notes
#      the load average before each run;
#   5. writes bench-results/scale-DATE.{txt,csv,md} (raw lines, CSV, markdown table with per-body
#      cost and log-log slopes) and the plot docs/media/scale-curve.png (scripts/scale/report.py).
#      A --quick run writes bench-results/scale-DATE-quick.* and .build/scale/scale-curve-quick.png.
# A full run took 18–28 minutes on the shared 2-core VM under load, most of it in the untimed landing of
# the 30000- and 50000-circle rains; --bodies runs a subset.
set -uo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
ARGS="$*"

QUICK=0
AVX2=0
BODIES="100 300 1000 3000 10000 30000 50000"
SCENES=()
while [ $# -gt 0 ]; do
	case "$1" in
		--quick) QUICK=1 ;;
		--avx2) AVX2=1 ;;
		--bodies) shift; BODIES="${1:?--bodies needs a list of numbers}" ;;
		-h|--help) sed -n '2,24p' "$0"; exit 0 ;;
		-*) echo "scale-curve.sh: unknown option $1" >&2; exit 2 ;;
		pyramid|rain) SCENES+=("$1") ;;
		*) echo "scale-curve.sh: unknown scene $1 (scenes: pyramid rain)" >&2; exit 2 ;;
	esac
	shift
done
[ ${#SCENES[@]} = 0 ] && SCENES=(pyramid rain)
[ $QUICK = 1 ] && [ "$BODIES" = "100 300 1000 3000 10000 30000 50000" ] && BODIES="100 1000 3000"
for n in $BODIES; do
	case "$n" in ''|*[!0-9]*) echo "scale-curve.sh: --bodies wants numbers from 1 to 100000, got '$n'" >&2; exit 2 ;; esac
	if [ "$n" -lt 1 ] || [ "$n" -gt 100000 ]; then echo "scale-curve.sh: --bodies wants numbers from 1 to 100000, got '$n'" >&2; exit 2; fi
done

log() { echo "[scale-curve.sh] $*" >&2; }
START=$(date +%s)
WORK=$REPO/.build/scale
mkdir -p "$WORK/logs" bench-results

# ------------------------------------------------------------- tools
scripts/install-deps.sh --bench >&2 || { log "scripts/install-deps.sh --bench failed"; exit 1; }

BUILD=(swift build -c release)
[ $AVX2 = 1 ] && BUILD=(env KINETIC_AVX2=1 swift build -c release --scratch-path .build/avx2)
log "${BUILD[*]} --product kinetic"
"${BUILD[@]}" --product kinetic >&2 || { log "release build failed"; exit 1; }
KINETIC="$("${BUILD[@]}" --show-bin-path)/kinetic"

# The peers' folder sits next to the repository (a worktree: next to its main checkout), as for bench.sh.
find_peers() {
	if [ -n "${PEERS_DIR:-}" ]; then echo "$PEERS_DIR"; return; fi
	local common
	common=$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
	for dir in "$REPO/../shared/bench/peers" "${common:+$(dirname "$common")/../shared/bench/peers}"; do
		if [ -n "$dir" ] && [ -f "$dir/box2d3/bench.c" ]; then (cd "$dir" && pwd); return; fi
	done
	return 1
}
PEERS=$(find_peers) || { log "no peers folder: expected ../shared/bench/peers next to the repository (or set PEERS_DIR)"; exit 1; }

# Box2D 3.1.1 as run.sh gets it: the static library and headers the pyb2d3 wheel ships.
PYB2D3_VERSION=0.11.1
PY=$WORK/venv/bin/python
if ! "$PY" -c "import importlib.metadata as m; assert m.version('pyb2d3') == '$PYB2D3_VERSION'" >/dev/null 2>&1; then
	log "creating $WORK/venv with pyb2d3==$PYB2D3_VERSION"
	{ [ -x "$PY" ] || /usr/bin/python3 -m venv "$WORK/venv"; } >"$WORK/logs/venv.log" 2>&1 \
		&& "$PY" -m pip install -q "pyb2d3==$PYB2D3_VERSION" >>"$WORK/logs/venv.log" 2>&1 \
		|| { log "installing pyb2d3 failed, see $WORK/logs/venv.log"; exit 1; }
fi
SITE=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
B2_LIB=$(ls "$SITE"/lib*/libbox2d.a 2>/dev/null | head -1)
[ -n "$B2_LIB" ] || { log "no libbox2d.a in the pyb2d3 wheel ($SITE)"; exit 1; }
BOX2D=$WORK/box2d_scale
gcc -O2 -Wall -Wno-unused-function -I"$SITE/include" -I"$PEERS/box2d3" -o "$BOX2D" scripts/scale/box2d_scale.c \
	"$B2_LIB" -lm -lpthread 2>"$WORK/logs/build-box2d.log" \
	|| { log "building the Box2D driver failed, see $WORK/logs/build-box2d.log"; exit 1; }

# ---------------------------------------------------------------- runs
TODAY=$(date +%F)
STEM=bench-results/scale-$TODAY
[ $AVX2 = 1 ] && STEM=$STEM-avx2
[ $QUICK = 1 ] && STEM=$STEM-quick
RAW=$STEM.txt
: >"$RAW.tmp"
QUICK_ARG=()
[ $QUICK = 1 ] && QUICK_ARG=(--quick)

run() {  # kind scene bodies workers
	local kind=$1 scene=$2 n=$3 workers=$4 load out rc
	local cmd=("$BOX2D" --workers "$workers" "${QUICK_ARG[@]}" "$scene" "$n")
	[ "$kind" = kinetic ] && cmd=("$KINETIC" bench "$scene" --bodies "$n" --workers "$workers" "${QUICK_ARG[@]}")
	load=$(cut -d' ' -f1 /proc/loadavg)
	out=$WORK/logs/$kind-$scene-$n-w$workers
	env -u BENCH_QUICK timeout 600 "${cmd[@]}" >"$out.out" 2>"$out.err"
	rc=$?
	line=$(grep -E '^[^ ]+ [a-z_]+ [0-9]+ [0-9]+ [0-9.e+-]+ [0-9.e+-]+ sanity=' "$out.out" | head -1)
	[ $rc = 0 ] && [ -n "$line" ] || line="$kind $scene $n 0 0 0 sanity=FAILED(rc=$rc)"
	echo "$load $kind $workers $line" | tee -a "$RAW.tmp" >&2
}

i=0
for n in $BODIES; do
	for scene in "${SCENES[@]}"; do
		for workers in 1 2; do
			# Alternate which engine runs first, so a burst of load from other tenants lands on both.
			if [ $((i % 2)) = 0 ]; then run kinetic "$scene" "$n" "$workers"; run box2d "$scene" "$n" "$workers"
			else run box2d "$scene" "$n" "$workers"; run kinetic "$scene" "$n" "$workers"; fi
			i=$((i + 1))
		done
	done
done
ELAPSED=$(( $(date +%s) - START ))

# -------------------------------------------------------------- report
{
	echo "# Scale curve, $(date '+%F %H:%M %Z'): scripts/scale-curve.sh $ARGS"
	echo "# kinetic: $("$KINETIC" --version 2>/dev/null), commit $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet 2>/dev/null || echo ' (uncommitted changes)'), ${BUILD[*]}, 4 substeps"
	echo "# box2d: 3.1.1 from pyb2d3 $PYB2D3_VERSION, scripts/scale/box2d_scale.c with $PEERS/box2d3/bench.c, $(gcc --version | head -1) -O2"
	echo "# machine: $(getconf _NPROCESSORS_ONLN) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(uname -sr); shared and noisy"
	echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); total wall time ${ELAPSED}s"
	[ $QUICK = 1 ] && echo "# QUICK MODE: a tenth of the timed steps; not a timing"
	echo "# fields: load1_before kind workers engine scene bodies steps median_ms p90_ms sanity"
	cat "$RAW.tmp"
} >"$RAW"
rm -f "$RAW.tmp"
PNG=docs/media/scale-curve$([ $AVX2 = 0 ] || echo -avx2).png
[ $QUICK = 1 ] && PNG=$WORK/$(basename "$PNG" .png)-quick.png
/usr/bin/python3 scripts/scale/report.py "$RAW" "$STEM.csv" "$STEM.md" "$PNG" || { log "report.py failed"; exit 1; }
cat "$STEM.md"
log "saved $RAW, $STEM.csv, $STEM.md and $PNG (${ELAPSED}s)"
