# The package test's CI half, included by run_package_test.cmake after the
# tests of the project that uses the package ran once: the reports the
# function's options make, sharded ctest runs, ctest's own JUnit, and
# docs/ci.md's job.

function(count_matches text regex out)
  string(REGEX MATCHALL "${regex}" found "${text}")
  list(LENGTH found count)
  set(${out} ${count} PARENT_SCOPE)
endfunction()

function(expect_junit_conforms)
  run("${JUNIT_CHECK}" ${ARGN})
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "JUnit files break the strict schema:\n${out}")
  endif()
endfunction()

set(build "${WORK_DIR}/build")
set(onnx_conform "${WORK_DIR}/prefix/bin/onnx-conform")

# REPORT_JSON and JUNIT: a report folder per test, holding both files; merged,
# the folders give the four cases.
set(reports "${build}/onnx-conform-reports/fake")
foreach(mode pass crash unsupported off-by-one)
  foreach(file report.json junit.xml)
    if(NOT EXISTS "${reports}/${mode}.min/${file}")
      message(FATAL_ERROR "REPORT_JSON/JUNIT: no ${reports}/${mode}.min/${file}")
    endif()
  endforeach()
endforeach()
file(GLOB junit_files "${reports}/*/junit.xml")
expect_junit_conforms(${junit_files})
file(READ "${reports}/off-by-one.min/junit.xml" junit)
expect_match("${junit}" "<failure type=\"Min: values: value\" message=\"Min: values: value: [^\"]*expected 1, got 1\\.00000012"
             "the failing test's JUnit: typed by its cause")
file(GLOB json_reports "${reports}/*/report.json")
run("${onnx_conform}" merge ${json_reports} "--report-json=${WORK_DIR}/merged.json")
expect_match("${out}" "merged 4 results from 4 reports" "merging the tests' reports")

# STRICT, RUN_ARGS and REPORT_DIR: a divergent case passes, but not STRICT.
run("${CMAKE_CTEST_COMMAND}" --test-dir "${build}" -N -V -R "^nan-lenient/")
expect_match("${out}" "--persistent" "RUN_ARGS")
run("${CMAKE_CTEST_COMMAND}" --test-dir "${build}" --output-on-failure -R "^nan-")
expect_match("${out}" "nan-lenient/min_v13_float_nan [.]+ +Passed" "a divergent case")
expect_match("${out}" "nan-strict/min_v13_float_nan [.]+\\*+Failed" "a divergent case, STRICT")
expect_match("${out}" "--strict: 1 divergent case" "STRICT's reason")
file(READ "${build}/nan-reports/nan-lenient/min_v13_float_nan/junit.xml" junit)
expect_match("${junit}" "name=\"min_v13_float_nan \\[divergent\\]\" time=\"[0-9.]+\"/>"
             "a divergent case in JUnit: a marked pass")
file(READ "${build}/nan-reports/nan-strict/min_v13_float_nan/junit.xml" junit)
expect_match("${junit}" "<failure type=\"Min: divergent: follows min-nan-ignored\""
             "a divergent case in JUnit under STRICT, typed by its cause")
expect_junit_conforms("${build}/nan-reports/nan-lenient/min_v13_float_nan/junit.xml"
                      "${build}/nan-reports/nan-strict/min_v13_float_nan/junit.xml")

# Sharded by the GoogleTest variables: a per-case test whose case lies in
# another shard ran nothing and is skipped, never passed; each case runs in
# exactly one shard. The batched test runs its part in each shard.
foreach(mode pass crash off-by-one)
  set(ran_${mode} 0)
endforeach()
set(batch_ran 0)
foreach(index 0 1 2)
  run("${CMAKE_COMMAND}" -E env GTEST_TOTAL_SHARDS=3 GTEST_SHARD_INDEX=${index}
      "${CMAKE_CTEST_COMMAND}" --test-dir "${build}" -L "backend:fake")
  foreach(mode pass crash off-by-one)
    if(NOT out MATCHES "fake/${mode}\\.min [.]+\\*+Skipped")
      math(EXPR ran_${mode} "${ran_${mode}} + 1")
    endif()
  endforeach()
  if(out MATCHES "fakebatch/Min-13 [.]+ +Passed")
    math(EXPR batch_ran "${batch_ran} + 1")
  elseif(NOT out MATCHES "fakebatch/Min-13 [.]+\\*+Skipped")
    message(FATAL_ERROR "shard ${index}: fakebatch/Min-13 neither passed nor skipped:\n${out}")
  endif()
  expect_match("${out}" "fake/unsupported\\.min [.]+\\*+Skipped" "unsupported.min, sharded")
  if(out MATCHES "fake/off-by-one\\.min [.]+ +Passed")
    message(FATAL_ERROR "shard ${index}: off-by-one.min passed:\n${out}")
  endif()
