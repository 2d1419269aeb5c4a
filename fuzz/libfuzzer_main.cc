// libFuzzer's entry point for one target of fuzz/fuzz_targets.h, chosen at
// compile time (fuzz/CMakeLists.txt builds one binary per target).
#include "fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return onnx_conform::fuzz::ONNX_CONFORM_FUZZ_ENTRY(data, size);
}
