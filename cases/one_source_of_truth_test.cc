// The registry (ops/<family>/*_schemas.cc) is the only place that lists an
// operator's versions and types. This test reads the project's source as
// text and fails on a version list or a type set written anywhere else,
// and checks that everything that walks the operators walks the registry:
// every registered version has cases, and the case library's cells are the
// registry's.
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cases/case_library.h"
#include "checker/registry.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

// Where facts may be written: the schemas, and the type sets they name.
bool MayListFacts(const fs::path& relative) {
  const std::string path = relative.generic_string();
  return ((path.rfind("checker/", 0) == 0 || path.rfind("ops/", 0) == 0) &&
          path.find("schema") != std::string::npos) ||
         path == "tensor/element_type.h";
}

bool IsTest(const fs::path& relative) {
  const std::string name = relative.filename().string();
  return name.find("_test") != std::string::npos || name.find("test_util") != std::string::npos ||
         name.find("test_data") != std::string::npos || name == "test_model.h";
}

std::vector<std::string> Offenders(const std::regex& fact) {
  const fs::path root = ONNX_CONFORM_SOURCE_DIR;
  std::vector<std::string> offenders;
  for (const char* folder :
       {"tensor", "caseio", "checker", "reference", "ops", "cases", "runners", "testing"}) {
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(root / folder)) {
      const fs::path relative = fs::relative(entry.path(), root);
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".cc" && ext != ".h")) continue;
      if (IsTest(relative) || MayListFacts(relative)) continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      const std::string source = text.str();
      std::smatch match;
      if (std::regex_search(source, match, fact)) {
        offenders.push_back(absl::StrCat(relative.generic_string(), ": ", match.str()));
      }
    }
  }
  return offenders;
}

std::string Joined(const std::vector<std::string>& lines) {
  std::string all;
  for (const std::string& line : lines) all += line + "\n";
  return all;
}

TEST(OneSourceOfTruthTest, NoVersionListOutsideTheRegistry) {
  // {1, 6, 8, 12, 13}, kMinVersions[] = ..., {1, 11, 12, 13}, ...
  const std::regex versions(
      R"(\{\s*1\s*,\s*(6|11)\s*,\s*(8|11|12)\s*,\s*(12|13)\s*(,\s*13\s*)?\}|k[A-Z][A-Za-z]*Versions\s*\[\])");
  const std::vector<std::string> offenders = Offenders(versions);
  EXPECT_TRUE(offenders.empty()) << Joined(offenders);
}

TEST(OneSourceOfTruthTest, NoTypeSetOutsideTheRegistry) {
  // The named type sets, and a list of the float types written out.
  const std::regex types(
      R"(\bk(Float|AllNumeric|AllNumericBf)Types\b|\{\s*(E|ElementType)::kFloat16\s*,\s*(E|ElementType)::kFloat\s*,\s*(E|ElementType)::kDouble\s*\})");
  const std::vector<std::string> offenders = Offenders(types);
  EXPECT_TRUE(offenders.empty()) << Joined(offenders);
}

// The version loops of the case definitions walk the registry.
TEST(OneSourceOfTruthTest, EveryRegisteredVersionAndTypeHasCases) {
  std::set<std::tuple<std::string, int64_t, std::string>> with_cases;
  for (const Case& c : AllCases()) {
    if (c.metadata.types_size() == 0) continue;
    with_cases.insert({c.metadata.operator_(), c.metadata.version(), c.metadata.types(0)});
  }
  for (const OpSchema* schema : AllSchemas()) {
    for (ElementType type : schema->PrimaryTypes()) {
      EXPECT_TRUE(with_cases.contains(
          {schema->op_type(), schema->since_version(), std::string(ElementTypeName(type))}))
          << schema->Name() << " " << ElementTypeName(type);
    }
  }
}

TEST(OneSourceOfTruthTest, TheLibrarysCellsAreTheRegistrys) {
  size_t cells = 0;
  for (const OperatorVersion& v : SuiteOperatorVersions()) {
    const OpSchema* schema = FindSchemaVersion(std::string(v.op_type), v.version);
    ASSERT_NE(schema, nullptr) << v.op_type << "-" << v.version;
    const std::vector<ElementType> registry = schema->PrimaryTypes();
    EXPECT_EQ(std::set<ElementType>(v.types.begin(), v.types.end()),
              std::set<ElementType>(registry.begin(), registry.end()))
        << schema->Name();
    cells += v.types.size();
  }
  size_t registered = 0;
  for (const OpSchema* schema : AllSchemas()) registered += schema->PrimaryTypes().size();
  EXPECT_EQ(cells, registered);
}

}  // namespace
}  // namespace onnx_conform
