# The suite's operators, read from the one list (ops/operators.def) so that
# CMake's globs and labels follow it:
#   ONNX_CONFORM_OPERATORS               Min;ArgMin;Clip;Max;ArgMax;...
#   ONNX_CONFORM_OFFICIAL_TEST_PREFIX_<Op>  test_min, ...
#   ONNX_CONFORM_OFFICIAL_TEST_GLOBS     test_min*;test_argmin*;...
#   onnx_conform_operator_files(out "_schemas.cc")  the operator folders'
#                                   files of one role (ops/README.md)
# In the source tree the list is ops/operators.def; an installed package
# keeps a copy beside this file.
include_guard(GLOBAL)

if(EXISTS "${CMAKE_CURRENT_LIST_DIR}/../ops/operators.def")
  set(ONNX_CONFORM_OPERATOR_LIST "${CMAKE_CURRENT_LIST_DIR}/../ops/operators.def")
else()
  set(ONNX_CONFORM_OPERATOR_LIST "${CMAKE_CURRENT_LIST_DIR}/operators.def")
endif()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${ONNX_CONFORM_OPERATOR_LIST}")

set(_oc_operator_line "^SUITE_OPERATOR\\(([A-Za-z0-9]+), *([A-Za-z]+), *\"([A-Za-z0-9_]+)\"\\)$")
file(STRINGS "${ONNX_CONFORM_OPERATOR_LIST}" _oc_operator_lines REGEX "^SUITE_OPERATOR\\(")
set(ONNX_CONFORM_OPERATORS "")
set(ONNX_CONFORM_OFFICIAL_TEST_GLOBS "")
foreach(_oc_line IN LISTS _oc_operator_lines)
  if(NOT _oc_line MATCHES "${_oc_operator_line}")
    message(FATAL_ERROR "${ONNX_CONFORM_OPERATOR_LIST}: not an operator line: ${_oc_line}")
  endif()
  list(APPEND ONNX_CONFORM_OPERATORS "${CMAKE_MATCH_1}")
  set(ONNX_CONFORM_OFFICIAL_TEST_PREFIX_${CMAKE_MATCH_1} "${CMAKE_MATCH_3}")
  list(APPEND ONNX_CONFORM_OFFICIAL_TEST_GLOBS "${CMAKE_MATCH_3}*")
endforeach()
if(NOT ONNX_CONFORM_OPERATORS)
  message(FATAL_ERROR "${ONNX_CONFORM_OPERATOR_LIST}: no operator")
endif()

# The suite's operator whose official tests `case_name` is one of, or "".
function(onnx_conform_official_test_operator out case_name)
  foreach(op IN LISTS ONNX_CONFORM_OPERATORS)
    string(FIND "${case_name}" "${ONNX_CONFORM_OFFICIAL_TEST_PREFIX_${op}}" at)
    if(at EQUAL 0)
      set(${out} "${op}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

# The files of every operator folder (ops/<family>/) whose names end in
# `suffix`: "_schemas.cc", "_readings.h" and "_rules.h" (oc_checker), "_kernel.cc" (oc_reference: plain and
# fast kernels), "_kernel_test.cc" (reference_test), "_cases.cc"
# (oc_case_library), "_bugs.cc" (oc_adequacy), "_audit.cc" (oc_audit), "_explore.cc" (oc_explore). In
# the source tree only.
set(ONNX_CONFORM_OPERATOR_FOLDERS_DIR "${CMAKE_CURRENT_LIST_DIR}/../ops")
function(onnx_conform_operator_files out suffix)
  if(NOT IS_DIRECTORY "${ONNX_CONFORM_OPERATOR_FOLDERS_DIR}")
    message(FATAL_ERROR "no operator folders at ${ONNX_CONFORM_OPERATOR_FOLDERS_DIR}")
  endif()
  file(GLOB files CONFIGURE_DEPENDS "${ONNX_CONFORM_OPERATOR_FOLDERS_DIR}/*/*${suffix}")
  set(${out} ${files} PARENT_SCOPE)
endfunction()
