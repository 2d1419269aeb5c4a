#!/usr/bin/env bash
# ONNX Conform's two entry points, for a fresh Debian (bookworm) machine:
#   ./dev.sh suite   build, then run every bundled case and ONNX's official
#                    node tests on the reference backend
#   ./dev.sh test    build, then run every test with ctest, including every
#                    case on each real backend (onnxruntime-node,
#                    onnxruntime-web, onnxjs, OpenCV DNN, and through Python
#                    onnxruntime, OpenVINO, tract, onnx.reference:
#                    docs/backends/); installs Node.js, npm, OpenCV's dnn
#                    module and python3-venv if missing
#   ./dev.sh expectations [NAME...]   rewrite each real backend's expectation
#                    file (runners/adapters/NAME/NAME.expect; every backend
#                    when none is named) from a run of its ctest case set
#   ./dev.sh lock-python   re-resolve runners/adapters/python-requirements.in
#                    into python-requirements.lock (versions and hashes)
#   ./dev.sh test-asan [LABEL_REGEX [TARGET...]]   build everything with
#                    AddressSanitizer and UndefinedBehaviorSanitizer (clang,
#                    preset asan) in build-asan/, then run every test under
#                    them, each fuzz target 15 s included (label fuzz); only
#                    those whose label matches LABEL_REGEX, of the TARGETs,
#                    when given
#   ./dev.sh fuzz [SECONDS]   the same build in build-fuzz/, then run each
#                    libFuzzer target on its corpus for SECONDS (default 60)
#   ./dev.sh tidy    clang-tidy (.clang-tidy's checks) over every source file
#   ./dev.sh format  lay out every C++ file as .clang-format says
#   ./dev.sh lines [REV]   product lines of code at REV (default HEAD)
# Missing Debian packages are installed with apt-get when run as root.
set -euo pipefail
cd "$(dirname "$0")"

BUILD_DIR=${BUILD_DIR:-build}
OFFICIAL=/usr/share/libonnx-testdata/data/node
PACKAGES=(cmake make g++ pkg-config libonnx-dev libonnx-testdata libprotobuf-dev
          protobuf-compiler libabsl-dev libgtest-dev libgmock-dev libbenchmark-dev
          librapidcheck-dev libre2-dev clang-format-14)

# The sanitizer build's compiler and runtimes (libFuzzer included).
FUZZ_PACKAGES=(clang libclang-rt-14-dev)

