// The planted bugs of Min, Max, ArgMin and ArgMax: each mirror gets its
// family's bugs (runners/adequacy/bug_families.h), order reversed, so that
// a NaN dropped from a later operand never wins as -inf (Min) or +inf (Max).
#include "runners/adequacy/bug_families.h"

namespace onnx_conform {

void AddMinBugs(std::vector<Bug>& bugs) {
  AddElementwiseBugs(bugs, "Min", "min", "max", ElementEdit::kNaNToPositiveInf);
  bugs.push_back(ReadingMutant("Min", Reading::kMinNaNIgnored, kFloats));
}

void AddMaxBugs(std::vector<Bug>& bugs) {
  AddElementwiseBugs(bugs, "Max", "max", "min", ElementEdit::kNaNToNegativeInf);
}

void AddArgMinBugs(std::vector<Bug>& bugs) {
  AddArgReduceBugs(bugs, "ArgMin", "argmin", "max");
  bugs.push_back(ReadingMutant("ArgMin", Reading::kArgMinNaNUnordered, kFloats));
}

void AddArgMaxBugs(std::vector<Bug>& bugs) { AddArgReduceBugs(bugs, "ArgMax", "argmax", "min"); }

}  // namespace onnx_conform
