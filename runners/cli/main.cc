// onnx-conform: conformance tests and reference checker for ONNX operators.
// The commands and their dispatch: runners/cli/dispatch.h.
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "runners/cli/cli.h"
#include "runners/cli/dispatch.h"
#include "tensor/resource_limits.h"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  // Every command turns running out of memory on a case into that case's
  // error; anything left (outside any case) ends the command with exit 1
  // and a message, never an abort.
  try {
    return onnx_conform::Dispatch(args, std::cout, std::cerr);
  } catch (const std::bad_alloc&) {
    std::cout.flush();
    std::cerr << "\nonnx-conform " << (args.empty() ? "" : args[0]) << ": "
              << onnx_conform::OutOfMemoryMessage() << "\n";
    return onnx_conform::kExitFailed;
  }
}
