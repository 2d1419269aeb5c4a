// Negative cases: each breaks one rule of checker/rules.h and names it in
// case.json. They start from a valid case and break it (the model, or a
// file). Where the node would still compute something (a type a version does
// not allow, a missing opset import, ...) the data set holds what it would
// compute; where nothing can be computed (shapes that do not broadcast, an
// axis out of range) there is no data set. This file holds the rules of the
// model, graph, node and data files and the list of them all;
// invalid_operator_cases.cc those of an operator version's schema.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "cases/case_library.h"
#include "cases/invalid_case_builders.h"
#include "checker/rules.h"
#include "ops/extremum/extremum_negative_cases.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform::invalid_cases {

using namespace case_values;  // NOLINT: the library's own value helpers

// The rule's own summary: the quote for rules of ONNX's format rather than
// of an operator text.
std::string RuleQuote(absl::string_view rule_id) {
  const Rule* rule = FindRule(rule_id);
  if (rule == nullptr) std::abort();
  return absl::StrCat("ONNX IR: ", std::string(rule->summary));
}

// Min-13 broken against a rule of ONNX's format, quoting the rule.
CaseBuilder FormatRuleMin(std::string_view what, absl::string_view rule) {
  CaseBuilder b = ExtremumToBreak(what, rule);
  b.Quote(RuleQuote(rule));
  return b;
}

// Graph input `index` becomes the output of a Constant node placed first
// (as ONNX's version converter writes Clip-6's bounds at opset 11): the
// graph input and its data go. Returns the node, to set its attributes.
onnx::NodeProto& FeedFromConstant(Case& c, int index) {
  const std::string name = Graph(c).input(index).name();
  Graph(c).mutable_input()->DeleteSubrange(index, 1);
  for (CaseDataSet& ds : c.data_sets) ds.inputs.erase(ds.inputs.begin() + index);
  onnx::NodeProto constant;
  constant.set_op_type(std::string("Constant"));
  constant.add_output(name);
  onnx::GraphProto& graph = Graph(c);
  *graph.add_node() = std::move(constant);
  for (int n = graph.node_size() - 1; n > 0; --n) graph.mutable_node()->SwapElements(n, n - 1);
  return Node(c, 0);
}

void InvalidCases::AddModelRules() {
  Emit(FormatRuleMin("model_not_protobuf", rules::kModelRead), nullptr,
       [](Case& c) { c.files[std::string(kModelFileName)] = std::string("\xff\xff\xff\xff", 4); });
  Emit(FormatRuleMin("ir_version_missing", rules::kModelIrVersion),
       [](Case& c) { c.model.clear_ir_version(); });
  Emit(FormatRuleMin("no_opset_import", rules::kModelOpsetImport),
       [](Case& c) { c.model.clear_opset_import(); });
  Emit(FormatRuleMin("opset_imported_twice", rules::kModelOpsetDuplicate)
           .Describe("\"\" and \"ai.onnx\" both imported: one domain imported twice"),
       [](Case& c) {
         onnx::OperatorSetIdProto* again = c.model.add_opset_import();
         again->set_domain(std::string("ai.onnx"));
         again->set_version(13);
       });
  Emit(FormatRuleMin("opset_version_zero", rules::kModelOpsetVersion),
       [](Case& c) { c.model.mutable_opset_import(0)->set_version(0); });
}

