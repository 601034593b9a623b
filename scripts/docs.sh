#!/usr/bin/env bash
# The DocC documentation of the library products, built with the toolchain's own `docc` (no package
# plugin): symbol graphs from the debug build, then one static site per module under out/docs/.
# Usage: scripts/docs.sh [OUTPUT_FOLDER]       then e.g. `python3 -m http.server -d out/docs`
# Fails on any DocC warning (a link to a symbol that does not exist), after writing everything.
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-out/docs}"
# KineticScene has no product but every host reads its values (KineticLua and KineticRender re-export it).
modules=(KineticKit KineticLua KineticPlayer KineticScene KineticRender KineticDynamics KineticPhysics KineticGeometry)
docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
[ -x "$docc" ] || { echo "docs: no docc next to swift ($docc)" >&2; exit 1; }

# Builds what is out of date, then extracts each module's public symbols (.build/<triple>/symbolgraph).
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs="$(swift build --show-bin-path)/../symbolgraph"

rm -rf "$output"
mkdir -p "$output"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
index="<!doctype html><meta charset=utf-8><title>Kinetic API</title><h1>Kinetic API</h1><ul>"
for module in "${modules[@]}"; do
  # One module per archive: its own graph and its extensions of the modules it imports.
  mkdir -p "$scratch/$module"
  cp "$graphs/$module.symbols.json" "$scratch/$module/"
  cp "$graphs/$module"@*.symbols.json "$scratch/$module/" 2>/dev/null || true
  lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$scratch/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "kinetic.$module" \
    --transform-for-static-hosting --hosting-base-path "$module" \
    --output-path "$output/$module" 2>&1 | sed "s|^|$module: |" | tee -a "$scratch/diagnostics"
  index+="<li><a href=\"$module/documentation/$lower/\">$module</a></li>"
done
echo "$index</ul>" > "$output/index.html"
echo "docs: $output/index.html (serve the folder: python3 -m http.server -d $output)"
# A link to a symbol that does not exist (a renamed type, a catalog's topic) fails the script.
if grep -q "warning:" "$scratch/diagnostics"; then
  echo "docs: $(grep -c "warning:" "$scratch/diagnostics") warning(s) above" >&2
  exit 1
fi
