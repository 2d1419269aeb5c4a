# oc_discover_tests(TARGET LABEL...): registers every GoogleTest test of
# TARGET with ctest, each carrying every LABEL, so that `ctest -L unit` and
# `ctest -L checker` both find it. Tests write their scratch files under the
# build folder (TMPDIR and TEST_TMPDIR), so two builds' test runs at once
# (say release and asan) never share a folder.
#
#   oc_discover_tests(checker_test unit checker)
#
# gtest_discover_tests(PROPERTIES LABELS "a;b") splits the list into separate
# arguments (CMake 3.25) and keeps only the first label, so the labels are set
# after discovery instead, by a file ctest includes.
function(oc_discover_tests target)
  gtest_discover_tests(${target})
  set(scratch "${PROJECT_BINARY_DIR}/test-tmp")
  file(MAKE_DIRECTORY "${scratch}")
  set(labels_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_labels.cmake")
  file(WRITE "${labels_file}"
       "if(${target}_TESTS)\n"
       "  set_tests_properties(\${${target}_TESTS} PROPERTIES LABELS \"${ARGN}\"\n"
       "    ENVIRONMENT \"TMPDIR=${scratch};TEST_TMPDIR=${scratch}\")\n"
       "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${labels_file}")
endfunction()
