// The committed case library: current (regenerating gives the same bytes),
// small, well named, complete, and with the right values in spot checks.
#include <unistd.h>

#include <cmath>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "caseio/case_files.h"
#include "caseio/case_layout.h"
#include "cases/case_library.h"
#include "cases/case_values.h"
#include "cases/case_writer.h"
#include "checker/registry.h"
#include "gtest/gtest.h"
#include "ops/suite_operators.h"
#include "tensor/tensor_file.h"
#include "testing/case_test_util.h"

namespace onnx_conform {

using namespace case_values;  // NOLINT: the library's own value helpers
namespace {

namespace fs = std::filesystem;

const fs::path kCases = fs::path(ONNX_CONFORM_SOURCE_DIR) / "cases";

class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = fs::temp_directory_path() /
            absl::StrCat("oc_generated_cases_test_", info->name(), "_", ::getpid());
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Relative path -> bytes of every file below root.
std::map<std::string, std::string> FilesUnder(const fs::path& root) {
  std::map<std::string, std::string> files;
  if (!fs::exists(root)) return files;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(root)) {
    if (e.is_regular_file()) files[fs::relative(e.path(), root).string()] = ReadAll(e.path());
  }
  return files;
}

TEST(GeneratedCasesTest, CommittedCasesAreExactlyWhatTheGeneratorWrites) {
  TempDir dir;
  ASSERT_TRUE(WriteCaseTree(AllCases(), dir.path()).ok());
  for (const char* folder : {"node", "invalid"}) {
    const std::map<std::string, std::string> fresh = FilesUnder(dir.path() / folder);
    const std::map<std::string, std::string> committed = FilesUnder(kCases / folder);
    ASSERT_FALSE(fresh.empty());
    int reported = 0;
    for (const auto& [path, bytes] : fresh) {
      auto it = committed.find(path);
      if (it == committed.end()) {
        ADD_FAILURE() << folder << "/" << path << " is not committed";
      } else if (it->second != bytes) {
        ADD_FAILURE() << folder << "/" << path << " differs from the generator's output";
      } else {
        continue;
      }
      if (++reported == 10) break;
    }
    for (const auto& [path, bytes] : committed) {
      if (!fresh.count(path)) ADD_FAILURE() << folder << "/" << path << " is not generated";
    }
    if (::testing::Test::HasFailure()) {
      ADD_FAILURE() << "cases/ is out of date: run `oc-generate-cases cases` from the repository "
                       "root and commit the result";
    }
  }
}

TEST(GeneratedCasesTest, GenerationIsDeterministic) {
  const std::vector<Case> a = AllCases();
  const std::vector<Case> b = AllCases();
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_TRUE(a[i].files == b[i].files) << a[i].name;
  }
}

TEST(GeneratedCasesTest, CommittedCasesStayUnderFiveMegabytes) {
  uintmax_t bytes = 0;
  for (const char* folder : {"node", "invalid"}) {
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(kCases / folder)) {
      if (e.is_regular_file()) bytes += e.file_size();
    }
  }
  EXPECT_GT(bytes, 0u);
  EXPECT_LT(bytes, 5u * 1024 * 1024);
}

TEST(GeneratedCasesTest, NamesFollowThePatternAndMatchTheMetadata) {
  const std::regex pattern(
      "(min|argmin|clip|max|argmax|relu)_v([0-9]+)_(bfloat16|double|float|float16|int8|int16|int32|"
      "int64|uint8|"
      "uint16|uint32|uint64)_[a-z0-9_]+");
  std::set<std::string> official;
  for (const fs::path& dir : CaseDirsUnder(ONNX_CONFORM_OFFICIAL_NODE_TESTS)) {
    official.insert(dir.filename().string());
  }
  for (const char* folder : {"node", "invalid"}) {
    for (const fs::path& dir : CaseDirsUnder(kCases / folder)) {
      const std::string name = dir.filename().string();
      std::smatch match;
      ASSERT_TRUE(std::regex_match(name, match, pattern)) << name;
      EXPECT_FALSE(official.count(name)) << name << " collides with an official ONNX test";
      absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir);
      ASSERT_TRUE(m.ok() && m->has_value()) << name << ": " << m.status();
      std::string op = (*m)->operator_();
      for (char& ch : op) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      EXPECT_EQ(op, match[1].str()) << name;
      EXPECT_EQ(std::to_string((*m)->version()), match[2].str()) << name;
      ASSERT_GE((*m)->types_size(), 1) << name;
      EXPECT_EQ((*m)->types(0), match[3].str()) << name;
      EXPECT_EQ((*m)->expectation() == kExpectValid, std::string(folder) == "node") << name;
      EXPECT_FALSE((*m)->spec_quote().empty()) << name;
    }
  }
}

