# CTest integration: every ONNX node test case becomes a ctest test of its
# own, labelled so that a CI can select by operator, version, type, backend.
#
# onnx_conform_add_case_tests(PREFIX <prefix> ROOT <dir> [GLOB <pattern>...]
#                             [COMMAND <onnx-conform executable>] [BACKEND <spec>]
#                             [LABELS <label>...])
#   Registers every case directory (a folder holding model.onnx) directly
#   under ROOT whose name matches one of the GLOB patterns (default "*") as a
#   test `<prefix>/<case>` that runs `onnx-conform run` on it.
#
# onnx_conform_add_backend_tests(NAME <backend> ADAPTER <command line>
#                                CASES <dir>... [GLOB <pattern>...]
#                                [EXPECTATIONS <file>] [PROFILE <file>] [STRICT]
#                                [REPORT_JSON] [JUNIT] [BASELINE] [REPORT_DIR <dir>]
#                                [RUN_ARGS <flag>...]
#                                [TIMEOUT <whole seconds>] [LABELS <label>...]
#                                [COMMAND <onnx-conform executable>]
#                                [BATCHED | EACH_CASE])
#   Registers the cases under the CASES folders (each a case directory or a
#   folder of them) as tests that run them on the adapter
#   (`--backend=exec:<command line>`, docs/backend-protocol.md). By default
#   (BATCHED says so too) one test per operator version, `<backend>/<Op>-<V>`,
#   runs all its cases in one `onnx-conform run --persistent-if-served`: an
#   adapter that serves (`--serve`) starts once per operator version, not
#   once per case; one that does not runs one process per case. It fails
#   when any case fails, is skipped when no case reached a verdict (every
#   one unsupported) and passes otherwise. EACH_CASE: one test per case
#   instead, `<backend>/<case>`, one adapter process per case, which passes on
#   pass, xfail and divergent, is skipped on unsupported and invalid, and
#   fails otherwise. ADAPTER is one string, split into words like a shell
#   would (no shell runs it); give absolute paths. EXPECTATIONS
#   and PROFILE (`--expectations`, `--profile`) are relative to the calling
#   CMakeLists.txt. STRICT: `--strict` (divergent cases and expectation
#   lines broader than meant fail). REPORT_JSON and JUNIT: each test writes
#   `report.json` (`--report-json`) and `junit.xml` (`--junit`) in a report
#   folder of its own, `<REPORT_DIR>/<test name>/` (REPORT_DIR defaults to
#   `onnx-conform-reports` in the calling folder's build folder; `onnx-conform
#   merge <REPORT_DIR>/<backend>/*/report.json` puts them together). BASELINE:
#   each test writes `baseline.expect` there too (`--write-expectations`: its
#   cases that did not pass, each with its status and cause); `cat
#   <REPORT_DIR>/<backend>/*/baseline.expect` is the backend's expectation
#   file (docs/ci.md, "A baseline under ctest"). RUN_ARGS:
#   more flags of `onnx-conform run` (docs/ci.md; `--persistent` insists on
#   the server, `--write-expectations` writes a baseline).
#   A test in which no case passed is not failed for that alone
#   (`--allow-nothing-passed`): it is skipped or passes as above.
#
#   find_package(OnnxConform REQUIRED)
#   onnx_conform_add_backend_tests(NAME mybackend
#     ADAPTER "${CMAKE_CURRENT_SOURCE_DIR}/adapter.sh --fast"
#     CASES ${ONNX_CONFORM_SUITE_CASES} EXPECTATIONS mybackend.expect
#     REPORT_JSON JUNIT)
#   # ctest -L backend:mybackend -L op:Clip
#
# Every test made here is reported skipped when it ran no case: under
# GTEST_TOTAL_SHARDS/GTEST_SHARD_INDEX a test whose case lies in another
# shard exits ONNX_CONFORM_EXIT_NOTHING_RAN (kExitNothingRan of
# runners/harness/policy.h), ctest's SKIP_RETURN_CODE (docs/ci.md).
#
# Labels: the given LABELS; op:<Op>, version:<V> and type:<T> from the
# case's case.json when it has one, else op:<Op> guessed from an official
# name (test_min_* -> Min, test_argmin_* -> ArgMin, test_clip_* -> Clip,
# test_max_* -> Max, test_argmax_* -> ArgMax, test_relu* -> Relu);
# backend:<NAME> for backend tests.

