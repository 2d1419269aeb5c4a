// The graph interpreter: version resolution, values by name, initializers,
// Constant and Identity, models from ONNX's version converter, and errors.
#include "reference/interpreter.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "onnx/version_converter/convert.h"
#include "reference/function_bodies.h"
#include "runners/harness/evaluate_model.h"
#include "tensor/resource_limits.h"
#include "tensor/tensor_proto.h"
#include "testing/reference_test_util.h"

namespace onnx_conform::testing {
namespace {

using ::testing::HasSubstr;

struct ValueInfo {
  std::string name;
  ElementType type;
};

// A model of the default domain at `opset` (ir_version 8 unless given).
onnx::ModelProto MakeModel(int64_t opset, std::vector<onnx::NodeProto> nodes,
                           std::vector<ValueInfo> inputs, std::vector<std::string> outputs,
                           std::vector<std::pair<std::string, Tensor>> initializers = {},
                           int64_t ir_version = 8) {
  onnx::ModelProto model;
  model.set_ir_version(ir_version);
  onnx::OperatorSetIdProto* import = model.add_opset_import();
  import->set_domain("");
  import->set_version(opset);
  onnx::GraphProto* graph = model.mutable_graph();
  graph->set_name("test");
  for (onnx::NodeProto& node : nodes) *graph->add_node() = std::move(node);
  for (const ValueInfo& input : inputs) {
    onnx::ValueInfoProto* info = graph->add_input();
    info->set_name(input.name);
    info->mutable_type()->mutable_tensor_type()->set_elem_type(static_cast<int>(input.type));
  }
  for (const std::string& output : outputs) {
    onnx::ValueInfoProto* info = graph->add_output();
    info->set_name(output);
  }
  for (const auto& [name, tensor] : initializers) {
    *graph->add_initializer() = TensorToProto(tensor, name);
  }
  DeclareOutputTypes(model);
  return model;
}

void ExpectCode(const absl::Status& status, absl::StatusCode code, const std::string& fragment) {
  EXPECT_EQ(status.code(), code) << status;
  EXPECT_THAT(std::string(status.message()), HasSubstr(fragment));
}

TEST(ResolveOperatorVersion, NewestVersionNotAboveTheOpset) {
  const std::vector<std::optional<int64_t>> min = {
      std::nullopt, 1, 1, 1, 1, 1, 6, 6, 8, 8, 8, 8, 12, 13, 13, 13, 13, 13, 13};
  for (int64_t opset = 0; opset < static_cast<int64_t>(min.size()); ++opset) {
    EXPECT_EQ(ResolveOperatorVersion("Min", opset), min[opset]) << "opset " << opset;
  }
  EXPECT_EQ(ResolveOperatorVersion("ArgMin", 10), 1);
  EXPECT_EQ(ResolveOperatorVersion("ArgMin", 11), 11);
  EXPECT_EQ(ResolveOperatorVersion("ArgMin", 12), 12);
  EXPECT_EQ(ResolveOperatorVersion("ArgMin", 18), 13);
  EXPECT_EQ(ResolveOperatorVersion("Clip", 5), 1);
  EXPECT_EQ(ResolveOperatorVersion("Clip", 10), 6);
  EXPECT_EQ(ResolveOperatorVersion("Clip", 11), 11);
  EXPECT_EQ(ResolveOperatorVersion("Clip", 12), 12);
  EXPECT_EQ(ResolveOperatorVersion("Clip", 17), 13);
  EXPECT_EQ(ResolveOperatorVersion("Constant", 1), 1);
  EXPECT_EQ(ResolveOperatorVersion("Identity", 7), 1);
  EXPECT_EQ(ResolveOperatorVersion("Sigmoid", 13), 13);  // ONNX's definition
  EXPECT_EQ(ResolveOperatorVersion("Frobnicate", 13), std::nullopt);
}

TEST(RunNode, TheOpsetSelectsTheVersion) {
  Tensor a = Values<float>({2}, {1, 5});
  Tensor b = Values<float>({}, {3});
  onnx::NodeProto min = NodeBuilder("Min").Inputs({"a", "b"}).Build();
  // Opset 7 runs Min-6 (no broadcasting); opset 8 runs Min-8.
  ExpectCode(RunOne(min, 7, {&a, &b}).status(), absl::StatusCode::kInvalidArgument, "Min-6");
  absl::StatusOr<Tensor> out = RunOne(min, 8, {&a, &b});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Values<float>({2}, {1, 3}));
  // Opset 11 runs ArgMin-11, which has no select_last_index.
  Tensor data = Values<float>({3}, {0, 0, 1});
  onnx::NodeProto argmin = NodeBuilder("ArgMin").Inputs({"x"}).Int("select_last_index", 1).Build();
  ExpectCode(RunOne(argmin, 11, {&data}).status(), absl::StatusCode::kInvalidArgument, "ArgMin-11");
  out = RunOne(argmin, 17, {&data});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Int64s({1}, {1}));
}

