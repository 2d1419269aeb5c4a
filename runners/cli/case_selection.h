// --op, --version and --type: which cases a command that takes cases (run,
// check, bodies) works on, by the labels reports file a case under
// (operator, operator version, first input type: CaseLabels), read from
// case.json, or from the model and data when a case has none. The three
// flags combine (a case must match each one given); each takes a
// comma-separated list, any of whose items matches.
//
//   CaseSelection selection;
//   FlagSet flags;
//   AddSelectionFlags(flags, &selection);  // --op=Min,Max --version=13 --type=float16
//   if (selection.Matches(LabelsForSelection(ref))) ...
#ifndef ONNX_CONFORM_RUNNERS_CLI_CASE_SELECTION_H_
#define ONNX_CONFORM_RUNNERS_CLI_CASE_SELECTION_H_

#include <cstdint>
#include <string>
#include <vector>

#include "checker/checked_case.h"
#include "runners/cli/cli.h"

namespace onnx_conform {

struct CaseSelection {
  std::vector<std::string> ops = {};    // --op: operator names (case ignored)
  std::vector<int64_t> versions = {};   // --version: operator versions (Min-13: 13)
  std::vector<std::string> types = {};  // --type: element type names (float16, int64)

  // No flag given: every case.
  bool empty() const { return ops.empty() && versions.empty() && types.empty(); }
  // Whether a case of these labels is selected (an unknown operator or
  // version matches no --op or --version given).
  bool Matches(const CaseLabels& labels) const;
  // The flags as given, for messages: " --op=Min --type=float16"; "" when empty.
  std::string Flags() const;
};

// --op, --version and --type (with --types, explore's old spelling) into
// `selection`; a version that is not a whole number >= 1 or a type ONNX
// does not name is a usage error naming the flag.
void AddSelectionFlags(FlagSet& flags, CaseSelection* selection);

// The help lines of the three flags, as each command's usage gives them.
inline constexpr char kSelectionUsage[] =
    "  --op=OP,...  --version=V,...  --type=T,...  (only the cases of these operators,\n"
    "    operator versions and first input types; each flag a comma-separated list)\n";

// The labels a case is selected by: case.json's operator, version and types
// when it gives them, else those OpenCase finds (the case is read).
CaseLabels LabelsForSelection(const CaseRef& ref);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_CASE_SELECTION_H_
