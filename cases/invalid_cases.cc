// Negative cases: each breaks one rule of checker/rules.h and names it in
// case.json. They start from a valid case and break it (the model, or a
// file). Where the node would still compute something (a type a version does
// not allow, a missing opset import, ...) the data set holds what it would
// compute; where nothing can be computed (shapes that do not broadcast, an
// axis out of range) there is no data set.
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "cases/case_builder.h"
#include "cases/case_library.h"
#include "cases/case_values.h"
#include "checker/rules.h"
#include "reference/tensor_proto.h"

namespace onnx_conform {
namespace {

constexpr std::string_view kTypeLists =
    "FLOATS = {float16, float, double}. ALL_NUMERIC = FLOATS + all eight integer types. "
    "ALL_NUMERIC_BF = ALL_NUMERIC + bfloat16.";
constexpr std::string_view kMinSameType = "All inputs and the output have the same element type.";
constexpr std::string_view kMinInputs = "Inputs: 1 to 2147483647, variadic `data_0` of type T.";
constexpr std::string_view kMinSameShape = "all inputs the same shape";
constexpr std::string_view kMinBroadcast = "multidirectional (numpy-style) broadcasting";
constexpr std::string_view kArgMinOneInput =
    "One input `data` of type T; one output `reduced` of type int64.";
constexpr std::string_view kArgMinAttrs = "`axis` INT default 0; `keepdims` INT default 1";
constexpr std::string_view kArgMinAxisRange = "axis accepted range is [-r, r-1], r = rank(data)";
constexpr std::string_view kArgMinSelectLast =
    "as 11, plus `select_last_index` INT default 0: when the minimum occurs more than once, 1 "
    "selects the last occurrence, 0 the first";
constexpr std::string_view kArgMinKeepdims =
    "If keepdims is 1 the output has the input's rank with the reduced dimension set to 1; if 0 "
    "that dimension is removed.";
constexpr std::string_view kArgMinEmptyAxis =
    "ArgMin over an axis of size 0: an error (no index exists).";
constexpr std::string_view kClipAttrs = "`min` FLOAT, `max` FLOAT";
constexpr std::string_view kClipInputs =
    "inputs: 1 to 3 inputs `input`, optional `min`, optional `max`, each of type T and a scalar "
    "(empty shape)";
// ONNX's Operators.md (Constant, a supporting operator: no text of its own in the spec).
constexpr std::string_view kConstantOneValue =
    "Constant-12: This operator produces a constant tensor. Exactly one of the provided "
    "attributes, either value, sparse_value, or value_* must be specified.";
constexpr std::string_view kConstantValueRequired =
    "Constant-1: attribute `value` (TENSOR, required): the value for the elements of the output "
    "tensor.";

using CaseEdit = std::function<void(Case&)>;

// Keys of Case::files: the first data set's K-th input and output file.
std::string InputFileKey(int k) { return DataFilePath(0, DataFileKind::kInput, k); }
std::string OutputFileKey(int k) { return DataFilePath(0, DataFileKind::kOutput, k); }

// The rule's own summary: the quote for rules of ONNX's format rather than
// of an operator text.
std::string RuleQuote(absl::string_view rule_id) {
  const Rule* rule = FindRule(rule_id);
  if (rule == nullptr) std::abort();
  return absl::StrCat("ONNX IR: ", std::string(rule->summary));
}

class InvalidCases {
 public:
  explicit InvalidCases(std::vector<Case>& cases) : cases_(cases) {}

  // Builds b, lets edit change the model or data sets (files re-rendered),
  // then lets edit_files change the files.
  void Emit(const CaseBuilder& b, const CaseEdit& edit = nullptr,
            const CaseEdit& edit_files = nullptr) {
    Case c = b.Build();
    if (edit) {
      edit(c);
      RenderCaseFiles(c);
    }
    if (edit_files) edit_files(c);
    cases_.push_back(std::move(c));
  }