// A case quotes its own operator's text: a sentence that says what another
// operator's result is ("either is an acceptable Min result" in a Clip
// case) is not about the case. Min inside a formula ("Min(max, ...)") is.
TEST(GeneratedCasesTest, SpecQuotesAreTheCaseOperatorsOwn) {
  const std::vector<absl::string_view> ops = RegisteredOperators();
  for (const Case& c : AllCases()) {
    const std::string& quote = c.metadata.spec_quote();
    for (absl::string_view other : ops) {
      if (other == c.metadata.operator_()) continue;
      const std::string op(other);
      EXPECT_EQ(quote.find(op + " result"), std::string::npos) << c.name << ": " << quote;
      EXPECT_NE(quote.rfind(op + " ", 0), 0u) << c.name << ": " << quote;
    }
  }
}

// Per operator version and type: the features the issue asks for.
TEST(GeneratedCasesTest, EveryCellHasItsEdgeValueFeatures) {
  std::map<std::string, std::set<std::string>> features;  // "Min-13-float16" -> features
  for (const fs::path& dir : CaseDirsUnder(kCases / "node")) {
    absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir);
    ASSERT_TRUE(m.ok() && m->has_value()) << dir;
    std::set<std::string>& f =
        features[absl::StrCat((*m)->operator_(), "-", (*m)->version(), "-", (*m)->types(0))];
    f.insert("any");
    f.insert((*m)->features().begin(), (*m)->features().end());
  }
  const std::map<std::string, std::vector<std::string>> kRequired = {
      {"Min", {"single_input", "multi_input", "scalar", "empty"}},
      {"Max", {"single_input", "multi_input", "scalar", "empty"}},
      {"ArgMin", {"tie", "default_attr", "keepdims", "axis", "scalar"}},
      {"ArgMax", {"tie", "default_attr", "keepdims", "axis", "scalar"}},
      {"Clip", {"min_max", "min_only", "max_only", "no_bounds", "min_gt_max", "scalar", "empty"}},
      {"Relu", {"scalar", "empty"}},
  };
  int cells = 0;
  for (const OperatorVersion& v : SuiteOperatorVersions()) {
    for (ElementType type : v.types) {
      ++cells;
      const std::string cell = absl::StrCat(std::string(v.op_type), "-", v.version, "-",
                                            std::string(ElementTypeName(type)));
      std::vector<std::string> required = kRequired.at(std::string(v.op_type));
      if (IsFloatingPoint(type)) {
        required.insert(required.end(), {"nan", "inf", "neg_zero", "float_extremes"});
      } else {
        required.push_back("int_extremes");
      }
      const bool elementwise = v.op_type == "Min" || v.op_type == "Max";
      const bool arg = v.op_type == "ArgMin" || v.op_type == "ArgMax";
      if (elementwise && v.version >= 8) required.push_back("broadcast");
      if (arg && v.version >= 11) required.push_back("negative_axis");
      if (arg && v.version >= 12) required.push_back("select_last_index");
      if (v.op_type == "Clip")
        required.push_back(v.version < 11 ? "default_attr" : "skipped_input");
      for (const std::string& feature : required) {
        EXPECT_TRUE(features[cell].count(feature)) << cell << " has no case for " << feature;
      }
    }
  }
  // Every operator of the one list has cells, each checked above (which
  // cells a version has is schema_oracle_test's: ONNX's own schemas).
  for (const SuiteOperator& op : kSuiteOperators) {
    EXPECT_FALSE(SuiteVersions(op.op_type).empty()) << op.op_type << ": no version";
  }
  EXPECT_GT(cells, 0);
  EXPECT_TRUE(features["ArgMin-1-float"].count("empty"));
  EXPECT_TRUE(features["ArgMax-1-float"].count("empty"));
  EXPECT_TRUE(features["Min-1-float"].count("consumed_inputs"));
  EXPECT_TRUE(features["Max-1-float"].count("consumed_inputs"));
  EXPECT_TRUE(features["Clip-1-double"].count("consumed_inputs"));
  EXPECT_TRUE(features["Relu-1-float16"].count("consumed_inputs"));
}

TEST(GeneratedCasesTest, WriterRefusesToReplaceAFolderItDidNotWrite) {
  TempDir dir;
  fs::create_directories(dir.path() / "node");
  std::ofstream(dir.path() / "node" / "README") << "mine";
  const absl::Status s = WriteCaseTree(AllCases(), dir.path());
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition) << s;
  EXPECT_TRUE(fs::exists(dir.path() / "node" / "README"));
}

// ---- Spot checks: committed expectations against literals written here ----

Tensor Output(const std::string& name, int data_set = 0, int k = 0) {
  const fs::path file = kCases / "node" / name / DataFilePath(data_set, DataFileKind::kOutput, k);
  absl::StatusOr<Tensor> t = ReadTensorFile(file);
  if (!t.ok()) ADD_FAILURE() << t.status();
  return t.ok() ? *std::move(t) : Tensor();
}

TEST(GeneratedCasesTest, SpotCheckMinNaNPropagatesInBFloat16) {
  const Tensor t = Output("min_v13_bfloat16_nan");
  ASSERT_EQ(t.type(), ElementType::kBFloat16);
  std::span<const BFloat16> v = t.data<BFloat16>();
  ASSERT_EQ(v.size(), 5u);
  EXPECT_TRUE(v[0].IsNaN() && v[1].IsNaN() && v[2].IsNaN() && v[4].IsNaN());
  EXPECT_EQ(v[3].ToFloat(), 2.0f);
}

