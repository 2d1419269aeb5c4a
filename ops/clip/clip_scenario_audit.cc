// The Clip scenario of the audit's own cases (clip_audit.h).
#include <optional>
#include <utility>
#include <vector>

#include "ops/clip/clip_audit.h"
#include "runners/audit/audit_case_building.h"

namespace onnx_conform {
namespace {

// Bounds every type holds exactly (and a float attribute too).
template <typename T>
std::pair<double, double> SampleBounds() {
  if constexpr (kIsFloatType<T>) return {-1.5, 2.25};
  if constexpr (std::is_signed_v<T>) return {-1.0, 2.0};
  return {1.0, 2.0};
}

// Each combination of bounds, min > max and Clip-1/6's consumed_inputs, in
// the bound form of the schema's version.
template <typename T>
void AddClipCases(const OpSchema& schema, std::vector<AuditCase>& out) {
  const int version = schema.since_version();
  const ElementType type = ElementTypeOf<T>();
  const std::vector<T> v = SampleValues<T>();
  const auto [lo, hi] = SampleBounds<T>();
  const bool attribute_form = schema.FindAttribute("min") != nullptr;
  auto add = [&](absl::string_view scenario, std::optional<double> min, std::optional<double> max,
                 std::vector<onnx::AttributeProto> attributes = {}) {
    std::vector<FedInput> inputs = {{"input", MakeTensor({static_cast<int64_t>(v.size())}, v)}};
    if (attribute_form) {
      if (min) attributes.push_back(FloatAttr("min", static_cast<float>(*min)));
      if (max) attributes.push_back(FloatAttr("max", static_cast<float>(*max)));
    } else {
      auto scalar = [](double value) { return MakeTensor<T>({}, {FromDouble<T>(value)}); };
      if (min) inputs.push_back({"min", scalar(*min)});
      if (max && !min) inputs.push_back({"", std::nullopt});
      if (max) inputs.push_back({"max", scalar(*max)});
    }
    out.push_back(MakeCase(schema.op_type(), version, type, scenario, std::move(inputs),
                           std::move(attributes), "output", type));
  };
  add("both_bounds", lo, hi);
  add("min_only", lo, std::nullopt);
  add("max_only", std::nullopt, hi);
  add("no_bounds", std::nullopt, std::nullopt);
  add("min_above_max", hi, lo);
  if (attribute_form) add("consumed_inputs", lo, hi, {IntsAttr("consumed_inputs", {0})});
}

}  // namespace

void AddClipAuditCases(const OpSchema& schema, ElementType type, std::vector<AuditCase>& out) {
  if (!IsNumeric(type)) return;
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) { AddClipCases<T>(schema, out); });
}

}  // namespace onnx_conform
