// The cases `onnx-conform audit` runs under two versions of an operator: its
// own small cases per operator version and element type (always; they alone
// make docs/upgrade-audit.md), cases read from a library (--cases=DIR: the
// suite's cases/node or ONNX's official node tests).
//
//   std::vector<AuditCase> cases = BuiltinAuditCases("Clip", 6, ElementType::kFloat16);
//   absl::StatusOr<LibraryCases> library = LoadLibraryAuditCases("cases/node", "Clip");
//
// A case carries no expected outputs: the audit compares the reference under
// one version with the reference under another, never with itself.
// Rewriting a case to another opset: runners/audit/audit_retarget.h. What the
// cases are built of: runners/audit/audit_case_building.h; Clip's scenario:
// ops/clip/clip_audit.h.
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_CASES_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_CASES_H_

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"
#include "tensor/element_type.h"
#include "tensor/tensor.h"

namespace onnx_conform {

struct AuditCase {
  std::string name;      // "clip_v6_float16_no_bounds", or a library case's folder name
  std::string scenario;  // "no_bounds": the name without operator, version and type
  std::string op_type;   // the operator audited
  int version = 0;       // the operator version the case was written for
  ElementType type = ElementType::kUndefined;  // the element type of its first input
  onnx::ModelProto model;
  std::vector<Tensor> inputs;  // feed the graph inputs that are not initializers, in order
};

// The audit's own cases of one operator version and type: every way of
// using the operator that a version change can affect (Min: one, two, three
// inputs, broadcasting, consumed_inputs; ArgMin: axes, negative axis,
// keepdims, ties with and without select_last_index; Clip: each combination
// of bounds, min > max, consumed_inputs), over a value set per type holding
// the type's extremes, infinities and NaN. Models use the form of `version`
// (Clip bounds as attributes before 11, as inputs from 11); a case may be
// invalid at `version` (consumed_inputs at Min-6): the audit keeps the cases
// valid at one of the versions it compares.
std::vector<AuditCase> BuiltinAuditCases(absl::string_view op_type, int version, ElementType type);

// Cases read from a case library (--cases=DIR), and the folders left out.
struct LibraryCases {
  std::vector<AuditCase> cases;
  std::vector<std::string> skipped;  // "<folder>: why" for unreadable or unusable cases
};

// The valid cases under `root` (case folders as caseio/case_loader.h finds
// them): folders whose case.json says "valid", or that have no case.json
// (ONNX's official cases), holding one node of the default domain of
// `op_type` (any operator when empty). One AuditCase per data set, named
// "<folder>" (first data set) or "<folder>/test_data_set_N"; the scenario
// is "library/" and the folder name without "<op>_v<version>_<type>_". Invalid and
// unsupported cases are left out silently; unreadable ones are listed in
// `skipped`. NotFound when root does not exist.
absl::StatusOr<LibraryCases> LoadLibraryAuditCases(const std::filesystem::path& root,
                                                   absl::string_view op_type);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_CASES_H_
