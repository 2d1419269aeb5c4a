#!/usr/bin/env bash
# Builds Release and measures the figures of docs/performance.md, each as a
# ratio against a baseline measured in the same run:
#   1. oc-bench: kernels, loading, diff and explore (medians of REPS
#      repetitions of ratio_to_bandwidth, ratio_to_memcpy, ...);
#   2. end to end: `onnx-conform run` on a Min case of two float [4096,4096]
#      inputs, side by side with the same job in Python (onnx + numpy, when
#      /usr/bin/python3 has them) and with `cat` of the same files;
#   3. per-case overhead: `onnx-conform run` over the whole generated suite.
# Prints every figure. With --write-doc (or --markdown FILE) it also
# replaces the results between the two marker lines of docs/performance.md
# (or FILE) with Markdown tables of the same figures, each target marked met
# or not. Figures on a shared machine are noisy: run it when the load is low.
#
#   bench/run.sh [--quick] [--write-doc | --markdown FILE]
#   env: BUILD_DIR (default /tmp/build-bench), REPS (5), RUNS (7)
set -euo pipefail

BEGIN_MARK='<!-- bench/run.sh: begin results -->'
END_MARK='<!-- bench/run.sh: end results -->'

# ---- Markdown of the results ----
# Reads the figures file run.sh writes (one figure a line: "bench NAME CPU_MS
# key=value...", "e2e WHAT WALL_S CPU_S", "suite CASES WALL_S CPU_S",
# "machine KEY VALUE...", "run KEY VALUE") and prints the Markdown that goes
# between the markers. No date or time: the commit records when.
results_markdown() {
  awk '
    function f3(x) { return sprintf("%.3g", x) }
    function f2(x) { return sprintf("%.2f", x) }
    function span(a, b) { return f2(a) == f2(b) ? f2(a) : f2(a) "-" f2(b) }
    function has(name, key) { return (name SUBSEP key) in val }
    function rest(from,   s, i) { s = $from; for (i = from + 1; i <= NF; ++i) s = s " " $i; return s }
    $1 == "bench" {
      val[$2, "cpu"] = $3 + 0
      for (i = 4; i <= NF; ++i) { split($i, kv, "="); val[$2, kv[1]] = kv[2] + 0 }
    }
    $1 == "e2e" { wall[$2] = $3 + 0; cpu[$2] = $4 + 0 }
    $1 == "suite" { cases = $2 + 0; suite_wall = $3 + 0; suite_cpu = $4 + 0 }
    $1 == "machine" || $1 == "run" { info[$2] = rest(3) }

    # Counts, over the kernels of `patterns` (a "|"-separated list, %s for
    # the type), how many have counter `key` >= `limit`; sets lo and hi.
    function tally(patterns, key, limit,   list, n, i, t, name, v) {
      n = split(patterns, list, "|"); ok = 0; total = 0; lo = ""; hi = ""
      for (i = 1; i <= n; ++i) for (t = 1; t <= ntypes; ++t) {
        name = sprintf(list[i], types[t])
        if (!has(name, key)) continue
        v = val[name, key]; ++total; if (v >= limit) ++ok
        if (lo == "" || v < lo) lo = v
        if (hi == "" || v > hi) hi = v
      }
    }
    function target(text, figure, met) {
      printf "| %s | %s | %s |\n", text, figure, met == "" ? "not measured" : met ? "yes" : "**no**"
    }
    function counted(text, patterns, key, limit) {
      tally(patterns, key, limit)
      if (total == 0) target(text, "-", "")
      else target(text, sprintf("%d of %d (%s)", ok, total, span(lo, hi)), ok == total)
    }

    END {
      ntypes = split("float float16 bfloat16 int8 int64 double", types, " ")
      printf "Machine: %s cores of %s%s; %s, Release; kernel loops: %s; transparent huge pages: %s.\n",
             info["cores"], info["cpu"], info["virtual"] == "yes" ? ", a virtual machine" : "",
             info["compiler"], info["isa"], info["thp"]
      printf "Load average %s at start; REPS=%s, RUNS=%s%s.", info["load"], info["reps"], info["runs"],
             info["quick"] == "yes" ? ", --quick (float only, one repetition: not figures to keep)" : ""
      if (has("Baseline/stream_read", "gbps") && has("Baseline/memcpy", "gbps"))
        printf " Streaming read %.1f GB/s, memcpy %.1f GB/s.", val["Baseline/stream_read", "gbps"],
               val["Baseline/memcpy", "gbps"]
      print ""

      print ""
      print "### Kernels at 16M elements"
      print ""
      print "Thread CPU time (ms): then `ratio_to_bandwidth`, `traffic_to_bandwidth`,"
      print "`ratio_to_read_and_output` (ArgMin: the first only). \"In place\": the output"
      print "written into input 0'"'"'s memory, as the interpreter does for a value nothing reads again."
      print ""
      nrows = split("Min2/%s;Min of 2;Min3/%s;Min of 3;" \
        "MinBcastCol/%s;Min [4096,4096] with [4096,1];MinBcastRow/%s;Min [4096,4096] with [1,4096];" \
        "MinBcast4D/%s;Min 4-D broadcast;Clip/%s;Clip, both bounds;" \
        "Min2InPlace/%s;Min of 2, in place;Min3InPlace/%s;Min of 3, in place;" \
        "MinBcastColInPlace/%s;Min with [4096,1], in place;MinBcastRowInPlace/%s;Min with [1,4096], in place;" \
        "MinBcast4DInPlace/%s;Min 4-D broadcast, in place;ClipInPlace/%s;Clip, in place;" \
        "ArgMinLast/%s;ArgMin last axis;ArgMinLast/%s/select_last;ArgMin last axis, select_last;" \
        "ArgMinAxis0/%s;ArgMin axis 0;ArgMinAxis0/%s/select_last;ArgMin axis 0, select_last", rows, ";")
      line = "| kernel |"; rule = "|---|"
      for (t = 1; t <= ntypes; ++t) { line = line " " types[t] " |"; rule = rule "---|" }
      print line; print rule
      for (r = 1; r < nrows; r += 2) {
        line = "| " rows[r + 1] " |"
        for (t = 1; t <= ntypes; ++t) {
          name = sprintf(rows[r], types[t]); cell = "-"
          if (has(name, "cpu")) {
            cell = f3(val[name, "cpu"]) ": " f2(val[name, "bw"])
            if (has(name, "traffic")) cell = cell ", " f2(val[name, "traffic"])
            if (has(name, "ro")) cell = cell ", " f2(val[name, "ro"])
          }
          line = line " " cell " |"
        }
        print line
      }

      print ""
      print "### Loading and diff"
      print ""
      print "| | CPU ms | ratio |"
      print "|---|---|---|"
      nio = split("Load/ReadTensorFile/float;load 64 MiB of float by one read into new memory (`ReadTensorFile`: raw_data not aligned);" \
        "Load/MapTensorFile/float;load it by mapping (`ReadTensorFileWithName`: raw_data aligned);" \
        "Load/ProtoThenTensor/float;the general path (`ReadTensorProtoFile` + `TensorFromProto`);" \
        "Diff/float;diff of two 16M float tensors (exact);Diff/float16;diff, float16;Diff/int64;diff, int64", io, ";")
      for (r = 1; r < nio; r += 2) {
        name = io[r]
        if (!has(name, "cpu")) continue
        if (name ~ /^Load\/Map/) ratio = "none: the kernel and the diff read the pages later"
        else if (name ~ /^Load/) {
          ratio = "memcpy " f2(val[name, "memcpy"])
          if (has(name, "file")) ratio = ratio ", file read " f2(val[name, "file"])
        } else ratio = "`ratio_to_bandwidth` " f2(val[name, "bw"])
        printf "| %s | %s | %s |\n", io[r + 1], f3(val[name, "cpu"]), ratio
      }

      print ""
      print "### End to end and per case"
      print ""
      print "| Min of two float [4096,4096]; medians of " info["runs"] " runs | wall | CPU |"
      print "|---|---|---|"
      split("plain;onnx-conform run, plain layout (raw_data read into new memory);" \
        "aligned;onnx-conform run, aligned raw_data (mapped);python;" \
        (info["python"] == "" ? "Python" : "Python (" info["python"] ")") ";cat;cat of the same files", e2e, ";")
      for (r = 1; r < 8; r += 2) {
        if (e2e[r] in cpu) printf "| %s | %.3f s | %.3f s |\n", e2e[r + 1], wall[e2e[r]], cpu[e2e[r]]
        else printf "| %s | not measured | not measured |\n", e2e[r + 1]
      }
      if (cases > 0)
        printf "| per case: the generated suite (%d cases) in one process | %.0f µs | %.0f µs |\n",
               cases, 1e6 * suite_wall / cases, 1e6 * suite_cpu / cases
      print ""
      if ("python" in cpu)
        printf "Python / onnx-conform: plain %.1fx CPU (%.1fx wall), aligned %.1fx CPU (%.1fx wall).\n",
               cpu["python"] / cpu["plain"], wall["python"] / wall["plain"],
               cpu["python"] / cpu["aligned"], wall["python"] / wall["aligned"]
      if ("cat" in cpu)
        printf "onnx-conform / cat: plain %.1fx CPU (%.1fx wall), aligned %.1fx CPU (%.1fx wall).\n",
               cpu["plain"] / cpu["cat"], wall["plain"] / wall["cat"],
               cpu["aligned"] / cpu["cat"], wall["aligned"] / wall["cat"]
      explore = "BM_ExploreReference/cases:2000/jobs:1/real_time"
      explore2 = "BM_ExploreReference/cases:2000/jobs:2/real_time"
      if (has(explore, "cps"))
        printf "Explore with the reference as the backend: %.0f cases per second with -j 1%s.\n", val[explore, "cps"],
               has(explore2, "cps") ? sprintf(", %.0f with -j 2", val[explore2, "cps"]) : ""

      print ""
      print "### Targets met"
      print ""
      print "| target | figure | met |"
      print "|---|---|---|"
      inplace = "Min2InPlace/%s|Min3InPlace/%s|MinBcastColInPlace/%s|MinBcastRowInPlace/%s|MinBcast4DInPlace/%s|ClipInPlace/%s"
      fresh = "Min2/%s|Min3/%s|MinBcastCol/%s|MinBcastRow/%s|MinBcast4D/%s|Clip/%s"
      counted("Min, Clip, broadcasting Min in place: `ratio_to_bandwidth` >= 0.8", inplace, "bw", 0.8)
      counted("the same with a new output: `ratio_to_bandwidth` >= 0.8", fresh, "bw", 0.8)
      counted("the same with a new output: `traffic_to_bandwidth` >= 0.8", fresh, "traffic", 0.8)
      counted("ArgMin axis 0: `ratio_to_bandwidth` >= 0.8", "ArgMinAxis0/%s|ArgMinAxis0/%s/select_last", "bw", 0.8)
      counted("ArgMin last axis: `ratio_to_bandwidth` >= 0.35", "ArgMinLast/%s|ArgMinLast/%s/select_last", "bw", 0.35)
      # float16 and bfloat16 against float: time of the same kernel.
      n = 0; slow = 0; lo = ""; hi = ""
      for (r = 1; r < nrows; r += 2) for (h = 2; h <= 3; ++h) {
        half = sprintf(rows[r], types[h]); full = sprintf(rows[r], "float")
        if (!has(half, "cpu") || !has(full, "cpu") || val[full, "cpu"] <= 0) continue
        x = val[half, "cpu"] / val[full, "cpu"]; ++n; if (x > 2) ++slow
        if (lo == "" || x < lo) lo = x
        if (hi == "" || x > hi) hi = x
      }
      if (n == 0) target("float16, bfloat16: time within 2x of float", "-", "")
      else target("float16, bfloat16: time within 2x of float",
                  sprintf("%d of %d (%sx float'"'"'s time)", n - slow, n, span(lo, hi)), slow == 0)
      name = "Load/ReadTensorFile/float"
      if (has(name, "memcpy"))
        target("load 64 MiB within 2x of memcpy: `ratio_to_memcpy` >= 0.5",
               sprintf("%s (%.2fx memcpy'"'"'s time)", f2(val[name, "memcpy"]), 1 / val[name, "memcpy"]),
               val[name, "memcpy"] >= 0.5)
      else target("load 64 MiB within 2x of memcpy: `ratio_to_memcpy` >= 0.5", "-", "")
      counted("diff of 16M elements: `ratio_to_bandwidth` >= 0.8", "Diff/%s", "bw", 0.8)
      if ("python" in cpu)
        target("end to end >= 4x faster than Python (CPU, plain layout)",
               sprintf("%.1fx (aligned %.1fx)", cpu["python"] / cpu["plain"], cpu["python"] / cpu["aligned"]),
               cpu["python"] / cpu["plain"] >= 4)
      else target("end to end >= 4x faster than Python (CPU, plain layout)", "-", "")
      if ("cat" in cpu)
        target("end to end <= 5x of cat (CPU, plain layout)",
               sprintf("%.1fx (aligned %.1fx)", cpu["plain"] / cpu["cat"], cpu["aligned"] / cpu["cat"]),
               cpu["plain"] / cpu["cat"] <= 5)
      else target("end to end <= 5x of cat (CPU, plain layout)", "-", "")
      if (cases > 0)
        target("per-case overhead <= 200 µs (CPU)", sprintf("%.0f µs", 1e6 * suite_cpu / cases),
               1e6 * suite_cpu / cases <= 200)
      else target("per-case overhead <= 200 µs (CPU)", "-", "")
      if (has(explore, "cps"))
        target("explore >= 1000 cases per second with -j 1", sprintf("%.0f", val[explore, "cps"]),
               val[explore, "cps"] >= 1000)
      else target("explore >= 1000 cases per second with -j 1", "-", "")
    }' "$1"
}

# Replaces the lines between the markers of $1 with the contents of $2.
replace_results() {
  awk -v gen="$2" -v begin="$BEGIN_MARK" -v end="$END_MARK" '
    $0 == begin { print; while ((getline line < gen) > 0) print line; inside = 1; begun = 1; next }
    $0 == end { inside = 0; ended = begun }
    !inside { print }
    END { if (!begun || !ended) exit 1 }' "$1"
}

has_markers() {
  grep -qxF "$BEGIN_MARK" "$1" && grep -qxF "$END_MARK" "$1"
}

# The rest only when run, not when sourced for the functions above.
[ "${BASH_SOURCE[0]}" = "$0" ] || return 0

SRC=$(cd "$(dirname "$0")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-/tmp/build-bench}
REPS=${REPS:-5}
RUNS=${RUNS:-7}
MIN_TIME=0.3
FILTER=.
QUICK=no
DOC=
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=yes REPS=1 RUNS=1 MIN_TIME=0.05 FILTER='/float$|Load|Diff/float$|Baseline|Explore' ;;
    --write-doc) DOC="$SRC/docs/performance.md" ;;
    --markdown) [ $# -ge 2 ] || { echo "run.sh: --markdown needs a FILE" >&2; exit 2; }
                DOC=$2; shift ;;
    -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown argument '$1' (bench/run.sh [--quick] [--write-doc | --markdown FILE])" >&2
       exit 2 ;;
  esac
  shift
done
if [ -n "$DOC" ] && ! has_markers "$DOC"; then  # fail before a long run, not after it
  echo "run.sh: $DOC lacks the lines '$BEGIN_MARK' and '$END_MARK'" >&2
  exit 2
fi
PYTHON=/usr/bin/python3

cmake -S "$SRC" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DONNX_CONFORM_BUILD_BENCHMARKS=ON \
  > /dev/null
cmake --build "$BUILD_DIR" -j "$(nproc)" \
  --target oc-bench oc-bench-large-case onnx-conform oc-generate-cases > /dev/null

WORK=$(mktemp -d "${TMPDIR:-/tmp}/oc-bench-run-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
FIGURES="$WORK/figures"
CPU_MODEL=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
LOAD_START=$(cut -d' ' -f1 /proc/loadavg)
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)  host: $(nproc) cores, $CPU_MODEL"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "kernel loops: ${ONNX_CONFORM_VECTOR_ISA:-the widest the CPU has} (ONNX_CONFORM_VECTOR_ISA)"

# ---- 1. kernels, loading, diff, explore ----
# The context (vector_isa: the loops that ran) goes to stderr.
"$BUILD_DIR/bench/oc-bench" --benchmark_filter="$FILTER" --benchmark_min_time="$MIN_TIME" \
  --benchmark_repetitions="$REPS" --benchmark_report_aggregates_only=true \
  --benchmark_color=false --benchmark_counters_tabular=false 2> "$WORK/bench.err" > "$WORK/bench.txt"

echo
echo "== kernels, loading, diff (medians of $REPS; ratios of thread CPU time to the same-process baseline) =="
# Console lines: NAME TIME UNIT CPU UNIT ITERATIONS key=value... (values may end in k, M, G, m, u, n
# and, for rates, /s). The same lines, as plain numbers in ms, go to the figures file.
awk -v reps="$REPS" -v figures="$FIGURES" '
  function number(text,   unit, scale) {
    sub(/\/s$/, "", text)
    unit = substr(text, length(text)); scale = 1
    if (unit == "k") scale = 1e3; else if (unit == "M") scale = 1e6; else if (unit == "G") scale = 1e9
    else if (unit == "m") scale = 1e-3; else if (unit == "u") scale = 1e-6; else if (unit == "n") scale = 1e-9
    if (scale != 1) text = substr(text, 1, length(text) - 1)
    return text * scale
  }
  $2 ~ /^[0-9.]+$/ && ($1 ~ /_median$/ || reps == 1) {
    name = $1; sub(/_median$/, "", name)
    line = sprintf("%-34s cpu %8.2f %-3s", name, $4, $5)
    ms = $4 * ($5 == "s" ? 1e3 : $5 == "us" ? 1e-3 : $5 == "ns" ? 1e-6 : 1)
    key = name; sub(/\/iterations:1$/, "", key)
    figure = sprintf("bench %s %.6g", key, ms)
    for (i = 7; i <= NF; ++i) {
      split($i, kv, "=")
      if (kv[1] == "ratio_to_bandwidth") { line = line sprintf("  bandwidth %.2f", number(kv[2])); figure = figure " bw=" number(kv[2]) }
      if (kv[1] == "traffic_to_bandwidth") { line = line sprintf("  traffic %.2f", number(kv[2])); figure = figure " traffic=" number(kv[2]) }
      if (kv[1] == "ratio_to_memcpy") { line = line sprintf("  memcpy %.2f", number(kv[2])); figure = figure " memcpy=" number(kv[2]) }
      if (kv[1] == "ratio_to_read_and_output") { line = line sprintf("  read+output %.2f", number(kv[2])); figure = figure " ro=" number(kv[2]) }
      if (kv[1] == "ratio_to_file_read") { line = line sprintf("  file-read %.2f", number(kv[2])); figure = figure " file=" number(kv[2]) }
      if (kv[1] == "GB_per_second") { line = line sprintf("  %.1f GB/s", number(kv[2])); figure = figure " gbps=" number(kv[2]) }
      if (kv[1] == "cases_per_second") { line = line sprintf("  %.0f cases/s", number(kv[2])); figure = figure " cps=" number(kv[2]) }
    }
    print line
    print figure > figures
  }' "$WORK/bench.txt"
VECTOR_ISA=$(sed -n 's/^vector_isa: *//p' "$WORK/bench.err" | head -1)

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
{
  echo "e2e plain $OC_WALL $OC_CPU"
  echo "e2e aligned $OCA_WALL $OCA_CPU"
  echo "e2e cat $CAT_WALL $CAT_CPU"
} >> "$FIGURES"
if [ "$HAVE_PYTHON" = 1 ]; then
  read -r PY_WALL PY_CPU < <(measure "$PYTHON" "$SRC/bench/python_min.py" "$CASE")
  printf "%-34s wall %6.3f s  cpu %6.3f s\n" "python (onnx + numpy)" "$PY_WALL" "$PY_CPU"
  awk -v pw="$PY_WALL" -v pc="$PY_CPU" -v ow="$OC_WALL" -v oc="$OC_CPU" -v aw="$OCA_WALL" \
      -v ac="$OCA_CPU" 'BEGIN {
    printf "python / onnx-conform: plain wall %.1fx, cpu %.1fx; aligned wall %.1fx, cpu %.1fx (target >= 4x)\n",
           pw / ow, pc / oc, pw / aw, pc / ac }'
  echo "e2e python $PY_WALL $PY_CPU" >> "$FIGURES"
  echo "machine python $("$PYTHON" -c 'import onnx, numpy; print("onnx", onnx.__version__, "+ numpy", numpy.__version__)')" \
    >> "$FIGURES"
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
echo "suite $CASES $SUITE_WALL $SUITE_CPU" >> "$FIGURES"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"

