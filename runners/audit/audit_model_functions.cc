// ModelNodes over a model's local functions (FunctionProto): each body is
// walked as a graph of its own for each distinct signature it is called
// with, its formal inputs typed (and shaped) as the first call with those
// types gives them, its attribute references resolved from that call,
// so that the suite's checks, the node list and the node-by-node comparison
// see a function's nodes of the suite's operators as they see a graph's.
#include <map>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "runners/audit/audit_model_checks.h"

namespace onnx_conform {
namespace {

// "domain::name" of a function or of the operator a node calls.
std::string FunctionKey(const std::string& domain, const std::string& name) {
  return absl::StrCat(domain, "::", name);
}

// The body's node with each attribute that refers to the function's
// attributes (ref_attr_name) given the call's value, or dropped when the
// call gives none (the operator's default applies).
onnx::NodeProto Resolved(const onnx::NodeProto& body_node, const onnx::NodeProto* call) {
  onnx::NodeProto node = body_node;
  node.clear_attribute();
  for (const onnx::AttributeProto& a : body_node.attribute()) {
    if (a.ref_attr_name().empty()) {
      *node.add_attribute() = a;
      continue;
    }
    if (call == nullptr) continue;
    for (const onnx::AttributeProto& given : call->attribute()) {
      if (given.name() != a.ref_attr_name()) continue;
      onnx::AttributeProto* copy = node.add_attribute();
      *copy = given;
      copy->set_name(a.name());
    }
  }
  return node;
}

}  // namespace

std::string ModelNodes::CalledFunction(const onnx::NodeProto& node) const {
  const std::string key = FunctionKey(node.domain(), node.op_type());
  return functions_.contains(key) ? key : "";
}

void ModelNodes::WalkFunctions() {
  std::map<std::string, size_t> walked;  // function -> its signatures walked
  // A body may call another function: walk each signature once its call is known.
  for (bool progress = true; progress;) {
    progress = false;
    for (const auto& [key, function] : functions_) {
      auto calls = calls_.find(key);
      if (calls == calls_.end()) continue;
      for (size_t& done = walked[key]; done < calls_.at(key).size(); ++done) {
        progress = true;
        const Call call = calls_.at(key)[done];  // calls_ may grow while the body is walked
        const std::string path =
            done == 0 ? absl::StrCat("function '", key, "'")
                      : absl::StrCat("function '", key, "' as called by ", call.label);
        WalkFunction(key, *function, &call, path);
      }
    }
  }
  for (const auto& [key, function] : functions_) {
    if (!calls_.contains(key)) {  // never called: untyped
      WalkFunction(key, *function, nullptr, absl::StrCat("function '", key, "'"));
    }
  }
}

void ModelNodes::WalkFunction(const std::string& key, const onnx::FunctionProto& function,
                              const Call* call, const std::string& path) {
  onnx::ModelProto body;
  body.set_ir_version(model_.ir_version());
  std::set<std::string> domains;
  for (const onnx::OperatorSetIdProto& o : function.opset_import()) {
    *body.add_opset_import() = o;
    domains.insert(o.domain());
  }
  for (const onnx::OperatorSetIdProto& o : model_.opset_import()) {
    if (domains.insert(o.domain()).second) *body.add_opset_import() = o;
  }
  *body.mutable_functions() = model_.functions();
  onnx::GraphProto& graph = *body.mutable_graph();
  graph.set_name(function.name());
  for (int i = 0; i < function.input_size(); ++i) {
    onnx::ValueInfoProto* v = graph.add_input();
    v->set_name(function.input(i));
    if (call == nullptr || i >= static_cast<int>(call->types.size())) continue;
    auto* tensor = v->mutable_type()->mutable_tensor_type();
    if (call->types[i].has_value()) tensor->set_elem_type(static_cast<int32_t>(*call->types[i]));
    if (!call->dims[i].has_value()) continue;
    auto* shape = tensor->mutable_shape();
    for (int64_t d : *call->dims[i]) {
      if (d >= 0) {
        shape->add_dim()->set_dim_value(d);
      } else {
        shape->add_dim();
      }
    }
  }
  for (const onnx::NodeProto& node : function.node()) {
    *graph.add_node() = Resolved(node, call != nullptr ? call->node : nullptr);
  }
  for (const std::string& output : function.output()) graph.add_output()->set_name(output);
  bodies_.push_back(WithInferredTypes(body));
  in_function_ = true;
  Walk(bodies_.back().graph(), path, {});
  in_function_ = false;
}

}  // namespace onnx_conform
