#!/usr/bin/python3
"""The scale curve's report (scripts/scale-curve.sh): reads the result lines it collected and writes
the CSV, the markdown table with the log-log slopes, and the plot.

    report.py RAW CSV MARKDOWN PNG

RAW holds one line per run: `load1 kind workers engine scene bodies steps median_ms p90_ms sanity=...`
(kind is kinetic or box2d; the rest is the engines' own seven-field result line). A row whose sanity
starts with DIVERGED, TIMECAP or FAILED is listed but not plotted or fitted.
Needs Debian's python3-matplotlib (scripts/install-deps.sh --bench).
"""
import csv
import math
import sys

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt
from matplotlib import ticker

SCENES = ["pyramid", "rain"]
SERIES = [("kinetic", 1), ("box2d", 1), ("kinetic", 2), ("box2d", 2)]
LABEL = {"kinetic": "Kinetic", "box2d": "Box2D 3.1"}
STYLE = {("kinetic", 1): ("tab:blue", "-", "o"), ("kinetic", 2): ("tab:blue", "--", "s"),
         ("box2d", 1): ("tab:orange", "-", "o"), ("box2d", 2): ("tab:orange", "--", "s")}


def read(path):
    runs = []
    for line in open(path):
        f = line.split()
        if len(f) != 10 or not f[9].startswith("sanity="):
            continue
        sanity = f[9][len("sanity="):]
        runs.append({
            "load1": float(f[0]), "kind": f[1], "workers": int(f[2]), "engine": f[3], "scene": f[4],
            "bodies": int(f[5]), "steps": int(f[6]), "median_ms": float(f[7]), "p90_ms": float(f[8]),
            "sanity": sanity, "valid": not sanity.startswith(("DIVERGED", "TIMECAP", "FAILED")),
        })
    return runs


def slope(points):
    """Least-squares slope of log(ms) against log(N): 1 is linear, above 1 grows faster."""
    if len(points) < 2:
        return None
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else None


def fmt(value, spec="%.3g"):
    return "–" if value is None else spec % value


