// Clip's scenario of `onnx-conform explore` (runners/explore/): how a
// Clip node of a case is drawn, steered and built, and how its bounds are
// read when a case is described, shrunk and explained. Its bounds are FLOAT
// attributes before ClipBoundsAreInputsAt(version) and optional scalar
// inputs from it (ops/clip/clip_bounds.h); each bound is absent, skipped
// (an input named "") or present, and a steered case may have min > max.
//
//   rc::Gen<ExploreCase> gen = ClipNodeGen({"Clip", 11, ElementType::kFloat}, steer);
//   ClipBoundFormGen(6, std::nullopt);  // absent or present: no skipped input before 11
#ifndef ONNX_CONFORM_OPS_CLIP_CLIP_EXPLORE_H_
#define ONNX_CONFORM_OPS_CLIP_CLIP_EXPLORE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"
#include "rapidcheck.h"
#include "runners/explore/case_gen.h"
#include "runners/explore/explore_case.h"

namespace onnx_conform {

// The first node of a case of a Clip cell: its input (of a steered rank),
// its bounds' forms and values (min > max when the steer asks for it) and,
// from version 11, where the given bounds come from.
rc::Gen<ExploreCase> ClipNodeGen(const ExploreCell& cell, const case_gen::Steer& steer);

// The classes a steered Clip case takes from the digits of its number: the
// rank, then each bound's form (present, absent, and skipped from 11).
void SteerClipNode(const ExploreCell& cell, absl::FunctionRef<int(int64_t)> digit,
                   case_gen::Steer& steer);

// A Clip bound's form at that version (the steered one when given).
rc::Gen<BoundForm> ClipBoundFormGen(int opset, std::optional<BoundForm> steered);

// Adds a graph input, an initializer or a Constant named `name` holding
// `value` as `node`'s next input (runners/explore/explore_case_build.cc).
using NodeInputAdder = absl::FunctionRef<absl::Status(
    onnx::NodeProto& node, const std::string& name, const TensorSpec& value, BoundSource source)>;

// A Clip node's bounds at `opset`: FLOAT attributes before the bounds are
// inputs, else inputs 1 and 2 named `prefix` + "min"/"max" (a skipped one,
// or a missing min before a given max, as "").
struct ClipBoundsToBuild {
  BoundForm min_form = BoundForm::kAbsent, max_form = BoundForm::kAbsent;
  const TensorSpec* min_input = nullptr;
  const TensorSpec* max_input = nullptr;
  float min_attr = 0, max_attr = 0;
  BoundSource source = BoundSource::kGraphInput;
};
absl::Status AddClipBounds(onnx::NodeProto& node, int opset, const ClipBoundsToBuild& bounds,
                           const std::string& prefix, NodeInputAdder add_input);

// Reading a Clip case (explore's descriptions, statistics, shrinking and
// causes).

// A case's min and max as numbers, when both are given (inputs from
// ClipBoundsAreInputsAt(version), else attributes); nullopt otherwise.
std::optional<std::pair<double, double>> ClipGivenBounds(const ExploreCase& c);
// The element bits of the case's given bound inputs (none before the bounds
// are inputs), appended in min, max order; and how many there are.
void AppendClipBoundBits(ExploreCase& c, std::vector<uint64_t*>& slots);
int64_t ClipBoundElementCount(const ExploreCase& c);
// Calls `visit` on the bits of each given Clip-1/6 bound attribute (a
// float), writing back what it leaves there.
void ForEachClipBoundAttribute(ExploreCase& c,
                               absl::FunctionRef<void(ElementType, uint64_t&)> visit);

// "min given", "max=2", "bounds from Constant" (ExploreCase::Describe); a
// chain step's " min given max absent from input".
void DescribeClipNode(const ExploreCase& c, std::vector<std::string>& parts);
std::string DescribeClipStep(const ChainNode& n);
// case.json features (skipped_bound, missing_bound) and explore's classes
// ("min given, max skipped", "bounds from initializer", "min > max").
void AddClipFeatures(const ExploreCase& c, std::vector<std::string>& features);
void AddClipClasses(const ExploreCase& c, std::vector<std::string>& classes);

// Simpler Clip-1/6 bound attributes, towards 0, 1, -1 (a shrink's values).
std::vector<ExploreCase> SimplerClipBoundAttributes(const ExploreCase& c);
// For a case with min > max where the cell's text leaves it unstated, the
// stated cases nearest it: one bound dropped, the data set to each edge
// value.
std::vector<ExploreCase> ClipStatedCases(const ExploreCase& c);

// A cause's structure: "min", "max" (each given) and "min > max"; and the
// case without `feature` (a bound dropped, the bounds swapped): false for a
// feature that is not Clip's.
void AddClipCauseStructure(const ExploreCase& c, std::vector<std::string>& structure);
bool RemoveClipCauseFeature(absl::string_view feature, ExploreCase& c);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_CLIP_CLIP_EXPLORE_H_
