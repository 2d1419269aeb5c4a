# Checks (or, with -DFIX=ON, applies) the layout of every C++ file of the
# source tree against .clang-format, with Debian's clang-format 14:
#
#   cmake -DSOURCE_DIR=. -P cmake/CheckFormat.cmake            # ctest format.check
#   cmake -DSOURCE_DIR=. -DFIX=ON -P cmake/CheckFormat.cmake   # ./dev.sh format
#
# The files are listed when it runs, so a file added after configuring is
# checked too. Adapters' node_modules and build folders are not the
# project's code.
find_program(CLANG_FORMAT NAMES clang-format-14 REQUIRED)
get_filename_component(SOURCE_DIR "${SOURCE_DIR}" ABSOLUTE)
file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/*.cc" "${SOURCE_DIR}/*.h")
list(FILTER files EXCLUDE REGEX "(^|/)(node_modules|build[^/]*|\\.git)/")
list(SORT files)
if(NOT files)
  message(FATAL_ERROR "clang-format: no C++ file under ${SOURCE_DIR}")
endif()
if(FIX)
  execute_process(COMMAND "${CLANG_FORMAT}" -i ${files} WORKING_DIRECTORY "${SOURCE_DIR}"
                  RESULT_VARIABLE status)
else()
  execute_process(COMMAND "${CLANG_FORMAT}" --dry-run -Werror ${files}
                  WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE status)
endif()
list(LENGTH files count)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "clang-format: ${count} files checked; the ones above are not laid out "
                      "as .clang-format says: ./dev.sh format fixes them")
endif()
message(STATUS "clang-format: ${count} files laid out as .clang-format says")
