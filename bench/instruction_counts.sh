#!/usr/bin/env bash
# Compares the instructions two builds of onnx-conform execute (callgrind's Ir)
# on the same cases with the reference backend: did a change make runs dearer?
# Each binary runs `run -j 1 --quiet --op=$OPS CASES_DIR` under
# valgrind --tool=callgrind, one CASES_DIR after the other; the table gives
# each CASES_DIR's total Ir before and after and the change in percent. The two
# runs of a CASES_DIR must end alike (exit code, summary line, and with jq each
# case's status); a warning says when they do not.
#
#   bench/instruction_counts.sh BEFORE_BINARY AFTER_BINARY [CASES_DIR...]
#   e.g. bench/instruction_counts.sh /tmp/old/build/runners/onnx-conform \
#          build/runners/onnx-conform cases/invalid
#
# Default CASES_DIRs: this repository's cases/node and cases/invalid, and
# ONNX's official node tests (Debian's libonnx-testdata), of which --op keeps
# the suite's operators. env: OPS (min,max,argmin,argmax,clip,relu; empty: no
# --op), OUT_DIR (a new temporary folder; it keeps the callgrind outputs
# OUT_DIR/N.before.cg and N.after.cg, for callgrind_annotate).
set -euo pipefail

if [ $# -lt 2 ]; then
  sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
fi
before=$1 after=$2
shift 2
repo=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- "$repo/cases/node" "$repo/cases/invalid" \
  /usr/share/libonnx-testdata/data/node
OPS=${OPS-min,max,argmin,argmax,clip,relu}
out=${OUT_DIR:-$(mktemp -d /tmp/instruction_counts.XXXXXX)}
mkdir -p "$out"

# run_one BINARY PREFIX CASES_DIR: callgrind output PREFIX.cg, stdout
# PREFIX.out, report PREFIX.json, exit code PREFIX.rc.
run_one() {
  local rc=0
  valgrind --tool=callgrind --callgrind-out-file="$2.cg" "$1" run -j 1 --quiet \
    ${OPS:+--op="$OPS"} --report-json="$2.json" "$3" >"$2.out" 2>"$2.err" || rc=$?
  echo "$rc" >"$2.rc"
}
total_ir() { awk '/^(summary|totals):/ { print $2; exit }' "$1"; }
statuses() {
  cat "$1.rc"
  grep -E '^[0-9]+ passed' "$1.out" || true
  if command -v jq >/dev/null; then jq -r '.cases[] | "\(.name) \(.status)"' "$1.json"; fi
}

printf '%-45s %15s %15s %8s\n' 'cases dir' 'before Ir' 'after Ir' 'change'
n=0
for dir in "$@"; do
  n=$((n + 1))
  run_one "$before" "$out/$n.before" "$dir"
  run_one "$after" "$out/$n.after" "$dir"
  b=$(total_ir "$out/$n.before.cg") a=$(total_ir "$out/$n.after.cg")
  printf '%-45s %15s %15s %7s%%\n' "$dir" "$b" "$a" \
    "$(awk -v b="$b" -v a="$a" 'BEGIN { printf "%+.2f", (a - b) * 100 / b }')"
  if ! cmp -s <(statuses "$out/$n.before") <(statuses "$out/$n.after"); then
    echo "warning: $dir: the two runs end differently (exit code, summary or" \
      "case statuses): see $out/$n.{before,after}.{rc,out,json}" >&2
  fi
done
echo "callgrind outputs: $out" >&2
