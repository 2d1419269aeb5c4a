#!/usr/bin/env bash
# Regenerates the scoreboard of each backend page in docs/backends/: runs
# every real backend's ctest (backend/NAME: every case of cases/node,
# cases/invalid and ONNX's official tests of the suite's operators), then replaces
# each page's text below its `<!-- scoreboard -->` line with the scoreboard
# that test wrote, headings moved one level down. Pages of backends not
# installed here are left as they are. Then merges the reports into one page,
# docs/backends/combined.{md,html} (onnx-conform merge), and the backends'
# runs of ONNX's official node tests (backend_official/NAME) into another,
# docs/backends/official.{md,html}: a row per operator, a pass rate per
# backend.
#
# The combined page dates its runs by the newest report's time.
#
#   docs/backends/regenerate.sh [--from-reports] [BUILD_DIR]     # default: build
#
# --from-reports: no ctest run; the pages are made from the reports that
# BUILD_DIR/backends/*/ already holds (those of backend tests that passed).
set -euo pipefail
cd "$(dirname "$0")/../.."
run_tests=1
if [ "${1:-}" = --from-reports ]; then
  run_tests=0
  shift
fi
build=${1:-build}

# The backend tests fail the run on an unexpected result: the pages then
# stay as they are, since a scoreboard with failures is not a known state.
if [ "$run_tests" = 1 ]; then
  (cd "$build" && ctest -R '^backend(_official)?/' --output-on-failure -j "$(nproc)")
fi

# The pages are docs: what a backend does, not when or where it ran. Paths
# of this checkout (adapters' messages name case files by absolute path)
# become relative, and run dates are left out.
for_docs() {
  sed -e "s|$PWD/||g" -e 's/ · [0-9]\{4\}-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9] UTC//' \
      -e 's/Runs of [0-9]\{4\}-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9] UTC · //'
}

splice() {
  local page=$1 scoreboard=$2
  [ -f "$scoreboard" ] || { echo "skipped $page: no $scoreboard"; return 0; }
  local tmp
  tmp=$(mktemp)
  { sed -n '1,/^<!-- scoreboard -->$/p' "$page"; sed 's/^#/##/' "$scoreboard" | for_docs; } > "$tmp"
  mv "$tmp" "$page"
  echo "updated $page"
}

for name in onnxruntime-node onnxruntime-web opencv-dnn onnxjs onnxruntime-python openvino tract \
    onnx-reference; do
  splice "docs/backends/$name.md" "$build/backends/$name/scoreboard.md"
done

# merge_page REPORT PAGE TITLE: every backend's build/backends/*/REPORT
# merged into docs/backends/PAGE.{md,html}.
merge_page() {
  local report=$1 page=$2 title=$3 found=()
  for file in "$build"/backends/*/"$report"; do
    [ -f "$file" ] && found+=("$file")
  done
  [ ${#found[@]} -gt 0 ] || return 0
  "$build/runners/onnx-conform" merge "${found[@]}" --title="$title" \
    --scoreboard-md="docs/backends/$page.md" --scoreboard-html="docs/backends/$page.html"
  for file in "docs/backends/$page.md" "docs/backends/$page.html"; do
    for_docs < "$file" > "$file.tmp" && mv "$file.tmp" "$file"
  done
  echo "updated docs/backends/$page.md and $page.html from ${#found[@]} reports"
}

# The combined page: every backend side by side, failures grouped by cause;
# then ONNX's official node tests, every operator, on every backend.
merge_page report.json combined "ONNX Conform: real backends side by side"
merge_page official.json official "ONNX Conform: ONNX's official node tests on real backends"
