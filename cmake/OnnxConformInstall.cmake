# Installs onnx-conform as a CMake package, so that another project can run
# the suite on its backend under ctest:
#
#   cmake --install build --prefix /opt/onnx-conform
#   # elsewhere: find_package(OnnxConform REQUIRED)  (CMAKE_PREFIX_PATH=/opt/onnx-conform)
#
# Components: `runtime` (bin/onnx-conform, lib/cmake/OnnxConform/ with the
# config, version, targets and OnnxConformCaseTests.cmake, and
# share/doc/OnnxConform/backend-protocol.md) and `cases` (the suite's valid
# cases, share/onnx-conform/cases/node).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(ONNX_CONFORM_INSTALL_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/OnnxConform")
set(ONNX_CONFORM_INSTALL_CASES_DIR "${CMAKE_INSTALL_DATADIR}/onnx-conform/cases")
set(ONNX_CONFORM_INSTALL_DOC_DIR "${CMAKE_INSTALL_DOCDIR}")

install(TARGETS onnx-conform EXPORT OnnxConformTargets
        RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT runtime)
install(EXPORT OnnxConformTargets NAMESPACE OnnxConform::
        DESTINATION "${ONNX_CONFORM_INSTALL_CMAKE_DIR}" COMPONENT runtime)

configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/OnnxConformConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/cmake/OnnxConformConfig.cmake"
  INSTALL_DESTINATION "${ONNX_CONFORM_INSTALL_CMAKE_DIR}"
  PATH_VARS ONNX_CONFORM_INSTALL_CASES_DIR ONNX_CONFORM_INSTALL_DOC_DIR)
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/cmake/OnnxConformConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}" COMPATIBILITY SameMinorVersion)
install(FILES
  "${PROJECT_BINARY_DIR}/cmake/OnnxConformConfig.cmake"
  "${PROJECT_BINARY_DIR}/cmake/OnnxConformConfigVersion.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/OnnxConformCaseTests.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/OnnxConformOperators.cmake"
  "${PROJECT_SOURCE_DIR}/ops/operators.def"
  DESTINATION "${ONNX_CONFORM_INSTALL_CMAKE_DIR}" COMPONENT runtime)

foreach(folder node invalid)
  if(IS_DIRECTORY "${PROJECT_SOURCE_DIR}/cases/${folder}")
    install(DIRECTORY "${PROJECT_SOURCE_DIR}/cases/${folder}"
            DESTINATION "${ONNX_CONFORM_INSTALL_CASES_DIR}" COMPONENT cases)
  endif()
endforeach()
install(FILES "${PROJECT_SOURCE_DIR}/docs/backend-protocol.md"
        DESTINATION "${ONNX_CONFORM_INSTALL_DOC_DIR}" COMPONENT runtime)

# A separate project finds the package installed into a temporary prefix and
# registers backend tests with it (cmake/package_test/).
# oc-fake-adapter and oc-junit-check are testing/'s, built with the tests.
if(ONNX_CONFORM_BUILD_TESTS)
  add_test(NAME package/find_package_and_backend_tests
           COMMAND "${CMAKE_COMMAND}"
                   "-DBUILD_DIR=${PROJECT_BINARY_DIR}"
                   "-DWORK_DIR=${PROJECT_BINARY_DIR}/package_test"
                   "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}/cmake/package_test"
                   "-DFAKE_ADAPTER=$<TARGET_FILE:oc-fake-adapter>"
                   "-DOFFICIAL_CASES=${ONNX_CONFORM_OFFICIAL_NODE_TESTS}"
                   "-DSUITE_CASES=${PROJECT_SOURCE_DIR}/cases"
                   "-DJUNIT_CHECK=$<TARGET_FILE:oc-junit-check>"
                   "-DCI_DOC=${PROJECT_SOURCE_DIR}/docs/ci.md"
                   -P "${PROJECT_SOURCE_DIR}/cmake/package_test/run_package_test.cmake")
  set_tests_properties(package/find_package_and_backend_tests PROPERTIES
    LABELS "package;backend" TIMEOUT 300)
endif()
