// Clip nodes between attribute bounds (Clip-1/6) and input bounds
// (Clip-11+) when the audit retargets a case (clip_audit.h).
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/model_versions.h"
#include "ops/clip/clip_audit.h"
#include "ops/clip/clip_bounds.h"
#include "reference/semantics.h"
#include "runners/audit/audit_retarget.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

// A one-element tensor's value as a float, when exactly representable.
absl::StatusOr<float> ExactFloat(const Tensor& scalar) {
  if (scalar.element_count() != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("the bound has shape ", ShapeToString(scalar.shape()), ", not one element"));
  }
  return VisitNumericType(scalar.type(), [&]<typename T>(TypeTag<T>) -> absl::StatusOr<float> {
    const auto wide = Widen(scalar.data<T>()[0]);
    const float f = static_cast<float>(wide);
    if constexpr (std::is_floating_point_v<decltype(wide)>) {
      if (std::isnan(wide)) return f;
    }
    if (static_cast<decltype(wide)>(f) != wide ||
        (std::is_integral_v<decltype(wide)> && !std::isfinite(f))) {
      return absl::InvalidArgumentError(absl::StrCat("the ", ElementTypeName(scalar.type()),
                                                     " bound is not exactly a FLOAT value"));
    }
    return f;
  });
}

bool UsedByAnyNode(const onnx::GraphProto& graph, const std::string& name) {
  for (const onnx::NodeProto& node : graph.node()) {
    for (const std::string& input : node.input()) {
      if (input == name) return true;
    }
  }
  for (const onnx::ValueInfoProto& output : graph.output()) {
    if (output.name() == name) return true;
  }
  return false;
}

std::string UniqueName(const onnx::GraphProto& graph, const std::string& base) {
  std::set<std::string> names;
  for (const auto& v : graph.input()) names.insert(v.name());
  for (const auto& v : graph.initializer()) names.insert(v.name());
  for (const auto& n : graph.node()) names.insert(n.output().begin(), n.output().end());
  std::string name = base;
  for (int k = 1; names.contains(name); ++k) name = absl::StrCat(base, "_", k);
  return name;
}

class ClipRewriter {
 public:
  explicit ClipRewriter(AuditCase& c) : c_(c), graph_(*c.model.mutable_graph()) {}

