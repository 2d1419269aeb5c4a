// `onnx-conform audit [OP] [--from=A] [--to=B] [--model=FILE] [--json] ...`:
// its options, their parser, and the command, which prints on `out` what
// changes for each operator between opsets (schema, behaviour, ONNX's
// converter), or for each node of one model on its way to opset B.
//
//   absl::StatusOr<AuditOptions> options = ParseAuditOptions({"Clip", "--from=6", "--to=13"});
//   // options->op == "Clip", options->from == 6, options->to == 13
//   int code = AuditCommand({"--model=m.onnx", "--shape=x=1,3"}, std::cout, std::cerr);
#ifndef ONNX_CONFORM_RUNNERS_CLI_AUDIT_COMMAND_H_
#define ONNX_CONFORM_RUNNERS_CLI_AUDIT_COMMAND_H_

#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runners/audit/audit_finding.h"
#include "runners/harness/policy.h"
#include "tensor/tensor.h"

namespace onnx_conform {

struct AuditOptions {
  bool help = false;                             // --help, -h
  std::optional<std::string> op;                 // OP: one operator, not all
  std::optional<int> from;                       // --from: the opset to start from
  std::optional<int> to;                         // --to: the opset to move to
  std::optional<std::string> model;              // --model: audit this model's nodes
  std::optional<std::string> cases;              // --cases: also a case library's cases
  std::optional<std::string> write;              // --write: the converted model, repaired
  std::optional<std::set<FindingKind>> fail_on;  // --fail-on (default: by mode)
  std::map<std::string, Shape> shapes;           // --shape=NAME=DIMS, for symbolic inputs
  bool json = false;                             // --json: JSON instead of Markdown
};

// An audit that could not judge the upgrade exits kExitNotAudited (3); every
// command's exit codes are runners/harness/policy.h's.

// InvalidArgument for an unknown flag, a bad value, an opset beyond
// NewestKnownOpset(), a second OP, or flags that do not go together (--model
// with OP, --from or --cases; --write or --shape without --model).
absl::StatusOr<AuditOptions> ParseAuditOptions(const std::vector<std::string>& args);

// Exit kExitFailed when a finding of a kind in --fail-on is present, else
// kExitNotAudited when the audit could not judge the upgrade, else kExitOk;
// kExitUsage for usage errors (also an unreadable model, a --shape that names
// no input or contradicts the model, or a --write file that cannot be written).
int AuditCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_AUDIT_COMMAND_H_
