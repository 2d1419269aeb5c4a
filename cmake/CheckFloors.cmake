# No floor includes a floor above it (issue 41): for each folder, the
# folders its files may not include. Test files (*_test.cc) may include
# testing/; nothing else may.
#   cmake -DSOURCE_DIR=<source root> -P cmake/CheckFloors.cmake
# Fails naming each file, its line and the rule it breaks.
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "CheckFloors.cmake: pass -DSOURCE_DIR=<source root>")
endif()
get_filename_component(SOURCE_DIR "${SOURCE_DIR}" ABSOLUTE)

# <folder, or a glob of files>|<folders above it, as one regular expression>
# An operator folder's files belong to the floor of their role (ops/README.md).
# Rules after the first three hold for product files only: a test of the
# evaluator or the cases may run them through the harness above.
set(rules
  "tensor|ops|caseio|checker|reference|cases|runners|testing|fuzz|bench"
  "caseio|ops|checker|reference|cases|runners|testing|fuzz|bench"
  "checker|reference|cases|runners|testing|fuzz|bench"
  "ops/*/*_schemas.*|reference|cases|runners|testing|fuzz|bench"
  "ops/*/*_readings.h|tensor|caseio|checker|reference|cases|runners|testing|fuzz|bench"
  "ops/*/*_rules.h|tensor|caseio|checker|reference|cases|runners|testing|fuzz|bench"
  "reference|cases|runners|testing|fuzz|bench"
  "ops/*/*_kernel*|cases|runners|testing|fuzz|bench"
  "ops/*/*_element_rule.h|cases|runners|testing|fuzz|bench"
  "ops/*/*_body.cc|cases|runners|testing|fuzz|bench"
  "cases|runners|testing|fuzz|bench"
  "ops/*/*_cases.*|runners|testing|fuzz|bench"
  "ops/*/*_bugs.cc|runners/audit|runners/explore|runners/cli|testing|fuzz|bench"
  "ops/*/*_audit.*|runners/explore|runners/adequacy|runners/cli|testing|fuzz|bench"
  "ops/*/*_explore.*|runners/audit|runners/adequacy|runners/cli|testing|fuzz|bench"
  "runners/harness|runners/audit|runners/explore|runners/adequacy|runners/cli|testing")

set(broken "")
set(rule_index 0)
foreach(rule IN LISTS rules)
  math(EXPR rule_index "${rule_index} + 1")
  string(FIND "${rule}" "|" bar)
  string(SUBSTRING "${rule}" 0 ${bar} floor)
  math(EXPR bar "${bar} + 1")
  string(SUBSTRING "${rule}" ${bar} -1 above)
  if(floor MATCHES "\\*")
    file(GLOB files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${floor}")
  else()
    if(NOT IS_DIRECTORY "${SOURCE_DIR}/${floor}")
      message(FATAL_ERROR "CheckFloors.cmake: no folder ${floor}/ in ${SOURCE_DIR}")
    endif()
    file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${floor}/*.cc"
         "${SOURCE_DIR}/${floor}/*.h")
  endif()
  if(NOT files)
    message(FATAL_ERROR "CheckFloors.cmake: no source in ${floor}")
  endif()
  foreach(file IN LISTS files)
    set(forbidden "${above}")
    if(rule_index GREATER 3 AND file MATCHES "_test\\.cc$")
      continue()
    endif()
    if(file MATCHES "_test\\.cc$")
      string(REGEX REPLACE "\\|?testing" "" forbidden "${forbidden}")
    endif()
    file(STRINGS "${SOURCE_DIR}/${file}" lines REGEX "^#include \"(${forbidden})/")
    foreach(line IN LISTS lines)
      list(APPEND broken "${file}: ${line}: ${floor} includes nothing of ${forbidden}")
    endforeach()
  endforeach()
endforeach()

if(broken)
  list(JOIN broken "\n" broken)
  message(FATAL_ERROR "A floor includes a floor above it:\n${broken}")
endif()
