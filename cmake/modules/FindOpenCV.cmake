# find_package(OpenCV COMPONENTS dnn) for machines with only OpenCV's dnn
# development package (Debian libopencv-dnn-dev ships the headers and
# libraries, but OpenCVConfig.cmake comes only with the whole libopencv-dev).
#
#   find_package(OpenCV QUIET COMPONENTS dnn)
#   target_link_libraries(app PRIVATE ${OpenCV_LIBS})   # OpenCV::dnn OpenCV::core
#
# OpenCV's own package configuration is used when it is installed; else the
# headers (opencv4/opencv2/dnn.hpp) and libopencv_core, libopencv_<component>
# are looked up. Sets OpenCV_FOUND, OpenCV_VERSION, OpenCV_INCLUDE_DIRS, OpenCV_LIBS.
find_package(OpenCV CONFIG QUIET COMPONENTS ${OpenCV_FIND_COMPONENTS})
if(OpenCV_FOUND)
  return()
endif()

find_path(OpenCV_INCLUDE_DIR opencv2/core/version.hpp PATH_SUFFIXES opencv4)
set(_oc_opencv_required_vars OpenCV_INCLUDE_DIR)
set(OpenCV_LIBS "")
foreach(_component core ${OpenCV_FIND_COMPONENTS})
  find_library(OpenCV_${_component}_LIBRARY NAMES opencv_${_component})
  find_path(OpenCV_${_component}_HEADER opencv2/${_component}.hpp PATH_SUFFIXES opencv4)
  if(OpenCV_${_component}_LIBRARY AND OpenCV_${_component}_HEADER)
    set(OpenCV_${_component}_FOUND TRUE)
    if(NOT TARGET OpenCV::${_component})
      add_library(OpenCV::${_component} UNKNOWN IMPORTED)
      set_target_properties(OpenCV::${_component} PROPERTIES
        IMPORTED_LOCATION "${OpenCV_${_component}_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${OpenCV_INCLUDE_DIR}")
    endif()
    list(APPEND OpenCV_LIBS OpenCV::${_component})
  endif()
endforeach()

if(OpenCV_INCLUDE_DIR)
  file(STRINGS "${OpenCV_INCLUDE_DIR}/opencv2/core/version.hpp" _oc_opencv_version_lines
       REGEX "^#define CV_VERSION_(MAJOR|MINOR|REVISION) +[0-9]+")
  foreach(_part MAJOR MINOR REVISION)
    string(REGEX REPLACE ".*CV_VERSION_${_part} +([0-9]+).*" "\\1" _oc_opencv_${_part}
           "${_oc_opencv_version_lines}")
  endforeach()
  set(OpenCV_VERSION "${_oc_opencv_MAJOR}.${_oc_opencv_MINOR}.${_oc_opencv_REVISION}")
endif()
set(OpenCV_INCLUDE_DIRS "${OpenCV_INCLUDE_DIR}")

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(OpenCV
  REQUIRED_VARS OpenCV_INCLUDE_DIR OpenCV_core_LIBRARY
  VERSION_VAR OpenCV_VERSION
  HANDLE_COMPONENTS)
