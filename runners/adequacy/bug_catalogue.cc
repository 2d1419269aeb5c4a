// The catalogue's table (runners/adequacy/bug_catalogue.h), made of the
// families of runners/adequacy/bug_families.h.
#include "runners/adequacy/bug_catalogue.h"

#include <algorithm>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "checker/registry.h"
#include "checker/schema.h"
#include "ops/relu/relu_bugs.h"
#include "runners/adequacy/bug_families.h"

namespace onnx_conform {
namespace {

bool Registered(absl::string_view op) { return !SchemaVersions(op).empty(); }

std::vector<Bug> MakeCatalogue() {
  std::vector<Bug> bugs;
  AddElementwiseBugs(bugs, "Min", "min", "max", ElementEdit::kNaNToPositiveInf);
  bugs.push_back(ReadingMutant("Min", Reading::kMinNaNIgnored, kFloats));
  AddArgReduceBugs(bugs, "ArgMin", "argmin", "max");
  bugs.push_back(ReadingMutant("ArgMin", Reading::kArgMinNaNUnordered, kFloats));
  AddClipBugs(bugs);
  // The mirrors, once the registry has them: the same bugs, order reversed
  // (a NaN dropped from a later operand then never wins as -inf).
  if (Registered("Max")) {
    AddElementwiseBugs(bugs, "Max", "max", "min", ElementEdit::kNaNToNegativeInf);
  }
  if (Registered("ArgMax")) AddArgReduceBugs(bugs, "ArgMax", "argmax", "min");
  AddReluBugs(bugs);
  return bugs;
}

const OpSchema* SchemaOf(const Bug& bug, int64_t version) {
  return FindSchemaVersion(bug.op, static_cast<int>(version));
}

}  // namespace

absl::string_view BugKindName(BugKind kind) {
  switch (kind) {
    case BugKind::kBug: return "bug";
    case BugKind::kReading: return "reading";
    case BugKind::kEquivalent: return "equivalent";
  }
  return "bug";
}

const std::vector<Bug>& BugCatalogue() {
  static const std::vector<Bug>* catalogue = new std::vector<Bug>(MakeCatalogue());
  return *catalogue;
}

bool BugApplies(const Bug& bug, absl::string_view op, int64_t version, ElementType type) {
  if (op != bug.op || !bug.types.has(type)) return false;
  const OpSchema* schema = SchemaOf(bug, version);
  if (schema == nullptr) return false;
  if (!bug.needs.attribute.empty() && schema->FindAttribute(bug.needs.attribute) == nullptr) {
    return false;
  }
  return bug.needs.input < 0 || schema->max_inputs() > bug.needs.input;
}

std::vector<int64_t> BugVersions(const Bug& bug) {
  std::vector<int64_t> versions;
  for (const OpSchema* schema : SchemaVersions(bug.op)) {
    if (schema->inputs().empty()) continue;
    for (ElementType t : schema->AllowedTypes(schema->inputs()[0])) {
      if (BugApplies(bug, bug.op, schema->since_version(), t)) {
        versions.push_back(schema->since_version());
        break;
      }
    }
  }
  std::sort(versions.begin(), versions.end());
  return versions;
}

absl::StatusOr<std::vector<const Bug*>> SelectBugs(absl::string_view names, absl::string_view ops) {
  std::set<std::string> wanted_ops;
  for (absl::string_view op : absl::StrSplit(ops, ',', absl::SkipEmpty())) {
    if (SchemaVersions(op).empty()) {
      return absl::InvalidArgumentError(absl::StrCat("--op: unknown operator '", op, "'"));
    }
    wanted_ops.insert(std::string(op));
  }
  std::vector<const Bug*> selected;
  std::vector<absl::string_view> wanted = absl::StrSplit(names, ',', absl::SkipEmpty());
  for (absl::string_view name : wanted) {
    const auto& all = BugCatalogue();
    if (std::none_of(all.begin(), all.end(), [&](const Bug& b) { return b.name == name; })) {
      return absl::InvalidArgumentError(
          absl::StrCat("--bugs: no bug named '", name, "' (onnx-conform adequacy --list)"));
    }
  }
  for (const Bug& bug : BugCatalogue()) {
    if (!wanted_ops.empty() && !wanted_ops.count(bug.op)) continue;
    if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), bug.name) == wanted.end()) {
      continue;
    }
    selected.push_back(&bug);
  }
  return selected;
}

}  // namespace onnx_conform
