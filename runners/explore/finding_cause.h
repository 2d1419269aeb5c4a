// What makes two of explore's findings one cause (runners/explore/explore.h).
// Explore shrinks each (operator version, type, kind of failure) it meets;
// one bug then shows in many of them: a negative axis off by one spoils
// values in one case, the shape in another, and the same in every type and
// version. A cause is told from its minimal case instead:
//
// - what the minimal case needs beyond one node of one input (its
//   structure: an attribute it sets, a Clip bound it gives, min > max, a
//   third input, broadcasting, a further node, each kept only where the
//   case without it, and without it with its data drawn again, no
//   longer fails), and
// - which special values it needs (NaN, a zero, a denormal, an infinity):
//   a class is needed when the case with those values made ordinary (1,
//   -1, 2 or the largest finite number, in turn) no longer fails.
//
// A failure whose minimal case needs some structure is one cause with it,
// whatever elements it spoils; without structure the failure's kind
// (values, shape, ...) is part of the cause. A divergence, an unsupported
// case, an invalid case accepted and a difference between two backends are
// told apart by their rule (the reading, the checker's rule) as before.
//
//   std::vector<std::string> s = CauseStructure(minimal);  // {"axis < 0"}
//   for (const SpecialValues& v : SpecialValueVariants(minimal)) ...  // "nan", cases without
//   std::string key = CauseKey("ArgMin", "values", "value", true, s, {});
//   // "ArgMin failure with axis < 0"
#ifndef ONNX_CONFORM_RUNNERS_EXPLORE_FINDING_CAUSE_H_
#define ONNX_CONFORM_RUNNERS_EXPLORE_FINDING_CAUSE_H_

#include <string>
#include <vector>

#include "runners/explore/explore_case.h"

namespace onnx_conform {

// The minimal case's structure beyond one node of one input, as short
// phrases in a fixed order: "inputs 3", "broadcast", "axis < 0", "axis",
// "keepdims 0", "select_last_index 1", "min", "max", "min > max",
// "then Clip", "then Less+Where", ...
std::vector<std::string> CauseStructure(const ExploreCase& minimal);

// One class of special values the case holds ("nan", "zero", "denormal",
// "inf"), and the case with every value of that class made ordinary, in a
// few ways: each value of the class replaced by one of 1, -1, 2 and the
// largest finite number, in turn (so that two equal infinities do not
// stay equal).
struct SpecialValues {
  std::string name;
  std::vector<ExploreCase> ordinary;
};
std::vector<SpecialValues> SpecialValueVariants(const ExploreCase& c);

// A feature of CauseStructure and the case without it (a negative axis
// counted from the front, another attribute unset, the bound dropped, min
// and max swapped, each input dropped in turn, the node bypassed), one or
// more per feature; "broadcast" has none. A feature is the cause's
// only where the case without it is valid and no longer fails.
struct StructureVariant {
  std::string name;
  ExploreCase without;
};
std::vector<StructureVariant> StructureVariants(const ExploreCase& c);

// The case with its data inputs' elements drawn again from the type's
// simple values (0, 1, -1, 2), in `count` fixed ways: a case without a
// feature may pass only because its values tie.
std::vector<ExploreCase> ScrambledData(const ExploreCase& c, int count);

// The cause's key. `failure_kind`: a failure of the harness's kinds that a
// cause groups (values, shape, element-type, output-count, adapter-error,
// refused-as-invalid, bad-output, crash, timeout); others keep their
// `part` (the reading, the rule).
bool GroupsByStructure(const std::string& kind);
std::string CauseKey(const std::string& op, const std::string& kind, const std::string& part,
                     const std::vector<std::string>& structure,
                     const std::vector<std::string>& needed_values);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_EXPLORE_FINDING_CAUSE_H_
