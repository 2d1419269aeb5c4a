// The families of bugs the catalogue's table (runners/adequacy/bug_catalogue.cc)
// is made of: the classes of types a bug concerns, the ways a bug edits one
// reference run (runners/adequacy/mutant_edits.h), and per operator kind
// the function that adds its bugs, taking the operator's name so that a
// mirror operator (Max for Min, ArgMax for ArgMin) gets them by one call.
//
//   std::vector<Bug> bugs;
//   AddElementwiseBugs(bugs, "Min", "min", "max", ElementEdit::kNaNToPositiveInf);
#ifndef ONNX_CONFORM_RUNNERS_ADEQUACY_BUG_FAMILIES_H_
#define ONNX_CONFORM_RUNNERS_ADEQUACY_BUG_FAMILIES_H_

#include <functional>
#include <string>
#include <vector>

#include "checker/readings.h"
#include "runners/adequacy/bug_catalogue.h"

namespace onnx_conform {

inline constexpr TypeClass kAny{"any", [](ElementType) { return true; }};
inline constexpr TypeClass kFloats{"floats", [](ElementType t) { return IsFloatingPoint(t); }};
inline constexpr TypeClass kHalves{
    "float16, bfloat16",
    [](ElementType t) { return t == ElementType::kFloat16 || t == ElementType::kBFloat16; }};
inline constexpr TypeClass kFloat16{"float16",
                                    [](ElementType t) { return t == ElementType::kFloat16; }};
inline constexpr TypeClass kUnsigned{"unsigned", [](ElementType t) {
                                       return t == ElementType::kUint8 ||
                                              t == ElementType::kUint16 ||
                                              t == ElementType::kUint32 ||
                                              t == ElementType::kUint64;
                                     }};
inline constexpr TypeClass kIntegers{
    "integers", [](ElementType t) { return IsNumeric(t) && !IsFloatingPoint(t); }};
inline constexpr TypeClass kWide64{"int64, uint64", [](ElementType t) {
                                     return t == ElementType::kInt64 || t == ElementType::kUint64;
                                   }};
inline constexpr TypeClass kWide32Up{
    "32- and 64-bit integers",
    [](ElementType t) { return IsNumeric(t) && !IsFloatingPoint(t) && ElementSize(t) >= 4; }};
inline constexpr TypeClass kNarrow{
    "8- and 16-bit integers",
    [](ElementType t) { return IsNumeric(t) && !IsFloatingPoint(t) && ElementSize(t) <= 2; }};

// A bug whose only edit is EditElements on every fed input (`undo_on_outputs`:
// and on the outputs, undoing a bijection for an operator returning values),
// on the fed inputs at `positions`, or on the outputs; or a map of each output.
Bug InputsEdited(std::string name, std::string op, TypeClass types, ElementEdit edit,
                 bool undo_on_outputs, std::string doc);
Bug PositionsEdited(std::string name, std::string op, TypeClass types, std::vector<int> positions,
                    ElementEdit edit, std::string doc);
Bug OutputsEdited(std::string name, std::string op, TypeClass types, ElementEdit edit,
                  std::string doc);
Bug OutputsMapped(std::string name, std::string op, TypeClass types,
                  std::function<Tensor(const Tensor&)> map, std::string doc);
// A mutant following a named reading of the texts (kind kReading).
Bug ReadingMutant(std::string op, Reading reading, TypeClass types = kAny);

// Bugs of any operator: its result's shape; how it compares elements
// (`values`: it returns one of its inputs' values); the values it returns.
void AddShapeBugs(std::vector<Bug>& bugs, const std::string& op, const std::string& prefix);
void AddComparisonBugs(std::vector<Bug>& bugs, const std::string& op, const std::string& prefix,
                       bool values);
void AddValueOutputBugs(std::vector<Bug>& bugs, const std::string& op, const std::string& prefix);

// Min and its mirror (`opposite`: what the other computes; `nan_dropped`:
// what a skipped NaN becomes so that it never wins).
void AddElementwiseBugs(std::vector<Bug>& bugs, const std::string& op, const std::string& prefix,
                        const std::string& opposite, ElementEdit nan_dropped);
// ArgMin and its mirror.
void AddArgReduceBugs(std::vector<Bug>& bugs, const std::string& op, const std::string& prefix,
                      const std::string& opposite);

// Each operator of ops/operators.def: AddNameBugs, the operator's planted
// bugs (in the operator's folder: ops/<family>/*_bugs.cc).
#define SUITE_OPERATOR(Name, ...) void Add##Name##Bugs(std::vector<Bug>& bugs);
#include "ops/operators.def"

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_ADEQUACY_BUG_FAMILIES_H_