// What the suite does not cover is unimplemented; a broken model invalid.
TEST(RunNode, UnknownOperatorOrDomainIsUnimplemented) {
  Tensor a = Values<float>({1}, {1});
  ExpectCode(RunOne(NodeBuilder("Foo").Inputs({"a"}).Build(), 13, {&a}).status(),
             absl::StatusCode::kUnimplemented, "'Foo' is not in the registry");
  onnx::NodeProto custom = NodeBuilder("Min").Inputs({"a"}).Build();
  custom.set_domain("com.example");
  // Without an opset_import of its domain the model is broken.
  ExpectCode(RunOne(custom, 13, {&a}).status(), absl::StatusCode::kInvalidArgument,
             "imports no opset for domain 'com.example'");
  ExpectCode(RunOne(NodeBuilder("Min").Inputs({"a"}).Build(), 0, {&a}).status(),
             absl::StatusCode::kInvalidArgument, "version 0 is below 1");
  onnx::NodeProto aliased = NodeBuilder("Min").Inputs({"a"}).Build();
  aliased.set_domain("ai.onnx");
  EXPECT_TRUE(RunOne(aliased, 13, {&a}).ok());
}

TEST(RunNode, ArityErrorsNameTheNode) {
  Tensor a = Values<float>({1}, {1});
  onnx::NodeProto node = NodeBuilder("ArgMin").Name("reduce").Inputs({"a", "b"}).Build();
  ExpectCode(RunOne(node, 13, {&a, &a}).status(), absl::StatusCode::kInvalidArgument,
             "node 'reduce', inputs: ArgMin-13 takes exactly 1 inputs");
  node = NodeBuilder("Clip").Inputs({"a"}).Outputs({"y", "z"}).Build();
  ExpectCode(RunOne(node, 13, {&a}).status(), absl::StatusCode::kInvalidArgument, "1 output");
}

TEST(RunModel, IdentityChainsAndInitializers) {
  onnx::ModelProto model =
      MakeModel(13,
                {NodeBuilder("Identity").Inputs({"x"}).Outputs({"x1"}).Build(),
                 NodeBuilder("Identity").Inputs({"x1"}).Outputs({"x2"}).Build(),
                 NodeBuilder("Min").Inputs({"x2", "limit", "y"}).Outputs({"m"}).Build(),
                 NodeBuilder("Identity").Inputs({"m"}).Outputs({"out"}).Build()},
                {{"x", ElementType::kInt32}, {"y", ElementType::kInt32}}, {"out", "x1"},
                {{"limit", Values<int32_t>({3}, {4, 4, 4})}});
  absl::StatusOr<std::vector<Tensor>> out =
      RunModel(model, {Values<int32_t>({2, 3}, {1, 9, 5, 7, 3, 8}), Values<int32_t>({}, {6})});
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 2u);
  EXPECT_BITS_EQ((*out)[0], Values<int32_t>({2, 3}, {1, 4, 4, 4, 3, 4}));
  EXPECT_BITS_EQ((*out)[1], Values<int32_t>({2, 3}, {1, 9, 5, 7, 3, 8}));
}

