// Checking files on disk: a model file alone, or a case directory (model.onnx
// and test_data_set_N/input_K.pb, output_K.pb). Every file is read here, so
// that each unreadable one is reported (MODEL-READ, DATA-DECODE, naming the
// file) and checking goes on with the others.
//
//   std::vector<Diagnostic> d = CheckCaseDir("cases/node/min_v13_float_basic");
//   for (const Diagnostic& x : d) std::cout << FormatDiagnostic(x) << "\n";
//
// The layout is caseio/case_layout.h's: each of its problems is a finding
// (no model.onnx: MODEL-READ; no data set: DATA-SET-MISSING; a data set
// folder outside the case: DATA-DECODE; names, gaps and duplicates:
// DATA-FILE-NAMES).
#ifndef ONNX_CONFORM_CHECKER_CASE_CHECKER_H_
#define ONNX_CONFORM_CHECKER_CASE_CHECKER_H_

#include <filesystem>
#include <optional>
#include <vector>

#include "caseio/case_layout.h"
#include "checker/diagnostic.h"
#include "onnx/onnx_pb.h"

namespace onnx_conform {

// CheckModel on a model file, or MODEL-READ when it cannot be read or parsed.
std::vector<Diagnostic> CheckModelFile(const std::filesystem::path& model_file);

// What checking a case found, and its model when model.onnx read and
// parsed: a caller that needs the model too does not read it again.
struct CaseCheck {
  std::vector<Diagnostic> diagnostics;
  std::optional<onnx::ModelProto> model;
};

// CheckModel on the case's model.onnx and CheckDataSet on each data set
// without a layout problem, plus the layout's problems.
CaseCheck CheckCase(const CaseLayout& layout);

// CheckCase(ListCase(dir)).diagnostics.
std::vector<Diagnostic> CheckCaseDir(const std::filesystem::path& dir);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_CASE_CHECKER_H_