TEST(GeneratedCasesTest, SpotCheckArgMinNaNWithSelectLastIndex) {
  const Tensor t = Output("argmin_v12_float16_nan_select_last");
  ASSERT_EQ(t.type(), ElementType::kInt64);
  EXPECT_EQ(t.shape(), (Shape{3, 1}));
  std::span<const int64_t> v = t.data<int64_t>();
  EXPECT_EQ(std::vector<int64_t>(v.begin(), v.end()), (std::vector<int64_t>{2, 0, 2}));
}

TEST(GeneratedCasesTest, SpotCheckClip6DoubleDefaultsAreFloatLimits) {
  const Tensor t = Output("clip_v6_double_inf_default_bounds");
  std::span<const double> v = t.data<double>();
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0], -3.4028234663852886e38);
  EXPECT_EQ(v[1], 3.4028234663852886e38);
  EXPECT_EQ(v[2], 1.0);
}

TEST(GeneratedCasesTest, SpotCheckClip6Float16DefaultsClipNothing) {
  const Tensor t = Output("clip_v6_float16_inf_default_bounds");
  std::span<const Float16> v = t.data<Float16>();
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0].bits(), 0xFC00);  // -inf: float's lowest() rounds to -inf in float16
  EXPECT_EQ(v[1].bits(), 0x7C00);
  EXPECT_EQ(v[2].bits(), 0x3C00);
}

TEST(GeneratedCasesTest, SpotCheckClip11MissingBoundsAreTheTypesLimits) {
  const Tensor t = Output("clip_v11_float_inf_default_bounds");
  std::span<const float> v = t.data<float>();
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0], -3.40282347e38f);
  EXPECT_EQ(v[1], 3.40282347e38f);
  // Clip-1 reads its missing bounds as Clip-6 prints them: float's limits.
  const Tensor clip1 = Output("clip_v1_float_inf_default_bounds");
  EXPECT_EQ(clip1.data<float>()[0], -3.40282347e38f);
  EXPECT_EQ(clip1.data<float>()[1], 3.40282347e38f);
  // For double, float's limits clip too: -inf becomes -3.4028234663852886e38.
  const Tensor clip1_double = Output("clip_v1_double_inf_default_bounds");
  EXPECT_EQ(clip1_double.data<double>()[0], -3.4028234663852886e38);
  // The expanded Clip-13 body skips a missing bound: infinities pass through.
  const Tensor body = Output("clip_v13_float_inf_default_bounds_expanded");
  EXPECT_TRUE(std::isinf(body.data<float>()[0]) && std::isinf(body.data<float>()[1]));
}

TEST(GeneratedCasesTest, SpotCheckClipMinGreaterThanMaxGivesMax) {
  const Tensor t = Output("clip_v13_uint8_min_gt_max");
  std::span<const uint8_t> v = t.data<uint8_t>();
  EXPECT_EQ(std::vector<uint8_t>(v.begin(), v.end()), std::vector<uint8_t>(8, 2));
}

TEST(GeneratedCasesTest, SpotCheckMinInt64Extremes) {
  const Tensor t = Output("min_v12_int64_int_extremes");
  std::span<const int64_t> v = t.data<int64_t>();
  const int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(std::vector<int64_t>(v.begin(), v.end()),
            (std::vector<int64_t>{lo, lo, lo, hi, lo, lo, hi - 1}));
}

TEST(GeneratedCasesTest, SpotCheckMinBroadcast3d) {
  // a [2,1,3] = {-3, 4, -2, 5, -1, 6}; b [4,1] = {0, -6, 1, -5} (the case's inputs).
  const fs::path dir = kCases / "node" / "min_v13_int32_broadcast_3d" / DataSetDirName(0);
  absl::StatusOr<Tensor> a = ReadTensorFile(dir / InputFileName(0));
  absl::StatusOr<Tensor> b = ReadTensorFile(dir / InputFileName(1));
  ASSERT_TRUE(a.ok() && b.ok());
  std::span<const int32_t> av = a->data<int32_t>(), bv = b->data<int32_t>();
  EXPECT_EQ(std::vector<int32_t>(av.begin(), av.end()),
            (std::vector<int32_t>{-3, 4, -2, 5, -1, 6}));
  EXPECT_EQ(std::vector<int32_t>(bv.begin(), bv.end()), (std::vector<int32_t>{0, -6, 1, -5}));
  const Tensor t = Output("min_v13_int32_broadcast_3d");
  EXPECT_EQ(t.shape(), (Shape{2, 4, 3}));
  std::span<const int32_t> v = t.data<int32_t>();
  EXPECT_EQ(std::vector<int32_t>(v.begin(), v.end()),
            (std::vector<int32_t>{-3, 0,  -2, -6, -6, -6, -3, 1,  -2, -5, -5, -5,
                                  0,  -1, 0,  -6, -6, -6, 1,  -1, 1,  -5, -5, -5}));
}

}  // namespace
}  // namespace onnx_conform