// Graph inputs are read in place and the graph output is the node's own
// tensor: Min of two 1000-float inputs allocates (and charges) only its
// 4000-byte output. A graph input given back as an output, and an output
// listed twice, are copies the caller owns.
TEST(RunModel, InputsAreNotCopiedAndOutputsAreMoved) {
  const std::vector<float> twos(1000, 2.0f), minus_ones(1000, -1.0f);
  const Tensor x = Tensor::FromValues<float>({1000}, std::span<const float>(twos));
  const Tensor y = Tensor::FromValues<float>({1000}, std::span<const float>(minus_ones));
  onnx::ModelProto min =
      MakeModel(13, {NodeBuilder("Min").Inputs({"x", "y"}).Outputs({"m"}).Build()},
                {{"x", ElementType::kFloat}, {"y", ElementType::kFloat}}, {"m"});
  {
    ScopedResourceBudget budget(ResourceLimits{});
    absl::StatusOr<std::vector<Tensor>> out = RunModel(min, {x, y});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_EQ(budget.charged_bytes(), 4000);
    EXPECT_EQ(out->at(0).data<float>()[999], -1.0f);
  }
  onnx::ModelProto echo = MakeModel(13, {NodeBuilder("Min").Inputs({"x"}).Outputs({"m"}).Build()},
                                    {{"x", ElementType::kFloat}}, {"m", "x"});
  ScopedResourceBudget budget(ResourceLimits{});
  absl::StatusOr<std::vector<Tensor>> out = RunModel(echo, {x});
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 2u);
  EXPECT_EQ(budget.charged_bytes(), 2 * 4000);  // Min's output and a copy of x
  for (const Tensor& t : *out) {
    ASSERT_EQ(t.element_count(), 1000);
    EXPECT_EQ(t.data<float>()[0], 2.0f);
    EXPECT_NE(t.data<float>().data(), x.data<float>().data());
  }
  EXPECT_NE(out->at(0).data<float>().data(), out->at(1).data<float>().data());
}

// ONNX IR < 4 lists initializers among the graph inputs too: they are not fed.
TEST(RunModel, InitializersListedAsInputsAreNotFed) {
  onnx::ModelProto model =
      MakeModel(6, {NodeBuilder("Min").Inputs({"w", "x"}).Outputs({"y"}).Build()},
                {{"w", ElementType::kFloat}, {"x", ElementType::kFloat}}, {"y"},
                {{"w", Values<float>({2}, {0, 0})}}, /*ir_version=*/3);
  absl::StatusOr<std::vector<Tensor>> out = RunModel(model, {Values<float>({2}, {-1, 1})});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(out->at(0), Values<float>({2}, {-1, 0}));
}

// What ONNX's version converter makes of Clip-6 (attributes) at opset 11:
// Constant nodes holding the bounds, fed to Clip-11's inputs.
TEST(RunModel, ConstantBoundsIntoClip11) {
  onnx::ModelProto model =
      MakeModel(11,
                {NodeBuilder("Constant")
                     .Outputs({"lo"})
                     .TensorAttribute("value", Values<float>({}, {-1}))
                     .Build(),
                 NodeBuilder("Constant")
                     .Outputs({"hi"})
                     .TensorAttribute("value", Values<float>({}, {1}))
                     .Build(),
                 NodeBuilder("Clip").Inputs({"x", "lo", "hi"}).Outputs({"y"}).Build()},
                {{"x", ElementType::kFloat}}, {"y"});
  absl::StatusOr<std::vector<Tensor>> out =
      RunModel(model, {Values<float>({4}, {-3, -0.5, 0.5, kInf})});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(out->at(0), Values<float>({4}, {-1, -0.5, 0.5, 1}));
}

