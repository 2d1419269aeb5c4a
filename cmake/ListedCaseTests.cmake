# ctest tests for node-test folders whose operators are known only once the
# suite reads them (ONNX's official tests of every operator): at ctest time,
# `onnx-conform run --list` lists the cases under PATHS with the labels
# reports file them under, and each becomes a test labelled op:<Operator>,
# version:<N> and type:<T>, so that `ctest -L op:Conv` selects by operator.
# A run in which no case reached a verdict exits 77 and is reported skipped
# (each runs with --allow-nothing-passed: an operator the reference does not
# compute is a skip, not a failure).
#
#   oc_add_listed_case_tests(PREFIX official LABELS official reference
#                            PATHS /usr/share/libonnx-testdata/data/node)
#   oc_add_listed_case_tests(PREFIX backend/ort GROUP_BY_OPERATOR
#                            RUN_ARGS --backend=exec:... --persistent
#                            LABELS backend backend:ort PATHS ...)
#
# Without GROUP_BY_OPERATOR each case is one test (PREFIX/<case name>);
# with it, each operator's cases are one run (PREFIX/<Operator>), so that a
# persistent adapter starts once per operator rather than once per case.
# With JUDGE_REPORT (and FIXTURE, the ctest fixture of the test that writes
# that report), nothing runs again: each operator's test judges its cases
# from the report of one whole run (`onnx-conform judge`), so that an adapter
# starts once per backend and `ctest -L op:Conv` still selects by operator.
#
#   oc_add_listed_case_tests(PREFIX backend_official/tract
#                            JUDGE_REPORT build/backends/tract/official.json
#                            FIXTURE official.tract LABELS backend:tract PATHS ...)
# The listing runs when ctest starts (like gtest_discover_tests' PRE_TEST
# mode); a listing that fails becomes one failing test naming it.

set(_OC_LISTED_TEMPLATE "${CMAKE_CURRENT_LIST_DIR}/ListedCaseTests.ctest.in")

function(oc_add_listed_case_tests)
  cmake_parse_arguments(ARG "GROUP_BY_OPERATOR" "PREFIX;TIMEOUT;JUDGE_REPORT;FIXTURE" "LABELS;RUN_ARGS;PATHS" ${ARGN})
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 600)
  endif()
  string(MAKE_C_IDENTIFIER "${ARG_PREFIX}" id)
  set(OC_PREFIX "${ARG_PREFIX}")
  set(OC_LABELS "${ARG_LABELS}")
  set(OC_RUN_ARGS "${ARG_RUN_ARGS}")
  set(OC_PATHS "${ARG_PATHS}")
  set(OC_TIMEOUT "${ARG_TIMEOUT}")
  set(OC_GROUP_BY_OPERATOR "${ARG_GROUP_BY_OPERATOR}")
  set(OC_JUDGE_REPORT "${ARG_JUDGE_REPORT}")
  set(OC_FIXTURE "${ARG_FIXTURE}")
  if(ARG_JUDGE_REPORT)
    set(OC_GROUP_BY_OPERATOR ON)
  endif()
  set(OC_WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
  set(configured "${CMAKE_CURRENT_BINARY_DIR}/listed_${id}.ctest.in")
  configure_file("${_OC_LISTED_TEMPLATE}" "${configured}" @ONLY)
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/listed_${id}.ctest.cmake")
  file(GENERATE OUTPUT "${include_file}" INPUT "${configured}")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()
