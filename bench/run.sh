#!/usr/bin/env bash
# Builds Release and measures issue 9's figures, each as a ratio against a
# baseline measured in the same run:
#   1. oc-bench: kernels, loading and diff (medians of REPS repetitions of
#      ratio_to_bandwidth, ratio_to_memcpy, ratio_to_file_read);
#   2. end to end: `onnx-conform run` on a Min case of two float [4096,4096]
#      inputs, side by side with the same job in Python (onnx + numpy, when
#      /usr/bin/python3 has them) and with `cat` of the same files;
#   3. per-case overhead: `onnx-conform run` over the whole generated suite.
# Then prints a table. Figures on a shared machine are noisy: run it when the
# load is low. Usage: bench/run.sh [--quick]   (env: BUILD_DIR, REPS, RUNS)
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-/tmp/build-bench}
REPS=${REPS:-5}
RUNS=${RUNS:-5}
MIN_TIME=0.3
FILTER=.
if [ "${1:-}" = "--quick" ]; then REPS=1 RUNS=1 MIN_TIME=0.05 FILTER='/float$|Load|Diff/float$'; fi
PYTHON=/usr/bin/python3

cmake -S "$SRC" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DONNX_CONFORM_BUILD_BENCHMARKS=ON \
  > /dev/null
cmake --build "$BUILD_DIR" -j "$(nproc)" \
  --target oc-bench oc-bench-large-case onnx-conform oc-generate-cases > /dev/null