void InvalidCases::AddGraphRules() {
  Emit(FormatRuleMin("graph_without_node", rules::kGraphNoNode)
           .Describe("the graph returns its first input and has no node"),
       [](Case& c) {
         Graph(c).clear_node();
         Graph(c).mutable_output(0)->set_name(std::string("data_0"));
         c.data_sets[0].outputs[0] = c.data_sets[0].inputs[0];
       });
  Emit(FormatRuleMin("graph_input_without_name", rules::kGraphNameEmpty)
           .Describe("an extra, unused graph input has the empty name"),
       [](Case& c) {
         *Graph(c).add_input() = Graph(c).input(0);
         Graph(c).mutable_input(2)->set_name(std::string(""));
         c.data_sets[0].inputs.push_back(c.data_sets[0].inputs[0]);
       });
  Emit(FormatRuleMin("node_input_undefined", rules::kGraphInputUndefined)
           .Describe("the node reads data_2, which nothing defines"),
       [](Case& c) { Node(c).add_input(std::string("data_2")); });
  Emit(FormatRuleMin("nodes_out_of_order", rules::kGraphNodeOrder)
           .Describe("Min(t, data_1) comes before the Min(data_0) that produces t"),
       [](Case& c) {
         onnx::NodeProto producer;
         producer.set_op_type("Min");
         producer.add_input(std::string("data_0"));
         producer.add_output(std::string("t"));
         Node(c).set_input(0, std::string("t"));
         *Graph(c).add_node() = producer;  // after its consumer
       });
  Emit(FormatRuleMin("output_defined_twice", rules::kGraphDuplicateOutput)
           .Describe("two nodes both produce `min`"),
       [](Case& c) {
         onnx::NodeProto second = Node(c);
         second.clear_input();
         second.add_input(std::string("data_1"));
         *Graph(c).add_node() = second;
       });
  Emit(FormatRuleMin("graph_output_not_produced", rules::kGraphOutputNotProduced)
           .Describe("the graph output is `result`; the node produces `min`"),
       [](Case& c) { Graph(c).mutable_output(0)->set_name(std::string("result")); });
  Emit(FormatRuleMin("graph_input_without_type", rules::kGraphValueType),
       [](Case& c) { Graph(c).mutable_input(1)->clear_type(); });
  Emit(FormatRuleMin("graph_input_sequence_type", rules::kGraphValueType)
           .Describe("data_1 is declared a sequence of float tensors, and input_1.pb holds one"),
       [](Case& c) {
         onnx::TypeProto* type = Graph(c).mutable_input(1)->mutable_type();
         onnx::TypeProto element = *type;
         type->clear_tensor_type();
         *type->mutable_sequence_type()->mutable_elem_type() = element;
         c.data_sets[0].inputs[1] = Tensor::Sequence({c.data_sets[0].inputs[1]});
       });
  {
    CaseBuilder b = ExtremumToBreak("graph_input_type_unknown", rules::kTypeUnknown);
    b.Unsupported(rules::kTypeUnknown)
        .Quote(RuleQuote(rules::kTypeUnknown))
        .Describe(
            "data_1 is declared of elem_type 99, which no ONNX the suite knows defines: "
            "perhaps a newer release's type, not judged");
    Emit(b, [](Case& c) {
      Graph(c).mutable_input(1)->mutable_type()->mutable_tensor_type()->set_elem_type(99);
    });
  }
  Emit(FormatRuleMin("initializer_truncated", rules::kGraphInitializerInvalid)
           .Describe("initializer data_1 claims 3 floats and holds 4 bytes"),
       [](Case& c) {
         onnx::TensorProto* init = Graph(c).add_initializer();
         init->set_name(std::string("w"));
         init->set_data_type(onnx::TensorProto::FLOAT);
         init->add_dims(3);
         init->set_raw_data(std::string(4, '\0'));
         Node(c).set_input(1, std::string("w"));
         Graph(c).mutable_input()->DeleteSubrange(1, 1);
         c.data_sets[0].inputs.pop_back();
       });
}

