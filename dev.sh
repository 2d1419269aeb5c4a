#!/usr/bin/env bash
# ONNX Conform's two entry points, for a fresh Debian (bookworm) machine:
#   ./dev.sh suite   build, then run every bundled case and ONNX's official
#                    node tests for Min/ArgMin/Clip on the reference backend
#   ./dev.sh test    build, then run every test with ctest
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

build() {
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release
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
    build
    cd "$BUILD_DIR"
    ctest --output-on-failure -j "$(nproc)" --timeout 600
    ;;
  *)
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