  // Min-13 over two float [3] inputs, valid until broken.
  static CaseBuilder Min(std::string_view what, absl::string_view rule, int version = 13) {
    CaseBuilder b("Min", version, ElementType::kFloat, what);
    b.Inputs({"data_0", "data_1"})
        .Outputs({"min"})
        .DataSet({MakeTensor<float>({3}, {1, 5, 3}), MakeTensor<float>({3}, {4, 2, 3})},
                 {MakeTensor<float>({3}, {1, 2, 3})})
        .Invalid(rule);
    return b;
  }
  // Min with two inputs of these shapes and no data (nothing computable).
  static CaseBuilder MinShapes(int version, std::string_view what, absl::string_view rule, Shape a,
                               Shape b, Shape out) {
    auto zeros = [](const Shape& s) {
      int64_t n = 1;
      for (int64_t d : s) n *= d;
      return TensorOf<float>(s, std::vector<float>(static_cast<size_t>(n), 0.0f));
    };
    CaseBuilder builder("Min", version, ElementType::kFloat, what);
    builder.Inputs({"data_0", "data_1"})
        .Outputs({"min"})
        .Declare({zeros(a), zeros(b)}, {zeros(out)})
        .Invalid(rule);
    return builder;
  }
  // ArgMin over a float [2, 3] input.
  static CaseBuilder ArgMin(int version, std::string_view what, absl::string_view rule) {
    CaseBuilder b("ArgMin", version, ElementType::kFloat, what);
    b.Inputs({"data"}).Outputs({"reduced"}).Invalid(rule);
    return b;
  }
  static Tensor ArgMinInput() { return MakeTensor<float>({2, 3}, {2, 1, 3, 0, 4, 5}); }
  // Clip-13 over a float [4] input with scalar bounds 2 and 6.
  static CaseBuilder Clip(std::string_view what, absl::string_view rule, int version = 13) {
    CaseBuilder b("Clip", version, ElementType::kFloat, what);
    b.Inputs({"input", "min", "max"})
        .Outputs({"output"})
        .DataSet({MakeTensor<float>({4}, {0, 3, 7, 9}), MakeTensor<float>({}, {2}),
                  MakeTensor<float>({}, {6})},
                 {MakeTensor<float>({4}, {2, 3, 6, 6})})
        .Invalid(rule);
    return b;
  }

  void AddModelRules();
  void AddGraphRules();
  void AddNodeRules();
  void AddTypeRules();
  void AddAttributeRules();
  void AddShapeRules();
  void AddOutputRules();
  void AddDataRules();

 private:
  template <typename T>
  void AddTypeNotAllowed(std::string_view op, int version);

