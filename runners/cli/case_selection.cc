#include "runners/cli/case_selection.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "tensor/element_type.h"

namespace onnx_conform {
namespace {

// The first of a comma-separated list of types ("float16,int64" -> "float16").
absl::string_view FirstType(absl::string_view types) { return types.substr(0, types.find(',')); }

}  // namespace

bool CaseSelection::Matches(const CaseLabels& labels) const {
  if (!ops.empty() && std::none_of(ops.begin(), ops.end(), [&](const std::string& op) {
        return absl::EqualsIgnoreCase(op, labels.op);
      })) {
    return false;
  }
  if (!versions.empty() &&
      std::find(versions.begin(), versions.end(), labels.op_version) == versions.end()) {
    return false;
  }
  return types.empty() ||
         std::find(types.begin(), types.end(), FirstType(labels.types)) != types.end();
}

std::string CaseSelection::Flags() const {
  std::string flags;
  if (!ops.empty()) absl::StrAppend(&flags, " --op=", absl::StrJoin(ops, ","));
  if (!versions.empty()) absl::StrAppend(&flags, " --version=", absl::StrJoin(versions, ","));
  if (!types.empty()) absl::StrAppend(&flags, " --type=", absl::StrJoin(types, ","));
  return flags;
}

void AddSelectionFlags(FlagSet& flags, CaseSelection* selection) {
  flags
      .AddValue("op",
                [selection](absl::string_view value) -> absl::Status {
                  for (absl::string_view op : absl::StrSplit(value, ',')) {
                    if (op.empty()) {
                      return absl::InvalidArgumentError(
                          absl::StrCat("--op: '", value, "' has an empty operator name"));
                    }
                    selection->ops.emplace_back(op);
                  }
                  return absl::OkStatus();
                })
      .AddValue("version",
                [selection](absl::string_view value) -> absl::Status {
                  for (absl::string_view v : absl::StrSplit(value, ',')) {
                    int64_t version = 0;
                    if (!absl::SimpleAtoi(v, &version) || version < 1) {
                      return absl::InvalidArgumentError(absl::StrCat(
                          "--version: '", v, "' is not an operator version (a whole number >= 1)"));
                    }
                    selection->versions.push_back(version);
                  }
                  return absl::OkStatus();
                })
      .AddValue("type",
                [selection](absl::string_view value) -> absl::Status {
                  for (absl::string_view t : absl::StrSplit(value, ',')) {
                    if (!ElementTypeFromName(t).has_value()) {
                      return absl::InvalidArgumentError(
                          absl::StrCat("--type: '", t, "' is not an ONNX element type name ",
                                       "(float, float16, int64, ...)"));
                    }
                    selection->types.emplace_back(t);
                  }
                  return absl::OkStatus();
                })
      .Alias("types", "type");
}

CaseLabels LabelsForSelection(const CaseRef& ref) {
  if (ref.metadata.has_value() && ref.metadata->ok() && ref.metadata->value().has_value()) {
    const CaseMetadata& m = *ref.metadata->value();
    if (!m.operator_().empty() && m.version() > 0 && m.types_size() > 0) {
      return CaseLabels{.op = m.operator_(),
                        .op_version = m.version(),
                        .opset = m.opset(),
                        .types = absl::StrJoin(m.types(), ",")};
    }
  }
  return OpenCase(ref)->labels;
}

}  // namespace onnx_conform