TEST(RunModel, RealVersionConverterOutputRuns) {
  onnx::ModelProto clip6 = MakeModel(
      10,
      {NodeBuilder("Clip").Inputs({"x"}).Outputs({"y"}).Float("min", -1).Float("max", 2).Build()},
      {{"x", ElementType::kFloat}}, {"y"});
  onnx::ValueInfoProto* output = clip6.mutable_graph()->mutable_output(0);
  output->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
  for (onnx::ValueInfoProto* info : {clip6.mutable_graph()->mutable_input(0), output}) {
    info->mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(4);
  }
  onnx::ModelProto clip11;
  try {
    clip11 = onnx::version_conversion::ConvertVersion(clip6, 11);
  } catch (const std::exception& e) {
    FAIL() << "version converter: " << e.what();
  }
  bool has_constant = false;
  for (const onnx::NodeProto& node : clip11.graph().node()) {
    has_constant |= node.op_type() == "Constant";
  }
  EXPECT_TRUE(has_constant) << clip11.DebugString();
  const Tensor x = Values<float>({4}, {-3, 0, 2.5, kInf});
  for (const onnx::ModelProto* model : {&clip6, &clip11}) {
    absl::StatusOr<std::vector<Tensor>> out = RunModel(*model, {x});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(out->at(0), Values<float>({4}, {-1, 0, 2, 2}));
  }
}

TEST(RunModel, ConstantValueForms) {
  onnx::NodeProto floats = NodeBuilder("Constant").Outputs({"f"}).Build();
  onnx::AttributeProto* a = floats.add_attribute();
  a->set_name("value_floats");
  a->set_type(onnx::AttributeProto::FLOATS);
  a->add_floats(2);
  a->add_floats(-1);
  onnx::NodeProto ints = NodeBuilder("Constant").Outputs({"i"}).Int("value_int", 7).Build();
  onnx::ModelProto model = MakeModel(12, {floats, ints}, {}, {"f", "i"});
  model.mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::FLOAT);
  model.mutable_graph()->mutable_output(1)->mutable_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::INT64);
  absl::StatusOr<std::vector<Tensor>> out = RunModel(model, {});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(out->at(0), Values<float>({2}, {2, -1}));
  EXPECT_BITS_EQ(out->at(1), Int64s({}, {7}));
  // value_int arrives with Constant-12.
  model = MakeModel(11, {ints}, {}, {"i"});
  ExpectCode(RunModel(model, {}).status(), absl::StatusCode::kInvalidArgument, "value_int");
  // Exactly one value attribute.
  model = MakeModel(13, {NodeBuilder("Constant").Outputs({"c"}).Build()}, {}, {"c"});
  ExpectCode(RunModel(model, {}).status(), absl::StatusCode::kInvalidArgument, "exactly one");
}

