// The planted bugs of Min and Max: each mirror gets its family's bugs
// (runners/adequacy/bug_families.h), order reversed, so that a NaN
// dropped from a later operand never wins as -inf (Min) or +inf (Max).
#include "runners/adequacy/bug_families.h"

namespace onnx_conform {

void AddMinBugs(std::vector<Bug>& bugs) {
  AddElementwiseBugs(bugs, "Min", "min", "max", ElementEdit::kNaNToPositiveInf);
  bugs.push_back(ReadingMutant("Min", Reading::kMinNaNIgnored, kFloats));
}

void AddMaxBugs(std::vector<Bug>& bugs) {
  AddElementwiseBugs(bugs, "Max", "max", "min", ElementEdit::kNaNToNegativeInf);
}

}  // namespace onnx_conform
