// Behaviour differences and the converter audit: each change the operator
// texts list (spec/README.md) shows in the cases, the converter's Clip
// finding is reproduced, and a version compared with itself reports nothing.
#include "runners/audit/audit_behavior.h"

#include <cmath>
#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "checker/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ops/suite_operators.h"
#include "runners/audit/audit.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr ElementType kF16 = ElementType::kFloat16;
constexpr ElementType kF32 = ElementType::kFloat;
constexpr ElementType kF64 = ElementType::kDouble;
constexpr ElementType kBf16 = ElementType::kBFloat16;
constexpr ElementType kIntegers[] = {
    ElementType::kInt8,  ElementType::kInt16,  ElementType::kInt32,  ElementType::kInt64,
    ElementType::kUint8, ElementType::kUint16, ElementType::kUint32, ElementType::kUint64};

std::vector<Finding> Audit(absl::string_view op, int from, int to) {
  absl::StatusOr<OperatorAudit> audit = AuditOperator(op, {from, to});
  EXPECT_TRUE(audit.ok()) << audit.status();
  return audit.ok() ? audit->findings : std::vector<Finding>{};
}

// The one finding of that kind, case scenario and type, or nullptr.
const Finding* Find(const std::vector<Finding>& findings, FindingKind kind,
                    absl::string_view scenario, ElementType type, int to_opset = 0,
                    int from_opset = 0) {
  const Finding* found = nullptr;
  for (const Finding& f : findings) {
    if (f.kind != kind || f.scenario != scenario) continue;
    if (f.types.size() != 1 || f.types[0] != type) continue;
    if (to_opset != 0 && f.to_opset != to_opset) continue;
    if (from_opset != 0 && f.from_opset != from_opset) continue;
    EXPECT_EQ(found, nullptr) << "two findings for " << scenario;
    found = &f;
  }
  return found;
}

int Count(const std::vector<Finding>& findings, FindingKind kind) {
  int n = 0;
  for (const Finding& f : findings) n += f.kind == kind;
  return n;
}

void ExpectValidityChange(const std::vector<Finding>& findings, absl::string_view scenario,
                          ElementType type, absl::string_view change) {
  const Finding* f = Find(findings, FindingKind::kValidityChange, scenario, type);
  ASSERT_NE(f, nullptr) << scenario << " " << ElementTypeName(type);
  EXPECT_EQ(f->change, change) << scenario << " " << ElementTypeName(type);
}

// ---- Min ----

TEST(BehaviourTest, Min1To6ConsumedInputsBecomesInvalid) {
  std::vector<Finding> d = Audit("Min", 1, 6);
  for (ElementType t : {kF16, kF32, kF64}) {
    ExpectValidityChange(d, "consumed_inputs", t, "valid -> invalid");
    EXPECT_THAT(Find(d, FindingKind::kValidityChange, "consumed_inputs", t)->detail,
                HasSubstr("ATTR-UNKNOWN"));
    EXPECT_EQ(Find(d, FindingKind::kValidityChange, "two_inputs", t), nullptr);
  }
  EXPECT_EQ(Count(d, FindingKind::kOutputChange), 0);
}

TEST(BehaviourTest, Min6To8BroadcastingBecomesValid) {
  std::vector<Finding> d = Audit("Min", 6, 8);
  for (ElementType t : {kF16, kF32, kF64}) {
    ExpectValidityChange(d, "broadcast", t, "invalid -> valid");
    EXPECT_THAT(Find(d, FindingKind::kValidityChange, "broadcast", t)->detail,
                HasSubstr("SHAPE-EQUAL-REQUIRED"));
  }
  EXPECT_EQ(Count(d, FindingKind::kValidityChange), 3);
  EXPECT_EQ(Count(d, FindingKind::kOutputChange), 0);
}

TEST(BehaviourTest, Min8To12IntegerTypesBecomeValid) {
  std::vector<Finding> d = Audit("Min", 8, 12);
  for (ElementType t : kIntegers) {
    for (const char* scenario : {"one_input", "two_inputs", "three_inputs", "broadcast"}) {
      ExpectValidityChange(d, scenario, t, "invalid -> valid");
    }
  }
  for (ElementType t : {kF16, kF32, kF64}) {
    EXPECT_EQ(Find(d, FindingKind::kValidityChange, "two_inputs", t), nullptr);
  }
  EXPECT_EQ(Count(d, FindingKind::kOutputChange), 0);
}

