#!/usr/bin/env bash
# ONNX's own node tests, release by release, on the reference backend:
# prints docs/onnx-releases.md. By default the tests of the suite's
# operators; with --every-operator every node test of each release (the
# reference computes the covered operators and says unsupported for the
# others: what matters there is that the suite judges no valid test
# invalid). --extract writes one release's node tests into a folder, to run
# on any backend.
#
#   cases/onnx_releases.sh [--every-operator] ONNX_GIT_DIR [ONNX_CONFORM] > docs/onnx-releases.md
#   cases/onnx_releases.sh --extract TAG DIR ONNX_GIT_DIR
#
# ONNX_GIT_DIR is a clone of github.com/onnx/onnx with its release tags (its
# work tree is not used); ONNX_CONFORM defaults to build/runners/onnx-conform.
# Releases 1.2 to 1.22 kept their node tests in onnx/backend/test/data/node
# (later ones generate them); 1.1.0 used a layout without an opset (node.pb),
# which `run` names and refuses.
set -euo pipefail
node_dir=onnx/backend/test/data/node
usage="usage: cases/onnx_releases.sh [--every-operator] ONNX_GIT_DIR [ONNX_CONFORM] | --extract TAG DIR ONNX_GIT_DIR"

if [ "${1:-}" = "--extract" ]; then
  tag=${2:?$usage} into=${3:?$usage} onnx_git=${4:?$usage}
  mkdir -p "$into"
  git -C "$onnx_git" archive "$tag" "$node_dir" | tar -x -C "$into" --strip-components=5
  echo "$(ls "$into" | wc -l) node tests of $tag in $into"
  exit 0
fi
patterns='/test_(min|argmin|clip|max_|argmax|relu)'
scope="Min, ArgMin, Clip, Max, ArgMax and Relu
(\`test_min*\`, \`test_argmin*\`, \`test_clip*\`, \`test_max_*\`, \`test_argmax*\`, \`test_relu*\`,
their \`_expanded\` forms included)"
regenerate='cases/onnx_releases.sh ONNX_GIT_DIR > docs/onnx-releases.md'
if [ "${1:-}" = "--every-operator" ]; then
  shift
  patterns='/test_'
  scope="every operator (the reference computes the covered ones; \`unsupported\`
names the others, \`invalid\` would be the suite refusing a valid test)"
  regenerate='cases/onnx_releases.sh --every-operator ONNX_GIT_DIR'
fi
onnx_git=${1:?$usage}
conform=$(realpath "${2:-build/runners/onnx-conform}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat <<HEAD
# ONNX's node tests, release by release

Each ONNX release's own node tests of $scope, run with \`onnx-conform run\` on the
reference backend. Regenerate with
\`$regenerate\` on a clone of
github.com/onnx/onnx. ctest runs ONNX 1.12's (Debian's libonnx-testdata) on
every build.

| Release | Cases | Passed | Other outcomes |
|---|---:|---:|---|
HEAD
for tag in $(git -C "$onnx_git" tag --list 'v1.*' | sort -V); do
  dirs=$(git -C "$onnx_git" ls-tree --name-only "$tag" "$node_dir/" |
    grep -E "$patterns" || true)
  [ -n "$dirs" ] || continue
  out="$work/$tag"
  mkdir -p "$out"
  # shellcheck disable=SC2086 # one path per word
  git -C "$onnx_git" archive "$tag" $dirs | tar -x -C "$out" --strip-components=5
  cases=$(ls "$out" | wc -l)
  if ! ls "$out"/*/model.onnx >/dev/null 2>&1; then
    echo "| $tag | $cases | - | node.pb layout (ONNX 1.0 to 1.1.0): no opset recorded, not read |"
    continue
  fi
  # The summary line: the pass rate and readings lines follow it.
  summary=$("$conform" run --quiet --progress=never "$out"/* 2>/dev/null |
    grep -E '^[0-9]+ passed, ' | tail -1) || true
  passed=$(sed -n 's/^\([0-9]*\) passed.*/\1/p' <<<"$summary")
  other=$(sed 's/^[0-9]* passed, *//' <<<"$summary")
  echo "| $tag | $cases | ${passed:-0} | $other |"
done
