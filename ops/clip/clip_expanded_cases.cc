// The expanded form of every Clip-13 case: the Clip node replaced by
// Clip-13's function body (ONNX 1.13 on), as ONNX's own `*_expanded` node
// tests do:
//   no bound   output = Identity(input)
//   min only   output = Where(Less(input, min), min, input)
//   max only   output = Where(Less(max, input), max, input)
//   both       tmp = Where(Less(input, min), min, input)
//              output = Where(Less(max, tmp), max, tmp)
// Less and Where leave nothing open, so the expected outputs are the body's:
// a missing bound clips nothing (+-inf pass through) and a NaN bound clips
// nothing on its side, where the text (and the Clip cases) clip to
// lowest()/max() and give NaN. `onnx-conform bodies` finds exactly those
// differences by itself.
#include "ops/clip/clip_expanded_cases.h"

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cases/case_builder.h"
#include "cases/case_values.h"
#include "checker/model_versions.h"
#include "reference/function_bodies.h"

namespace onnx_conform {

using namespace case_values;  // NOLINT: the library's own value helpers
namespace {

constexpr std::string_view kFunctionQuote =
    "Clip-13 is also defined as a function (a body of Less/Where nodes); the other versions are "
    "not.";

// The body, element by element: Where(Less(v, min), min, v), then the same
// against max. A comparison with NaN is false, so a NaN element stays and a
// NaN bound clips nothing.
template <typename T>
Tensor ExpectBody(const Tensor& x, const std::optional<Tensor>& lo,
                  const std::optional<Tensor>& hi) {
  std::vector<T> out;
  for (T v : x.data<T>()) {
    if (lo && Less(v, lo->data<T>()[0])) v = lo->data<T>()[0];
    if (hi && Less(hi->data<T>()[0], v)) v = hi->data<T>()[0];
    out.push_back(v);
  }
  return TensorOf<T>(x.shape(), out);
}

Case Expand(const Case& clip) {
  Case c = clip;
  c.name = absl::StrCat(clip.name, "_expanded");
  // The graph (structure only) from reference/function_bodies.h, which
  // `onnx-conform bodies` uses too; the expected outputs are computed here.
  const onnx::NodeProto node = clip.model.graph().node(0);
  const std::string min = node.input_size() > 1 ? node.input(1) : "";
  const std::string max = node.input_size() > 2 ? node.input(2) : "";
  absl::StatusOr<onnx::ModelProto> expanded = ExpandFunctionNodes(clip.model);
  if (!expanded.ok()) std::abort();  // every Clip-13 case has a Clip-13 node
  c.model = *std::move(expanded);
  c.model.mutable_graph()->set_name(c.name);
  const int opset = static_cast<int>(c.model.opset_import(0).version());
  c.model.set_ir_version(IrVersionForOpset(opset));
  if (opset != clip.metadata.version()) c.metadata.set_opset(opset);
  const ElementType type = ElementTypeFromName(clip.metadata.types(0)).value();

  for (CaseDataSet& data_set : c.data_sets) {
    size_t next = 1;  // the data set holds x, then each bound given
    std::optional<Tensor> lo, hi;
    if (!min.empty()) lo = data_set.inputs[next++];
    if (!max.empty()) hi = data_set.inputs[next++];
    VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
      data_set.outputs = {ExpectBody<T>(data_set.inputs[0], lo, hi)};
    });
  }
  c.metadata.add_features("expanded");
  c.metadata.set_semantics(std::string(kSemanticsSpec));
  c.metadata.set_spec_quote(std::string(kFunctionQuote));
  c.metadata.set_description(absl::StrCat("Clip-13's function body in place of the node of ",
                                          clip.name, " (a missing or NaN bound clips nothing)"));
  c.metadata.clear_warnings();
  RenderCaseFiles(c);
  return c;
}

}  // namespace

void AddExpandedClipCases(std::vector<Case>& cases) {
  std::vector<Case> expanded;
  for (const Case& c : cases) {
    if (c.metadata.operator_() == "Clip" && c.metadata.version() == 13 &&
        c.metadata.expectation() == kExpectValid) {
      expanded.push_back(Expand(c));
    }
  }
  for (Case& c : expanded) cases.push_back(std::move(c));
}

}  // namespace onnx_conform