TEST(BehaviourTest, Min12To13Bfloat16BecomesValid) {
  std::vector<Finding> d = Audit("Min", 12, 13);
  ExpectValidityChange(d, "two_inputs", kBf16, "invalid -> valid");
  EXPECT_THAT(Find(d, FindingKind::kValidityChange, "two_inputs", kBf16)->detail,
              HasSubstr("TYPE-NOT-ALLOWED"));
  EXPECT_EQ(Count(d, FindingKind::kValidityChange), 4);  // bfloat16's four valid scenarios
}

// ---- ArgMin ----

TEST(BehaviourTest, ArgMin1To11NegativeAxisBecomesValid) {
  std::vector<Finding> d = Audit("ArgMin", 1, 11);
  for (ElementType t : {kF32, ElementType::kInt64, ElementType::kUint8}) {
    ExpectValidityChange(d, "negative_axis", t, "valid with warnings -> valid");
    EXPECT_THAT(Find(d, FindingKind::kValidityChange, "negative_axis", t)->detail,
                HasSubstr("ATTR-NEGATIVE-AXIS-V1"));
    EXPECT_EQ(Find(d, FindingKind::kValidityChange, "axis0", t), nullptr);
  }
  EXPECT_EQ(Count(d, FindingKind::kValidityChange), 11);  // one per type
  EXPECT_EQ(Count(d, FindingKind::kOutputChange), 0);
}

TEST(BehaviourTest, ArgMin11To12SelectLastIndexBecomesValid) {
  std::vector<Finding> d = Audit("ArgMin", 11, 12);
  for (ElementType t : {kF16, ElementType::kInt32}) {
    ExpectValidityChange(d, "ties_select_last", t, "invalid -> valid");
    // Ties without the attribute select the first index at both versions.
    EXPECT_EQ(Find(d, FindingKind::kOutputChange, "ties", t), nullptr);
  }
  EXPECT_EQ(Count(d, FindingKind::kValidityChange), 11);
  EXPECT_EQ(Count(d, FindingKind::kOutputChange), 0);
}

TEST(BehaviourTest, ArgMin12To13Bfloat16BecomesValid) {
  std::vector<Finding> d = Audit("ArgMin", 12, 13);
  for (const char* scenario : {"axis0", "negative_axis", "ties", "ties_select_last"}) {
    ExpectValidityChange(d, scenario, kBf16, "invalid -> valid");
  }
  EXPECT_EQ(Find(d, FindingKind::kValidityChange, "axis0", kF32), nullptr);
}

// ---- Clip ----

TEST(BehaviourTest, Clip1To6MissingBoundsKeepFloatLimits) {
  std::vector<Finding> d = Audit("Clip", 1, 6);
  // A bound missing from Clip-1 reads as float's lowest() and max(), as
  // Clip-6 states: no case changes its outputs, whatever the type.
  for (ElementType t : {kF16, kF32, kF64}) {
    for (const char* scenario : {"no_bounds", "min_only", "max_only", "both_bounds"}) {
      EXPECT_EQ(Find(d, FindingKind::kOutputChange, scenario, t), nullptr)
          << scenario << " " << ElementTypeName(t);
    }
  }
  EXPECT_EQ(Count(d, FindingKind::kOutputChange), 0);
  ExpectValidityChange(d, "consumed_inputs", kF32, "valid -> invalid");
}

TEST(ConverterTest, Clip1MissingBoundsConvertLikeClip6) {
  absl::StatusOr<OperatorAudit> audit = AuditOperator("Clip", {});
  ASSERT_TRUE(audit.ok()) << audit.status();
  const std::vector<Finding>& d = audit->findings;
  // To Clip-6 nothing changes; to Clip-11 a double node without bounds
  // moves from float's limits to double's, exactly as a Clip-6 node does.
  for (ElementType t : {kF16, kF32, kF64}) {
    EXPECT_EQ(Find(d, FindingKind::kConverterOutputChange, "no_bounds", t, 6, 1), nullptr)
        << ElementTypeName(t);
  }
  EXPECT_EQ(Find(d, FindingKind::kConverterOutputChange, "no_bounds", kF32, 11, 1), nullptr);
  EXPECT_EQ(Find(d, FindingKind::kConverterOutputChange, "min_only", kF32, 11, 1), nullptr);
  ASSERT_NE(Find(d, FindingKind::kConverterOutputChange, "no_bounds", kF64, 11, 1), nullptr);
  ASSERT_NE(Find(d, FindingKind::kConverterOutputChange, "no_bounds", kF64, 11, 6), nullptr);
}

