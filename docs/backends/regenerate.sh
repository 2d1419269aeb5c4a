#!/usr/bin/env bash
# Regenerates the scoreboard of each backend page in docs/backends/: runs
# every real backend's ctest (backend/NAME: every case of cases/node,
# cases/invalid and ONNX's official Min/ArgMin/Clip tests), then replaces
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

splice() {
  local page=$1 scoreboard=$2
  [ -f "$scoreboard" ] || { echo "skipped $page: no $scoreboard"; return 0; }
  local tmp
  tmp=$(mktemp)
  { sed -n '1,/^<!-- scoreboard -->$/p' "$page"; sed 's/^#/##/' "$scoreboard"; } > "$tmp"
  mv "$tmp" "$page"
  echo "updated $page"
}

for name in onnxruntime-node onnxruntime-web opencv-dnn onnxjs onnxruntime-python openvino tract \
    onnx-reference; do
  splice "docs/backends/$name.md" "$build/backends/$name/scoreboard.md"
done

# The combined page: every backend side by side, failures grouped by cause.
reports=()
for report in "$build"/backends/*/report.json; do
  [ -f "$report" ] && reports+=("$report")
done
if [ ${#reports[@]} -gt 0 ]; then
  "$build/runners/onnx-conform" merge "${reports[@]}" \
    --title="ONNX Conform: real backends side by side" \
    --scoreboard-md=docs/backends/combined.md --scoreboard-html=docs/backends/combined.html
  echo "updated docs/backends/combined.md and combined.html from ${#reports[@]} reports"
fi

# ONNX's official node tests, every operator, on every backend.
official=()
for report in "$build"/backends/*/official.json; do
  [ -f "$report" ] && official+=("$report")
done
if [ ${#official[@]} -gt 0 ]; then
  "$build/runners/onnx-conform" merge "${official[@]}" \
    --title="ONNX Conform: ONNX's official node tests on real backends" \
    --scoreboard-md=docs/backends/official.md --scoreboard-html=docs/backends/official.html
  echo "updated docs/backends/official.md and official.html from ${#official[@]} reports"
fi
