// The opset upgrade audit behind `onnx-conform audit`: for each operator,
// what changes between two versions in its schema and in its behaviour, and
// whether ONNX's own version converter gets it right; or, for one model,
// what changes for each of its nodes on the way to a target opset.
//
//   absl::StatusOr<OperatorAudit> clip = AuditOperator("Clip", {});  // 1->6, 6->11, ...
//   absl::StatusOr<OperatorAudit> min = AuditOperator("Min", {.from_opset = 6, .to_opset = 13});
//   absl::StatusOr<ModelAudit> m = AuditModel("model.onnx", 13);
//
// Without a range, every consecutive pair of versions is compared and the
// converter takes each case to every later version; with --from/--to, one
// pair: the versions serving those opsets (the net change).
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_H_

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runners/audit_cases.h"
#include "runners/audit_finding.h"

namespace onnx_conform {

struct AuditRange {
  std::optional<int> from_opset;
  std::optional<int> to_opset;
};

// Two opsets compared, and the operator versions that serve them.
struct OpsetPair {
  int from_opset = 0;
  int to_opset = 0;
  int from_version = 0;
  int to_version = 0;
};

struct OperatorAudit {
  std::string op_type;
  std::vector<OpsetPair> pairs;
  // Schema changes, then behaviour, then converter findings, each in pair order.
  std::vector<Finding> findings;
  int cases_compared = 0;  // case x pair comparisons run
  int conversions = 0;     // ONNX converter runs
  std::vector<std::string> skipped;  // cases that could not be written at a version, and why
};

// The pairs compared for an operator. InvalidArgument for an opset at which
// the operator does not exist; Unimplemented for an operator outside the
// registry.
absl::StatusOr<std::vector<OpsetPair>> AuditPairs(absl::string_view op_type,
                                                  const AuditRange& range);

// `library` (may be null) adds cases read from a case library to the
// audit's own (runners/audit_cases.h).
absl::StatusOr<OperatorAudit> AuditOperator(absl::string_view op_type, const AuditRange& range,
                                            const std::vector<AuditCase>* library = nullptr);

// A node whose operator version changes between the model's opset and the target.
struct NodeChange {
  std::string node;  // "'name'" or "#index Op"
  std::string op_type;
  int from_version = 0;
  int to_version = 0;  // 0: the operator does not exist at the target opset
  std::optional<ElementType> type;  // its type parameter's binding, when known
};

struct ModelAudit {
  std::string file;
  int from_opset = 0;
  int to_opset = 0;
  std::vector<NodeChange> nodes;
  // Per node: the schema changes that apply to it (Finding::node set). For
  // the whole model: its behaviour at both opsets and the converter's result.
  std::vector<Finding> findings;
  std::string data;  // where the inputs came from: "test_data_set_0", "generated", or ""
  // ONNX's converter ran (the model is valid at its own opset, with inputs,
  // and the opsets differ); its findings are among `findings`.
  bool converter_audited = false;
  std::vector<std::string> notes;
};

// Audits a model file for the move from its own default-domain opset to
// `to_opset` (default: the newest opset of the registry). Inputs come from
// the model folder's first test_data_set_N when there is one, else are
// generated from the declared types and shapes (when all are known).
absl::StatusOr<ModelAudit> AuditModel(const std::filesystem::path& model_file,
                                      std::optional<int> to_opset);

// The newest operator version in the registry (13).
int NewestRegistryOpset();

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_H_