TEST(RunModel, ErrorsNameTheNodeAndField) {
  const std::vector<Tensor> one_input = {Values<float>({1}, {1})};
  // Undefined value.
  onnx::ModelProto model =
      MakeModel(13, {NodeBuilder("Min").Name("m").Inputs({"x", "nowhere"}).Outputs({"y"}).Build()},
                {{"x", ElementType::kFloat}}, {"y"});
  ExpectCode(RunModel(model, one_input).status(), absl::StatusCode::kInvalidArgument,
             "[GRAPH-INPUT-UNDEFINED] node 'm', input 1: 'nowhere'");
  // Unknown operator.
  model = MakeModel(13, {NodeBuilder("Frobnicate").Inputs({"x"}).Outputs({"y"}).Build()},
                    {{"x", ElementType::kFloat}}, {"y"});
  ExpectCode(RunModel(model, one_input).status(), absl::StatusCode::kUnimplemented,
             "[NODE-SCHEMA-UNKNOWN] node #0 Frobnicate");
  // An operator of ONNX's the reference has no kernel for.
  model = MakeModel(13, {NodeBuilder("Sigmoid").Inputs({"x"}).Outputs({"y"}).Build()},
                    {{"x", ElementType::kFloat}}, {"y"});
  ExpectCode(RunModel(model, one_input).status(), absl::StatusCode::kUnimplemented,
             "Sigmoid-13 is not implemented by the reference");
  // No opset import for the default domain.
  model = MakeModel(13, {NodeBuilder("Min").Inputs({"x"}).Outputs({"y"}).Build()},
                    {{"x", ElementType::kFloat}}, {"y"});
  model.clear_opset_import();
  ExpectCode(RunModel(model, one_input).status(), absl::StatusCode::kInvalidArgument,
             "[MODEL-OPSET-IMPORT]");
  // Wrong number of fed inputs, wrong element type.
  model = MakeModel(13, {NodeBuilder("Min").Inputs({"x"}).Outputs({"y"}).Build()},
                    {{"x", ElementType::kFloat}}, {"y"});
  ExpectCode(RunModel(model, {}).status(), absl::StatusCode::kInvalidArgument,
             "[DATA-INPUT-COUNT] 0 input files, but the graph has 1 inputs");
  ExpectCode(RunModel(model, {Values<double>({1}, {1})}).status(),
             absl::StatusCode::kInvalidArgument, "declared float");
  // A graph output nobody computes.
  model = MakeModel(13, {NodeBuilder("Min").Inputs({"x"}).Outputs({"y"}).Build()},
                    {{"x", ElementType::kFloat}}, {"z"});
  ExpectCode(RunModel(model, one_input).status(), absl::StatusCode::kInvalidArgument,
             "[GRAPH-OUTPUT-NOT-PRODUCED] graph output 'z'");
  // A value defined twice.
  model = MakeModel(13, {NodeBuilder("Min").Inputs({"x"}).Outputs({"x"}).Build()},
                    {{"x", ElementType::kFloat}}, {"x"});
  ExpectCode(RunModel(model, one_input).status(), absl::StatusCode::kInvalidArgument,
             "already defined");
  // Kernel errors keep their code and gain the node.
  model = MakeModel(13, {NodeBuilder("ArgMin").Inputs({"x"}).Int("axis", 3).Outputs({"y"}).Build()},
                    {{"x", ElementType::kFloat}}, {"y"});
  ExpectCode(RunModel(model, one_input).status(), absl::StatusCode::kInvalidArgument,
             "[ATTR-AXIS-RANGE] node #0 ArgMin, attribute axis: axis 3");
}

TEST(RunModel, OfficialClipDefaultMaxShapeOfInputs) {
  // Clip(x, "", max) as in ONNX's test_clip_default_max.
  onnx::ModelProto model =
      MakeModel(13, {NodeBuilder("Clip").Inputs({"x", "", "max"}).Outputs({"y"}).Build()},
                {{"x", ElementType::kInt8}, {"max", ElementType::kInt8}}, {"y"});
  absl::StatusOr<std::vector<Tensor>> out =
      RunModel(model, {Values<int8_t>({3}, {-128, 0, 127}), Values<int8_t>({}, {0})});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(out->at(0), Values<int8_t>({3}, {-128, 0, 0}));
}

// ---- Values a node may write its output into: those nothing reads again ----
// The fast kernels write Min's and Clip's output into their input 0 when
// that value is the graph's own (a node's output) and read once; never into
// the caller's inputs, and never into a value read again.

TEST(InPlaceValues, AValueReadAgainIsNeverOverwritten) {
  const Tensor x = Values<float>({3}, {3, -2, 8});
  const Tensor y = Values<float>({3}, {1, 1, 9});
  // x1 is a graph output too: its value must come back unchanged.
  onnx::ModelProto model =
      MakeModel(13,
                {NodeBuilder("Identity").Inputs({"x"}).Outputs({"x1"}).Build(),
                 NodeBuilder("Min").Inputs({"x1", "y"}).Outputs({"m"}).Build()},
                {{"x", ElementType::kFloat}, {"y", ElementType::kFloat}}, {"m", "x1"});
  absl::StatusOr<std::vector<Tensor>> out = RunModel(model, {x, y});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(out->at(0), Values<float>({3}, {1, -2, 8}));
  EXPECT_BITS_EQ(out->at(1), x);
  // x1 read by two nodes: the first must not overwrite it.
  model = MakeModel(13,
                    {NodeBuilder("Identity").Inputs({"x"}).Outputs({"x1"}).Build(),
                     NodeBuilder("Min").Inputs({"x1", "y"}).Outputs({"m"}).Build(),
                     NodeBuilder("Min").Inputs({"x1", "m"}).Outputs({"n"}).Build()},
                    {{"x", ElementType::kFloat}, {"y", ElementType::kFloat}}, {"n"});
  out = RunModel(model, {x, y});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(out->at(0), Values<float>({3}, {1, -2, 8}));
  // Min(x1, x1): one value read twice by one node.
  model = MakeModel(13,
                    {NodeBuilder("Identity").Inputs({"x"}).Outputs({"x1"}).Build(),
                     NodeBuilder("Min").Inputs({"x1", "x1"}).Outputs({"m"}).Build()},
                    {{"x", ElementType::kFloat}}, {"m"});
  out = RunModel(model, {x});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(out->at(0), x);
}

