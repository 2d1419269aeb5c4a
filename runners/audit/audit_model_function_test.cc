// `audit --model` on model-local functions (FunctionProto): their nodes are
// walked like a subgraph's, typed from the call, and reported by function
// and node name; and the exit codes of models ONNX's converter cannot
// convert (a function, a custom domain).
#include <chrono>
#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_model_checks.h"
#include "runners/audit/audit_report.h"
#include "runners/cli/audit_command.h"
#include "runners/cli/cli.h"
#include "testing/audit_model_test_util.h"

// Inside audit_testing, so the shared builders (audit_model_test_util.h) need
// no using-list in each test file.
namespace onnx_conform::audit_testing {
namespace {

namespace fs = std::filesystem;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

// x (float16 [2,3]) -> 'call' = local::ClipFn(x) -> y, where ClipFn's body
// is one Clip-6 'inner_clip' without bounds, or with its min attribute taken
// from the call's attribute `lo` (`min_from_call`).
onnx::ModelProto ClipInAFunction(bool min_from_call) {
  ModelBuilder b(6);
  onnx::ModelProto model = b.model();
  model.set_ir_version(8);  // the first IR with model-local functions
  onnx::OperatorSetIdProto* local = model.add_opset_import();
  local->set_domain("local");
  local->set_version(1);
  onnx::FunctionProto* f = model.add_functions();
  f->set_name("ClipFn");
  f->set_domain("local");
  f->add_input("a");
  f->add_output("b");
  f->add_opset_import()->set_version(6);
  onnx::NodeProto* clip = f->add_node();
  *clip = ModelBuilder::Node("Clip", "inner_clip", {"a"}, {"b"});
  onnx::GraphProto& g = *model.mutable_graph();
  *g.add_input() = ModelBuilder::Value("x", kHalf, {"2", "3"});
  onnx::NodeProto call = ModelBuilder::Node("ClipFn", "call", {"x"}, {"y"});
  call.set_domain("local");
  if (min_from_call) {
    f->add_attribute("lo");
    onnx::AttributeProto* ref = clip->add_attribute();
    ref->set_name("min");
    ref->set_type(onnx::AttributeProto::FLOAT);
    ref->set_ref_attr_name("lo");
    ModelBuilder::FloatAttribute(call, "lo", 0.5f);
  }
  *g.add_node() = call;
  *g.add_output() = ModelBuilder::Value("y", kHalf, {"2", "3"});
  return model;
}

constexpr char kInner[] = "function 'local::ClipFn': 'inner_clip'";

TEST(AuditModelFunctionTest, ANodeInsideAFunctionIsAuditedAndNamed) {
  const fs::path file = Write("function_clip", ClipInAFunction(false));
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  const std::string md = ModelAuditMarkdown(*audit);
  bool listed = false;
  for (const NodeChange& n : audit->nodes) {
    listed |= n.node == kInner && n.from_version == 6 && n.to_version == 13 &&
              n.type == ElementType::kFloat16;
  }
  EXPECT_TRUE(listed) << md;
  EXPECT_THAT(md, Not(HasSubstr("No node's operator version changes")));
  EXPECT_THAT(audit->notes,
              Contains(HasSubstr("'call' calls the model-local function local::ClipFn")));
  // The node alone, on generated float16 values: +inf stays under Clip-6's
  // float max, becomes 65504 under Clip-13's float16 max.
  bool changed = false;
  for (const Finding* f : OfKind(*audit, FindingKind::kOutputChange)) changed |= f->node == kInner;
  EXPECT_TRUE(changed) << md;
  CommandResult r = RunAudit({"--model=" + file.string(), "--to=13"});
  EXPECT_EQ(r.code, kExitFailed) << r.out;
  EXPECT_THAT(r.out, HasSubstr(kInner));
}

TEST(AuditModelFunctionTest, AttributeReferencesAreResolvedFromTheCall) {
  const ModelNodes nodes(ClipInAFunction(true));
  const GraphNode* inner = nullptr;
  for (const GraphNode& n : nodes.nodes()) {
    if (n.label == kInner) inner = &n;
  }
  ASSERT_NE(inner, nullptr);
  ASSERT_EQ(inner->node->attribute_size(), 1);
  EXPECT_EQ(inner->node->attribute(0).name(), "min");
  EXPECT_FLOAT_EQ(inner->node->attribute(0).f(), 0.5f);
  EXPECT_EQ(inner->types.at("a"), ElementType::kFloat16);  // from the call's input x
  EXPECT_EQ(nodes.CalledFunction(*nodes.nodes()[0].node), "local::ClipFn");
}

// local::ClipFn (one Clip-6 without bounds) called twice: 'first' on a float
// x, 'second' on a double w, or the other way round (`double_first`).
onnx::ModelProto ClipFunctionCalledTwice(bool double_first) {
  onnx::ModelProto model = ClipInAFunction(false);
  onnx::GraphProto& g = *model.mutable_graph();
  g.clear_input();
  g.clear_node();
  g.clear_output();
  const int32_t first = double_first ? kDouble : kFloat;
  const int32_t second = double_first ? kFloat : kDouble;
  *g.add_input() = ModelBuilder::Value("x", first, {"3"});
  *g.add_input() = ModelBuilder::Value("w", second, {"3"});
  onnx::NodeProto call = ModelBuilder::Node("ClipFn", "first", {"x"}, {"y"});
  call.set_domain("local");
  *g.add_node() = call;
  call = ModelBuilder::Node("ClipFn", "second", {"w"}, {"v"});
  call.set_domain("local");
  *g.add_node() = call;
  *g.add_output() = ModelBuilder::Value("y", first, {"3"});
  *g.add_output() = ModelBuilder::Value("v", second, {"3"});
  return model;
}

// Clip-6's missing bounds are float's extremes: the same for a float input
// at Clip-13, not for a double one (-inf stays -3.4e38 at Clip-6 and
// becomes -1.8e308 at Clip-13). The double call is audited in either order.
TEST(AuditModelFunctionTest, AFunctionIsAuditedForEachSignatureOfItsCalls) {
  for (bool double_first : {false, true}) {
    SCOPED_TRACE(double_first);
    const fs::path file =
        Write(absl::StrCat("function_twice_", double_first), ClipFunctionCalledTwice(double_first));
    absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
    ASSERT_TRUE(audit.ok()) << audit.status();
    const std::string md = ModelAuditMarkdown(*audit);
    std::set<ElementType> types;
    for (const NodeChange& n : audit->nodes) {
      if (absl::StartsWith(n.node, "function 'local::ClipFn'") && n.type.has_value()) {
        types.insert(*n.type);
      }
    }
    EXPECT_EQ(types, (std::set<ElementType>{ElementType::kFloat, ElementType::kDouble})) << md;
    bool changed = false;
    for (const Finding* f : OfKind(*audit, FindingKind::kOutputChange)) {
      changed |= absl::StartsWith(f->node, "function 'local::ClipFn'");
    }
    EXPECT_TRUE(changed) << md;
  }
}

// ONNX's converter throws on both: converter-failed fails by default, and
// --write, with nothing to write, is no usage error.
TEST(AuditModelFunctionTest, ModelsTheConverterCannotConvertFail) {
  ModelBuilder b(9);
  onnx::ModelProto custom = b.model();
  onnx::OperatorSetIdProto* domain = custom.add_opset_import();
  domain->set_domain("com.example");
  domain->set_version(1);
  onnx::GraphProto& g = *custom.mutable_graph();
  *g.add_input() = ModelBuilder::Value("x", kFloat, {"3"});
  onnx::NodeProto mine = ModelBuilder::Node("Mine", "custom", {"x"}, {"y"});
  mine.set_domain("com.example");
  *g.add_node() = mine;
  *g.add_output() = ModelBuilder::Value("y", kFloat, {"3"});
  for (const auto& [name, model] :
       {std::pair{"function_write", ClipInAFunction(false)}, std::pair{"custom_write", custom}}) {
    const fs::path file = Write(name, model);
    absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
    ASSERT_TRUE(audit.ok()) << audit.status();
    std::vector<const Finding*> failed = OfKind(*audit, FindingKind::kConverterFailed);
    ASSERT_EQ(failed.size(), 1u) << name << ModelAuditMarkdown(*audit);
    // The node it stops at, named: the call or the custom operator.
    EXPECT_EQ(failed[0]->node, name == std::string("custom_write") ? "'custom'" : "'call'");
    EXPECT_THAT(failed[0]->detail, HasSubstr("not there"));
    EXPECT_EQ(RunAudit({"--model=" + file.string(), "--to=13"}).code, kExitFailed) << name;
    const fs::path out = file.parent_path() / "written.onnx";
    CommandResult w = RunAudit({"--model=" + file.string(), "--to=13", "--write=" + out.string()});
    EXPECT_EQ(w.code, kExitFailed) << name << w.err;
    EXPECT_THAT(w.err, HasSubstr("nothing written")) << name;
    EXPECT_FALSE(fs::exists(out)) << name;
  }
}

// A model-local function named `name` of domain "local" whose body is one
// node calling each of `calls` (a function of "local"), in an If's branch
// when `in_branch`.
onnx::FunctionProto Calling(const std::string& name, const std::vector<std::string>& calls,
                            bool in_branch = false) {
  onnx::FunctionProto f;
  f.set_name(name);
  f.set_domain("local");
  f.add_input("a");
  f.add_output("b");
  f.add_opset_import()->set_version(13);
  onnx::OperatorSetIdProto* local = f.add_opset_import();
  local->set_domain("local");
  local->set_version(1);
  onnx::GraphProto body;
  std::string last = "a";
  for (size_t i = 0; i < calls.size(); ++i) {
    const std::string out = i + 1 == calls.size() && !in_branch ? "b" : absl::StrCat("t", i);
    onnx::NodeProto call = ModelBuilder::Node(calls[i], absl::StrCat("call_", i), {last}, {out});
    call.set_domain("local");
    *body.add_node() = call;
    last = out;
  }
  if (!in_branch) {
    if (calls.empty()) *f.add_node() = ModelBuilder::Node("Identity", "same", {"a"}, {"b"});
    for (const onnx::NodeProto& n : body.node()) *f.add_node() = n;
    return f;
  }
  body.set_name("branch");
  body.add_output()->set_name(last);
  *f.add_node() = ModelBuilder::Node("Constant", "yes", {}, {"c"});
  onnx::NodeProto choose = ModelBuilder::Node("If", "choose", {"c"}, {"b"});
  for (const char* branch : {"then_branch", "else_branch"}) {
    onnx::AttributeProto* g = choose.add_attribute();
    g->set_name(branch);
    g->set_type(onnx::AttributeProto::GRAPH);
    *g->mutable_g() = body;
  }
  *f.add_node() = choose;
  return f;
}

// x -> local::F -> y, with `functions` as the model's local functions.
onnx::ModelProto CallsF(const std::vector<onnx::FunctionProto>& functions) {
  ModelBuilder b(13);
  onnx::ModelProto model = b.model();
  model.set_ir_version(8);
  onnx::OperatorSetIdProto* local = model.add_opset_import();
  local->set_domain("local");
  local->set_version(1);
  for (const onnx::FunctionProto& f : functions) *model.add_functions() = f;
  onnx::GraphProto& g = *model.mutable_graph();
  *g.add_input() = ModelBuilder::Value("x", kFloat, {"3"});
  onnx::NodeProto call = ModelBuilder::Node("F", "call", {"x"}, {"y"});
  call.set_domain("local");
  *g.add_node() = call;
  *g.add_output() = ModelBuilder::Value("y", kFloat, {"3"});
  return model;
}

// A function that calls itself, directly or through others (ONNX's function
// shape inference recursed without bound: SIGSEGV), is refused as an error
// that names the cycle, whether the graph calls it or not.
TEST(AuditModelFunctionTest, AFunctionThatCallsItselfIsRefusedNamingTheCycle) {
  const std::vector<std::pair<std::string, onnx::ModelProto>> models = {
      {"self", CallsF({Calling("F", {"F"})})},
      {"pair", CallsF({Calling("F", {"G"}), Calling("G", {"F"})})},
      {"branch", CallsF({Calling("F", {"G"}), Calling("G", {"F"}, /*in_branch=*/true)})},
      {"uncalled", CallsF({Calling("F", {}), Calling("H", {"K"}), Calling("K", {"H"})})},
  };
  for (const auto& [name, model] : models) {
    const fs::path file = Write("recursive_" + name, model);
    absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
    ASSERT_FALSE(audit.ok()) << name;
    EXPECT_THAT(audit.status().message(), HasSubstr("calls itself")) << name;
    EXPECT_THAT(audit.status().message(), HasSubstr(name == "uncalled" ? "local::H" : "local::F"))
        << name;
    const CommandResult r = RunAudit({"--model=" + file.string(), "--to=13"});
    EXPECT_EQ(r.code, kExitUsage) << name;
    EXPECT_THAT(r.err, HasSubstr("calls itself")) << name;
  }
  // Two calls of one function are no cycle.
  const fs::path file = Write("twice", CallsF({Calling("F", {"G", "G"}), Calling("G", {})}));
  EXPECT_TRUE(AuditModel(file, {.to_opset = 13}).ok());
}

// F0 -> F1 -> ... -> F(n-1), each calling the next `times` times; the last
// one's body an Identity.
onnx::ModelProto CallChain(int n, int times) {
  std::vector<onnx::FunctionProto> functions;
  for (int i = 0; i < n; ++i) {
    const std::string callee = absl::StrCat("F", i + 1);
    functions.push_back(
        Calling(i == 0 ? "F" : absl::StrCat("F", i),
                i + 1 == n ? std::vector<std::string>{} : std::vector<std::string>(times, callee)));
  }
  return CallsF(functions);
}

// Calls nested thousands deep overflowed ONNX's inference's stack; calls
// that each double (F calls G twice, G calls H twice, ...) made it run for
// hours. Both are refused before inference, in no time; modest nesting is
// audited.
TEST(AuditModelFunctionTest, CallsNestedTooDeepOrExpandingTooFarAreRefused) {
  for (const auto& [name, model, why] :
       {std::tuple("deep", CallChain(3000, 1), "deep"),
        std::tuple("doubling", CallChain(30, 2), "more than 100000 nodes")}) {
    const fs::path file = Write(name, model);
    const auto start = std::chrono::steady_clock::now();
    absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10)
        << name;
    ASSERT_FALSE(audit.ok()) << name;
    EXPECT_THAT(audit.status().message(), HasSubstr(why)) << name;
  }
  const fs::path modest = Write("modest", CallChain(8, 2));  // 2^7 Identity nodes
  EXPECT_TRUE(AuditModel(modest, {.to_opset = 13}).ok());
}

}  // namespace
}  // namespace onnx_conform::audit_testing