endforeach()
foreach(mode pass crash off-by-one)
  if(NOT ran_${mode} EQUAL 1)
    message(FATAL_ERROR "${mode}.min ran in ${ran_${mode}} of 3 shards, not 1 "
                        "(the others must report it skipped)")
  endif()
endforeach()
if(batch_ran LESS 1)
  message(FATAL_ERROR "fakebatch/Min-13 passed in no shard")
endif()

# ctest's own JUnit carries each failing test's output: its first mismatch.
run("${CMAKE_CTEST_COMMAND}" --test-dir "${build}" -L "backend:fake$"
    --output-junit "${WORK_DIR}/ctest-junit.xml")
file(READ "${WORK_DIR}/ctest-junit.xml" junit)
expect_match("${junit}" "fake/off-by-one\\.min.*\\[0\\] expected 1, got 1\\.00000012"
             "ctest --output-junit")

# docs/ci.md's job: four shards of 16 cases on the fake adapter, the merge,
# and the JUnit files the publishing step reads.
file(MAKE_DIRECTORY "${WORK_DIR}/ci-cases")
foreach(name pass.1 pass.2 pass.3 pass.4 pass.5 pass.6 pass.7 pass.8 pass.9 pass.10 pass.11
             pass.12 pass crash unsupported off-by-one)
  file(COPY "${WORK_DIR}/cases/pass.min/" DESTINATION "${WORK_DIR}/ci-cases/${name}.min")
endforeach()
run("${CMAKE_COMMAND}" -E env "ADAPTER=${FAKE_ADAPTER} by-name" "CASES=${WORK_DIR}/ci-cases"
    bash "${CMAKE_CURRENT_LIST_DIR}/run_ci_job.sh" "${CI_DOC}" "${WORK_DIR}/ci-job"
    "${onnx_conform}" "${JUNIT_CHECK}" "${SOURCE_DIR}/fake.expect")
if(NOT code EQUAL 0)
  message(FATAL_ERROR "docs/ci.md's job failed:\n${out}")
endif()
count_matches("${out}" "shard [1-4]: exit [01]\n" shards_done)
count_matches("${out}" "shard [1-4]: exit 1\n" shards_failed)
if(NOT shards_done EQUAL 4 OR NOT shards_failed EQUAL 1)
  message(FATAL_ERROR "docs/ci.md's job: 4 shards, the one with off-by-one.min failing:\n${out}")
endif()
# The publishing step reads the one file merge --junit wrote, which the job
# script has checked against the strict schema: every case of the 4 shards.
expect_match("${out}" "junit files: 1\n" "docs/ci.md's JUnit upload")
file(READ "${WORK_DIR}/ci-job/scoreboard/junit.xml" merged_junit)
count_matches("${merged_junit}" "<testcase " merged_testcases)
if(NOT merged_testcases EQUAL 16)
  message(FATAL_ERROR "docs/ci.md's merge --junit: ${merged_testcases} testcases, not 16:\n"
                      "${merged_junit}")
endif()
expect_match("${merged_junit}" "<failure type=\"Min: values: value\""
             "docs/ci.md's merged JUnit: the failure typed by its cause")
file(READ "${WORK_DIR}/ci-job/scoreboard/report.json" merged)
count_matches("${merged}" "\"status\": " merged_cases)
if(NOT merged_cases EQUAL 16)
  message(FATAL_ERROR "docs/ci.md's merge: ${merged_cases} cases, not 16:\n${merged}")
endif()
file(READ "${WORK_DIR}/ci-job/scoreboard/scoreboard.md" board)
expect_match("${board}" "off-by-one\\.min" "docs/ci.md's scoreboard")
