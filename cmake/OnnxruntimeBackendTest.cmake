# onnxruntime (the npm package onnxruntime-node) as a backend under ctest:
# one test, backend/onnxruntime, runs every case — the suite's own
# (cases/node, cases/invalid) and ONNX's official Min/ArgMin/Clip — through
# runners/adapters/onnxruntime-node with its expectation file, persistent
# adapters and two jobs, and writes <build>/onnxruntime/{report.json,
# junit.xml, scoreboard.md, scoreboard.html}. It fails when a case fails,
# errors, crashes or times out outside runners/adapters/onnxruntime-node/
# onnxruntime.expect, or when a listed case passes.
#
# Needs Node.js and `ONNXRUNTIME_NODE_INSTALL=skip npm ci` in the adapter's
# folder (dev.sh test does both). On by default when that has been done.
set(ONNX_CONFORM_ORT_ADAPTER_DIR "${PROJECT_SOURCE_DIR}/runners/adapters/onnxruntime-node")
if(EXISTS "${ONNX_CONFORM_ORT_ADAPTER_DIR}/node_modules/onnxruntime-node/package.json")
  set(_ort_default ON)
else()
  set(_ort_default OFF)
endif()
option(ONNX_CONFORM_ONNXRUNTIME_TESTS
       "Run every case on onnxruntime-node (needs node and npm ci in runners/adapters/onnxruntime-node)"
       ${_ort_default})

if(ONNX_CONFORM_BUILD_TESTS AND ONNX_CONFORM_ONNXRUNTIME_TESTS)
  find_program(ONNX_CONFORM_NODE NAMES node nodejs)
  if(NOT ONNX_CONFORM_NODE)
    message(FATAL_ERROR "ONNX_CONFORM_ONNXRUNTIME_TESTS is ON but Node.js was not found "
                        "(apt-get install nodejs npm, or configure with "
                        "-DONNX_CONFORM_ONNXRUNTIME_TESTS=OFF)")
  endif()
  # Paths relative to the source folder, so that reports and scoreboards
  # (docs/backends/onnxruntime.md) name files the same on every machine.
  set(_ort_cases cases/node cases/invalid)
  if(IS_DIRECTORY "${ONNX_CONFORM_OFFICIAL_NODE_TESTS}")
    foreach(pattern test_min* test_argmin* test_clip*)
      file(GLOB _found LIST_DIRECTORIES true "${ONNX_CONFORM_OFFICIAL_NODE_TESTS}/${pattern}")
      list(APPEND _ort_cases ${_found})
    endforeach()
  endif()
  set(_ort_out "${PROJECT_BINARY_DIR}/onnxruntime")
  file(MAKE_DIRECTORY "${_ort_out}")
  add_test(NAME backend/onnxruntime
           COMMAND onnx-conform run
                   "--backend=exec:'${ONNX_CONFORM_NODE}' runners/adapters/onnxruntime-node/adapter.js"
                   --backend-name=onnxruntime-node --persistent -j 2 --timeout=60 --quiet
                   --expectations=runners/adapters/onnxruntime-node/onnxruntime.expect
                   "--report-json=${_ort_out}/report.json" "--junit=${_ort_out}/junit.xml"
                   "--scoreboard-md=${_ort_out}/scoreboard.md"
                   "--scoreboard-html=${_ort_out}/scoreboard.html"
                   ${_ort_cases}
           WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
  set_tests_properties(backend/onnxruntime PROPERTIES
    LABELS "backend;onnxruntime;backend:onnxruntime-node" TIMEOUT 1200 PROCESSORS 2)
endif()
