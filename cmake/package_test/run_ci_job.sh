#!/bin/bash
# Runs the GitHub Actions job of docs/ci.md as far as it goes without a
# network, from the YAML in that page: the `run shard` step once per matrix
# entry, each shard's files copied as its upload-artifact step names them
# into reports/<artifact name>/ (what download-artifact gives), the `merge`
# step on them, and the JUnit check on every file the publishing step's
# `report_paths` matches. Checkout and build are left out: the installed
# onnx-conform stands in for build/runners/onnx-conform.
#
#   run_ci_job.sh CI_MD WORK_DIR ONNX_CONFORM JUNIT_CHECK EXPECTATIONS
#
# ADAPTER and CASES in the environment replace the YAML's; the rest of its
# env (SHARDS) is taken as written. Prints "shard K: exit N" per shard and
# "junit files: N"; exits non-zero when a step cannot run, merge fails or a
# JUnit file breaks the schema.
set -u
doc=$1 work=$2 onnx_conform=$3 junit_check=$4 expectations=$5
rm -rf "$work" && mkdir -p "$work" || exit 1
yaml=$work/job.yaml
awk '/^```yaml$/ { on = 1; next } /^```$/ { if (on) exit } on' "$doc" >"$yaml"
[ -s "$yaml" ] || { echo "no yaml block in $doc"; exit 1; }

# The lines of the block that follows the first line matching $1 (a `run: |`
# or `path: |`) after the step line matching $2, unindented.
block() {
  awk -v key="$1" -v after="$2" '
    !started && $0 ~ after { started = 1; next }
    started && !inside && $0 ~ key { match($0, /^ */); indent = RLENGTH; inside = 1; next }
    inside {
      match($0, /^ */)
      if (RLENGTH <= indent && $0 !~ /^ *$/) exit
      print substr($0, indent + 3)
    }' "$yaml"
}
# The value of the first `KEY: value` line (comment dropped).
value() {
  grep -E "^ *$1: " "$yaml" | head -1 | sed -E "s/^ *$1: *//; s/ +#.*$//"
}

SHARDS=$(value SHARDS)
export SHARDS ADAPTER CASES
shards=$(value shard | tr -d '[],')
run_shard=$(block '^ *run: [|]$' '^ *- name: run shard$')
uploads=$(block '^ *path: [|]$' '^ *- name: run shard$')
artifact=$(grep -E '^ +name: .*[$][{][{] matrix[.]shard [}][}]' "$yaml" | head -1 |
           sed -E 's/^ *name: *//')
merge=$(block '^ *run: [|]$' '^ *- name: merge$')
junit_paths=$(value report_paths)
for part in SHARDS shards run_shard uploads artifact merge junit_paths; do
  [ -n "${!part}" ] || { echo "the job in $doc has no $part"; exit 1; }
done

# A checkout's stand-ins: the onnx-conform build and the expectation file.
checkout() {
  mkdir -p "$1/build/runners" && ln -s "$onnx_conform" "$1/build/runners/onnx-conform" &&
    cp "$expectations" "$1/my-runtime.expect"
}

for k in $shards; do
  dir=$work/shard-$k
  checkout "$dir" || exit 1
  (cd "$dir" && bash -e -c "${run_shard//'${{ matrix.shard }}'/$k}") >"$dir/log" 2>&1
  echo "shard $k: exit $?"
  into=$work/reports/${artifact//'${{ matrix.shard }}'/$k}
  mkdir -p "$into"
  for file in ${uploads//'${{ matrix.shard }}'/$k}; do
    cp "$dir/$file" "$into/" 2>/dev/null || echo "shard $k: no $file to upload"
  done
done

dir=$work/scoreboard
checkout "$dir" && cp -r "$work/reports" "$dir/reports" || exit 1
(cd "$dir" && bash -e -c "$merge") || { echo "merge failed"; exit 1; }
cd "$dir" || exit 1
# shellcheck disable=SC2086  # the glob is the YAML's
files=$(ls $junit_paths 2>/dev/null)
echo "junit files: $(echo "$files" | grep -c .)"
[ -n "$files" ] || exit 1
# shellcheck disable=SC2086
"$junit_check" $files
