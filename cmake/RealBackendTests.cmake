# Every case on each real backend this machine has (docs/backends/): one
# ctest test per backend, backend/<NAME>, labelled `backend` and
# `backend:<NAME>`, runs the suite's cases/node and cases/invalid and ONNX's
# official tests of the suite's operators (ops/operators.def) through the backend's adapter, persistent
# (one server per job: a runtime is loaded twice per run, not per case), with
# its expectation file; it writes <build>/backends/<NAME>/{report.json,
# junit.xml, scoreboard.md, scoreboard.html}. It fails when a case fails,
# errors, crashes or times out outside the expectation file, or when a listed
# case passes. backend_oneshot.<NAME> runs a few of those cases without
# --persistent, one adapter process each, under the same expectation file.
#
#   oc_add_real_backend_test(NAME opencv-dnn
#     ADAPTER "$<TARGET_FILE:oc-opencv-dnn-adapter>"
#     EXPECTATIONS runners/adapters/opencv-dnn/opencv-dnn.expect)
#
# A Node.js backend is registered when its adapter folder has node_modules
# (`npm ci` there: dev.sh test does it) and Node.js is found; the OpenCV one
# when oc-opencv-dnn-adapter is built (runners/CMakeLists.txt); the Python
# ones (onnxruntime-python, openvino, tract, onnx-reference) when
# ONNX_CONFORM_PYTHON_VENV holds the lock runners/adapters/
# python-requirements.lock installed (dev.sh test makes <build>/python-venv;
# a build folder without one, as dev.sh test-asan's, has no Python backend).
#
# backend_expectations.NAME (a build target, never built by default; all of
# them: backend_expectations, or ./dev.sh expectations) rewrites NAME's
# expectation file from a run of the same cases without it.

# With ONNX_CONFORM_REQUIRE_REAL_BACKENDS (dev.sh test sets it) a backend
# that cannot be registered stops the configuration, so that CI never passes
# by skipping one; otherwise it is said and skipped.
option(ONNX_CONFORM_REQUIRE_REAL_BACKENDS
       "Fail the configuration unless every real backend's test can be registered" OFF)

function(oc_real_backend_missing name why)
  if(ONNX_CONFORM_REQUIRE_REAL_BACKENDS)
    message(FATAL_ERROR "ONNX_CONFORM_REQUIRE_REAL_BACKENDS: no backend/${name} test: ${why}")
  endif()
  message(STATUS "no backend/${name} test: ${why}")
endfunction()

# Paths relative to the source folder, so that reports and scoreboards name
# files the same on every machine.
set(ONNX_CONFORM_BACKEND_CASES cases/node cases/invalid)
if(IS_DIRECTORY "${ONNX_CONFORM_OFFICIAL_NODE_TESTS}")
  include("${PROJECT_SOURCE_DIR}/cmake/OnnxConformOperators.cmake")
  foreach(pattern IN LISTS ONNX_CONFORM_OFFICIAL_TEST_GLOBS)
    file(GLOB _found LIST_DIRECTORIES true "${ONNX_CONFORM_OFFICIAL_NODE_TESTS}/${pattern}")
    list(APPEND ONNX_CONFORM_BACKEND_CASES ${_found})
  endforeach()
endif()

