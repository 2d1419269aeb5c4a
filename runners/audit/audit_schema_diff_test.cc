// Schema differences: each aspect on hand-made schemas, then each change the
// operator texts list (spec/README.md) found in the suite's registry.
#include "runners/audit/audit_schema_diff.h"

#include <algorithm>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "checker/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "onnx/defs/schema.h"

namespace onnx_conform {
namespace {

using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

constexpr ElementType kF16 = ElementType::kFloat16;
constexpr ElementType kF32 = ElementType::kFloat;
constexpr ElementType kF64 = ElementType::kDouble;
constexpr ElementType kI32 = ElementType::kInt32;
constexpr ElementType kBf16 = ElementType::kBFloat16;

// The findings of one aspect and name, as "change: detail".
std::vector<std::string> Describe(const std::vector<Finding>& findings, absl::string_view aspect,
                                  absl::string_view name) {
  std::vector<std::string> out;
  for (const Finding& f : findings) {
    EXPECT_EQ(f.kind, FindingKind::kSchemaChange);
    if (f.aspect == aspect && f.name == name) out.push_back(f.change + ": " + f.detail);
  }
  return out;
}

const Finding* FindOne(const std::vector<Finding>& findings, absl::string_view aspect,
                       absl::string_view name, absl::string_view change) {
  const Finding* found = nullptr;
  for (const Finding& f : findings) {
    if (f.aspect == aspect && f.name == name && f.change == change) {
      EXPECT_EQ(found, nullptr) << "two findings " << aspect << " " << name << " " << change;
      found = &f;
    }
  }
  return found;
}

std::vector<Finding> DiffRegistry(absl::string_view op, int from, int to) {
  const OpSchema* a = FindSchemaVersion(op, from);
  const OpSchema* b = FindSchemaVersion(op, to);
  EXPECT_NE(a, nullptr) << op << "-" << from;
  EXPECT_NE(b, nullptr) << op << "-" << to;
  if (a == nullptr || b == nullptr) return {};
  return DiffSchemas(*a, *b);
}

bool AnyDetailContains(const std::vector<Finding>& findings, absl::string_view aspect,
                       absl::string_view change, absl::string_view text) {
  for (const Finding& f : findings) {
    if (f.aspect == aspect && f.change == change && absl::StrContains(f.detail, text)) return true;
  }
  return false;
}

// ---- Each aspect on hand-made schemas ----

constexpr ElementType kFloatsOnly[] = {kF16, kF32, kF64};
constexpr ElementType kFloatsAndInt[] = {kF32, kF64, kI32, kBf16};

TEST(DiffSchemasTest, TypesAddedAndRemovedPerParameter) {
  OpSchema a("Op", 1);
  a.Input("x", "T", "").Output("y", "T", "").TypeConstraint("T", kFloatsOnly, "");
  OpSchema b("Op", 2);
  b.Input("x", "T", "").Output("y", "T", "").TypeConstraint("T", kFloatsAndInt, "");
  std::vector<Finding> d = DiffSchemas(a, b);
  const Finding* added = FindOne(d, "type", "T", "added");
  ASSERT_NE(added, nullptr);
  EXPECT_THAT(added->types, UnorderedElementsAre(kI32, kBf16));
  EXPECT_EQ(added->applies, Applicability::kNever);
  const Finding* removed = FindOne(d, "type", "T", "removed");
  ASSERT_NE(removed, nullptr);
  EXPECT_THAT(removed->types, UnorderedElementsAre(kF16));
  EXPECT_EQ(removed->applies, Applicability::kNodeType);
  EXPECT_EQ(d.size(), 2u);
  for (const Finding& f : d) {
    EXPECT_EQ(f.op_type, "Op");
    EXPECT_EQ(f.from_version, 1);
    EXPECT_EQ(f.to_version, 2);
  }
}

TEST(DiffSchemasTest, InputOptionArityAndTypeChanges) {
  OpSchema a("Op", 1);
  a.Input("x", "T", "").Input("bias", "T", "").Output("y", "tensor(int64)", "");
  OpSchema b("Op", 2);
  // As ONNX counts: the optional input before the variadic one counts toward the minimum.
  b.Input("x", "T", "")
      .Input("bias", "T", "", kOptional)
      .Input("more", "T", "", kVariadic, 2)
      .Output("y", "T", "");
  std::vector<Finding> d = DiffSchemas(a, b);
  EXPECT_THAT(Describe(d, "input", "bias"),
              UnorderedElementsAre("changed: input 'bias': single -> optional"));
  EXPECT_THAT(Describe(d, "input", "more"),
              UnorderedElementsAre(
                  "added: variadic input 'more' of type T at position 2 (at least 2) added"));
  EXPECT_THAT(Describe(d, "input arity", ""),
              UnorderedElementsAre("changed: Op-1 takes 2, Op-2 takes 4 to 2147483647"));
  EXPECT_THAT(Describe(d, "output", "y"),
              UnorderedElementsAre("changed: output 'y': type tensor(int64) -> T"));
  EXPECT_THAT(Describe(d, "output arity", ""), IsEmpty());
}

TEST(DiffSchemasTest, InputRemovedAppliesToNodesGivingIt) {
  OpSchema a("Op", 1);
  a.Input("x", "T", "").Input("scale", "T", "", kOptional).Output("y", "T", "");
  OpSchema b("Op", 2);
  b.Input("x", "T", "").Output("y", "T", "");
  std::vector<Finding> d = DiffSchemas(a, b);
  const Finding* removed = FindOne(d, "input", "scale", "removed");
  ASSERT_NE(removed, nullptr);
  EXPECT_EQ(removed->applies, Applicability::kNodeUsesInput);
}

TEST(DiffSchemasTest, AttributesAddedRemovedRetypedDefaultChanged) {
  OpSchema a("Op", 1);
  a.Input("x", "T", "")
      .Output("y", "T", "")
      .Attr("axis", onnx::AttributeProto::INT, "", int64_t{0})
      .Attr("alpha", onnx::AttributeProto::FLOAT, "", 1.0f)
      .OptionalAttr("legacy", onnx::AttributeProto::INTS, "")
      .Attr("mode", onnx::AttributeProto::INT, "", int64_t{0});
  OpSchema b("Op", 2);
  b.Input("x", "T", "")
      .Output("y", "T", "")
      .Attr("axis", onnx::AttributeProto::INT, "", int64_t{-1})
      .Attr("alpha", onnx::AttributeProto::INT, "", int64_t{1})
      .RequiredAttr("mode", onnx::AttributeProto::INT, "")
      .Attr("select", onnx::AttributeProto::INT, "", int64_t{0})
      .RequiredAttr("count", onnx::AttributeProto::INT, "");
  std::vector<Finding> d = DiffSchemas(a, b);
  EXPECT_THAT(Describe(d, "attribute", "axis"),
              UnorderedElementsAre("default changed: attribute 'axis' default: 0 -> -1"));
  EXPECT_THAT(Describe(d, "attribute", "alpha"),
              UnorderedElementsAre("retyped: attribute 'alpha': FLOAT, default 1 -> INT, "
                                   "default 1"));
  EXPECT_THAT(Describe(d, "attribute", "legacy"),
              UnorderedElementsAre(
                  "removed: attribute 'legacy' (INTS, optional without default) no longer exists"));
  EXPECT_THAT(Describe(d, "attribute", "mode"),
              UnorderedElementsAre("now required: attribute 'mode': INT, default 0 -> INT, "
                                   "required"));
  EXPECT_THAT(Describe(d, "attribute", "select"),
              UnorderedElementsAre("added: attribute 'select' (INT, default 0) added"));
  EXPECT_THAT(Describe(d, "attribute", "count"),
              UnorderedElementsAre("added: attribute 'count' (INT, required) added"));
  EXPECT_EQ(FindOne(d, "attribute", "axis", "default changed")->applies,
            Applicability::kNodeOmitsAttribute);
  EXPECT_EQ(FindOne(d, "attribute", "legacy", "removed")->applies,
            Applicability::kNodeSetsAttribute);
  EXPECT_EQ(FindOne(d, "attribute", "select", "added")->applies, Applicability::kNever);
  EXPECT_EQ(FindOne(d, "attribute", "count", "added")->applies, Applicability::kAlways);
}

TEST(DiffSchemasTest, AttributeTurnedIntoInputIsOneFindingPerBound) {
  OpSchema a("Op", 1);
  a.Input("x", "T", "")
      .Output("y", "T", "")
      .Attr("lo", onnx::AttributeProto::FLOAT, "", -2.0f)
      .OptionalAttr("hi", onnx::AttributeProto::FLOAT, "");
  OpSchema b("Op", 2);
  b.Input("x", "T", "")
      .Input("lo", "T", "", kOptional)
      .Input("hi", "T", "", kOptional)
      .Output("y", "T", "");
  std::vector<Finding> d = DiffSchemas(a, b);
  EXPECT_THAT(Describe(d, "attribute", "lo"),
              UnorderedElementsAre("moved to input: attribute 'lo' (FLOAT, default -2) becomes "
                                   "optional input 'lo' of type T at position 1"));
  EXPECT_THAT(Describe(d, "attribute", "hi"),
              UnorderedElementsAre("moved to input: attribute 'hi' (FLOAT, optional without "
                                   "default) becomes optional input 'hi' of type T at position 2"));
  EXPECT_THAT(Describe(d, "input", "lo"), IsEmpty());
  EXPECT_THAT(Describe(d, "input", "hi"), IsEmpty());
  // With a default, a node that leaves the bound unset changes too.
  EXPECT_EQ(FindOne(d, "attribute", "lo", "moved to input")->applies, Applicability::kAlways);
  EXPECT_EQ(FindOne(d, "attribute", "hi", "moved to input")->applies,
            Applicability::kNodeSetsAttribute);

  std::vector<Finding> back = DiffSchemas(b, a);
  EXPECT_THAT(Describe(back, "attribute", "lo"),
              UnorderedElementsAre("moved to attribute: optional input 'lo' of type T at "
                                   "position 1 becomes attribute 'lo' (FLOAT, default -2)"));
  EXPECT_THAT(Describe(back, "input", "lo"), IsEmpty());
}

TEST(DiffSchemasTest, RulesTextsAndFlags) {
  OpSchema a("Op", 1);
  a.Summary("Does a thing. Inputs must match.")
      .Input("x", "T", "The input")
      .Output("y", "T", "")
      .Rule("Same shape.")
      .Rule("Kept.")
      .ShapeInference(false);
  OpSchema b("Op", 2);
  b.Summary("does a thing. Inputs broadcast.")
      .Input("x", "T", "The input. Must be 2-D.")
      .Output("y", "T", "")
      .Rule("Kept.")
      .Rule("Broadcasting.")
      .Function(true);
  std::vector<Finding> d = DiffSchemas(a, b);
  EXPECT_THAT(Describe(d, "rule", ""),
              UnorderedElementsAre("removed: Op-1: Same shape.", "added: Op-2: Broadcasting."));
  EXPECT_THAT(Describe(d, "summary", ""),
              UnorderedElementsAre("changed: the operator text removes \"Inputs must match.\"; "
                                   "adds \"Inputs broadcast.\""));
  EXPECT_THAT(Describe(d, "input", "x"),
              UnorderedElementsAre("description changed: the description of input 'x' adds "
                                   "\"Must be 2-D.\""));
  EXPECT_THAT(
      Describe(d, "shape inference", ""),
      UnorderedElementsAre("added: ONNX defines shape inference for Op-2 but not for Op-1"));
  EXPECT_THAT(Describe(d, "function", ""),
              UnorderedElementsAre("added: Op-2 is also defined as a function (a body of other "
                                   "operators); Op-1 is not"));
}

TEST(DiffSchemasTest, AttrValuesPrintExactly) {
  EXPECT_EQ(FormatAttrValue(std::monostate{}), "none");
  EXPECT_EQ(FormatAttrValue(int64_t{-3}), "-3");
  EXPECT_EQ(FormatAttrValue(3.4028234663852886e38f), "3.40282347e+38");
  EXPECT_EQ(FormatAttrValue(std::vector<int64_t>{0, 1}), "[0, 1]");
}

// ---- A version compared with itself ----

// The versions libonnx defines of the operators the suite covers.
size_t OnnxVersionsOfTheSuiteOperators() {
  const std::span<const absl::string_view> ops = OperatorsInRegistrationOrder();
  std::set<std::pair<std::string, int>> versions;
  for (const onnx::OpSchema& schema : onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
    const bool covered = std::find(ops.begin(), ops.end(), schema.Name()) != ops.end();
    if (covered && (schema.domain().empty() || schema.domain() == "ai.onnx")) {
      versions.emplace(schema.Name(), schema.SinceVersion());
    }
  }
  return versions.size();
}

TEST(DiffSchemasTest, EveryRegisteredVersionAgainstItselfGivesNothing) {
  size_t compared = 0;
  for (const OpSchema* schema : AllSchemas()) {
    EXPECT_THAT(DiffSchemas(*schema, *schema), IsEmpty()) << schema->Name();
    ++compared;
  }
  EXPECT_EQ(compared, OnnxVersionsOfTheSuiteOperators());
}

// ---- The changes the operator texts list, found in the registry ----

TEST(RegistryDiffTest, Min1To6RemovesConsumedInputs) {
  std::vector<Finding> d = DiffRegistry("Min", 1, 6);
  const Finding* f = FindOne(d, "attribute", "consumed_inputs", "removed");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->applies, Applicability::kNodeSetsAttribute);
  EXPECT_NE(FindOne(d, "shape inference", "", "added"), nullptr);
  EXPECT_EQ(FindOne(d, "type", "T", "added"), nullptr);
}

TEST(RegistryDiffTest, Min6To8AllowsBroadcasting) {
  std::vector<Finding> d = DiffRegistry("Min", 6, 8);
  EXPECT_TRUE(AnyDetailContains(d, "rule", "added", "broadcast")) << "no broadcasting rule added";
  EXPECT_TRUE(AnyDetailContains(d, "rule", "removed", "same shape"));
  EXPECT_TRUE(AnyDetailContains(d, "output", "description changed", "Same dimension as input"));
  EXPECT_EQ(FindOne(d, "type", "T", "added"), nullptr);
  EXPECT_EQ(FindOne(d, "attribute", "consumed_inputs", "removed"), nullptr);
}

TEST(RegistryDiffTest, Min8To12AddsTheEightIntegerTypes) {
  std::vector<Finding> d = DiffRegistry("Min", 8, 12);
  const Finding* f = FindOne(d, "type", "T", "added");
  ASSERT_NE(f, nullptr);
  EXPECT_THAT(f->types,
              UnorderedElementsAre(ElementType::kInt8, ElementType::kInt16, ElementType::kInt32,
                                   ElementType::kInt64, ElementType::kUint8, ElementType::kUint16,
                                   ElementType::kUint32, ElementType::kUint64));
}

TEST(RegistryDiffTest, Min12To13AddsBfloat16Only) {
  std::vector<Finding> d = DiffRegistry("Min", 12, 13);
  const Finding* f = FindOne(d, "type", "T", "added");
  ASSERT_NE(f, nullptr);
  EXPECT_THAT(f->types, UnorderedElementsAre(kBf16));
  EXPECT_EQ(FindOne(d, "type", "T", "removed"), nullptr);
}

TEST(RegistryDiffTest, ArgMin1To11StatesTheNegativeAxisRange) {
  std::vector<Finding> d = DiffRegistry("ArgMin", 1, 11);
  EXPECT_TRUE(AnyDetailContains(d, "rule", "added", "[-r, r-1]"));
  EXPECT_TRUE(AnyDetailContains(d, "rule", "removed", "The text states no range for axis"));
  EXPECT_TRUE(AnyDetailContains(d, "attribute", "description changed", "Accepted range is [-r"));
  EXPECT_EQ(FindOne(d, "attribute", "axis", "default changed"), nullptr);
}

TEST(RegistryDiffTest, ArgMin11To12AddsSelectLastIndex) {
  std::vector<Finding> d = DiffRegistry("ArgMin", 11, 12);
  const Finding* f = FindOne(d, "attribute", "select_last_index", "added");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->detail, "attribute 'select_last_index' (INT, default 0) added");
  EXPECT_EQ(FindOne(d, "type", "T", "added"), nullptr);
}