if(NOT DEFINED ONNX_CONFORM_EXIT_NOTHING_RAN)
  message(FATAL_ERROR "OnnxConformCaseTests.cmake: ONNX_CONFORM_EXIT_NOTHING_RAN is not set "
                      "(include it through find_package(OnnxConform))")
endif()

# The onnx-conform executable: the installed package's, else this build's.
function(_onnx_conform_command out)
  if(TARGET OnnxConform::onnx-conform)
    set(${out} OnnxConform::onnx-conform PARENT_SCOPE)
  else()
    set(${out} $<TARGET_FILE:onnx-conform> PARENT_SCOPE)
  endif()
endfunction()

# model.onnx of every case: each root that is a case itself, or its direct
# subfolders matching one of the patterns. Sorted, without duplicates.
function(_onnx_conform_find_cases out)
  cmake_parse_arguments(ARG "" "" "ROOTS;GLOB" ${ARGN})
  if(NOT ARG_GLOB)
    set(ARG_GLOB "*")
  endif()
  set(model_files "")
  foreach(root IN LISTS ARG_ROOTS)
    get_filename_component(root "${root}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(EXISTS "${root}/model.onnx")
      list(APPEND model_files "${root}/model.onnx")
      continue()
    endif()
    if(NOT IS_DIRECTORY "${root}")
      message(FATAL_ERROR "onnx-conform: cases folder ${root} does not exist")
    endif()
    foreach(pattern IN LISTS ARG_GLOB)
      file(GLOB found CONFIGURE_DEPENDS "${root}/${pattern}/model.onnx")
      list(APPEND model_files ${found})
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES model_files)
  list(SORT model_files)
  set(${out} ${model_files} PARENT_SCOPE)
endfunction()

# op:, version: and type: labels of one case directory.
function(_onnx_conform_case_labels out case_dir)
  get_filename_component(case_name "${case_dir}" NAME)
  set(labels "")
  if(EXISTS "${case_dir}/case.json")
    file(READ "${case_dir}/case.json" metadata)
    string(JSON op ERROR_VARIABLE json_error GET "${metadata}" "operator")
    string(JSON version ERROR_VARIABLE json_error GET "${metadata}" "version")
    string(JSON types ERROR_VARIABLE json_error GET "${metadata}" "types")
    if(op)
      list(APPEND labels "op:${op}")
    endif()
    if(version)
      list(APPEND labels "version:${version}")
    endif()
    if(types)
      string(JSON type_count ERROR_VARIABLE json_error LENGTH "${metadata}" "types")
      if(type_count GREATER 0)
        math(EXPR last "${type_count} - 1")
        foreach(i RANGE ${last})
          string(JSON type GET "${metadata}" "types" ${i})
          list(APPEND labels "type:${type}")
        endforeach()
      endif()
    endif()
  elseif(case_name MATCHES "^test_argmin")
    list(APPEND labels "op:ArgMin")
  elseif(case_name MATCHES "^test_min")
    list(APPEND labels "op:Min")
  elseif(case_name MATCHES "^test_clip")
    list(APPEND labels "op:Clip")
  elseif(case_name MATCHES "^test_argmax")
    list(APPEND labels "op:ArgMax")
  elseif(case_name MATCHES "^test_max_")
    list(APPEND labels "op:Max")
  elseif(case_name MATCHES "^test_relu")
    list(APPEND labels "op:Relu")
  endif()
  set(${out} ${labels} PARENT_SCOPE)
endfunction()

