# `onnx-conform explore` briefly in ctest (and so in .ci/run): a fixed seed,
# a few seconds per backend. explore.reference must find nothing (the
# reference against itself). On a real backend (the ones
# cmake/RealBackendTests.cmake finds),
# findings are reported, not failures: exit 0 (nothing) or 1 (findings)
# passes, anything else (a crash of explore, a usage error, an adapter that
# does not serve --persistent) fails. The
# findings are written to <build>/explore/<NAME>/.
#
#   oc_add_explore_backend_test(NAME opencv-dnn ADAPTER "$<TARGET_FILE:oc-opencv-dnn-adapter>")

set(ONNX_CONFORM_EXPLORE_SECONDS 3 CACHE STRING "Seconds each explore.* ctest test explores")

function(oc_add_explore_backend_test)
  cmake_parse_arguments(ARG "" "NAME;ADAPTER" "" ${ARGN})
  set(out "${PROJECT_BINARY_DIR}/explore/${ARG_NAME}")
  add_test(NAME explore.${ARG_NAME}
           COMMAND sh -c "\"$0\" explore \"--backend=exec:$1\" --persistent --seconds=$2 --seed=1 \
-j 2 \"--out=$3\"; status=$?; [ $status -le 1 ]"
                   $<TARGET_FILE:onnx-conform> "${ARG_ADAPTER}" ${ONNX_CONFORM_EXPLORE_SECONDS}
                   "${out}"
           WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
  set_tests_properties(explore.${ARG_NAME} PROPERTIES
    LABELS "explore;backend:${ARG_NAME}" TIMEOUT 300 PROCESSORS 2)
endfunction()

if(ONNX_CONFORM_BUILD_TESTS)
  add_test(NAME explore.reference
           COMMAND onnx-conform explore --seconds=${ONNX_CONFORM_EXPLORE_SECONDS} --seed=1)
  set_tests_properties(explore.reference PROPERTIES LABELS "explore;reference" TIMEOUT 120)

  # Left out: backends on which a few seconds of exploring take minutes,
  # since shrinking each finding compiles one model per step (OpenVINO about
  # 0.1 s a model; tract's many findings); run `onnx-conform explore` on
  # them by hand (docs/backends/NAME.md).
  set(slow_to_explore openvino tract)
  foreach(name IN LISTS ONNX_CONFORM_REAL_BACKENDS)  # cmake/RealBackendTests.cmake
    if(NOT name IN_LIST slow_to_explore)
      oc_add_explore_backend_test(NAME ${name} ADAPTER "${ONNX_CONFORM_ADAPTER_${name}}")
    endif()
  endforeach()
endif()
