// The catalogue of planted backend bugs `onnx-conform adequacy` measures a
// case set against: each a short, named class of what real runtimes got
// wrong (docs/backends/) or classically get wrong, planted one at a time in
// the reference (runners/adequacy/mutant_backend.h). A bug is a table line:
// the operator, the types it concerns, what the operator's schema must have
// for it to apply (an attribute, a bound input), and its edits of one
// reference run (runners/adequacy/mutant_edits.h): no bug has a kernel of
// its own. Which versions a bug applies to is the registry's to say.
//
//   for (const Bug& bug : BugCatalogue()) {
//     if (BugApplies(bug, "Clip", 6, ElementType::kFloat16)) ...
//   }
//   absl::StatusOr<std::vector<const Bug*>> some = SelectBugs("min-returns-max", "");
//
// Kinds: a bug a case set should kill; a mutant that follows a named
// reading of the texts (checker/readings.h), which must come out
// `divergent`, never killed; a mutant declared equivalent (no observable
// difference under the texts and the match classes, the reason in its doc).
#ifndef ONNX_CONFORM_RUNNERS_ADEQUACY_BUG_CATALOGUE_H_
#define ONNX_CONFORM_RUNNERS_ADEQUACY_BUG_CATALOGUE_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runners/adequacy/mutant_edits.h"
#include "tensor/element_type.h"

namespace onnx_conform {

enum class BugKind { kBug, kReading, kEquivalent };
absl::string_view BugKindName(BugKind kind);  // "bug", "reading", "equivalent"

// A class of element types a bug concerns.
struct TypeClass {
  absl::string_view name = "";  // "floats", "unsigned", ...
  bool (*has)(ElementType type) = nullptr;
};

// What an operator version's schema must have for a bug to apply.
struct BugNeeds {
  absl::string_view attribute = "";  // an attribute of that name
  int input = -1;                    // at least input + 1 inputs
};

struct Bug {
  std::string name = {};  // stable id, "argmin-keepdims-ignored"
  std::string op = {};    // the operator it is planted in
  TypeClass types = {};
  BugNeeds needs = {};
  BugKind kind = BugKind::kBug;
  std::string doc = {};  // one line: what the backend does
  // Edits of the run before and after the reference computes it; either may be empty.
  std::function<void(MutantRun&)> before = {};
  std::function<void(const MutantRun&, std::vector<Tensor>&)> after = {};
};

// Every bug, in the order reports list them; names are unique.
const std::vector<Bug>& BugCatalogue();

// Whether `bug` is planted in a node of `op` at operator version `version`
// (the schema's since_version) whose first input has `type`.
bool BugApplies(const Bug& bug, absl::string_view op, int64_t version, ElementType type);

// The versions of bug.op the bug applies to (for some type), ascending.
std::vector<int64_t> BugVersions(const Bug& bug);

// The bugs named in `names` (comma-separated; empty: every bug) whose
// operator is in `ops` (comma-separated; empty: every operator).
// InvalidArgument naming an unknown bug or operator.
absl::StatusOr<std::vector<const Bug*>> SelectBugs(absl::string_view names, absl::string_view ops);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_ADEQUACY_BUG_CATALOGUE_H_