# ADAPTER is one command line (exec: syntax); EXPECTATIONS relative to the
# source folder.
function(oc_add_real_backend_test)
  cmake_parse_arguments(ARG "" "NAME;ADAPTER;EXPECTATIONS" "" ${ARGN})
  set(out "${PROJECT_BINARY_DIR}/backends/${ARG_NAME}")
  file(MAKE_DIRECTORY "${out}")
  add_test(NAME backend/${ARG_NAME}
           COMMAND onnx-conform run "--backend=exec:${ARG_ADAPTER}"
                   --backend-name=${ARG_NAME} --persistent -j 2 --timeout=60 --quiet
                   --expectations=${ARG_EXPECTATIONS}
                   "--report-json=${out}/report.json" "--junit=${out}/junit.xml"
                   "--scoreboard-md=${out}/scoreboard.md"
                   "--scoreboard-html=${out}/scoreboard.html"
                   ${ONNX_CONFORM_BACKEND_CASES}
           WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
  set_tests_properties(backend/${ARG_NAME} PROPERTIES
    LABELS "backend;backend:${ARG_NAME}" TIMEOUT 1200 PROCESSORS 2)

  # ONNX's whole official node-test set, every operator, judged by its own
  # expectation file beside the backend's (NAME.official.expect: generated,
  # ./dev.sh expectations rewrites both). One run per backend (the fixture
  # backend_official/NAME writes official.*), then one test per operator,
  # backend_official/NAME/<Operator> labelled op:, version: and type:, judges
  # that operator's cases from the run's report (cmake/ListedCaseTests.cmake).
  string(REGEX REPLACE "\\.expect$" ".official.expect" official_expectations
         "${ARG_EXPECTATIONS}")
  if(IS_DIRECTORY "${ONNX_CONFORM_OFFICIAL_NODE_TESTS}")
    set(OC_ADAPTER "${ARG_ADAPTER}")
    set(OC_NAME "${ARG_NAME}")
    set(OC_EXPECTATIONS "${official_expectations}")
    set(OC_REPORT "${out}/official.json")
    set(OC_OUT "${out}")
    set(OC_CASES "${ONNX_CONFORM_OFFICIAL_NODE_TESTS}")
    set(OC_SOURCE_DIR "${PROJECT_SOURCE_DIR}")
    configure_file("${PROJECT_SOURCE_DIR}/cmake/WholeRunForJudging.cmake.in"
                   "${out}/official_run.cmake.in" @ONLY)
    file(GENERATE OUTPUT "${out}/official_run.cmake" INPUT "${out}/official_run.cmake.in")
    add_test(NAME backend_official/${ARG_NAME}
             COMMAND "${CMAKE_COMMAND}" -P "${out}/official_run.cmake")
    set_tests_properties(backend_official/${ARG_NAME} PROPERTIES
      LABELS "backend;backend:${ARG_NAME};official" TIMEOUT 1200 PROCESSORS 2
      FIXTURES_SETUP official.${ARG_NAME})
    oc_add_listed_case_tests(PREFIX backend_official/${ARG_NAME}
                             JUDGE_REPORT "${out}/official.json" FIXTURE official.${ARG_NAME}
                             LABELS backend backend:${ARG_NAME} official
                             PATHS "${ONNX_CONFORM_OFFICIAL_NODE_TESTS}")
  endif()

  # The one-shot protocol (an adapter process per case, no --serve) on a few
  # cases that between them pass, fail, crash or are refused on one backend
  # or another, judged by the same expectation file (onnxjs passes none of
  # them: --allow-nothing-passed).
  add_test(NAME backend_oneshot.${ARG_NAME}
           COMMAND onnx-conform run "--backend=exec:${ARG_ADAPTER}"
                   --backend-name=${ARG_NAME} -j 2 --timeout=60 --quiet --allow-nothing-passed
                   --expectations=${ARG_EXPECTATIONS}
                   "--filter=^(min_v13_(float|bfloat16)_two_inputs|argmax_v13_uint32_default_attrs|\
clip_v1_float_no_bounds|clip_v13_float_nan|min_v13_float_graph_output_not_produced)$"
                   cases/node cases/invalid
           WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
  set_tests_properties(backend_oneshot.${ARG_NAME} PROPERTIES
    LABELS "backend_oneshot;backend:${ARG_NAME}" TIMEOUT 300 PROCESSORS 2)

  # The same run without the expectation file, writing it anew.
  add_custom_target(backend_expectations.${ARG_NAME}
    COMMAND "${PROJECT_SOURCE_DIR}/cmake/write-backend-expectations.sh"
            $<TARGET_FILE:onnx-conform> "${ARG_ADAPTER}" ${ARG_NAME} ${ARG_EXPECTATIONS}
            ${ONNX_CONFORM_BACKEND_CASES}
    COMMAND "${PROJECT_SOURCE_DIR}/cmake/write-backend-expectations.sh"
            $<TARGET_FILE:onnx-conform> "${ARG_ADAPTER}" ${ARG_NAME} ${official_expectations}
            "${ONNX_CONFORM_OFFICIAL_NODE_TESTS}"
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
    COMMENT "Writing ${ARG_EXPECTATIONS} and ${official_expectations} from runs on ${ARG_NAME}"
    VERBATIM)
  add_dependencies(backend_expectations.${ARG_NAME} onnx-conform)
  if(NOT TARGET backend_expectations)
    add_custom_target(backend_expectations)
  endif()
  add_dependencies(backend_expectations backend_expectations.${ARG_NAME})
endfunction()

# The real backends this machine has: ONNX_CONFORM_REAL_BACKENDS lists their
# names, ONNX_CONFORM_ADAPTER_<NAME> holds each one's adapter command line
# (also used by cmake/ExploreTests.cmake).
set(ONNX_CONFORM_REAL_BACKENDS "")
if(TARGET oc-opencv-dnn-adapter)
  list(APPEND ONNX_CONFORM_REAL_BACKENDS opencv-dnn)
  set(ONNX_CONFORM_ADAPTER_opencv-dnn "$<TARGET_FILE:oc-opencv-dnn-adapter>")
else()
  oc_real_backend_missing(opencv-dnn "OpenCV's dnn module not found (apt-get install libopencv-dnn-dev)")
endif()
find_program(ONNX_CONFORM_NODE NAMES node nodejs)
foreach(node_backend onnxruntime-node onnxruntime-web onnxjs)
  set(dir "${PROJECT_SOURCE_DIR}/runners/adapters/${node_backend}")
  if(NOT ONNX_CONFORM_NODE)
    oc_real_backend_missing(${node_backend} "Node.js not found (apt-get install nodejs npm)")
  elseif(NOT IS_DIRECTORY "${dir}/node_modules/${node_backend}")
    oc_real_backend_missing(${node_backend} "not installed (npm ci in ${dir})")
  else()
    list(APPEND ONNX_CONFORM_REAL_BACKENDS ${node_backend})
    set(ONNX_CONFORM_ADAPTER_${node_backend}
        "'${ONNX_CONFORM_NODE}' runners/adapters/${node_backend}/adapter.js")
  endif()
endforeach()
set(ONNX_CONFORM_PYTHON_VENV "${PROJECT_BINARY_DIR}/python-venv" CACHE PATH
    "Virtual environment holding runners/adapters/python-requirements.lock (dev.sh test makes it)")
file(SHA256 "${PROJECT_SOURCE_DIR}/runners/adapters/python-requirements.lock" _lock_hash)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             "${PROJECT_SOURCE_DIR}/runners/adapters/python-requirements.lock")
set(_venv_hash "")
if(EXISTS "${ONNX_CONFORM_PYTHON_VENV}/lock.sha256")
  file(STRINGS "${ONNX_CONFORM_PYTHON_VENV}/lock.sha256" _venv_hash LIMIT_COUNT 1)
endif()
foreach(python_backend onnxruntime-python openvino tract onnx-reference)
  if(NOT _venv_hash STREQUAL _lock_hash)
    oc_real_backend_missing(${python_backend} "${ONNX_CONFORM_PYTHON_VENV} does not hold \
runners/adapters/python-requirements.lock (./dev.sh test installs it)")
  else()
    list(APPEND ONNX_CONFORM_REAL_BACKENDS ${python_backend})
    # -B: no __pycache__ written into the source folder.
    set(ONNX_CONFORM_ADAPTER_${python_backend}
        "'${ONNX_CONFORM_PYTHON_VENV}/bin/python' -B runners/adapters/${python_backend}/adapter.py")
  endif()
endforeach()

if(ONNX_CONFORM_BUILD_TESTS)
  foreach(name IN LISTS ONNX_CONFORM_REAL_BACKENDS)
    # Each adapter folder holds its expectation file, NAME.expect.
    oc_add_real_backend_test(NAME ${name} ADAPTER "${ONNX_CONFORM_ADAPTER_${name}}"
      EXPECTATIONS runners/adapters/${name}/${name}.expect)
  endforeach()
endif()

# Each backend still gets every one of its repro cases (docs/backends/repro/
# <folder>) wrong or refuses it: none passes. When a release fixes one, this test fails:
# then move the repro out and update the backend's page and expectations.
function(oc_add_backend_repro_test NAME ADAPTER FOLDER)
  add_test(NAME backend_repro.${NAME}
           COMMAND onnx-conform run "--backend=exec:${ADAPTER}" --persistent
                   docs/backends/repro/${FOLDER}
           WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
  set_tests_properties(backend_repro.${NAME} PROPERTIES
    LABELS "backend_repro;backend:${NAME}"
    PASS_REGULAR_EXPRESSION "(^|\n)0 passed, ")
endfunction()

if(ONNX_CONFORM_BUILD_TESTS)
  foreach(name IN LISTS ONNX_CONFORM_REAL_BACKENDS)
    # onnxruntime-node, -web and -python share one repro folder; onnxjs has none.
    set(folder ${name})
    if(name MATCHES "^onnxruntime-")
      set(folder onnxruntime)
    endif()
    if(IS_DIRECTORY "${PROJECT_SOURCE_DIR}/docs/backends/repro/${folder}")
      oc_add_backend_repro_test(${name} "${ONNX_CONFORM_ADAPTER_${name}}" ${folder})
    endif()
  endforeach()
endif()
