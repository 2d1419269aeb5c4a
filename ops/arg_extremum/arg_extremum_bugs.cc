// The planted bugs of ArgMin and ArgMax: each mirror gets the arg-reduce
// family's bugs (runners/adequacy/bug_families.h), order reversed.
#include "runners/adequacy/bug_families.h"

namespace onnx_conform {

void AddArgMinBugs(std::vector<Bug>& bugs) {
  AddArgReduceBugs(bugs, "ArgMin", "argmin", "max");
  bugs.push_back(ReadingMutant("ArgMin", Reading::kArgMinNaNUnordered, kFloats));
}

void AddArgMaxBugs(std::vector<Bug>& bugs) { AddArgReduceBugs(bugs, "ArgMax", "argmax", "min"); }

}  // namespace onnx_conform