TEST(BehaviourTest, Clip6To11AttributesToInputsKeepSetBounds) {
  std::vector<Finding> d = Audit("Clip", 6, 11);
  for (ElementType t : {kF16, kF32, kF64}) {
    EXPECT_EQ(Find(d, FindingKind::kOutputChange, "both_bounds", t), nullptr) << ElementTypeName(t);
    EXPECT_EQ(Find(d, FindingKind::kValidityChange, "both_bounds", t), nullptr);
  }
  // An unset bound meant float's limits at Clip-6 and T's limits from
  // Clip-11: double keeps its extremes, float16 clips +-inf to +-65504.
  ASSERT_NE(Find(d, FindingKind::kOutputChange, "no_bounds", kF64), nullptr);
  const Finding* half = Find(d, FindingKind::kOutputChange, "no_bounds", kF16);
  ASSERT_NE(half, nullptr);
  EXPECT_THAT(half->detail, HasSubstr("65504"));
  EXPECT_EQ(Find(d, FindingKind::kOutputChange, "no_bounds", kF32), nullptr);
}

TEST(BehaviourTest, Clip11To12IntegerTypesBecomeValid) {
  std::vector<Finding> d = Audit("Clip", 11, 12);
  for (ElementType t : kIntegers) {
    ExpectValidityChange(d, "both_bounds", t, "invalid -> valid");
    ExpectValidityChange(d, "min_above_max", t, "invalid -> valid with warnings");
  }
  EXPECT_EQ(Find(d, FindingKind::kValidityChange, "both_bounds", kF32), nullptr);
}

TEST(BehaviourTest, Clip12To13Bfloat16AndMinAboveMaxDefined) {
  std::vector<Finding> d = Audit("Clip", 12, 13);
  ExpectValidityChange(d, "both_bounds", kBf16, "invalid -> valid");
  for (ElementType t : {kF32, ElementType::kInt8, ElementType::kUint64}) {
    ExpectValidityChange(d, "min_above_max", t, "valid with warnings -> valid");
    EXPECT_THAT(Find(d, FindingKind::kValidityChange, "min_above_max", t)->detail,
                HasSubstr("DATA-CLIP-BOUNDS-ORDER"));
  }
  EXPECT_EQ(Count(d, FindingKind::kOutputChange), 0);
}

// ---- ONNX's converter ----

TEST(ConverterTest, Clip6HalfAndDoubleGetFloatConstantBoundsFrom11) {
  absl::StatusOr<OperatorAudit> audit = AuditOperator("Clip", {});
  ASSERT_TRUE(audit.ok());
  const std::vector<Finding>& d = audit->findings;
  for (ElementType t : {kF16, kF64}) {
    for (int target : {11, 12, 13}) {
      const Finding* f = Find(d, FindingKind::kConverterInvalid, "both_bounds", t, target, 6);
      ASSERT_NE(f, nullptr) << ElementTypeName(t) << " -> " << target;
      EXPECT_EQ(f->from_opset, 6);
      EXPECT_THAT(f->detail, HasSubstr("TYPE-PARAM-MISMATCH"));
      EXPECT_THAT(f->detail, HasSubstr("float"));
    }
    // Converting within the attribute form is fine.
    EXPECT_EQ(Find(d, FindingKind::kConverterInvalid, "both_bounds", t, 6, 1), nullptr);
    // Clip-1 models meet the same fate from 11.
    EXPECT_NE(Find(d, FindingKind::kConverterInvalid, "both_bounds", t, 11, 1), nullptr);
  }
  EXPECT_EQ(Find(d, FindingKind::kConverterInvalid, "both_bounds", kF32, 11, 6), nullptr);
  EXPECT_EQ(Count(d, FindingKind::kConverterFailed), 0);
}