TEST(RegistryDiffTest, ArgMin12To13AddsBfloat16) {
  std::vector<Finding> d = DiffRegistry("ArgMin", 12, 13);
  const Finding* f = FindOne(d, "type", "T", "added");
  ASSERT_NE(f, nullptr);
  EXPECT_THAT(f->types, UnorderedElementsAre(kBf16));
}

TEST(RegistryDiffTest, Clip1To6GivesTheBoundsDefaults) {
  std::vector<Finding> d = DiffRegistry("Clip", 1, 6);
  const Finding* min = FindOne(d, "attribute", "min", "default changed");
  const Finding* max = FindOne(d, "attribute", "max", "default changed");
  ASSERT_NE(min, nullptr);
  ASSERT_NE(max, nullptr);
  EXPECT_EQ(min->detail, "attribute 'min' default: none -> -3.40282347e+38");
  EXPECT_EQ(max->detail, "attribute 'max' default: none -> 3.40282347e+38");
  EXPECT_EQ(min->applies, Applicability::kNodeOmitsAttribute);
  EXPECT_NE(FindOne(d, "attribute", "consumed_inputs", "removed"), nullptr);
}

TEST(RegistryDiffTest, Clip6To11TurnsTheAttributesIntoInputs) {
  std::vector<Finding> d = DiffRegistry("Clip", 6, 11);
  const Finding* min = FindOne(d, "attribute", "min", "moved to input");
  const Finding* max = FindOne(d, "attribute", "max", "moved to input");
  ASSERT_NE(min, nullptr);
  ASSERT_NE(max, nullptr);
  EXPECT_TRUE(absl::StrContains(min->detail, "optional input 'min' of type T at position 1"));
  EXPECT_TRUE(absl::StrContains(max->detail, "optional input 'max' of type T at position 2"));
  EXPECT_THAT(Describe(d, "input arity", ""),
              UnorderedElementsAre("changed: Clip-6 takes 1, Clip-11 takes 1 to 3"));
  EXPECT_EQ(FindOne(d, "attribute", "min", "removed"), nullptr);
  EXPECT_EQ(FindOne(d, "input", "min", "added"), nullptr);
}

TEST(RegistryDiffTest, Clip11To12AddsIntegerTypes) {
  std::vector<Finding> d = DiffRegistry("Clip", 11, 12);
  const Finding* f = FindOne(d, "type", "T", "added");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->types.size(), 8u);
  EXPECT_THAT(f->types, ::testing::Contains(ElementType::kUint64));
  EXPECT_THAT(f->types, ::testing::Not(::testing::Contains(kBf16)));
}

TEST(RegistryDiffTest, Clip12To13AddsBfloat16AndDefinesMinAboveMax) {
  std::vector<Finding> d = DiffRegistry("Clip", 12, 13);
  const Finding* f = FindOne(d, "type", "T", "added");
  ASSERT_NE(f, nullptr);
  EXPECT_THAT(f->types, UnorderedElementsAre(kBf16));
  EXPECT_TRUE(AnyDetailContains(d, "rule", "added", "every value becomes max"));
  EXPECT_TRUE(AnyDetailContains(d, "rule", "removed", "unstated"));
  EXPECT_TRUE(AnyDetailContains(d, "summary", "changed", "Min(max, Max(input, min))"));
  EXPECT_NE(FindOne(d, "function", "", "added"), nullptr);
}

}  // namespace
}  // namespace onnx_conform