# ---- the results in the doc ----
if [ -n "$DOC" ]; then
  COMPILER=$(sed -n 's/^set(CMAKE_CXX_COMPILER_ID "\(.*\)")/\1/p' \
    "$BUILD_DIR"/CMakeFiles/*/CMakeCXXCompiler.cmake 2> /dev/null | head -1)
  COMPILER_VERSION=$(sed -n 's/^set(CMAKE_CXX_COMPILER_VERSION "\([0-9]*\).*")/\1/p' \
    "$BUILD_DIR"/CMakeFiles/*/CMakeCXXCompiler.cmake 2> /dev/null | head -1)
  if [ "$COMPILER" = GNU ]; then COMPILER=GCC; fi
  VIRTUAL=no
  if grep -qw hypervisor /proc/cpuinfo; then VIRTUAL=yes; fi
  THP=$(sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/kernel/mm/transparent_hugepage/enabled 2> /dev/null || true)
  {
    echo "machine cores $(nproc)"
    echo "machine cpu $CPU_MODEL"
    echo "machine virtual $VIRTUAL"
    echo "machine compiler ${COMPILER:-unknown compiler} $COMPILER_VERSION"
    echo "machine isa ${VECTOR_ISA:-unknown}"
    echo "machine thp ${THP:-unknown}"
    echo "machine load $LOAD_START"
    echo "run reps $REPS"
    echo "run runs $RUNS"
    echo "run quick $QUICK"
  } >> "$FIGURES"
  results_markdown "$FIGURES" > "$WORK/results.md"
  replace_results "$DOC" "$WORK/results.md" > "$WORK/doc.md"
  cat "$WORK/doc.md" > "$DOC"  # keeps the file's mode
  echo
  echo "results written into $DOC"
fi
