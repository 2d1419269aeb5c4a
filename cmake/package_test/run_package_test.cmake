# Installs this build into a temporary prefix, then configures and runs a
# separate project (this folder) that finds the package with find_package
# and registers backend tests with onnx_conform_add_backend_tests.
# It also runs docs/ci.md's CI job as far as it goes offline (run_ci_job.sh)
# and checks every JUnit file against the strict schema (JUNIT_CHECK).
#   cmake -DBUILD_DIR=... -DWORK_DIR=... -DSOURCE_DIR=... -DFAKE_ADAPTER=...
#         -DOFFICIAL_CASES=... -DSUITE_CASES=... -DJUNIT_CHECK=... -DCI_DOC=...
#         -P run_package_test.cmake
foreach(var BUILD_DIR WORK_DIR SOURCE_DIR FAKE_ADAPTER OFFICIAL_CASES SUITE_CASES JUNIT_CHECK
            CI_DOC)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(code "${code}" PARENT_SCOPE)
  set(out "${out}${err}" PARENT_SCOPE)
endfunction()

function(expect_match text regex what)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${what}: no match for '${regex}' in:\n${text}")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}/cases")

run("${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${WORK_DIR}/prefix" --component runtime)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "install failed:\n${out}")
endif()
foreach(file bin/onnx-conform lib/cmake/OnnxConform/OnnxConformConfig.cmake
             lib/cmake/OnnxConform/OnnxConformConfigVersion.cmake
             lib/cmake/OnnxConform/OnnxConformCaseTests.cmake)
  if(NOT EXISTS "${WORK_DIR}/prefix/${file}")
    message(FATAL_ERROR "not installed: ${file}")
  endif()
endforeach()

# Four copies of an official Min case; the fake adapter acts on each as its
# name says.
foreach(mode pass crash unsupported off-by-one)
  file(COPY "${OFFICIAL_CASES}/test_min_example/" DESTINATION "${WORK_DIR}/cases/${mode}.min")
  file(WRITE "${WORK_DIR}/cases/${mode}.min/case.json"
       "{\"operator\": \"Min\", \"version\": 13, \"types\": [\"float\"],\n"
       " \"expectation\": \"valid\", \"semantics\": \"spec\"}\n")
endforeach()

run("${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}/build"
    "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix" "-DFAKE_ADAPTER=${FAKE_ADAPTER}"
    "-DCASES=${WORK_DIR}/cases" "-DNAN_CASE=${SUITE_CASES}/node/min_v13_float_nan")
if(NOT code EQUAL 0)
  message(FATAL_ERROR "configuring the project that uses the package failed:\n${out}")
endif()

# Labels select by operator, version, type and backend; the installed
# executable runs the tests.
run("${CMAKE_CTEST_COMMAND}" --test-dir "${WORK_DIR}/build" -N -V
    -L "backend:fake$" -L "op:Min" -L "version:13" -L "type:float" -L "external")
expect_match("${out}" "Total Tests: 4" "ctest -N with labels")
expect_match("${out}" "${WORK_DIR}/prefix/bin/onnx-conform\"? \"?run\"? \"?--backend=exec:"
             "the installed onnx-conform")
run("${CMAKE_CTEST_COMMAND}" --test-dir "${WORK_DIR}/build" -N -L "type:double")
expect_match("${out}" "Total Tests: 0" "ctest -N -L type:double")

# pass passes, crash is an expected failure (passes), unsupported is outside
# the profile (skipped), off-by-one fails.
run("${CMAKE_CTEST_COMMAND}" --test-dir "${WORK_DIR}/build" --output-on-failure -L "backend:fake$")
if(code EQUAL 0)
  message(FATAL_ERROR "ctest passed although off-by-one.min must fail:\n${out}")
endif()
expect_match("${out}" "fake/crash\\.min [.]+ +Passed" "crash.min (xfail)")
expect_match("${out}" "fake/pass\\.min [.]+ +Passed" "pass.min")
expect_match("${out}" "fake/unsupported\\.min [.]+\\*+Skipped" "unsupported.min")
expect_match("${out}" "fake/off-by-one\\.min [.]+\\*+Failed" "off-by-one.min")
expect_match("${out}" "\\[0\\] expected 1, got 1\\.00000012" "the failure's first mismatch")
expect_match("${out}" "75% tests passed, 1 tests failed out of 4" "the ctest summary")
# BATCHED: the four Min-13 cases are one test, run by one persistent server.
run("${CMAKE_CTEST_COMMAND}" --test-dir "${WORK_DIR}/build" --output-on-failure
    -L "backend:fakebatch")
expect_match("${out}" "fakebatch/Min-13 [.]+ +Passed" "the batched Min-13 test")
expect_match("${out}" "100% tests passed, 0 tests failed out of 1" "one batched test")
# The default: one persistent-if-served run per operator version. One in
# which every case is unsupported is skipped, never passed (issue 43).
run("${CMAKE_CTEST_COMMAND}" --test-dir "${WORK_DIR}/build" -N -V -L "backend:auto-pass")
expect_match("${out}" "--persistent-if-served" "the default test's run")
run("${CMAKE_CTEST_COMMAND}" --test-dir "${WORK_DIR}/build" --output-on-failure
    -L "backend:(auto-|baseline)")
expect_match("${out}" "auto-pass/Min-13 [.]+ +Passed" "a default test that passes")
expect_match("${out}" "auto-none/Min-13 [.]+\\*+Skipped" "a default test in which nothing passed")
expect_match("${out}" "baseline/Min-13 [.]+\\*+Failed" "a test writing its baseline")
# BASELINE: the test's part of the expectation file, which then judges it.
set(baseline "${WORK_DIR}/build/onnx-conform-reports/baseline/Min-13/baseline.expect")
if(NOT EXISTS "${baseline}")
  message(FATAL_ERROR "BASELINE: no ${baseline}")
endif()
file(READ "${baseline}" written)
expect_match("${written}" "(^|\n)crash\\.min +crash " "the baseline's crash")
expect_match("${written}" "(^|\n)off-by-one\\.min +fail " "the baseline's failure")
run("${WORK_DIR}/prefix/bin/onnx-conform" run "--backend=exec:${FAKE_ADAPTER} by-name"
    "--expectations=${baseline}" "${WORK_DIR}/cases")
if(NOT code EQUAL 0)
  message(FATAL_ERROR "the cases judged by their baseline did not pass (${code}):\n${out}")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/package_test_ci.cmake")
message(STATUS "package test passed")
