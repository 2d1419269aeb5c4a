#!/usr/bin/env bash
# ONNX Conform's two entry points, for a fresh Debian (bookworm) machine:
#   ./dev.sh suite   build, then run every bundled case and ONNX's official
#                    node tests for Min/ArgMin/Clip on the reference backend
#   ./dev.sh test    build, then run every test with ctest, including every
#                    case on onnxruntime-node (installs Node.js and npm if missing)
# Missing Debian packages are installed with apt-get when run as root.
set -euo pipefail
cd "$(dirname "$0")"

BUILD_DIR=${BUILD_DIR:-build}
OFFICIAL=/usr/share/libonnx-testdata/data/node
PACKAGES=(cmake make g++ pkg-config libonnx-dev libonnx-testdata libprotobuf-dev
          protobuf-compiler libabsl-dev libgtest-dev libgmock-dev libbenchmark-dev)

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

# onnxruntime-node, the backend `test` runs every case through
# (cmake/OnnxruntimeBackendTest.cmake): Node.js and npm from Debian when
# missing, then the adapter's locked npm packages. ONNXRUNTIME_NODE_INSTALL=skip
# stops onnxruntime-node from downloading GPU files: its CPU library ships in it.
install_onnxruntime_adapter() {
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    local saved=("${PACKAGES[@]}")
    PACKAGES=(nodejs npm)
    install_missing_packages
    PACKAGES=("${saved[@]}")
  fi
  (cd runners/adapters/onnxruntime-node &&
   ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund --loglevel=error)
}

build() {
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release "$@"
  cmake --build "$BUILD_DIR" -j "$(nproc)"
}

case "${1:-}" in
  suite)
    install_missing_packages
    build
    shift
    paths=()
    [ -d cases/node ] && paths+=(cases/node)
    paths+=("$OFFICIAL"/test_min* "$OFFICIAL"/test_argmin* "$OFFICIAL"/test_clip*)
    "$BUILD_DIR/runners/onnx-conform" run "$@" "${paths[@]}"
    ;;
  test)
    install_missing_packages
    install_onnxruntime_adapter
    build -DONNX_CONFORM_ONNXRUNTIME_TESTS=ON
    cd "$BUILD_DIR"
    ctest --output-on-failure -j "$(nproc)" --timeout 600
    ;;
  *)
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