// A value asked for besides the outputs is read again: never overwritten.
TEST(InPlaceValues, AValueAskedForIsKept) {
  const Tensor x = Values<float>({3}, {3, -2, 8});
  const Tensor y = Values<float>({3}, {1, 1, 9});
  const onnx::ModelProto model =
      MakeModel(13,
                {NodeBuilder("Min").Inputs({"x", "y"}).Outputs({"m"}).Build(),
                 NodeBuilder("Clip").Inputs({"m"}).Outputs({"c"}).Build()},
                {{"x", ElementType::kFloat}, {"y", ElementType::kFloat}}, {"c"});
  absl::StatusOr<std::vector<Tensor>> out = RunModel(model, {x, y}, {.also_values = {"m"}});
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 2u);
  EXPECT_BITS_EQ(out->at(1), Values<float>({3}, {1, -2, 8}));
  EXPECT_NE(out->at(0).bytes().data(), out->at(1).bytes().data());
  EXPECT_EQ(RunModel(model, {x, y}, {.also_values = {"nowhere"}}).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(InPlaceValues, ChainsOfMinAndClipGiveThePlainLoopsBits) {
  // x -> Min(x, y) -> m -> Clip(m, lo, hi) -> c, broadcast or not.
  const Tensor lo = Values<float>({}, {-0.5});
  const Tensor hi = Values<float>({}, {4});
  for (const Shape& x_shape : {Shape{2, 3}, Shape{1, 3}}) {
    const Tensor x = x_shape.size() == 2 && x_shape[0] == 2
                         ? Values<float>({2, 3}, {5, -1, kNaN, 0, 7, -0.0})
                         : Values<float>({1, 3}, {5, -1, kNaN});
    const Tensor y = Values<float>({2, 3}, {1, 1, 1, 1, 1, 1});
    onnx::ModelProto model =
        MakeModel(13,
                  {NodeBuilder("Min").Inputs({"x", "y"}).Outputs({"m"}).Build(),
                   NodeBuilder("Clip").Inputs({"m", "lo", "hi"}).Outputs({"c"}).Build(),
                   NodeBuilder("ArgMin").Inputs({"c"}).Int("axis", 1).Outputs({"a"}).Build()},
                  {{"x", ElementType::kFloat},
                   {"y", ElementType::kFloat},
                   {"lo", ElementType::kFloat},
                   {"hi", ElementType::kFloat}},
                  {"c", "a"});
    absl::StatusOr<std::vector<Tensor>> fast = RunModel(model, {x, y, lo, hi});
    absl::StatusOr<std::vector<Tensor>> plain =
        RunModel(model, {x, y, lo, hi}, {.kernels = Kernels::kPlain});
    ASSERT_TRUE(fast.ok()) << fast.status();
    ASSERT_TRUE(plain.ok()) << plain.status();
    EXPECT_BITS_EQ(fast->at(0), plain->at(0));
    EXPECT_BITS_EQ(fast->at(1), plain->at(1));
  }
}

// CastLike (Relu-14's body): exact casts run, whatever the two types; a
// value a cast would round or saturate, and NaN to an integer, are
// Unimplemented naming the element.
TEST(RunModel, CastLikeRunsExactCastsOnly) {
  const auto cast = [](ElementType from, ElementType to) {
    return MakeModel(15, {NodeBuilder("CastLike").Inputs({"x", "like"}).Outputs({"y"}).Build()},
                     {{"x", from}, {"like", to}}, {"y"});
  };
  absl::StatusOr<std::vector<Tensor>> to_int8 =
      RunModel(cast(ElementType::kFloat, ElementType::kInt8),
               {Values<float>({4}, {0, -0.0f, 3, -128}), Values<int8_t>({}, {1})});
  ASSERT_TRUE(to_int8.ok()) << to_int8.status();
  EXPECT_BITS_EQ(to_int8->at(0), Values<int8_t>({4}, {0, 0, 3, -128}));
  absl::StatusOr<std::vector<Tensor>> to_double =
      RunModel(cast(ElementType::kInt64, ElementType::kDouble),
               {Values<int64_t>({2}, {-(int64_t{1} << 53), 7}), Values<double>({}, {1})});
  ASSERT_TRUE(to_double.ok()) << to_double.status();
  EXPECT_BITS_EQ(to_double->at(0), Values<double>({2}, {-9007199254740992.0, 7}));

  ExpectCode(RunModel(cast(ElementType::kFloat, ElementType::kFloat16),
                      {Values<float>({2}, {1, 0.1f}), Values<Float16>({}, {1})})
                 .status(),
             absl::StatusCode::kUnimplemented, "element 1");
  ExpectCode(RunModel(cast(ElementType::kFloat, ElementType::kInt8),
                      {Values<float>({1}, {300}), Values<int8_t>({}, {1})})
                 .status(),
             absl::StatusCode::kUnimplemented, "has no exact int8");
  ExpectCode(RunModel(cast(ElementType::kDouble, ElementType::kInt32),
                      {Values<double>({1}, {kNaN}), Values<int32_t>({}, {1})})
                 .status(),
             absl::StatusCode::kUnimplemented, "has no exact int32");
  ExpectCode(RunModel(cast(ElementType::kInt64, ElementType::kFloat),
                      {Values<int64_t>({1}, {(int64_t{1} << 24) + 1}), Values<float>({}, {1})})
                 .status(),
             absl::StatusCode::kUnimplemented, "has no exact float");
}

// Relu-14's function body, from its folder (ops/relu/relu_body.cc), at the
// first opset with CastLike, gives Relu's own results.
TEST(ExpandFunctionNodes, Relu14BecomesMaxOfXAndZeroCastLikeX) {
  const onnx::ModelProto relu =
      MakeModel(14, {NodeBuilder("Relu").Inputs({"x"}).Outputs({"y"}).Build()},
                {{"x", ElementType::kInt8}}, {"y"});
  absl::StatusOr<onnx::ModelProto> body = ExpandFunctionNodes(relu);
  ASSERT_TRUE(body.ok()) << body.status();
  EXPECT_EQ(body->opset_import(0).version(), 15);
  std::vector<std::string> ops;
  for (const onnx::NodeProto& node : body->graph().node()) ops.push_back(node.op_type());
  EXPECT_THAT(ops, ::testing::ElementsAre("Constant", "CastLike", "Max"));
  const Tensor x = Values<int8_t>({5}, {-128, -1, 0, 1, 127});
  absl::StatusOr<std::vector<Tensor>> by_body = RunModel(*body, {x});
  absl::StatusOr<std::vector<Tensor>> by_kernel = RunModel(relu, {x});
  ASSERT_TRUE(by_body.ok()) << by_body.status();
  ASSERT_TRUE(by_kernel.ok()) << by_kernel.status();
  EXPECT_BITS_EQ(by_body->at(0), Values<int8_t>({5}, {0, 0, 0, 1, 127}));
  EXPECT_BITS_EQ(by_kernel->at(0), by_body->at(0));
  // Relu-13 is not defined as a function: nothing to expand.
  const onnx::ModelProto relu13 =
      MakeModel(13, {NodeBuilder("Relu").Inputs({"x"}).Outputs({"y"}).Build()},
                {{"x", ElementType::kFloat}}, {"y"});
  EXPECT_EQ(ExpandFunctionNodes(relu13).status().code(), absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace onnx_conform::testing
