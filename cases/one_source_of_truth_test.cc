// The operator versions and type sets are written in several places (the
// checker's registry, the reference's version lists and type checks, the
// case library's table, the interpreter's dispatch, the readings, the
// supporting operators' versions). The registry is the source of truth:
// this test proves every other list equal to it. The case definitions'
// version loops and explore's cells are derived from the case library's
// table (SuiteVersions, SuiteOperatorVersions).
#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "cases/case_library.h"
#include "checker/registry.h"
#include "gtest/gtest.h"
#include "reference/argmin.h"
#include "reference/clip.h"
#include "reference/interpreter.h"
#include "reference/min.h"
#include "reference/readings.h"
#include "reference/support_ops.h"

namespace onnx_conform {
namespace {

std::vector<int64_t> RegistryVersions(const std::string& op) {
  std::vector<int64_t> versions;
  for (const OpSchema* schema : SchemaVersions(op)) versions.push_back(schema->since_version());
  return versions;
}

std::set<ElementType> RegistryTypes(const std::string& op, int64_t version) {
  for (const OpSchema* schema : SchemaVersions(op)) {
    if (schema->since_version() == version) {
      const std::vector<ElementType> types = schema->PrimaryTypes();
      return {types.begin(), types.end()};
    }
  }
  return {};
}

// The types the reference accepts at a version: those it does not refuse
// as "not allowed" on a one-element input.
std::set<ElementType> ReferenceTypes(const std::string& op, int64_t version) {
  std::set<ElementType> accepted;
  for (ElementType type : kNumericTypes) {
    absl::StatusOr<Tensor> x = Tensor::Create(type, {1});
    std::memset(x->bytes().data(), 0, x->byte_size());
    const Tensor* inputs[] = {&*x};
    absl::Status status;
    if (op == "Min") status = Min(version, inputs).status();
    if (op == "ArgMin") status = ArgMin(version, *x, {}).status();
    if (op == "Clip") {
      status = version < 11 ? ClipWithAttributes(version, *x, 0.0f, 1.0f).status()
                            : ClipWithInputs(version, *x, nullptr, nullptr).status();
    }
    if (status.ok()) accepted.insert(type);
  }
  return accepted;
}

TEST(OneSourceOfTruthTest, VersionListsEqualTheRegistry) {
  const auto as_vector = [](std::span<const int64_t> v) {
    return std::vector<int64_t>(v.begin(), v.end());
  };
  EXPECT_EQ(as_vector(kMinVersions), RegistryVersions("Min"));
  EXPECT_EQ(as_vector(kArgMinVersions), RegistryVersions("ArgMin"));
  EXPECT_EQ(as_vector(kClipVersions), RegistryVersions("Clip"));
  // The interpreter serves each opset with the registry's version.
  for (const char* op : {"Min", "ArgMin", "Clip"}) {
    for (int64_t opset = 1; opset <= 22; ++opset) {
      std::optional<int64_t> expected;
      for (int64_t v : RegistryVersions(op)) {
        if (v <= opset) expected = v;
      }
      EXPECT_EQ(ResolveOperatorVersion(op, opset), expected) << op << " at opset " << opset;
    }
  }
}

// The supporting operators the reference runs (Constant, Identity, and
// Clip-13's body, Less and Where) at the versions the checker validates.
TEST(OneSourceOfTruthTest, SupportVersionListsEqualTheRegistry) {
  const auto registry = [](const char* op) {
    std::vector<int64_t> versions;
    for (const OpSchema* schema : SupportSchemaVersions(op)) {
      versions.push_back(schema->since_version());
    }
    return versions;
  };
  const auto as_vector = [](std::span<const int64_t> v) {
    return std::vector<int64_t>(v.begin(), v.end());
  };
  EXPECT_EQ(as_vector(kConstantVersions), registry("Constant"));
  EXPECT_EQ(as_vector(kIdentityVersions), registry("Identity"));
  EXPECT_EQ(as_vector(kLessVersions), registry("Less"));
  EXPECT_EQ(as_vector(kWhereVersions), registry("Where"));
}

// The version loops of min_cases.cc, argmin_cases.cc and clip_cases.cc.
TEST(OneSourceOfTruthTest, EveryRegisteredVersionHasCases) {
  std::set<std::pair<std::string, int64_t>> with_cases;
  for (const Case& c : AllCases()) {
    with_cases.insert({c.metadata.operator_(), c.metadata.version()});
  }
  for (absl::string_view op : RegisteredOperators()) {
    for (int64_t version : RegistryVersions(std::string(op))) {
      EXPECT_TRUE(with_cases.contains({std::string(op), version})) << op << "-" << version;
    }
  }
}

TEST(OneSourceOfTruthTest, TypeSetsEqualTheRegistry) {
  std::set<std::pair<std::string, int64_t>> library;
  for (const OperatorVersion& v : SuiteOperatorVersions()) {
    const std::string op(v.op_type);
    library.insert({op, v.version});
    const std::set<ElementType> registry = RegistryTypes(op, v.version);
    EXPECT_EQ(std::set<ElementType>(v.types.begin(), v.types.end()), registry)
        << v.op_type << "-" << v.version << " (cases/case_library.cc)";
    EXPECT_EQ(ReferenceTypes(op, v.version), registry)
        << v.op_type << "-" << v.version << " (the reference's type checks)";
  }
  for (const char* op : {"Min", "ArgMin", "Clip"}) {
    for (int64_t version : RegistryVersions(op)) {
      EXPECT_TRUE(library.contains({op, version})) << op << "-" << version;
    }
  }
}

TEST(OneSourceOfTruthTest, ReadingsApplyToRegisteredVersionsOnly) {
  for (Reading r : kAllReadings) {
    const ReadingInfo& info = InfoOf(r);
    const std::vector<int64_t> versions = RegistryVersions(std::string(info.op));
    for (int64_t v : info.versions) {
      EXPECT_NE(std::find(versions.begin(), versions.end(), v), versions.end())
          << info.name << " at " << info.op << "-" << v;
    }
  }
}

}  // namespace
}  // namespace onnx_conform
