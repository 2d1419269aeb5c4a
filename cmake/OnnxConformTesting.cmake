# oc_discover_tests(TARGET LABEL...): registers every GoogleTest test of
# TARGET with ctest, each carrying every LABEL, so that `ctest -L unit` and
# `ctest -L checker` both find it.
#
#   oc_discover_tests(checker_test unit checker)
#
# gtest_discover_tests(PROPERTIES LABELS "a;b") splits the list into separate
# arguments (CMake 3.25) and keeps only the first label, so the labels are set
# after discovery instead, by a file ctest includes.
function(oc_discover_tests target)
  gtest_discover_tests(${target})
  string(REPLACE ";" "\\;" labels "${ARGN}")
  set(labels_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_labels.cmake")
  file(WRITE "${labels_file}"
       "if(${target}_TESTS)\n"
       "  set_tests_properties(\${${target}_TESTS} PROPERTIES LABELS \"${labels}\")\n"
       "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${labels_file}")
endfunction()
