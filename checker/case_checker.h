// Checking files on disk: a model file alone, or a case directory (model.onnx
// and test_data_set_N/input_K.pb, output_K.pb). Every file is read here, so
// that each unreadable one is reported (MODEL-READ, DATA-DECODE, naming the
// file) and checking goes on with the others.
//
//   std::vector<Diagnostic> d = CheckCaseDir("cases/node/min_v13_float_basic");
//   for (const Diagnostic& x : d) std::cout << FormatDiagnostic(x) << "\n";
//
// File naming follows caseio/case_loader.h: names starting with input_ or
// output_ must be input_K.pb / output_K.pb, K from 0 without gaps.
#ifndef ONNX_CONFORM_CHECKER_CASE_CHECKER_H_
#define ONNX_CONFORM_CHECKER_CASE_CHECKER_H_

#include <filesystem>
#include <vector>

#include "checker/diagnostic.h"

namespace onnx_conform {

// CheckModel on a model file, or MODEL-READ when it cannot be read or parsed.
std::vector<Diagnostic> CheckModelFile(const std::filesystem::path& model_file);

// CheckModel on dir/model.onnx and CheckDataSet on each data set, plus
// DATA-SET-MISSING, DATA-FILE-NAMES and DATA-DECODE.
std::vector<Diagnostic> CheckCaseDir(const std::filesystem::path& dir);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_CASE_CHECKER_H_