// The same finding on the suite's case library (cases/node), when present.
TEST(ConverterTest, LibraryClip6CasesReproduceTheFinding) {
  const std::filesystem::path root = std::filesystem::path(ONNX_CONFORM_SOURCE_DIR) / "cases/node";
  if (!std::filesystem::is_directory(root)) GTEST_SKIP() << "no cases/node";
  absl::StatusOr<LibraryCases> library = LoadLibraryAuditCases(root, "Clip");
  ASSERT_TRUE(library.ok()) << library.status();
  absl::StatusOr<OperatorAudit> audit = AuditOperator("Clip", {6, 11}, &library->cases);
  ASSERT_TRUE(audit.ok());
  std::set<ElementType> invalid_types;
  for (const Finding& f : audit->findings) {
    if (f.kind != FindingKind::kConverterInvalid || !absl::StartsWith(f.scenario, "library/")) {
      continue;
    }
    EXPECT_THAT(f.detail, HasSubstr("TYPE-PARAM-MISMATCH")) << f.name;
    invalid_types.insert(f.types.begin(), f.types.end());
  }
  EXPECT_EQ(invalid_types, (std::set<ElementType>{kF16, kF64}));
}

// The same finding on a model written here, independent of the audit's cases.
TEST(ConverterTest, HandWrittenClip6Float16Model) {
  AuditCase c;
  c.name = "clip6_half";
  c.op_type = "Clip";
  c.version = 6;
  c.type = kF16;
  c.model.set_ir_version(3);
  onnx::OperatorSetIdProto* import = c.model.add_opset_import();
  import->set_version(6);
  onnx::GraphProto* g = c.model.mutable_graph();
  g->set_name("g");
  onnx::NodeProto* n = g->add_node();
  n->set_op_type("Clip");
  n->add_input("x");
  n->add_output("y");
  onnx::AttributeProto* a = n->add_attribute();
  a->set_name("max");
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(1.0f);
  for (auto [info, name] : {std::pair{g->add_input(), "x"}, std::pair{g->add_output(), "y"}}) {
    info->set_name(name);
    info->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT16);
    info->mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(2);
  }
  c.inputs.push_back(
      Tensor::FromValues<Float16>({2}, {Float16::FromFloat(0.5f), Float16::FromFloat(3.0f)}));
  ASSERT_EQ(EvaluateCase(c).validity, Validity::kValid);

  std::vector<Finding> d = AuditConversion(c, 11);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].kind, FindingKind::kConverterInvalid);
  EXPECT_EQ(d[0].from_version, 6);
  EXPECT_EQ(d[0].to_version, 11);
  EXPECT_THAT(d[0].detail, HasSubstr("TYPE-PARAM-MISMATCH"));

  // The converted model itself: a float Constant feeds Clip-11's max.
  absl::StatusOr<onnx::ModelProto> converted = ConvertWithOnnx(c.model, 11);
  ASSERT_TRUE(converted.ok()) << converted.status();
  bool float_constant = false;
  for (const onnx::NodeProto& node : converted->graph().node()) {
    if (node.op_type() == "Constant" &&
        node.attribute(0).t().data_type() == onnx::TensorProto::FLOAT) {
      float_constant = true;
    }
  }
  EXPECT_TRUE(float_constant);

  // A float model converts cleanly and keeps its outputs.
  AuditCase f = c;
  f.model.mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::FLOAT);
  f.model.mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::FLOAT);
  f.inputs = {Tensor::FromValues<float>({2}, {0.5f, 3.0f})};
  EXPECT_THAT(AuditConversion(f, 11), IsEmpty());
  EXPECT_THAT(AuditConversion(f, 13), IsEmpty());
}

TEST(ConverterTest, ConverterThrowsAreCaught) {
  AuditCase c;
  c.name = "min_v6_down";
  c.op_type = "Min";
  c.model = BuiltinAuditCases("Min", 6, kF32)[0].model;
  c.inputs = BuiltinAuditCases("Min", 6, kF32)[0].inputs;
  absl::StatusOr<onnx::ModelProto> down = ConvertWithOnnx(c.model, 1);
  EXPECT_EQ(down.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(down.status().message()), HasSubstr("ONNX's converter throws"));
  std::vector<Finding> d = AuditConversion(c, 1);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].kind, FindingKind::kConverterFailed);
}

