// Clip: limit the input to an interval. Versions 1, 6, 11, 12, 13.
// Transcribed from the operator texts (docs/operator-texts.md).
#include <cmath>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "checker/op_schemas.h"
#include "checker/registry.h"
#include "checker/rules.h"
#include "checker/schema.h"
#include "ops/clip/clip_bounds.h"

namespace onnx_conform::internal {
namespace {

constexpr char kAttributeSummary[] =
    "Clip operator limits the given input within an interval. The interval is specified with "
    "arguments 'min' and 'max'. They default to numeric_limits::lowest() and "
    "numeric_limits::max() respectively.";
constexpr char kInputSummary[] =
    "Clip operator limits the given input within an interval. The interval is specified by the "
    "inputs 'min' and 'max'. They default to numeric_limits::lowest() and numeric_limits::max(), "
    "respectively.";
constexpr char kMinGreaterSentence[] =
    " When 'min' is greater than 'max', the clip operator sets all the 'input' values to the "
    "value of 'max'. Thus, this is equivalent to 'Min(max, Max(input, min))'.";
constexpr char kInputDoc[] = "Input tensor whose elements to be clipped";
constexpr char kOutputDoc[] = "Output tensor with clipped input elements";
constexpr char kMinAttrDoc[] = "Minimum value, under which element is replaced by min";
constexpr char kMaxAttrDoc[] = "Maximum value, above which element is replaced by max";
constexpr char kMinInputDoc[] =
    "Minimum value, under which element is replaced by min. It must be a scalar(tensor of empty "
    "shape).";
constexpr char kMaxInputDoc[] =
    "Maximum value, above which element is replaced by max. It must be a scalar(tensor of empty "
    "shape).";
constexpr char kFloatDoc[] = "Constrain input and output types to float tensors.";
constexpr char kNumericDoc[] = "Constrain input and output types to all numeric tensors.";

// The value of a one-element tensor, widened so that all types compare.
template <typename T>
auto Widen(T value) {
  if constexpr (kIsHalfType<T>) {
    return value.ToFloat();
  } else {
    return value;
  }
}

bool IsNanScalar(const Tensor& tensor) {
  return VisitNumericType(tensor.type(), [&]<typename T>(TypeTag<T>) {
    auto value = Widen(tensor.data<T>()[0]);
    if constexpr (std::is_floating_point_v<decltype(value)>) return std::isnan(value);
    return false;
  });
}

// Precondition: same type, one element each, neither NaN.
bool GreaterScalar(const Tensor& a, const Tensor& b) {
  return VisitNumericType(a.type(), [&]<typename T>(TypeTag<T>) {
    return Widen(a.data<T>()[0]) > Widen(b.data<T>()[0]);
  });
}

// Versions 1 and 6: bounds are FLOAT attributes.
void CheckClipAttributes(NodeContext& context) {
  context.SetOutput(0, {std::nullopt, context.input(0).shape});
  bool nan = false;
  for (const char* name : {"min", "max"}) {
    std::optional<float> value = context.GetFloat(name);
    if (context.HasAttribute(name) && value && std::isnan(*value)) {
      nan = true;
      context.Report(rules::kAttrClipBoundNan, absl::StrCat("attribute ", name),
                     "bound is NaN: the result is unspecified");
    }
  }
  std::optional<float> min = context.GetFloat("min");
  std::optional<float> max = context.GetFloat("max");
  if (!nan && min && max && *min > *max) {
    context.Report(
        rules::kAttrClipBoundsOrder, "attribute min",
        absl::StrCat("min ", *min, " is greater than max ", *max, "; ", context.schema().Name(),
                     " leaves the result unstated (defined from Clip-13)"));
  }
}

// Versions 11 to 13: bounds are optional scalar inputs of type T.
void CheckClipInputs(NodeContext& context) {
  context.SetOutput(0, {std::nullopt, context.input(0).shape});
  for (int index : {1, 2}) {
    if (!context.has_input(index)) continue;
    const std::optional<int64_t> rank = context.input(index).rank();
    if (rank && *rank != 0) {
      context.Report(rules::kShapeClipBoundScalar, absl::StrCat("input ", index),
                     absl::StrCat(index == 1 ? "min" : "max", " has shape ",
                                  SymbolicShapeToString(context.input(index).shape),
                                  "; it must be a scalar (shape [])"));
    }
  }
  const Tensor* min = context.has_input(1) ? context.input_value(1) : nullptr;
  const Tensor* max = context.has_input(2) ? context.input_value(2) : nullptr;
  bool nan = false;
  for (auto [index, bound] : {std::pair{1, min}, std::pair{2, max}}) {
    if (bound != nullptr && bound->element_count() == 1 && IsNanScalar(*bound)) {
      nan = true;
      context.Report(
          rules::kDataClipBoundNan, absl::StrCat("input ", index),
          absl::StrCat(index == 1 ? "min" : "max", " is NaN: the result is unspecified"));
    }
  }
  if (context.schema().since_version() < 13 && !nan && min != nullptr && max != nullptr &&
      min->type() == max->type() && min->element_count() == 1 && max->element_count() == 1 &&
      GreaterScalar(*min, *max)) {
    context.Report(rules::kDataClipBoundsOrder, "input 1",
                   absl::StrCat("min is greater than max; ", context.schema().Name(),
                                " leaves the result unstated (defined from Clip-13)"));
  }
}

// Every version's sentences about min > max concern only the nodes whose
// min can exceed their max.
OpSchema MinMayExceedMax(OpSchema schema) {
  schema.WhenExceeds("min", "max",
                     {"min > max", "greater than 'max'", "Min(max, Max(input, min))"});
  return schema;
}

OpSchema ClipWithInputs(int version, std::span<const ElementType> types, const char* type_doc) {
  std::string summary = kInputSummary;
  if (version >= 13) summary += kMinGreaterSentence;
  OpSchema schema = MinMayExceedMax(OpSchema("Clip", version));
  schema.Summary(std::move(summary))
      .Input("input", "T", kInputDoc)
      .Input("min", "T", kMinInputDoc, kOptional)
      .Input("max", "T", kMaxInputDoc, kOptional)
      .Output("output", "T", kOutputDoc)
      .TypeConstraint("T", types, type_doc)
      .Rule("min and max are optional scalar inputs (shape []); skip min with an empty name.")
      .Rule("A missing bound defaults to numeric_limits<T>::lowest() (min) or max() (max).")
      .Check(CheckClipInputs);
  schema.Readings({Reading::kClipMissingBoundSkipped, Reading::kClipNaNBoundIgnored});
  // Bounds as inputs: what the operator does changed here.
  if (version == 11) schema.ChangesBehaviour({"specified by the inputs"});
  if (version >= 13) {
    schema.Rule("min > max: every value becomes max (Min(max, Max(input, min)))")
        .FunctionBodyUses({"Identity", "Less", "Where"});
  } else {
    schema.Rule("min > max: the text leaves the result unstated (defined from Clip-13).")
        .Readings({Reading::kClipInvertedBoundsGiveMin, Reading::kClipInvertedBoundsMinFirst});
  }
  return schema;
}

}  // namespace

std::vector<OpSchema> ClipSchemas() {
  std::vector<OpSchema> schemas;
  schemas.push_back(std::move(
      MinMayExceedMax(OpSchema("Clip", 1))
          .Summary(kAttributeSummary)
          .Input("input", "T", kInputDoc)
          .Output("output", "T", kOutputDoc)
          .OptionalAttr("consumed_inputs", onnx::AttributeProto::INTS,
                        "legacy optimization attribute.")
          .OptionalAttr("max", onnx::AttributeProto::FLOAT, kMaxAttrDoc)
          .OptionalAttr("min", onnx::AttributeProto::FLOAT, kMinAttrDoc)
          .TypeConstraint("T", kFloatTypes, kFloatDoc)
          .ShapeInference(false)
          .Rule("min and max are FLOAT attributes with no default value printed; the summary "
                "says they default to numeric_limits::lowest() and max(): read as Clip-6, float's "
                "lowest()/max() converted to T (which type's limits is reference-defined).")
          .Rule("min > max: the text leaves the result unstated (defined from Clip-13).")
          .Rule("ONNX defines no shape inference for Clip-1; the checker still requires the "
                "output to have the input's shape (the operator is element-wise).")
          .Readings({Reading::kClipMissingBoundSkipped, Reading::kClip1LimitsOfT,
                     Reading::kClipNaNBoundIgnored, Reading::kClipInvertedBoundsGiveMin,
                     Reading::kClipInvertedBoundsMinFirst})
          .Check(CheckClipAttributes)));
  schemas.push_back(std::move(
      MinMayExceedMax(OpSchema("Clip", 6))
          .Summary(kAttributeSummary)
          .Input("input", "T", kInputDoc)
          .Output("output", "T", kOutputDoc)
          .Attr("max", onnx::AttributeProto::FLOAT, kMaxAttrDoc, std::numeric_limits<float>::max())
          .Attr("min", onnx::AttributeProto::FLOAT, kMinAttrDoc,
                std::numeric_limits<float>::lowest())
          .TypeConstraint("T", kFloatTypes, kFloatDoc)
          .Rule("min and max are FLOAT attributes defaulting to float's lowest() and max() "
                "(printed rounded as -3.402823e+38 and 3.402823e+38).")
          .Rule("min > max: the text leaves the result unstated (defined from Clip-13).")
          .Readings({Reading::kClipNaNBoundIgnored, Reading::kClipInvertedBoundsGiveMin,
                     Reading::kClipInvertedBoundsMinFirst})
          .Check(CheckClipAttributes)));
  schemas.push_back(ClipWithInputs(11, kFloatTypes, kFloatDoc));
  schemas.push_back(ClipWithInputs(12, kAllNumericTypes, kNumericDoc));
  schemas.push_back(
      std::move(ClipWithInputs(13, kAllNumericBfTypes, kNumericDoc)
                    // Clip-13's text gained its min > max sentence in ONNX 1.18, and its
                    // function body in 1.13, after Clip-13 was released.
                    .ClarifiedIn("1.18", {"min > max", "greater than 'max'",
                                          "DATA-CLIP-BOUNDS-ORDER", "ATTR-CLIP-BOUNDS-ORDER"})
                    .ClarifiedIn("1.13", {"defined as a function"})));
  return schemas;
}

}  // namespace onnx_conform::internal

namespace onnx_conform {

bool ClipBoundsAreInputs(const BoundNode& node) { return node.schema().max_inputs() > 1; }

bool ClipBoundsAreInputsAt(int64_t opset) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", "Clip", opset);
  return schema.ok() && (*schema)->max_inputs() > 1;
}

ClipAttributeBounds ClipAttributeBoundsOf(const BoundNode& node) {
  // Clip-6's defaults serve Clip-1, whose text prints none.
  const OpSchema& printed = *FindSchemaVersion("Clip", 6);
  const auto bound = [&](absl::string_view name) {
    if (const onnx::AttributeProto* given = node.GetAttribute(name)) {
      return ClipAttributeBound{given->f(), true};
    }
    return ClipAttributeBound{std::get<float>(printed.FindAttribute(name)->default_value), false};
  };
  return {bound("min"), bound("max")};
}

}  // namespace onnx_conform