  std::vector<Case>& cases_;
};

onnx::GraphProto& Graph(Case& c) { return *c.model.mutable_graph(); }
onnx::NodeProto& Node(Case& c, int i = 0) { return *c.model.mutable_graph()->mutable_node(i); }

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
  Emit(Min("model_not_protobuf", rules::kModelRead).Quote(RuleQuote(rules::kModelRead)), nullptr,
       [](Case& c) { c.files["model.onnx"] = std::string("\xff\xff\xff\xff", 4); });
  Emit(Min("ir_version_missing", rules::kModelIrVersion).Quote(RuleQuote(rules::kModelIrVersion)),
       [](Case& c) { c.model.clear_ir_version(); });
  Emit(Min("no_opset_import", rules::kModelOpsetImport).Quote(RuleQuote(rules::kModelOpsetImport)),
       [](Case& c) { c.model.clear_opset_import(); });
  Emit(Min("opset_imported_twice", rules::kModelOpsetDuplicate)
           .Quote(RuleQuote(rules::kModelOpsetDuplicate))
           .Describe("\"\" and \"ai.onnx\" both imported: one domain imported twice"),
       [](Case& c) {
         onnx::OperatorSetIdProto* again = c.model.add_opset_import();
         again->set_domain(std::string("ai.onnx"));
         again->set_version(13);
       });
  Emit(Min("opset_version_zero", rules::kModelOpsetVersion)
           .Quote(RuleQuote(rules::kModelOpsetVersion)),
       [](Case& c) { c.model.mutable_opset_import(0)->set_version(0); });
}

void InvalidCases::AddGraphRules() {
  Emit(Min("graph_without_node", rules::kGraphNoNode)
           .Quote(RuleQuote(rules::kGraphNoNode))
           .Describe("the graph returns its first input and has no node"),
       [](Case& c) {
         Graph(c).clear_node();
         Graph(c).mutable_output(0)->set_name(std::string("data_0"));
         c.data_sets[0].outputs[0] = c.data_sets[0].inputs[0];
       });
  Emit(Min("graph_input_without_name", rules::kGraphNameEmpty)
           .Quote(RuleQuote(rules::kGraphNameEmpty))
           .Describe("an extra, unused graph input has the empty name"),
       [](Case& c) {
         *Graph(c).add_input() = Graph(c).input(0);
         Graph(c).mutable_input(2)->set_name(std::string(""));
         c.data_sets[0].inputs.push_back(c.data_sets[0].inputs[0]);
       });
  Emit(Min("node_input_undefined", rules::kGraphInputUndefined)
           .Quote(RuleQuote(rules::kGraphInputUndefined))
           .Describe("the node reads data_2, which nothing defines"),
       [](Case& c) { Node(c).add_input(std::string("data_2")); });
  Emit(Min("nodes_out_of_order", rules::kGraphNodeOrder)
           .Quote(RuleQuote(rules::kGraphNodeOrder))
           .Describe("Min(t, data_1) comes before the Min(data_0) that produces t"),
       [](Case& c) {
         onnx::NodeProto producer;
         producer.set_op_type("Min");
         producer.add_input(std::string("data_0"));
         producer.add_output(std::string("t"));
         Node(c).set_input(0, std::string("t"));
         *Graph(c).add_node() = producer;  // after its consumer
       });
  Emit(Min("output_defined_twice", rules::kGraphDuplicateOutput)
           .Quote(RuleQuote(rules::kGraphDuplicateOutput))
           .Describe("two nodes both produce `min`"),
       [](Case& c) {
         onnx::NodeProto second = Node(c);
         second.clear_input();
         second.add_input(std::string("data_1"));
         *Graph(c).add_node() = second;
       });
  Emit(Min("graph_output_not_produced", rules::kGraphOutputNotProduced)
           .Quote(RuleQuote(rules::kGraphOutputNotProduced))
           .Describe("the graph output is `result`; the node produces `min`"),
       [](Case& c) { Graph(c).mutable_output(0)->set_name(std::string("result")); });
  Emit(Min("graph_input_without_type", rules::kGraphValueType)
           .Quote(RuleQuote(rules::kGraphValueType)),
       [](Case& c) { Graph(c).mutable_input(1)->clear_type(); });
  Emit(Min("graph_input_sequence_type", rules::kGraphValueType)
           .Quote(RuleQuote(rules::kGraphValueType))
           .Describe("data_1 is declared a sequence of float tensors"),
       [](Case& c) {
         onnx::TypeProto* type = Graph(c).mutable_input(1)->mutable_type();
         onnx::TypeProto element = *type;
         type->clear_tensor_type();
         *type->mutable_sequence_type()->mutable_elem_type() = element;
       });
  Emit(Min("initializer_truncated", rules::kGraphInitializerInvalid)
           .Quote(RuleQuote(rules::kGraphInitializerInvalid))
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
    CaseBuilder b = Min("unknown_domain", rules::kNodeSchemaUnknown);
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
  Emit(MinShapes(13, "no_inputs", rules::kNodeInputArity, {3}, {3}, {3})
           .Quote(kMinInputs)
           .Describe("Min with no input at all"),
       [](Case& c) { Node(c).clear_input(); });
  Emit(ArgMin(13, "two_inputs", rules::kNodeInputArity)
           .Quote(kArgMinOneInput)
           .Inputs({"data", "other"})
           .Declare({ArgMinInput(), ArgMinInput()}, {MakeTensor<int64_t>({1, 3}, {1, 0, 0})}));
  Emit(Clip("four_inputs", rules::kNodeInputArity).Quote(kClipInputs),
       [](Case& c) { Node(c).add_input(std::string("max")); });
  {
    CaseBuilder b("Clip", 6, ElementType::kFloat, "bound_as_input");
    b.Inputs({"input", "min"})
        .Outputs({"output"})
        .Declare({MakeTensor<float>({4}, {0, 3, 7, 9}), MakeTensor<float>({}, {2})},
                 {MakeTensor<float>({4}, {2, 3, 7, 9})})
        .Invalid(rules::kNodeInputArity)
        .Quote(kClipAttrs)
        .Describe("Clip-6 takes its bounds as attributes: one input only");
    Emit(b);
  }
  Emit(Min("two_outputs", rules::kNodeOutputArity).Quote("Output: `min` of type T."), [](Case& c) {
    Node(c).add_output(std::string("min2"));
    *Graph(c).add_output() = Graph(c).output(0);
    Graph(c).mutable_output(1)->set_name(std::string("min2"));
    c.data_sets[0].outputs.push_back(c.data_sets[0].outputs[0]);
  });
  Emit(Clip("input_skipped", rules::kNodeEmptyInputNotOptional)
           .Quote(kClipInputs)
           .Describe("Clip(\"\", min, max): `input` is not optional"),
       [](Case& c) {
         Node(c).set_input(0, std::string(""));
         Graph(c).mutable_input()->DeleteSubrange(0, 1);
         c.data_sets[0].inputs.erase(c.data_sets[0].inputs.begin());
       });
  Emit(Min("output_empty_name", rules::kNodeEmptyOutputNotOptional)
           .Quote("Output: `min` of type T.")
           .Describe("the node's only output has the empty name; the graph returns data_0"),
       [](Case& c) {
         Node(c).set_output(0, std::string(""));
         Graph(c).mutable_output(0)->set_name(std::string("data_0"));
         c.data_sets[0].outputs[0] = c.data_sets[0].inputs[0];
       });
}

template <typename T>
void InvalidCases::AddTypeNotAllowed(std::string_view op, int version) {
  const ElementType type = ElementTypeOf<T>();
  const std::string what = "type_not_allowed";
  const std::string description = absl::StrCat(std::string(op), "-", version, " does not allow ",
                                               std::string(ElementTypeName(type)));
  if (op == "Min") {
    CaseBuilder b("Min", version, type, what);
    b.Inputs({"data_0", "data_1"})
        .Outputs({"min"})
        .DataSet({MakeTensor<T>({3}, {1, 5, 3}), MakeTensor<T>({3}, {4, 2, 3})},
                 {MakeTensor<T>({3}, {1, 2, 3})});
    Emit(b.Invalid(rules::kTypeNotAllowed).Quote(kTypeLists).Describe(description));
  } else if (op == "ArgMin") {
    CaseBuilder b("ArgMin", version, type, what);
    b.Inputs({"data"})
        .Outputs({"reduced"})
        .DataSet({MakeTensor<T>({2, 3}, {2, 1, 3, 0, 4, 5})},
                 {MakeTensor<int64_t>({1, 3}, {1, 0, 0})});
    Emit(b.Invalid(rules::kTypeNotAllowed).Quote(kTypeLists).Describe(description));
  } else {
    CaseBuilder b("Clip", version, type, what);
    b.Outputs({"output"});
    if (version < 11) {
      b.Inputs({"input"})
          .Attr("min", 2.0f)
          .Attr("max", 6.0f)
          .DataSet({MakeTensor<T>({4}, {0, 3, 7, 9})}, {MakeTensor<T>({4}, {2, 3, 6, 6})});
    } else {
      b.Inputs({"input", "min", "max"})
          .DataSet(
              {MakeTensor<T>({4}, {0, 3, 7, 9}), MakeTensor<T>({}, {2}), MakeTensor<T>({}, {6})},
              {MakeTensor<T>({4}, {2, 3, 6, 6})});
    }
    Emit(b.Invalid(rules::kTypeNotAllowed).Quote(kTypeLists).Describe(description));
  }
}

void InvalidCases::AddTypeRules() {
  // Every numeric type each operator version does not allow.
  for (const OperatorVersion& v : SuiteOperatorVersions()) {
    for (ElementType type : kNumericTypes) {
      bool allowed = false;
      for (ElementType t : v.types) allowed = allowed || t == type;
      if (allowed) continue;
      VisitNumericType(type,
                       [&]<typename T>(TypeTag<T>) { AddTypeNotAllowed<T>(v.op_type, v.version); });
    }
  }
  // bool: not numeric at all (hand-written tensor files: Tensor holds numbers only).
  Emit(
      Min("bool_inputs", rules::kTypeNotAllowed)
          .Quote(kTypeLists)
          .Describe("Min-13 over bool tensors: bool is in no type list"),
      [](Case& c) {
        for (onnx::ValueInfoProto& v : *Graph(c).mutable_input()) {
          v.mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::BOOL);
        }
        Graph(c).mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
            onnx::TensorProto::BOOL);
      },
      [](Case& c) {
        auto bools = [](const std::string& name, std::vector<int> values) {
          onnx::TensorProto t;
          t.set_name(name);
          t.set_data_type(onnx::TensorProto::BOOL);
          t.add_dims(static_cast<int64_t>(values.size()));
          for (int v : values) t.add_int32_data(v);
          return t.SerializeAsString();
        };
        c.files[InputFileKey(0)] = bools("data_0", {1, 0, 1});
        c.files[InputFileKey(1)] = bools("data_1", {0, 0, 1});
        c.files[OutputFileKey(0)] = bools("min", {0, 0, 1});
      });
  {
    CaseBuilder b("Min", 13, ElementType::kFloat, "float_and_double_inputs");
    b.ExtraType(ElementType::kDouble)
        .Inputs({"data_0", "data_1"})
        .Outputs({"min"})
        .DataSet({MakeTensor<float>({3}, {1, 5, 3}), MakeTensor<double>({3}, {4, 2, 3})},
                 {MakeTensor<float>({3}, {1, 2, 3})})
        .Invalid(rules::kTypeParamMismatch)
        .Quote(kMinSameType);
    Emit(b);
  }
  {
    CaseBuilder b("Clip", 12, ElementType::kFloat, "double_bounds");
    b.ExtraType(ElementType::kDouble)
        .Inputs({"input", "min", "max"})
        .Outputs({"output"})
        .DataSet({MakeTensor<float>({4}, {0, 3, 7, 9}), MakeTensor<double>({}, {2}),
                  MakeTensor<double>({}, {6})},
                 {MakeTensor<float>({4}, {2, 3, 6, 6})})
        .Invalid(rules::kTypeParamMismatch)
        .Quote(kClipInputs);
    Emit(b);
  }
}