TEST(ConverterTest, MinAndArgMinConvertCleanly) {
  for (const char* op : {"Min", "ArgMin"}) {
    absl::StatusOr<OperatorAudit> audit = AuditOperator(op, {});
    ASSERT_TRUE(audit.ok());
    EXPECT_GT(audit->conversions, 100) << op;
    for (const Finding& f : audit->findings) {
      EXPECT_NE(f.kind, FindingKind::kConverterFailed) << f.name << ": " << f.detail;
      EXPECT_NE(f.kind, FindingKind::kConverterInvalid) << f.name << ": " << f.detail;
      EXPECT_NE(f.kind, FindingKind::kConverterOutputChange) << f.name << ": " << f.detail;
    }
  }
}

// ---- Nothing compared is no all-clear ----

// An operator without an audit scenario (ops/operators.def: None): each
// pair of versions and the converter say that they were not compared.
TEST(NotComparedTest, AnOperatorWithoutScenarioSaysSo) {
  int operators = 0;
  for (const SuiteOperator& op : kSuiteOperators) {
    if (op.scenario != NodeScenario::kNone) continue;
    ++operators;
    absl::StatusOr<OperatorAudit> audit = AuditOperator(std::string(op.op_type), {});
    ASSERT_TRUE(audit.ok()) << audit.status();
    ASSERT_FALSE(audit->pairs.empty());
    int pairs_not_compared = 0, converter_not_audited = 0;
    for (const Finding& f : audit->findings) {
      EXPECT_NE(f.kind, FindingKind::kValidityChange) << f.name;
      EXPECT_NE(f.kind, FindingKind::kOutputChange) << f.name;
      if (f.kind != FindingKind::kNotCompared) continue;
      EXPECT_THAT(f.detail, HasSubstr("no audit scenario")) << f.detail;
      if (f.aspect == "case") ++pairs_not_compared;
      if (f.aspect == "converter") ++converter_not_audited;
    }
    EXPECT_EQ(pairs_not_compared, static_cast<int>(audit->pairs.size()));
    EXPECT_EQ(converter_not_audited, 1);
    EXPECT_EQ(audit->cases_compared, 0);
  }
  if (operators == 0) GTEST_SKIP() << "every operator in ops/operators.def has a scenario";
}

// Relu's own scenario (Unary) compares every pair and the converter: the
// types each version adds and Relu-1's consumed_inputs show as validity
// changes, asked of the schemas.
TEST(UnaryScenarioTest, ReluPairsAreComparedByTheirOwnCases) {
  absl::StatusOr<OperatorAudit> audit = AuditOperator("Relu", {});
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_GT(audit->cases_compared, 0);
  EXPECT_GT(audit->conversions, 0);
  std::set<std::pair<int, std::string>> changed;  // (to version, case) of validity changes
  for (const Finding& f : audit->findings) {
    EXPECT_NE(f.kind, FindingKind::kNotCompared) << f.from_version << " -> " << f.to_version;
    if (f.kind == FindingKind::kValidityChange) changed.insert({f.to_version, f.scenario});
  }
  const std::vector<const OpSchema*> versions = SchemaVersions("Relu");
  ASSERT_GE(versions.size(), 2u);
  for (size_t i = 1; i < versions.size(); ++i) {
    const OpSchema* before = versions[i - 1];
    const OpSchema* schema = versions[i];
    const int v = schema->since_version();
    const bool types_added = schema->PrimaryTypes().size() > before->PrimaryTypes().size();
    EXPECT_EQ(changed.count({v, "values"}), types_added ? 1u : 0u) << "Relu-" << v;
    const bool attribute_removed = before->FindAttribute("consumed_inputs") != nullptr &&
                                   schema->FindAttribute("consumed_inputs") == nullptr;
    EXPECT_EQ(changed.count({v, "consumed_inputs"}), attribute_removed ? 1u : 0u) << "Relu-" << v;
  }
}