void InvalidCases::AddNodeRules() {
  {
    CaseBuilder b = ExtremumToBreak("unknown_domain", rules::kNodeSchemaUnknown);
    b.Unsupported(rules::kNodeSchemaUnknown)
        .Quote(RuleQuote(rules::kNodeSchemaUnknown))
        .Describe("Min in domain com.example: valid ONNX, outside the suite");
    Emit(b, [](Case& c) {
      Node(c).set_domain(std::string("com.example"));
      onnx::OperatorSetIdProto* opset = c.model.add_opset_import();
      opset->set_domain(std::string("com.example"));
      opset->set_version(1);
    });
  }
  Emit(FormatRuleMin("upsample_deprecated", rules::kNodeSchemaDeprecated)
           .Describe("an Upsample node feeds Min-13 at opset 13, where Upsample resolves to the "
                     "deprecated Upsample-10; its scale is 1, so the data set is Min's"),
       [](Case& c) {
         onnx::TensorProto* scales = Graph(c).add_initializer();
         scales->set_name(std::string("scales"));
         scales->set_data_type(onnx::TensorProto::FLOAT);
         scales->add_dims(1);
         scales->add_float_data(1.0f);
         onnx::NodeProto upsample;
         upsample.set_op_type(std::string("Upsample"));
         upsample.add_input(Node(c).input(0));
         upsample.add_input(std::string("scales"));
         upsample.add_output(std::string("upsampled"));
         Node(c).set_input(0, std::string("upsampled"));
         *Graph(c).add_node() = std::move(upsample);
         Graph(c).mutable_node()->SwapElements(0, 1);
       });
  Emit(ExtremumToBreak("output_empty_name", rules::kNodeEmptyOutputNotOptional)
           .Quote("Output: `min` of type T.")
           .Describe("the node's only output has the empty name; the graph returns data_0"),
       [](Case& c) {
         Node(c).set_output(0, std::string(""));
         Graph(c).mutable_output(0)->set_name(std::string("data_0"));
         c.data_sets[0].outputs[0] = c.data_sets[0].inputs[0];
       });
}

void InvalidCases::AddDataRules() {
  Emit(FormatRuleMin("no_data_set", rules::kDataSetMissing), [](Case& c) { c.data_sets.clear(); });
  Emit(FormatRuleMin("input_numbering_gap", rules::kDataFileNames), nullptr, [](Case& c) {
    c.files[InputFileKey(2)] = c.files[InputFileKey(1)];
    c.files.erase(InputFileKey(1));
  });
  Emit(FormatRuleMin("input_not_protobuf", rules::kDataDecode), nullptr,
       [](Case& c) { c.files[InputFileKey(0)] = std::string("\xff\xff\xff\xff", 4); });
  Emit(FormatRuleMin("raw_data_too_short", rules::kDataDecode), nullptr, [](Case& c) {
    onnx::TensorProto t = TensorToProto(MakeTensor<float>({3}, {1, 5, 3}), "data_0");
    t.mutable_raw_data()->resize(8);
    c.files[InputFileKey(0)] = t.SerializeAsString();
  });
  Emit(FormatRuleMin("one_input_file", rules::kDataInputCount), nullptr,
       [](Case& c) { c.files.erase(InputFileKey(1)); });
  Emit(FormatRuleMin("two_output_files", rules::kDataOutputCount), nullptr,
       [](Case& c) { c.files[OutputFileKey(1)] = c.files[OutputFileKey(0)]; });
  Emit(FormatRuleMin("double_input_data", rules::kDataType), nullptr, [](Case& c) {
    c.files[InputFileKey(1)] =
        TensorToProto(MakeTensor<double>({3}, {4, 2, 3}), "data_1").SerializeAsString();
  });
  Emit(FormatRuleMin("input_data_shape", rules::kDataShape), nullptr, [](Case& c) {
    c.files[InputFileKey(1)] =
        TensorToProto(MakeTensor<float>({1, 3}, {4, 2, 3}), "data_1").SerializeAsString();
  });
}

}  // namespace onnx_conform::invalid_cases

namespace onnx_conform {

void AddInvalidCases(std::vector<Case>& cases) {
  invalid_cases::InvalidCases invalid(cases);
  invalid.AddModelRules();
  invalid.AddGraphRules();
  invalid.AddNodeRules();
  invalid.AddTypeRules();
  invalid.AddAttributeRules();
  invalid.AddShapeRules();
  invalid.AddDataRules();
}

}  // namespace onnx_conform