void InvalidCases::AddAttributeRules() {
  Emit(Min("consumed_inputs", rules::kAttrUnknown, 6)
           .Attr("consumed_inputs", std::vector<int64_t>{0, 0})
           .Quote("| 6 | FLOATS | all inputs the same shape | none |")
           .Describe("consumed_inputs exists only in Min-1"));
  Emit(Min("axis_attribute", rules::kAttrUnknown).Attr("axis", int64_t{0}).Quote(kMinInputs));
  Emit(ArgMin(11, "select_last_index", rules::kAttrUnknown)
           .Attr("select_last_index", int64_t{1})
           .DataSet({ArgMinInput()}, {MakeTensor<int64_t>({1, 3}, {1, 0, 0})})
           .Quote(kArgMinSelectLast)
           .Describe("select_last_index arrives in ArgMin-12"));
  Emit(Clip("min_attribute", rules::kAttrUnknown, 11)
           .Attr("min", 2.0f)
           .Quote(kClipInputs)
           .Describe("Clip-11 takes its bounds as inputs; the min attribute is gone"));
  {
    CaseBuilder b = Clip("constant_two_values", rules::kAttrConstantValue, 12);
    b.Quote(kConstantOneValue)
        .Describe("min comes from a Constant node that sets both value and value_float (2)");
    Emit(b, [](Case& c) {
      onnx::NodeProto& constant = FeedFromConstant(c, 1);
      onnx::AttributeProto* value = constant.add_attribute();
      value->set_name(std::string("value"));
      value->set_type(onnx::AttributeProto::TENSOR);
      *value->mutable_t() = TensorToProto(MakeTensor<float>({}, {2}), "");
      onnx::AttributeProto* value_float = constant.add_attribute();
      value_float->set_name(std::string("value_float"));
      value_float->set_type(onnx::AttributeProto::FLOAT);
      value_float->set_f(2.0f);
    });
  }
  Emit(MinShapes(8, "constant_without_value", rules::kAttrRequiredMissing, {3}, {3}, {3})
           .Quote(kConstantValueRequired)
           .Describe("data_1 comes from a Constant node (Constant-1 at opset 8) without value"),
       [](Case& c) { FeedFromConstant(c, 1); });
  Emit(ArgMin(13, "axis_twice", rules::kAttrDuplicate)
           .Attr("axis", int64_t{0})
           .Attr("axis", int64_t{1})
           .Declare({ArgMinInput()}, {MakeTensor<int64_t>({1, 3}, {1, 0, 0})})
           .Quote(kArgMinAttrs));
  Emit(ArgMin(13, "axis_float", rules::kAttrType)
           .Attr("axis", 1.0f)
           .Declare({ArgMinInput()}, {MakeTensor<int64_t>({2, 1}, {1, 0})})
           .Quote(kArgMinAttrs));
  Emit(ArgMin(12, "keepdims_ints", rules::kAttrType)
           .Attr("keepdims", std::vector<int64_t>{1})
           .Declare({ArgMinInput()}, {MakeTensor<int64_t>({1, 3}, {1, 0, 0})})
           .Quote(kArgMinAttrs));
  {
    CaseBuilder b("Clip", 6, ElementType::kFloat, "min_int_attribute");
    b.Inputs({"input"})
        .Outputs({"output"})
        .Attr("min", int64_t{2})
        .Declare({MakeTensor<float>({4}, {0, 3, 7, 9})}, {MakeTensor<float>({4}, {2, 3, 7, 9})})
        .Invalid(rules::kAttrType)
        .Quote(kClipAttrs);
    Emit(b);
  }
  for (int version : {1, 13}) {
    Emit(ArgMin(version, "keepdims_2", rules::kAttrBoolValue)
             .Attr("keepdims", int64_t{2})
             .Declare({ArgMinInput()}, {MakeTensor<int64_t>({1, 3}, {1, 0, 0})})
             .Quote(kArgMinKeepdims));
  }
  Emit(ArgMin(12, "select_last_index_minus1", rules::kAttrBoolValue)
           .Attr("select_last_index", int64_t{-1})
           .Declare({ArgMinInput()}, {MakeTensor<int64_t>({1, 3}, {1, 0, 0})})
           .Quote(kArgMinSelectLast));
  Emit(ArgMin(13, "axis_2_rank_2", rules::kAttrAxisRange)
           .Attr("axis", int64_t{2})
           .Declare({ArgMinInput()}, {MakeTensor<int64_t>({2, 3}, {0, 0, 0, 0, 0, 0})})
           .Quote(kArgMinAxisRange));
  Emit(ArgMin(11, "axis_minus3_rank_2", rules::kAttrAxisRange)
           .Attr("axis", int64_t{-3})
           .Declare({ArgMinInput()}, {MakeTensor<int64_t>({2, 3}, {0, 0, 0, 0, 0, 0})})
           .Quote(kArgMinAxisRange));
  Emit(ArgMin(1, "axis_2_rank_2", rules::kAttrAxisRange)
           .Attr("axis", int64_t{2})
           .Declare({ArgMinInput()}, {MakeTensor<int64_t>({2, 3}, {0, 0, 0, 0, 0, 0})})
           .Quote(kArgMinAttrs)
           .Describe("ArgMin-1 reduces axis 0..r-1; r = 2"));
  Emit(ArgMin(13, "scalar_input", rules::kAttrAxisRange)
           .Declare({MakeTensor<float>({}, {1})}, {MakeTensor<int64_t>({}, {0})})
           .Quote(kArgMinAxisRange)
           .Describe("a rank-0 input has no axis: [-0, -1] is empty"));
}

