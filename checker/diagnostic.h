// A checker finding: which rule, how severe, and where (file, node, field).
//
//   Diagnostic d = MakeDiagnostic(rules::kAttrAxisRange, "case/model.onnx", "#0 ArgMin",
//                                 "attribute axis", "axis 3 is outside [-2, 1] ...");
//   FormatDiagnostic(d);
//   // "case/model.onnx: error [ATTR-AXIS-RANGE] node #0 ArgMin, attribute axis: axis 3 ..."
//
// A runner reports a case as invalid when HasErrors(), else as not supported
// when IsUnsupported(); warnings never change the outcome.
#ifndef ONNX_CONFORM_CHECKER_DIAGNOSTIC_H_
#define ONNX_CONFORM_CHECKER_DIAGNOSTIC_H_

#include <span>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "checker/rules.h"

namespace onnx_conform {

struct Diagnostic {
  std::string rule;  // an id of checker/rules.h
  Severity severity = Severity::kError;
  std::string file;     // model, tensor file or data set directory
  std::string node;     // node name, or "#index op_type"; empty above node level
  std::string field;    // "input 1", "attribute axis", "graph output y", ...; may be empty
  std::string message;  // what is wrong, with the values involved

  bool operator==(const Diagnostic&) const = default;
};

// Severity from the rule table. An id missing from rules.h is a programming
// error: it aborts, so that no finding is reported under an undocumented id.
Diagnostic MakeDiagnostic(absl::string_view rule_id, std::string file, std::string node,
                          std::string field, std::string message);

// "path: severity [RULE-ID] node N, field: message".
std::string FormatDiagnostic(const Diagnostic& diagnostic);
// The findings of one severity, formatted, one per line.
std::string Findings(std::span<const Diagnostic> diagnostics, Severity severity);

bool HasErrors(std::span<const Diagnostic> diagnostics);
bool IsUnsupported(std::span<const Diagnostic> diagnostics);  // any kUnsupported finding

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_DIAGNOSTIC_H_