def main(raw, csv_path, md_path, png_path):
    runs = read(raw)
    # The AVX2 build's rows (scale-curve.sh --avx2) name their engine kinetic-<v>-avx2[-w2].
    if any(r["kind"] == "kinetic" and "-avx2" in r["engine"] for r in runs):
        LABEL["kinetic"] = "Kinetic AVX2"
    with open(csv_path, "w", newline="") as out:
        w = csv.writer(out)
        w.writerow(["scene", "bodies", "engine", "workers", "steps", "median_ms", "p90_ms", "us_per_body", "load1", "sanity"])
        for r in runs:
            w.writerow([r["scene"], r["bodies"], r["engine"], r["workers"], r["steps"], r["median_ms"], r["p90_ms"],
                        "%.4g" % (1000 * r["median_ms"] / r["bodies"]), r["load1"], r["sanity"]])

    # (scene, kind, workers) -> {N: median ms} of the valid runs (the lowest if a run was repeated).
    curve = {}
    for r in runs:
        if r["valid"]:
            points = curve.setdefault((r["scene"], r["kind"], r["workers"]), {})
            points[r["bodies"]] = min(r["median_ms"], points.get(r["bodies"], math.inf))
    sanity = {(r["scene"], r["kind"], r["workers"], r["bodies"]): r["sanity"] for r in runs}

    lines = []
    loads = [r["load1"] for r in runs]
    if loads:
        lines.append("Load average (1 min) before each run: %.1f to %.1f, median %.1f." % (
            min(loads), max(loads), sorted(loads)[len(loads) // 2]))
        lines.append("")
    for scene in SCENES:
        ns = sorted({r["bodies"] for r in runs if r["scene"] == scene})
        if not ns:
            continue
        lines.append("**%s**: median ms per step; K ÷ B = Kinetic ÷ Box2D 3.1 on the same worker count "
                     "(below 1 Kinetic is faster); µs/body = Kinetic's median per body, 1 worker." % scene)
        lines.append("")
        lines.append("| N | steps | Kinetic 1w | Box2D 1w | K ÷ B 1w | Kinetic 2w | Box2D 2w | K ÷ B 2w | µs/body K | µs/body B |")
        lines.append("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for n in ns:
            t = {(k, w): curve.get((scene, k, w), {}).get(n) for k, w in SERIES}
            steps = max((r["steps"] for r in runs if r["scene"] == scene and r["bodies"] == n), default=0)
            ratio = lambda w: t[("kinetic", w)] / t[("box2d", w)] if t[("kinetic", w)] and t[("box2d", w)] else None
            per_body = lambda k: 1000 * t[(k, 1)] / n if t[(k, 1)] else None
            lines.append("| %d | %d | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                n, steps, fmt(t[("kinetic", 1)], "%.4g"), fmt(t[("box2d", 1)], "%.4g"), fmt(ratio(1), "%.2f"),
                fmt(t[("kinetic", 2)], "%.4g"), fmt(t[("box2d", 2)], "%.4g"), fmt(ratio(2), "%.2f"),
                fmt(per_body("kinetic")), fmt(per_body("box2d"))))
        lines.append("")
        lines.append("Log-log slope of step time against N (1 = linear): all N, N ≥ 3000, and between neighbours:")
        lines.append("")
        for kind, workers in SERIES:
            pts = sorted(curve.get((scene, kind, workers), {}).items())
            local = ", ".join("%d→%d %.2f" % (a[0], b[0], slope([a, b])) for a, b in zip(pts, pts[1:]))
            lines.append("- %s %dw: %s overall, %s from 3000; %s" % (
                LABEL[kind], workers, fmt(slope(pts), "%.2f"), fmt(slope([p for p in pts if p[0] >= 3000]), "%.2f"), local))
        lines.append("")
        largest = ns[-1]
        lines.append("Sanity at N = %d: %s." % (largest, "; ".join(
            "%s %dw `%s`" % (LABEL[k], w, sanity[(scene, k, w, largest)]) for k, w in SERIES if (scene, k, w, largest) in sanity)))
        lines.append("")
    with open(md_path, "w") as out:
        out.write("\n".join(lines))

    fig, axes = plt.subplots(2, len(SCENES), figsize=(11, 8.5), sharex=True)
    for col, scene in enumerate(SCENES):
        top, bottom = axes[0][col], axes[1][col]
        for kind, workers in SERIES:
            pts = sorted(curve.get((scene, kind, workers), {}).items())
            if not pts:
                continue
            color, dash, marker = STYLE[(kind, workers)]
            label = "%s, %d worker%s" % (LABEL[kind], workers, "" if workers == 1 else "s")
            ns, ms = [n for n, _ in pts], [t for _, t in pts]
            top.plot(ns, ms, color=color, linestyle=dash, marker=marker, label=label)
            bottom.plot(ns, [1000 * t / n for n, t in pts], color=color, linestyle=dash, marker=marker, label=label)
        top.set_xscale("log")
        top.set_yscale("log")
        top.set_title("%s: step time" % scene)
        top.set_ylabel("median ms per step")
        bottom.set_xscale("log")
        bottom.set_yscale("log")
        bottom.set_title("%s: cost per body (flat = linear)" % scene)
        bottom.set_ylabel("µs per body per step")
        bottom.set_xlabel("bodies N")
        for ax in (top, bottom):
            ax.grid(True, which="both", alpha=0.3)
            # Plain numbers (0.5, 2, 100) rather than powers of ten; minor ticks labelled at 2, 3 and 5 only.
            ax.yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: "%g" % v))
            ax.yaxis.set_minor_formatter(ticker.FuncFormatter(
                lambda v, _: "%g" % v if round(v / 10 ** math.floor(math.log10(v))) in (2, 3, 5) else ""))
            ax.xaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: "%g" % v))
        top.legend(fontsize="small")
    fig.suptitle("%s and Box2D 3.1.1: step time against body count (dt 1/60 s, 4 substeps)" % LABEL["kinetic"])
    fig.tight_layout()
    fig.savefig(png_path, dpi=90)


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