TEST(NotComparedTest, LibraryCasesAddToTheScenarios) {
  const std::filesystem::path root = std::filesystem::path(ONNX_CONFORM_SOURCE_DIR) / "cases/node";
  if (!std::filesystem::is_directory(root)) GTEST_SKIP() << "no cases/node";
  absl::StatusOr<LibraryCases> library = LoadLibraryAuditCases(root, "Relu");
  ASSERT_TRUE(library.ok()) << library.status();
  absl::StatusOr<OperatorAudit> own = AuditOperator("Relu", {});
  absl::StatusOr<OperatorAudit> audit = AuditOperator("Relu", {}, &library->cases);
  ASSERT_TRUE(own.ok()) << own.status();
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_GT(audit->cases_compared, own->cases_compared);
  EXPECT_GT(audit->conversions, own->conversions);
  for (const Finding& f : audit->findings) {
    EXPECT_NE(f.kind, FindingKind::kNotCompared) << f.from_version << " -> " << f.to_version;
  }
}

// ---- A version compared with itself ----

TEST(SelfComparisonTest, EveryVersionAgainstItselfReportsNothing) {
  for (absl::string_view op : RegisteredOperators()) {
    for (const OpSchema* schema : SchemaVersions(op)) {
      const int v = schema->since_version();
      absl::StatusOr<OperatorAudit> audit = AuditOperator(op, {v, v});
      ASSERT_TRUE(audit.ok());
      EXPECT_THAT(audit->findings, IsEmpty()) << schema->Name();
      EXPECT_EQ(audit->conversions, 0);
    }
  }
}

TEST(SelfComparisonTest, TwoOpsetsOfOneVersionReportNothing) {
  // Min-8 serves opsets 8 to 11; Clip-6 serves 6 to 10.
  for (auto [op, from, to] : {std::tuple{"Min", 9, 11}, std::tuple{"Clip", 7, 10}}) {
    absl::StatusOr<OperatorAudit> audit = AuditOperator(op, {from, to});
    ASSERT_TRUE(audit.ok());
    EXPECT_THAT(audit->findings, IsEmpty()) << op;
    EXPECT_GT(audit->cases_compared, 0);
    EXPECT_GT(audit->conversions, 0);
  }
}

TEST(SelfComparisonTest, EachCaseAgainstItsOwnOpset) {
  for (const char* op : {"Min", "ArgMin", "Clip"}) {
    for (const AuditCase& c : BuiltinAuditCases(op, 13, kF32)) {
      EXPECT_THAT(CompareBehaviour(c, 13, 13), IsEmpty()) << c.name;
    }
  }
}

// ---- Pieces ----

TEST(EvaluateCaseTest, ValidWarnedInvalid) {
  auto get = [](const char* op, int v, ElementType t, absl::string_view scenario) {
    for (AuditCase& c : BuiltinAuditCases(op, v, t)) {
      if (c.scenario == scenario) return c;
    }
    return AuditCase{};
  };
  CaseOutcome valid = EvaluateCase(get("Clip", 13, kF32, "both_bounds"));
  EXPECT_EQ(valid.validity, Validity::kValid);
  ASSERT_TRUE(valid.outputs.ok());
  // Literal: the float samples clipped to [-1.5, 2.25].
  std::span<const float> y = (*valid.outputs)[0].data<float>();
  EXPECT_EQ(y[0], -1.5f);  // -inf
  EXPECT_EQ(y[2], -1.5f);  // -2.5
  EXPECT_EQ(y[8], 2.25f);  // 2.25
  EXPECT_EQ(y[9], 2.25f);  // 3.75
  EXPECT_TRUE(std::isnan(y[12]));

  CaseOutcome warned = EvaluateCase(get("Clip", 12, kF32, "min_above_max"));
  EXPECT_EQ(warned.validity, Validity::kWarned);
  EXPECT_THAT(warned.message, ::testing::StartsWith("[DATA-CLIP-BOUNDS-ORDER] "));

  CaseOutcome invalid = EvaluateCase(get("Min", 6, kF32, "broadcast"));
  EXPECT_EQ(invalid.validity, Validity::kInvalid);
  EXPECT_THAT(invalid.message, ::testing::StartsWith("[SHAPE-EQUAL-REQUIRED] "));
  EXPECT_FALSE(invalid.outputs.ok());
}

}  // namespace
}  // namespace onnx_conform