void InvalidCases::AddShapeRules() {
  Emit(MinShapes(13, "negative_dim", rules::kShapeDimInvalid, {3}, {3}, {3})
           .Quote(RuleQuote(rules::kShapeDimInvalid)),
       [](Case& c) {
         Graph(c)
             .mutable_input(0)
             ->mutable_type()
             ->mutable_tensor_type()
             ->mutable_shape()
             ->mutable_dim(0)
             ->set_dim_value(-3);
       });
  Emit(MinShapes(6, "unequal_shapes", rules::kShapeEqualRequired, {2, 3}, {3}, {2, 3})
           .Quote(kMinSameShape)
           .Describe("Min-6 does not broadcast [2,3] with [3]"));
  Emit(MinShapes(1, "unequal_shapes", rules::kShapeEqualRequired, {2}, {3}, {3})
           .Quote("all inputs the same shape; output the same dimensions"));
  Emit(MinShapes(8, "not_broadcastable", rules::kShapeBroadcast, {2, 3}, {4}, {2, 3})
           .Quote(kMinBroadcast));
  Emit(MinShapes(13, "not_broadcastable", rules::kShapeBroadcast, {2, 3}, {3, 2}, {2, 3})
           .Quote(kMinBroadcast));
  {
    CaseBuilder b = Clip("min_not_scalar", rules::kShapeClipBoundScalar, 11);
    b.Quote(kClipInputs);
    Emit(b, [](Case& c) {
      c.data_sets[0].inputs[1] = MakeTensor<float>({1}, {2});
      Graph(c)
          .mutable_input(1)
          ->mutable_type()
          ->mutable_tensor_type()
          ->mutable_shape()
          ->add_dim()
          ->set_dim_value(1);
    });
  }
  {
    CaseBuilder b = Clip("max_two_values", rules::kShapeClipBoundScalar, 13);
    b.Quote(kClipInputs);
    Emit(b, [](Case& c) {
      c.data_sets.clear();
      Graph(c)
          .mutable_input(2)
          ->mutable_type()
          ->mutable_tensor_type()
          ->mutable_shape()
          ->add_dim()
          ->set_dim_value(2);
    });
  }
  for (int version : {1, 13}) {
    Emit(ArgMin(version, "reduce_empty_axis", rules::kShapeReducedAxisEmpty)
             .Attr("axis", int64_t{1})
             .Declare({MakeTensor<float>({2, 0}, {})}, {MakeTensor<int64_t>({2, 1}, {0, 0})})
             .Quote(kArgMinEmptyAxis));
  }
}

