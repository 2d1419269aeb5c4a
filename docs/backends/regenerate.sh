#!/usr/bin/env bash
# Regenerates the scoreboard of each backend page in docs/backends/: runs
# every real backend's ctest (backend/NAME: every case of cases/node,
# cases/invalid and ONNX's official Min/ArgMin/Clip tests), then replaces
# each page's text below its `<!-- scoreboard -->` line with the scoreboard
# that test wrote, headings moved one level down. Pages of backends not
# installed here are left as they are.
#
#   docs/backends/regenerate.sh [BUILD_DIR]     # default: build
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}

# The backend tests fail the run on an unexpected result: the pages then
# stay as they are, since a scoreboard with failures is not a known state.
(cd "$build" && ctest -R '^backend/' --output-on-failure)

splice() {
  local page=$1 scoreboard=$2
  [ -f "$scoreboard" ] || { echo "skipped $page: no $scoreboard"; return 0; }
  local tmp
  tmp=$(mktemp)
  { sed -n '1,/^<!-- scoreboard -->$/p' "$page"; sed 's/^#/##/' "$scoreboard"; } > "$tmp"
  mv "$tmp" "$page"
  echo "updated $page"
}

splice docs/backends/onnxruntime.md "$build/onnxruntime/scoreboard.md"
for name in onnxruntime-web opencv-dnn onnxjs; do
  splice "docs/backends/$name.md" "$build/backends/$name/scoreboard.md"
done
