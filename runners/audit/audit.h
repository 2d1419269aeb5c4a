// The opset upgrade audit behind `onnx-conform audit`: for each operator,
// what changes between two versions in its schema and in its behaviour, and
// whether ONNX's own version converter gets it right; or, for one model,
// what changes for each of its nodes on the way to a target opset.
//
//   absl::StatusOr<OperatorAudit> clip = AuditOperator("Clip", {});  // 1->6, 6->11, ...
//   absl::StatusOr<OperatorAudit> min = AuditOperator("Min", {.from_opset = 6, .to_opset = 13});
//   absl::StatusOr<ModelAudit> m = AuditModel("model.onnx", {.to_opset = 13});  // audit_model.cc
//
// Without a range, every consecutive pair of versions is compared and the
// converter takes each case to every later version; with --from/--to, one
// pair: the versions serving those opsets (the net change). A pair at which
// no case could be compared, and a converter no case went through, give a
// not-compared finding, never an all-clear (Relu has no audit scenario).
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_H_

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"
#include "runners/audit/audit_cases.h"
#include "runners/audit/audit_finding.h"
#include "tensor/tensor.h"

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
  int cases_compared = 0;              // case x pair comparisons run
  std::vector<int> compared_per_pair;  // of them, at pairs[i] (0: a not-compared finding)
  int conversions = 0;                 // ONNX converter runs
  std::vector<std::string> skipped;    // cases that could not be written at a version, and why
};

// `library` (may be null) adds cases read from a case library to the
// audit's own (runners/audit/audit_cases.h).
absl::StatusOr<OperatorAudit> AuditOperator(absl::string_view op_type, const AuditRange& range,
                                            const std::vector<AuditCase>* library = nullptr);

// A node whose operator version changes between the model's opset and the target.
struct NodeChange {
  std::string node;  // "'name'" or "#index Op", after "graph path: " inside a subgraph
  std::string op_type;
  int from_version = 0;
  int to_version = 0;               // 0: the operator does not exist at the target opset
  std::optional<ElementType> type;  // its type parameter's binding, when known
  bool in_suite = true;             // false: audited by its schema in ONNX's registry only
};

struct ModelAudit {
  std::string file;
  int from_opset = 0;
  int to_opset = 0;
  bool downgrade = false;  // asked for with --to below the model's opset
  std::vector<NodeChange> nodes;
  // Per node: the schema changes that apply to it (Finding::node set). For
  // the model: its behaviour at both opsets and the converter's result,
  // each naming the node concerned where one is.
  std::vector<Finding> findings;
  // The input sets the whole model ran on: "generated" (the audit's edge
  // values), then the folder's data sets ("generated, test_data_set_0"); "" when none.
  std::string data;
  // ONNX's converter ran on the model (valid at its own opset, opsets
  // differ) and its result was checked; its findings are among `findings`.
  bool converter_audited = false;
  // The reference ran the model at both opsets (and the converted model, when
  // the converter was audited): the output comparisons were made.
  bool behaviour_compared = false;
  // What the audit could not establish: "Relu: not audited beyond its schema ...".
  std::vector<std::string> not_audited;
  std::vector<std::string> notes;
  // ONNX's converted model with the converter's known mistakes repaired
  // (runners/audit/audit_repair.h), when it passes both checkers; and whether it
  // also gave the original model's outputs on the audit's data.
  std::optional<onnx::ModelProto> repaired;
  bool repaired_checked_on_data = false;
};

struct ModelAuditOptions {
  // Default: DefaultTargetOpset(model's opset). A lower opset is a downgrade;
  // one above NewestKnownOpset() is an error.
  std::optional<int> to_opset;
  // Shapes for graph inputs whose declared shape is symbolic or unknown
  // (`--shape NAME=DIMS`). A symbolic dimension takes one value in every
  // input (given here through one input, else as in the folder's first data
  // set, else 3); unknown dimensions are generated as 3.
  std::map<std::string, Shape> shapes = {};
};

// Audits a model file for the move from its own default-domain opset to the
// target: every node of every graph, subgraph and model-local function.
// Nodes of the suite's operators (ops/operators.def) by the suite's
// schemas; other operators by their
// schema in ONNX's registry. A model the checkers reject at its own opset
// gives original-invalid findings (node and rule), and its converter is not
// audited. ONNX's converter runs without data: the converted model is
// checked by ONNX's checker with strict shape inference and by the suite's
// checks of each node of its operators. When the reference runs every node
// (reference/operators.h: OperatorsRun; no subgraph or function call),
// behaviour is compared on generated values (the audit's edge values, with
// the declared types and shapes) and on each test_data_set_N of the model's
// folder; otherwise each node of the suite's operators is compared alone
// (runners/audit/audit_node_case.h). Each such node alone is also run as a runtime
// at the target version may read it (runners/audit/audit_readings.h). A comparison
// that cannot be made is a not-compared finding. When ONNX's converter gives
// Clip bounds of the wrong type, `repaired` holds the converted model with
// them cast, checked to pass both checkers and, when the reference runs, to
// give the original's outputs. InvalidArgument for an unreadable model, a
// target beyond NewestKnownOpset(), or shapes BindShapes refuses.
absl::StatusOr<ModelAudit> AuditModel(const std::filesystem::path& model_file,
                                      const ModelAuditOptions& options);

// The target when none is asked: the newest opset of the registry, or the
// model's own when it is newer (never a downgrade).
int DefaultTargetOpset(int model_opset);

// The newest operator version in the registry (13).
int NewestRegistryOpset();

// The newest default-domain opset the suite or ONNX's registry (libonnx)
// knows: an audit to a later opset is a usage error.
int NewestKnownOpset();

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_H_