# --report-json, --junit and --write-expectations of the test `test_name`,
# in its own report folder under ARG_REPORT_DIR (made now: run writes only
# into a folder that exists), as ARG_REPORT_JSON, ARG_JUNIT and
# ARG_BASELINE of the caller ask.
macro(_onnx_conform_report_args out test_name)
  set(${out} "")
  if(ARG_REPORT_JSON OR ARG_JUNIT OR ARG_BASELINE)
    file(MAKE_DIRECTORY "${ARG_REPORT_DIR}/${test_name}")
  endif()
  if(ARG_REPORT_JSON)
    list(APPEND ${out} "--report-json=${ARG_REPORT_DIR}/${test_name}/report.json")
  endif()
  if(ARG_JUNIT)
    list(APPEND ${out} "--junit=${ARG_REPORT_DIR}/${test_name}/junit.xml")
  endif()
  if(ARG_BASELINE)
    list(APPEND ${out} "--write-expectations=${ARG_REPORT_DIR}/${test_name}/baseline.expect")
  endif()
endmacro()

function(onnx_conform_add_case_tests)
  cmake_parse_arguments(ARG "" "PREFIX;ROOT;COMMAND;BACKEND" "GLOB;LABELS" ${ARGN})
  if(NOT ARG_COMMAND)
    _onnx_conform_command(ARG_COMMAND)
  endif()
  set(backend_args "")
  if(ARG_BACKEND)
    set(backend_args "--backend=${ARG_BACKEND}")
  endif()
  _onnx_conform_find_cases(model_files ROOTS "${ARG_ROOT}" GLOB ${ARG_GLOB})
  foreach(model_file IN LISTS model_files)
    get_filename_component(case_dir "${model_file}" DIRECTORY)
    get_filename_component(case_name "${case_dir}" NAME)
    _onnx_conform_case_labels(case_labels "${case_dir}")
    set(labels ${ARG_LABELS} ${case_labels})
    list(REMOVE_DUPLICATES labels)
    # One case: unsupported is a skip (77), not "nothing passed".
    add_test(NAME "${ARG_PREFIX}/${case_name}"
             COMMAND ${ARG_COMMAND} run --allow-nothing-passed ${backend_args} "${case_dir}")
    set_tests_properties("${ARG_PREFIX}/${case_name}" PROPERTIES LABELS "${labels}"
                         SKIP_RETURN_CODE ${ONNX_CONFORM_EXIT_NOTHING_RAN})
  endforeach()
endfunction()

