// Checking files on disk for the `check` command: a model file alone, or a
// case folder (checker/checked_case.h reads and checks it).
//
//   std::vector<Diagnostic> d = CheckCaseDir("cases/node/min_v13_float_basic");
//   for (const Diagnostic& x : d) std::cout << FormatDiagnostic(x) << "\n";
//
// What is read is held to the calling thread's budget, or to the default
// limits of tensor/resource_limits.h without one.
#ifndef ONNX_CONFORM_CHECKER_CASE_CHECKER_H_
#define ONNX_CONFORM_CHECKER_CASE_CHECKER_H_

#include <filesystem>
#include <vector>

#include "checker/diagnostic.h"

namespace onnx_conform {

// CheckModel on a model file, or MODEL-READ when it cannot be read or parsed.
std::vector<Diagnostic> CheckModelFile(const std::filesystem::path& model_file);

// OpenCase(dir)'s diagnostics: the layout's problems, every file that does
// not read, the model's and each data set's findings.
std::vector<Diagnostic> CheckCaseDir(const std::filesystem::path& dir);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_CASE_CHECKER_H_
