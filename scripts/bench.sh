#!/usr/bin/env bash
# Kinetic against the peer engines on the scenes of bench/SCENES.md, in one session on one machine.
#
# Usage: scripts/bench.sh [--quick] [--substeps N] [scene ...]
#   --quick        a tenth of the timed steps, one pass of everything (smoke test; numbers not comparable)
#   --substeps N   Kinetic's substeps per step (default 4, the Box2D v3 peer's setting)
#   scene ...      subset of: large_pyramid falling_circles joint_grid newtons_cradle
#
# What it does:
#   1. builds `kinetic` in release mode, and where the CPU has AVX2 also the AVX2 build
#      (Package.swift, KINETIC_AVX2; its rows are kinetic-VERSION-avx2) in .build/avx2;
#   2. copies the peers' folder (../shared/bench/peers next to the repository, or $PEERS_DIR) into
#      .build/bench-peers (the shared folder is read-only; run.sh writes build/ and .venv/ beside
#      itself, and keeping the copy saves the venv and the builds between runs);
#   3. runs each `kinetic bench` once on one worker and once on two (`--workers 2`), the peers' run.sh
#      (two passes, one with --quick) and its Box2D 3.1 peer again with `--workers 2`, and both
#      `kinetic bench` runs again (so Kinetic gets two passes like the peers, spread over the session);
#   4. merges all result lines with the peers' table.py and prints the table plus, per scene,
#      Kinetic's best median divided by the best valid median of Box2D 3.1.1 (C), Box2D 2.4.1 and
#      Chipmunk 7.0.3 (below 1: Kinetic is faster); for the two-worker rows (kinetic-VERSION-w2)
#      the ratio to box2d-3.1.1-c-w2 and Kinetic's own speed-up from one worker to two;
#   5. writes all of it to bench-results/results-YYYY-MM-DD[-quick].txt.
set -uo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
ARGS="$*"

QUICK=0
SUBSTEPS=4
SCENES=()
while [ $# -gt 0 ]; do
	case "$1" in
		--quick) QUICK=1 ;;
		--substeps) shift; SUBSTEPS="${1:?--substeps needs a number}" ;;
		-h|--help) sed -n '2,22p' "$0"; exit 0 ;;
		-*) echo "bench.sh: unknown option $1" >&2; exit 2 ;;
		*) SCENES+=("$1") ;;
	esac
	shift
done

log() { echo "[bench.sh] $*" >&2; }
for scene in "${SCENES[@]}"; do
	case "$scene" in
		large_pyramid|falling_circles|joint_grid|newtons_cradle) ;;
		*) log "unknown scene $scene (scenes: large_pyramid falling_circles joint_grid newtons_cradle)"; exit 2 ;;
	esac
done
START=$(date +%s)

# ------------------------------------------------------------------ the peers
# The repository sits next to shared/; a git worktree's main checkout does.
find_peers() {
	if [ -n "${PEERS_DIR:-}" ]; then echo "$PEERS_DIR"; return; fi
	local common
	common=$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
	for dir in "$REPO/../shared/bench/peers" "${common:+$(dirname "$common")/../shared/bench/peers}"; do
		if [ -n "$dir" ] && [ -f "$dir/run.sh" ]; then (cd "$dir" && pwd); return; fi
	done
	return 1
}
PEERS=$(find_peers) || { log "no peers folder: expected ../shared/bench/peers next to the repository (or set PEERS_DIR)"; exit 1; }
WORK=$REPO/.build/bench-peers
mkdir -p "$WORK"
# Refresh the sources; keep build/ and .venv/ from earlier runs.
(cd "$PEERS" && tar cf - --exclude=./build --exclude=./.venv .) | (cd "$WORK" && tar xf -) \
	|| { log "copying $PEERS to $WORK failed"; exit 1; }
log "peers: $PEERS (working copy $WORK)"

# ---------------------------------------------------------------- our engine
log "swift build -c release --product kinetic"
swift build -c release --product kinetic >&2 || { log "release build failed"; exit 1; }
KINETIC="$(swift build -c release --show-bin-path)/kinetic"
ENGINE="kinetic-$("$KINETIC" --version 2>/dev/null || echo unknown)"
BUILDS=("$KINETIC")
if grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
	log "KINETIC_AVX2=1 swift build -c release --product kinetic --scratch-path .build/avx2"
	KINETIC_AVX2=1 swift build -c release --product kinetic --scratch-path .build/avx2 >&2 || { log "AVX2 build failed"; exit 1; }
	BUILDS+=("$(KINETIC_AVX2=1 swift build -c release --scratch-path .build/avx2 --show-bin-path)/kinetic")
else
	log "this CPU has no AVX2: the portable build only"
fi
OURS=$WORK/kinetic-results.txt
: >"$OURS"
OUR_ARGS=(--substeps "$SUBSTEPS")
[ $QUICK = 1 ] && OUR_ARGS+=(--quick)
run_ours() {  # pass number
	log "kinetic bench, pass $1 ..."
	local t0=$(date +%s)
	# BENCH_QUICK is left to --quick; BENCH_GRID_N must not change the defined scene.
	local workers rc build out name
	for build in "${!BUILDS[@]}"; do
		name=$ENGINE$([ "$build" = 0 ] || echo -avx2)
		for workers in 1 2; do
			out=$WORK/$name-$1-w$workers
			env -u BENCH_QUICK -u BENCH_GRID_N "${BUILDS[$build]}" bench "${OUR_ARGS[@]}" --workers $workers "${SCENES[@]}" \
				>"$out.out" 2>"$out.err"
			rc=$?
			grep -E '^[^ ]+ [a-z_]+ [0-9]+ [0-9]+ [0-9.e+-]+ [0-9.e+-]+ sanity=' "$out.out" | tee -a "$OURS" >&2
			if [ $rc != 0 ]; then
				log "$name bench --workers $workers exited with $rc, see $out.err"
				echo "$name$([ $workers = 1 ] || echo -w$workers) - 0 0 0 0 sanity=FAILED(rc=$rc)" >>"$OURS"
			fi
		done
	done
	log "kinetic took $(( $(date +%s) - t0 )) s"
}