function(onnx_conform_add_backend_tests)
  cmake_parse_arguments(ARG "BATCHED;EACH_CASE;STRICT;REPORT_JSON;JUNIT;BASELINE"
                        "NAME;ADAPTER;EXPECTATIONS;PROFILE;TIMEOUT;COMMAND;REPORT_DIR"
                        "CASES;GLOB;LABELS;RUN_ARGS" ${ARGN})
  foreach(required NAME ADAPTER CASES)
    if(NOT ARG_${required})
      message(FATAL_ERROR "onnx_conform_add_backend_tests: ${required} is required")
    endif()
  endforeach()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "onnx_conform_add_backend_tests: unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(ARG_BATCHED AND ARG_EACH_CASE)
    message(FATAL_ERROR "onnx_conform_add_backend_tests: BATCHED and EACH_CASE exclude each other")
  endif()
  if(NOT ARG_COMMAND)
    _onnx_conform_command(ARG_COMMAND)
  endif()
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 60)
  endif()
  if(NOT ARG_TIMEOUT MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "onnx_conform_add_backend_tests: TIMEOUT is whole seconds, got ${ARG_TIMEOUT}")
  endif()
  # ctest's own limit, a backstop: the runner times out each data set itself.
  math(EXPR ctest_timeout "${ARG_TIMEOUT} * 10 + 30")
  # A test in which nothing passed is judged by the skip and pass rules
  # above, not failed for that alone.
  set(run_args "--backend=exec:${ARG_ADAPTER}" "--backend-name=${ARG_NAME}"
               "--timeout=${ARG_TIMEOUT}" --allow-nothing-passed)
  foreach(file_option EXPECTATIONS PROFILE)
    if(ARG_${file_option})
      get_filename_component(file "${ARG_${file_option}}" ABSOLUTE
                             BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      if(NOT EXISTS "${file}")
        message(FATAL_ERROR "onnx_conform_add_backend_tests: ${file_option} ${file} does not exist")
      endif()
      string(TOLOWER "${file_option}" flag)
      list(APPEND run_args "--${flag}=${file}")
    endif()
  endforeach()
  if(ARG_STRICT)
    list(APPEND run_args "--strict")
  endif()
  list(APPEND run_args ${ARG_RUN_ARGS})
  if(NOT ARG_REPORT_DIR)
    set(ARG_REPORT_DIR "${CMAKE_CURRENT_BINARY_DIR}/onnx-conform-reports")
  endif()
  get_filename_component(ARG_REPORT_DIR "${ARG_REPORT_DIR}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  _onnx_conform_find_cases(model_files ROOTS ${ARG_CASES} GLOB ${ARG_GLOB})
  if(NOT ARG_EACH_CASE)
    # Cases grouped by their op: and version: labels.
    set(batches "")
    foreach(model_file IN LISTS model_files)
      get_filename_component(case_dir "${model_file}" DIRECTORY)
      _onnx_conform_case_labels(case_labels "${case_dir}")
      set(op "unknown")
      set(version "")
      foreach(label IN LISTS case_labels)
        if(label MATCHES "^op:(.+)$")
          set(op "${CMAKE_MATCH_1}")
        elseif(label MATCHES "^version:(.+)$")
          set(version "-${CMAKE_MATCH_1}")
        endif()
      endforeach()
      set(batch "${op}${version}")
      if(NOT batch IN_LIST batches)
        list(APPEND batches "${batch}")
        set(batch_labels_${batch} ${case_labels})
        list(FILTER batch_labels_${batch} INCLUDE REGEX "^(op|version):")
      endif()
      list(APPEND batch_dirs_${batch} "${case_dir}")
    endforeach()
    foreach(batch IN LISTS batches)
      set(labels ${ARG_LABELS} ${batch_labels_${batch}} "backend:${ARG_NAME}")
      list(REMOVE_DUPLICATES labels)
      list(LENGTH batch_dirs_${batch} count)
      math(EXPR batch_timeout "${ctest_timeout} * ${count}")
      _onnx_conform_report_args(report_args "${ARG_NAME}/${batch}")
      add_test(NAME "${ARG_NAME}/${batch}"
               COMMAND ${ARG_COMMAND} run --quiet --persistent-if-served ${run_args} ${report_args}
                       ${batch_dirs_${batch}})
      set_tests_properties("${ARG_NAME}/${batch}" PROPERTIES LABELS "${labels}"
                           TIMEOUT ${batch_timeout}
                           SKIP_RETURN_CODE ${ONNX_CONFORM_EXIT_NOTHING_RAN})
    endforeach()
    return()
  endif()
  set(registered "")
  foreach(model_file IN LISTS model_files)
    get_filename_component(case_dir "${model_file}" DIRECTORY)
    get_filename_component(case_name "${case_dir}" NAME)
    set(test_name "${ARG_NAME}/${case_name}")
    if(test_name IN_LIST registered)  # the same name in two folders
      get_filename_component(parent "${case_dir}" DIRECTORY)
      get_filename_component(parent "${parent}" NAME)
      set(test_name "${ARG_NAME}/${parent}/${case_name}")
    endif()
    list(APPEND registered "${test_name}")
    _onnx_conform_case_labels(case_labels "${case_dir}")
    set(labels ${ARG_LABELS} ${case_labels} "backend:${ARG_NAME}")
    list(REMOVE_DUPLICATES labels)
    _onnx_conform_report_args(report_args "${test_name}")
    add_test(NAME "${test_name}" COMMAND ${ARG_COMMAND} run ${run_args} ${report_args} "${case_dir}")
    # The case's console line starts a line: "unsupported <name>", "invalid
    # <name>" (after "shard K/N: 1 of 1 cases" in a sharded run).
    set_tests_properties("${test_name}" PROPERTIES
      LABELS "${labels}"
      SKIP_REGULAR_EXPRESSION "(^|\n)(unsupported|invalid) "
      SKIP_RETURN_CODE ${ONNX_CONFORM_EXIT_NOTHING_RAN}
      TIMEOUT ${ctest_timeout})
  endforeach()
endfunction()