  // Bounds from attributes (Clip-1/6) to inputs (Clip-11+).
  absl::Status AttributesToInputs(int node_index) {
    onnx::NodeProto& node = *graph_.mutable_node(node_index);
    const std::map<std::string, ElementType> types = ValueElementTypes(graph_);
    auto it = node.input_size() > 0 ? types.find(node.input(0)) : types.end();
    std::map<std::string, float> bounds;
    std::vector<onnx::AttributeProto> kept;
    for (const onnx::AttributeProto& a : node.attribute()) {
      if ((a.name() == "min" || a.name() == "max") && a.type() == onnx::AttributeProto::FLOAT) {
        bounds[a.name()] = a.f();
      } else {
        kept.push_back(a);
      }
    }
    if (bounds.empty()) return absl::OkStatus();
    if (it == types.end()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the element type of Clip's input '", node.input_size() > 0 ? node.input(0) : "",
          "' is not declared: its bounds cannot become inputs"));
    }
    node.clear_attribute();
    for (onnx::AttributeProto& a : kept) *node.add_attribute() = std::move(a);
    const std::string base = node.output_size() > 0 ? node.output(0) : "clip";
    std::vector<std::string> bound_inputs = {"", ""};
    for (int k = 0; k < 2; ++k) {
      const std::string which = k == 0 ? "min" : "max";
      auto bound = bounds.find(which);
      if (bound == bounds.end()) continue;
      absl::StatusOr<Tensor> value = ScalarFromFloat(it->second, bound->second);
      if (!value.ok()) return value.status();
      const std::string name = UniqueName(graph_, absl::StrCat(base, "_", which));
      *graph_.add_initializer() = TensorToProto(*value, name);
      bound_inputs[k] = name;
    }
    while (node.input_size() > 1) node.mutable_input()->RemoveLast();
    if (bound_inputs[1].empty()) bound_inputs.pop_back();
    for (const std::string& name : bound_inputs) node.add_input(name);
    return absl::OkStatus();
  }

  // Bounds from inputs (Clip-11+) to FLOAT attributes (Clip-1/6).
  absl::Status InputsToAttributes(int node_index) {
    onnx::NodeProto& node = *graph_.mutable_node(node_index);
    std::vector<std::string> removed;
    for (int k = 1; k < node.input_size() && k <= 2; ++k) {
      const std::string& name = node.input(k);
      if (name.empty()) continue;
      absl::StatusOr<Tensor> value = KnownValue(name);
      if (!value.ok()) return value.status();
      absl::StatusOr<float> f = ExactFloat(*value);
      if (!f.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("Clip input '", name, "': ", f.status().message()));
      }
      onnx::AttributeProto* a = node.add_attribute();
      a->set_name(k == 1 ? "min" : "max");
      a->set_type(onnx::AttributeProto::FLOAT);
      a->set_f(*f);
      removed.push_back(name);
    }
    while (node.input_size() > 1) node.mutable_input()->RemoveLast();
    for (std::string& name : removed) removed_bounds_.push_back(std::move(name));
    return absl::OkStatus();
  }

  // Drops what fed the bounds moved to attributes, once every node is
  // rewritten (removing nodes earlier would shift the indices).
  void Finish() {
    for (const std::string& name : removed_bounds_) RemoveIfUnused(name);
    removed_bounds_.clear();
  }

 private:
  // The value of a graph input (fed), an initializer or a Constant node's output.
  absl::StatusOr<Tensor> KnownValue(const std::string& name) {
    for (const onnx::TensorProto& init : graph_.initializer()) {
      if (init.name() == name) return TensorFromProto(init);
    }
    size_t fed = 0;
    for (const onnx::ValueInfoProto& input : graph_.input()) {
      if (IsInitializer(input.name())) continue;
      if (input.name() == name) {
        if (fed >= c_.inputs.size()) break;
        return c_.inputs[fed];
      }
      ++fed;
    }
    for (const onnx::NodeProto& node : graph_.node()) {
      if (node.op_type() == "Constant" && node.output_size() == 1 && node.output(0) == name &&
          node.attribute_size() == 1 && node.attribute(0).has_t()) {
        return TensorFromProto(node.attribute(0).t());
      }
    }
    return absl::InvalidArgumentError(absl::StrCat(
        "Clip bound '", name, "' is computed by the graph: it cannot become an attribute"));
  }

  bool IsInitializer(const std::string& name) const {
    for (const onnx::TensorProto& init : graph_.initializer()) {
      if (init.name() == name) return true;
    }
    return false;
  }

  // Drops a bound's graph input (and its fed tensor), initializer or
  // Constant node once nothing reads it.
  void RemoveIfUnused(const std::string& name) {
    if (UsedByAnyNode(graph_, name)) return;
    const bool initializer = IsInitializer(name);
    size_t fed = 0;
    for (int i = 0; i < graph_.input_size(); ++i) {
      const std::string& input = graph_.input(i).name();
      const bool is_fed = !IsInitializer(input);
      if (input == name) {
        if (is_fed && fed < c_.inputs.size()) c_.inputs.erase(c_.inputs.begin() + fed);
        graph_.mutable_input()->DeleteSubrange(i, 1);
        break;
      }
      if (is_fed) ++fed;
    }
    if (initializer) {
      for (int i = 0; i < graph_.initializer_size(); ++i) {
        if (graph_.initializer(i).name() == name) {
          graph_.mutable_initializer()->DeleteSubrange(i, 1);
          break;
        }
      }
    }
    for (int i = 0; i < graph_.node_size(); ++i) {
      const onnx::NodeProto& node = graph_.node(i);
      if (node.op_type() == "Constant" && node.output_size() == 1 && node.output(0) == name) {
        graph_.mutable_node()->DeleteSubrange(i, 1);
        break;
      }
    }
  }

  AuditCase& c_;
  onnx::GraphProto& graph_;
  std::vector<std::string> removed_bounds_;
};

}  // namespace

absl::Status RetargetClipNodes(AuditCase& audit_case, int64_t from_opset, int64_t to_opset) {
  const bool inputs_after = ClipBoundsAreInputsAt(to_opset);
  if (ClipBoundsAreInputsAt(from_opset) == inputs_after) return absl::OkStatus();
  ClipRewriter rewriter(audit_case);
  for (int i = 0; i < audit_case.model.graph().node_size(); ++i) {
    const onnx::NodeProto& node = audit_case.model.graph().node(i);
    if (node.op_type() != "Clip" || !IsDefaultDomain(node.domain())) continue;
    absl::Status s = inputs_after ? rewriter.AttributesToInputs(i) : rewriter.InputsToAttributes(i);
    if (!s.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("cannot rewrite Clip to opset ", to_opset, ": ", s.message()));
    }
  }
  rewriter.Finish();
  return absl::OkStatus();
}

}  // namespace onnx_conform