install_missing_packages() {
  local missing=()
  for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "missing packages: ${missing[*]}" >&2
    echo "install them with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "installing: ${missing[*]}"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# The real backends `test` runs every case through (cmake/RealBackendTests.cmake): OpenCV's dnn module, Node.js and npm
# from Debian when missing, then each Node.js adapter's locked npm packages.
# ONNXRUNTIME_NODE_INSTALL=skip stops onnxruntime-node from downloading GPU
# files: its CPU library ships in it. onnxruntime-web and onnxjs ship their
# WebAssembly and JavaScript in their packages and download nothing.
NODE_ADAPTERS=(onnxruntime-node onnxruntime-web onnxjs)
install_backend_adapters() {
  local saved=("${PACKAGES[@]}")
  PACKAGES=(libopencv-dnn-dev)
  # A Node.js installed otherwise (with its own npm) is kept.
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    PACKAGES+=(nodejs npm)
  fi
  install_missing_packages
  PACKAGES=("${saved[@]}")
  for adapter in "${NODE_ADAPTERS[@]}"; do
    (cd "runners/adapters/$adapter" &&
     ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund --loglevel=error)
  done
  install_python_adapters
}

# The Python adapters' runtimes (onnxruntime, openvino, tract, onnx: docs/backends/)
# go into a virtual environment of the build folder, never the system Python,
# from the hash-locked runners/adapters/python-requirements.lock (CPython
# 3.11, Linux x86_64). It is made anew only when missing or when the lock
# changed (a hash of the lock is kept beside it); cmake/RealBackendTests.cmake
# registers the Python backends when that hash is there.
PYTHON_LOCK=runners/adapters/python-requirements.lock
install_python_adapters() {
  local python=${PYTHON:-python3}
  if ! "$python" -c 'import ensurepip, venv' 2>/dev/null; then
    local saved=("${PACKAGES[@]}")
    PACKAGES=(python3-venv)
    install_missing_packages
    PACKAGES=("${saved[@]}")
  fi
  local venv="$BUILD_DIR/python-venv"
  local hash
  hash=$(sha256sum "$PYTHON_LOCK" | cut -d' ' -f1)
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c '' 2>/dev/null &&
     [ "$(cat "$venv/lock.sha256" 2>/dev/null)" = "$hash" ]; then
    return 0
  fi
  echo "installing $PYTHON_LOCK into $venv"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --no-input --disable-pip-version-check \
    --require-hashes --only-binary=:all: -r "$PYTHON_LOCK"
  echo "$hash" > "$venv/lock.sha256"
}

# build [TARGET...] [-- CMAKE_OPTION...]: configure, then build the TARGETs
# (everything when none is named).
build() {
  local targets=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do targets+=(--target "$1"); shift; done
  [ "${1:-}" = "--" ] && shift
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release "$@"
  cmake --build "$BUILD_DIR" -j "$(nproc)" "${targets[@]}"
}

# Any sanitizer report aborts the process, so the test that caused it fails.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

case "${1:-}" in
  suite)
    install_missing_packages
    build onnx-conform  # only the command the suite runs: no test is built
    shift
    paths=()
    [ -d cases/node ] && paths+=(cases/node)
    # Every official test: the reference computes the covered operators'
    # and says unsupported, naming why, for the others.
    paths+=("$OFFICIAL")
    "$BUILD_DIR/runners/onnx-conform" run "$@" "${paths[@]}"
    ;;
  test)
    install_missing_packages
    install_backend_adapters
    build -- -DONNX_CONFORM_ONNXRUNTIME_TESTS=ON
    cd "$BUILD_DIR"
    ctest --output-on-failure -j "$(nproc)" --timeout 600
    ;;
  expectations)
    # Each named real backend's (every one's, when none is named) expectation
    # file, rewritten from a run of its ctest test's cases without it: one
    # exact line per case that did not pass, its status and cause
    # (onnx-conform run --write-expectations). Review with git diff.
    install_missing_packages
    install_backend_adapters
    build onnx-conform
    shift
    if [ $# -eq 0 ]; then
      cmake --build "$BUILD_DIR" --target backend_expectations
    else
      for name in "$@"; do cmake --build "$BUILD_DIR" --target "backend_expectations.$name"; done
    fi
    ;;
  lock-python)
    # Resolves python-requirements.in anew (newest releases) into the lock,
    # every file's hash included, with pip-tools from a venv of its own.
    tools=$(realpath -m "$BUILD_DIR/pip-tools-venv")
    [ -x "$tools/bin/pip-compile" ] ||
      { "${PYTHON:-python3}" -m venv "$tools" && "$tools/bin/pip" install --quiet pip-tools; }
    (cd runners/adapters &&
     CUSTOM_COMPILE_COMMAND="./dev.sh lock-python" "$tools/bin/pip-compile" --quiet \
       --generate-hashes --allow-unsafe --no-strip-extras --no-emit-find-links --upgrade \
       --output-file=python-requirements.lock python-requirements.in)
    ;;
  test-asan)
    PACKAGES+=("${FUZZ_PACKAGES[@]}")
    install_missing_packages
    dir=${ASAN_BUILD_DIR:-build-asan}
    cmake --preset asan -B "$dir"
    labels=${2:-}
    targets=("${@:3}")
    if [ ${#targets[@]} -gt 0 ]; then
      cmake --build "$dir" -j "$(nproc)" --target onnx-conform oc-fake-adapter "${targets[@]}"
    else
      cmake --build "$dir" -j "$(nproc)"
    fi
    cd "$dir"
    # Test executables left out (not among the TARGETs) show as *_NOT_BUILT.
    ctest --output-on-failure -j "$(nproc)" --timeout 900 ${labels:+-L "$labels"} -E '_NOT_BUILT$'
    ;;
  fuzz)
    PACKAGES+=("${FUZZ_PACKAGES[@]}")
    install_missing_packages
    dir=${FUZZ_BUILD_DIR:-build-fuzz}
    cmake --preset fuzz -B "$dir" -DONNX_CONFORM_FUZZ_SECONDS="${2:-60}"
    cmake --build "$dir" -j "$(nproc)" --target fuzzers
    cd "$dir"
    ctest --output-on-failure -j "$(nproc)" -L '^fuzz$'
    ;;
  lines)
    # Product lines of code at REV (default HEAD): .cc/.h/.js files, blank
    # lines and comments left out, and so is test code: *_test.*, test
    # utilities, fuzz/, bench/ and testing/ (the malformed corpus, the fake
    # adapter, the JUnit schema checker, the open-count preload; matched by
    # name too, for revisions from before they moved there).
    rev=${2:-HEAD}
    git ls-tree -r --name-only "$rev" | grep -E '\.(cc|h|js)$' |
      grep -vE '(^testing/|/malformed_|fake_adapter|junit_schema_check|junit_check_main|open_log_preload|_fixture\.h$|_test\.(cc|js)$|test_util|_test_data\.h$|/?test_model\.h$|^fuzz/|^bench/|node_modules|/testing/)' |
      while read -r file; do
        git show "$rev:$file" | perl -0777 -pe 's{/\*.*?\*/}{}gs' |
          grep -cvE '^[[:space:]]*(//.*)?$' || true
      done | awk '{ total += $1 } END { print total }'
    ;;
  format)
    # Lays out every C++ file as .clang-format says (clang-format 14).
    PACKAGES+=(clang-format-14)
    install_missing_packages
    cmake -DSOURCE_DIR=. -DFIX=ON -P cmake/CheckFormat.cmake
    ;;
  tidy)
    # clang-tidy with the checks of .clang-tidy over every source file of
    # the build (several minutes; not part of `test`).
    PACKAGES+=(clang-tidy-14)
    install_missing_packages
    build
    run-clang-tidy-14 -p "$BUILD_DIR" -quiet -j "$(nproc)" \
      "$(pwd)/(tensor|caseio|checker|reference|ops|cases|runners|bench|fuzz)/"
    ;;
  *)
    sed -n '2,/^# Missing Debian/p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