void InvalidCases::AddOutputRules() {
  Emit(ArgMin(13, "output_float", rules::kOutputTypeInferred)
           .DataSet({ArgMinInput()}, {MakeTensor<float>({1, 3}, {1, 0, 0})})
           .Quote(kArgMinOneInput));
  Emit(ArgMin(13, "output_rank_dropped", rules::kOutputShapeInferred)
           .Attr("axis", int64_t{1})
           .DataSet({ArgMinInput()}, {MakeTensor<int64_t>({2}, {1, 0})})
           .Quote(kArgMinKeepdims)
           .Describe("keepdims defaults to 1: the output is [2,1], declared [2]"));
  Emit(MinShapes(13, "output_not_broadcast_shape", rules::kOutputShapeInferred, {2, 3}, {3}, {3})
           .Quote(kMinBroadcast));
}

void InvalidCases::AddDataRules() {
  Emit(Min("no_data_set", rules::kDataSetMissing).Quote(RuleQuote(rules::kDataSetMissing)),
       [](Case& c) { c.data_sets.clear(); });
  Emit(Min("input_numbering_gap", rules::kDataFileNames).Quote(RuleQuote(rules::kDataFileNames)),
       nullptr, [](Case& c) {
         c.files[InputFileKey(2)] = c.files[InputFileKey(1)];
         c.files.erase(InputFileKey(1));
       });
  Emit(Min("input_not_protobuf", rules::kDataDecode).Quote(RuleQuote(rules::kDataDecode)), nullptr,
       [](Case& c) { c.files[InputFileKey(0)] = std::string("\xff\xff\xff\xff", 4); });
  Emit(Min("raw_data_too_short", rules::kDataDecode).Quote(RuleQuote(rules::kDataDecode)), nullptr,
       [](Case& c) {
         onnx::TensorProto t = TensorToProto(MakeTensor<float>({3}, {1, 5, 3}), "data_0");
         t.mutable_raw_data()->resize(8);
         c.files[InputFileKey(0)] = t.SerializeAsString();
       });
  Emit(Min("one_input_file", rules::kDataInputCount).Quote(RuleQuote(rules::kDataInputCount)),
       nullptr, [](Case& c) { c.files.erase(InputFileKey(1)); });
  Emit(Min("two_output_files", rules::kDataOutputCount).Quote(RuleQuote(rules::kDataOutputCount)),
       nullptr, [](Case& c) { c.files[OutputFileKey(1)] = c.files[OutputFileKey(0)]; });
  Emit(Min("double_input_data", rules::kDataType).Quote(RuleQuote(rules::kDataType)), nullptr,
       [](Case& c) {
         c.files[InputFileKey(1)] =
             TensorToProto(MakeTensor<double>({3}, {4, 2, 3}), "data_1").SerializeAsString();
       });
  Emit(Min("input_data_shape", rules::kDataShape).Quote(RuleQuote(rules::kDataShape)), nullptr,
       [](Case& c) {
         c.files[InputFileKey(1)] =
             TensorToProto(MakeTensor<float>({1, 3}, {4, 2, 3}), "data_1").SerializeAsString();
       });
}

}  // namespace

void AddInvalidCases(std::vector<Case>& cases) {
  InvalidCases invalid(cases);
  invalid.AddModelRules();
  invalid.AddGraphRules();
  invalid.AddNodeRules();
  invalid.AddTypeRules();
  invalid.AddAttributeRules();
  invalid.AddShapeRules();
  invalid.AddOutputRules();
  invalid.AddDataRules();
}

}  // namespace onnx_conform
