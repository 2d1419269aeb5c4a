# find_package(re2) for Debian's libre2-dev, which ships pkg-config's re2.pc
# but no CMake configuration: defines the imported target re2::re2.
#
#   find_package(re2 REQUIRED)
#   target_link_libraries(app PRIVATE re2::re2)
#
# RE2's own CMake configuration (re2Config.cmake) is used when installed.
find_package(re2 CONFIG QUIET)
if(re2_FOUND)
  return()
endif()

find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(PC_re2 QUIET re2)
endif()
find_path(re2_INCLUDE_DIR re2/re2.h HINTS ${PC_re2_INCLUDE_DIRS})
find_library(re2_LIBRARY NAMES re2 HINTS ${PC_re2_LIBRARY_DIRS})
set(re2_VERSION "${PC_re2_VERSION}")

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(re2
  REQUIRED_VARS re2_LIBRARY re2_INCLUDE_DIR
  VERSION_VAR re2_VERSION)

if(re2_FOUND AND NOT TARGET re2::re2)
  add_library(re2::re2 UNKNOWN IMPORTED)
  set_target_properties(re2::re2 PROPERTIES
    IMPORTED_LOCATION "${re2_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${re2_INCLUDE_DIR}"
    INTERFACE_COMPILE_OPTIONS "${PC_re2_CFLAGS_OTHER}"
    INTERFACE_LINK_LIBRARIES Threads::Threads)
endif()
mark_as_advanced(re2_INCLUDE_DIR re2_LIBRARY)