# --------------------------------------------------------------------- run
run_ours 1
PEER_ARGS=()
[ $QUICK = 1 ] && PEER_ARGS+=(--quick)
log "peers: ./run.sh ${PEER_ARGS[*]} ${SCENES[*]}"
(cd "$WORK" && ./run.sh "${PEER_ARGS[@]}" "${SCENES[@]}" >"$WORK/peers-table.txt") \
	|| log "run.sh failed (see $WORK/build/logs); merging what there is"
# run.sh writes build/raw-results.txt afresh; keep the single-thread lines beside the two-worker ones.
cp "$WORK/build/raw-results.txt" "$WORK/peers-raw-w1.txt" 2>/dev/null || : >"$WORK/peers-raw-w1.txt"
log "peers: ./run.sh --workers 2 --peers box2d3-c ${PEER_ARGS[*]} ${SCENES[*]}"
(cd "$WORK" && ./run.sh --workers 2 --peers box2d3-c "${PEER_ARGS[@]}" "${SCENES[@]}" >"$WORK/peers-table-w2.txt") \
	|| log "run.sh --workers 2 failed (see $WORK/build/logs); merging what there is"
cp "$WORK/build/raw-results.txt" "$WORK/peers-raw-w2.txt" 2>/dev/null || : >"$WORK/peers-raw-w2.txt"
[ $QUICK = 1 ] || run_ours 2
ELAPSED=$(( $(date +%s) - START ))

# ------------------------------------------------------------------ table
PY=$WORK/.venv/bin/python
[ -x "$PY" ] || PY=python3
ALL=$WORK/all-results.txt
cat "$OURS" "$WORK/peers-raw-w1.txt" "$WORK/peers-raw-w2.txt" >"$ALL"

# Kinetic's best median over the best valid median of each reference peer, per scene.
ratios() {
	"$PY" - "$ALL" <<'EOF'
import sys
PEERS = ["box2d-3.1.1-c", "box2d-2.4.1", "chipmunk-7.0.3"]
SCENES = ["large_pyramid", "falling_circles", "joint_grid", "newtons_cradle"]
best = {}  # (engine, scene) -> lowest median of the valid rows
invalid = set()
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) != 7 or not f[6].startswith("sanity="):
        continue
    try:
        median = float(f[4])
    except ValueError:
        continue
    key = (f[0], f[1])
    if f[6][len("sanity="):].startswith(("DIVERGED", "TIMECAP", "FAILED")) or median <= 0:
        invalid.add(key)
        continue
    best[key] = min(median, best.get(key, median))
ours = sorted({e for e, _ in best.keys() | invalid if e.startswith("kinetic-")})
scenes = [s for s in SCENES if any(k[1] == s for k in best.keys() | invalid)]
if not any(e in ours for e, _ in best):
    print("ratio: no valid Kinetic row (see the raw lines)")
    sys.exit(0)
for engine in ours:
    two = engine.endswith("-w2")
    for scene in scenes:
        mine = best.get((engine, scene))
        parts = []
        if two:
            one = best.get((engine[:-len("-w2")], scene))
            parts.append("speed-up from 1 worker %s" % ("%.2f" % (one / mine) if one and mine else "n/a"))
        for peer in (["box2d-3.1.1-c-w2"] if two else PEERS):
            theirs = best.get((peer, scene))
            if mine is None:
                parts.append("%s n/a (Kinetic's row is not a timing)" % peer)
            elif theirs is None:
                why = "diverged" if (peer, scene) in invalid else "missing"
                parts.append("%s n/a (%s)" % (peer, why))
            else:
                parts.append("%s %.2f" % (peer, mine / theirs))
        print("ratio %-15s %s / %s" % (scene, engine, ",  ".join(parts)))
EOF
}

TODAY=$(date +%F)
mkdir -p bench-results
OUT=bench-results/results-$TODAY.txt
[ $QUICK = 1 ] && OUT=bench-results/results-$TODAY-quick.txt
{
	echo "# Kinetic and peer physics benchmarks, $(date '+%F %H:%M %Z')"
	echo "# command: scripts/bench.sh $ARGS"
	echo "# kinetic: $("$KINETIC" --version 2>/dev/null), commit $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet -- . ':(exclude)bench-results' 2>/dev/null || echo ' (uncommitted changes)'), swift build -c release$([ ${#BUILDS[@]} = 1 ] || echo ' and KINETIC_AVX2=1 (rows -avx2)'), $SUBSTEPS substeps, $(swift --version 2>/dev/null | head -1)"
	echo "# machine: $(getconf _NPROCESSORS_ONLN) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(uname -sr); shared and noisy"
	echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
	[ $QUICK = 1 ] && echo "# QUICK MODE: a tenth of the timed steps, one pass; not comparable with full runs"
	echo "# times: ms per step (the step call only), best of the passes; ratio = Kinetic's median / the peer's"
	echo "#   (below 1: Kinetic is faster); rows flagged DIVERGED/TIMECAP are not timings"
	echo "# total wall time of bench.sh: ${ELAPSED}s"
	echo
	"$PY" "$WORK/table.py" "$ALL"
	echo
	ratios
	echo
	echo "## raw lines (all passes)"
	cat "$ALL"
} >"$OUT"
cat "$OUT"
log "saved $OUT (${ELAPSED}s)"