WORK=$(mktemp -d "${TMPDIR:-/tmp}/oc-bench-run-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)  host: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "kernel loops: ${ONNX_CONFORM_VECTOR_ISA:-the widest the CPU has} (ONNX_CONFORM_VECTOR_ISA)"

# ---- 1. kernels, loading, diff ----
"$BUILD_DIR/bench/oc-bench" --benchmark_filter="$FILTER" --benchmark_min_time="$MIN_TIME" \
  --benchmark_repetitions="$REPS" --benchmark_report_aggregates_only=true \
  --benchmark_color=false --benchmark_counters_tabular=false 2> /dev/null > "$WORK/bench.txt"

echo
echo "== kernels, loading, diff (medians of $REPS; ratios of thread CPU time to the same-process baseline) =="
# Console lines: NAME TIME UNIT CPU UNIT ITERATIONS key=value... (values may end in k, M, G, m, u).
awk -v reps="$REPS" '
  function number(text,   unit, scale) {
    unit = substr(text, length(text)); scale = 1
    if (unit == "k") scale = 1e3; else if (unit == "M") scale = 1e6; else if (unit == "G") scale = 1e9
    else if (unit == "m") scale = 1e-3; else if (unit == "u") scale = 1e-6; else if (unit == "n") scale = 1e-9
    if (scale != 1) text = substr(text, 1, length(text) - 1)
    return text * scale
  }
  $2 ~ /^[0-9.]+$/ && ($1 ~ /_median$/ || reps == 1) {
    name = $1; sub(/_median$/, "", name)
    line = sprintf("%-34s cpu %8.2f %-3s", name, $4, $5)
    for (i = 7; i <= NF; ++i) {
      split($i, kv, "=")
      if (kv[1] == "ratio_to_bandwidth") line = line sprintf("  bandwidth %.2f", number(kv[2]))
      if (kv[1] == "traffic_to_bandwidth") line = line sprintf("  traffic %.2f", number(kv[2]))
      if (kv[1] == "ratio_to_memcpy") line = line sprintf("  memcpy %.2f", number(kv[2]))
      if (kv[1] == "ratio_to_read_and_output") line = line sprintf("  read+output %.2f", number(kv[2]))
      if (kv[1] == "ratio_to_file_read") line = line sprintf("  file-read %.2f", number(kv[2]))
      if (kv[1] == "GB_per_second") line = line sprintf("  %.1f GB/s", number(kv[2]))
    }
    print line
  }' "$WORK/bench.txt"

# ---- 2. end to end ----
"$BUILD_DIR/bench/oc-bench-large-case" "$WORK/e2e" > /dev/null
CASE="$WORK/e2e/node/min_v13_float_bench_e2e"                  # plain layout: copied
ALIGNED_CASE="$WORK/e2e/node/min_v13_float_bench_e2e_aligned"  # aligned raw_data: mapped
FILES=("$CASE/model.onnx" "$CASE"/test_data_set_0/*.pb)
cat "${FILES[@]}" "$ALIGNED_CASE"/test_data_set_0/*.pb > /dev/null  # all in the page cache

HAVE_PYTHON=0
if "$PYTHON" -c "import onnx, numpy" 2> /dev/null; then HAVE_PYTHON=1; fi

# Runs a command RUNS times; prints "median_wall median_cpu" (seconds, cpu =
# user + sys). With perf, cpu is perf stat's task-clock (microseconds;
# /usr/bin/time's 10 ms steps are as large as cat's whole time), and wall is
# timed on a second, direct run (perf's own start-up would add to it).
HAVE_PERF=0
if perf stat -x, -e task-clock -o /dev/null true 2> /dev/null; then HAVE_PERF=1; fi
measure() {
  local out="$WORK/times" i start end
  : > "$out"
  for ((i = 0; i < RUNS; ++i)); do
    if [ "$HAVE_PERF" = 1 ]; then
      perf stat -x, -e task-clock -o "$WORK/t" "$@" > /dev/null || true  # a failing run still counts
      start=$EPOCHREALTIME
      "$@" > /dev/null || true
      end=$EPOCHREALTIME
      awk -F, -v s="$start" -v e="$end" '/task-clock/ { printf "%.4f %.4f\n", e - s, $1 / 1e3 }' \
        "$WORK/t" >> "$out"
    else
      /usr/bin/time -f "%e %U %S" -o "$WORK/t" "$@" > /dev/null || true
      awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$WORK/t" >> "$out"
    fi
  done
  local wall cpu
  wall=$(cut -d' ' -f1 "$out" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  cpu=$(cut -d' ' -f2 "$out" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  echo "$wall $cpu"
}

echo
echo "== end to end: Min of two float [4096,4096] (3 x 64 MiB files), medians of $RUNS runs =="
read -r OC_WALL OC_CPU < <(measure "$BUILD_DIR/runners/onnx-conform" run --quiet "$CASE")
read -r OCA_WALL OCA_CPU < <(measure "$BUILD_DIR/runners/onnx-conform" run --quiet "$ALIGNED_CASE")
read -r CAT_WALL CAT_CPU < <(measure cat "${FILES[@]}")
printf "%-34s wall %6.3f s  cpu %6.3f s\n" "onnx-conform run, plain layout" "$OC_WALL" "$OC_CPU"
printf "%-34s wall %6.3f s  cpu %6.3f s\n" "onnx-conform run, aligned (mapped)" "$OCA_WALL" "$OCA_CPU"
printf "%-34s wall %6.3f s  cpu %6.3f s\n" "cat of the same files" "$CAT_WALL" "$CAT_CPU"
if [ "$HAVE_PYTHON" = 1 ]; then
  read -r PY_WALL PY_CPU < <(measure "$PYTHON" "$SRC/bench/python_min.py" "$CASE")
  printf "%-34s wall %6.3f s  cpu %6.3f s\n" "python (onnx + numpy)" "$PY_WALL" "$PY_CPU"
  awk -v pw="$PY_WALL" -v pc="$PY_CPU" -v ow="$OC_WALL" -v oc="$OC_CPU" -v aw="$OCA_WALL" \
      -v ac="$OCA_CPU" 'BEGIN {
    printf "python / onnx-conform: plain wall %.1fx, cpu %.1fx; aligned wall %.1fx, cpu %.1fx (target >= 4x)\n",
           pw / ow, pc / oc, pw / aw, pc / ac }'
else
  echo "python (onnx + numpy): not measured ($PYTHON lacks onnx or numpy: apt-get install python3-onnx)"
fi
awk -v cw="$CAT_WALL" -v cc="$CAT_CPU" -v ow="$OC_WALL" -v oc="$OC_CPU" -v aw="$OCA_WALL" \
    -v ac="$OCA_CPU" 'BEGIN { c = cc > 0 ? cc : 0.001
  printf "onnx-conform / cat: plain wall %.1fx, cpu %.1fx; aligned wall %.1fx, cpu %.1fx (target <= 5x)\n",
         ow / cw, oc / c, aw / cw, ac / c }'

# ---- 3. per-case overhead ----
"$BUILD_DIR/cases/oc-generate-cases" "$WORK/suite" > /dev/null
CASES=$(find "$WORK/suite" -name model.onnx | wc -l)
echo
echo "== per-case overhead: onnx-conform run over the generated suite ($CASES cases, one process) =="
read -r SUITE_WALL SUITE_CPU < <(measure "$BUILD_DIR/runners/onnx-conform" run --quiet "$WORK/suite")
awk -v w="$SUITE_WALL" -v c="$SUITE_CPU" -v n="$CASES" 'BEGIN {
  printf "total wall %.3f s, cpu %.3f s: %.0f us wall, %.0f us cpu per case (target <= 200 us)\n",
         w, c, 1e6 * w / n, 1e6 * c / n }'
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
