#!/bin/sh
# Writes a real backend's expectation file (runners/adapters/NAME/NAME.expect)
# from a run of its ctest test's cases without one: one exact line per case
# that did not pass, its status and cause (onnx-conform run
# --write-expectations), under a header naming the runtime's version. The
# build targets backend_expectations.NAME run it (cmake/RealBackendTests.cmake;
# ./dev.sh expectations NAME), from the source folder:
#
#   cmake/write-backend-expectations.sh build/runners/onnx-conform \
#     "'build/python-venv/bin/python' -B runners/adapters/tract/adapter.py" tract \
#     runners/adapters/tract/tract.expect cases/node cases/invalid ...
set -u
conform=$1 adapter=$2 name=$3 file=$4
shift 4
# ADAPTER is an exec: command line, quoted as a POSIX shell quotes.
runtime=$(eval "$adapter --version" 2>/dev/null) || runtime="$name (version unknown)"
"$conform" run "--backend=exec:$adapter" "--backend-name=$name" --persistent -j 2 \
  --timeout=60 --quiet "--write-expectations=$file.new" "$@"
status=$?
# 1: some case did not pass, which is what the file records; 4: none passed
# (every case unsupported or refused), which it records as well.
if [ "$status" -gt 1 ] && [ "$status" -ne 4 ]; then
  rm -f "$file.new"
  exit "$status"
fi
{
  echo "# $runtime on ONNX Conform: each case of ctest's backend tests for $name that did not pass."
  echo "# Regenerate with ./dev.sh expectations $name (review the diff); do not edit by hand."
  cat "$file.new"
} > "$file" && rm -f "$file.new"
