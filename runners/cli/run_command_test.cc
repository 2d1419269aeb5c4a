// `onnx-conform run` end to end through RunCommand: exit codes, statuses,
// and the JSON and JUnit reports.
#include <sys/stat.h>

#include <exception>
#include <filesystem>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "onnx/version_converter/convert.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "runners/reports/report.pb.h"
#include "tensor/tensor_file.h"
#include "testing/test_model.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

const fs::path kOfficial = ONNX_CONFORM_OFFICIAL_NODE_TESTS;

std::string ReadText(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

const fs::path kSuiteCases = fs::path(ONNX_CONFORM_SUITE_NODE_CASES).parent_path();

class RunCommandTest : public testing::Test {
 protected:
  void SetUp() override {
    if (!fs::is_directory(kOfficial / "test_min_example")) GTEST_SKIP() << "no libonnx-testdata";
    dir_ = fs::path(testing::TempDir()) /
           testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }

  // A copy of an official case, to break on purpose.
  fs::path CopyCase(const std::string& name) {
    const fs::path target = dir_ / "cases" / name;
    fs::create_directories(target.parent_path());
    fs::copy(kOfficial / name, target, fs::copy_options::recursive);
    return target;
  }

  int Run(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = RunCommand(args, out, err);
    stdout_ = out.str();
    stderr_ = err.str();
    return code;
  }

  report::RunReport ReadJson(const fs::path& path) {
    report::RunReport report;
    const auto status = google::protobuf::util::JsonStringToMessage(ReadText(path), &report);
    EXPECT_TRUE(status.ok()) << status.ToString();
    return report;
  }

  fs::path dir_;
  std::string stdout_, stderr_;
};

TEST_F(RunCommandTest, OfficialMinCasesPassWithReports) {
  const fs::path json = dir_ / "report.json";
  const fs::path junit = dir_ / "junit.xml";
  EXPECT_EQ(Run({"--report-json=" + json.string(), "--junit", junit.string(), "--filter=^test_min_",
                 kOfficial.string()}),
            kExitOk)
      << stderr_;
  report::RunReport report = ReadJson(json);
  ASSERT_EQ(report.cases_size(), 14);  // test_min_* in ONNX 1.12, test_min_example first
  EXPECT_EQ(report.cases(0).name(), "test_min_example");
  EXPECT_EQ(report.cases(0).op(), "Min");
  EXPECT_EQ(report.cases(0).opset(), 13);
  EXPECT_EQ(report.cases(0).status(), "pass");
  EXPECT_EQ(report.summary().at("pass"), 14);
  EXPECT_EQ(report.summary().at("fail"), 0);
  const std::string xml = ReadText(junit);
  EXPECT_NE(xml.find("name=\"test_min_uint64\""), std::string::npos);
  EXPECT_NE(xml.find("tests=\"14\""), std::string::npos);
  EXPECT_NE(stdout_.find("14 passed, 0 failed"), std::string::npos) << stdout_;
}

// A case folder given with a trailing slash keeps its name: in the reports,
// for --filter and for --shard (an empty name would match no expectation).
TEST_F(RunCommandTest, ACaseGivenWithATrailingSlashKeepsItsName) {
  const fs::path json = dir_ / "report.json";
  const std::string case_dir = (kOfficial / "test_min_example").string() + "/";
  EXPECT_EQ(Run({"--report-json=" + json.string(), "--filter=^test_min_example$", case_dir}),
            kExitOk)
      << stderr_;
  report::RunReport report = ReadJson(json);
  ASSERT_EQ(report.cases_size(), 1) << stdout_;
  EXPECT_EQ(report.cases(0).name(), "test_min_example");
  EXPECT_EQ(report.cases(0).status(), "pass");
}

// A case that turns out invalid without declaring itself negative tests
// nothing: it fails the run unless --allow-invalid; a declared negative
// case rejected for its rule passes.
TEST_F(RunCommandTest, AnUndeclaredInvalidCaseFailsTheRun) {
  const fs::path c = CopyCase("test_min_example");
  const fs::path input = c / DataFilePath(0, DataFileKind::kInput, 0);
  absl::StatusOr<Tensor> x = ReadTensorFile(input);
  ASSERT_TRUE(x.ok());
  Tensor doubles = Tensor::FromValues<double>(x->shape(), {3, 2, 1});
  ASSERT_TRUE(WriteTensorFile(input, doubles, "data_0").ok());  // declared float
  EXPECT_EQ(Run({c.string()}), kExitFailed);
  EXPECT_NE(stdout_.find("invalid"), std::string::npos) << stdout_;
  EXPECT_NE(stderr_.find("--allow-invalid"), std::string::npos) << stderr_;
  // Allowed, the invalid case fails nothing, but nothing passed either.
  EXPECT_EQ(Run({"--allow-invalid", c.string()}), kExitNothingPassed);
  EXPECT_EQ(Run({"--allow-invalid", "--allow-nothing-passed", c.string()}), kExitOk);
  EXPECT_EQ(Run({(kSuiteCases / "invalid" / "min_v13_float_double_input_data").string()}), kExitOk)
      << stdout_;
}

TEST_F(RunCommandTest, WrongExpectedValueFailsWithIndexAndValues) {
  const fs::path c = CopyCase("test_min_example");
  const fs::path output = c / DataFilePath(0, DataFileKind::kOutput, 0);
  absl::StatusOr<Tensor> expected = ReadTensorFile(output);
  ASSERT_TRUE(expected.ok());
  ASSERT_EQ(expected->shape(), Shape({3}));
  expected->data<float>()[2] = 42.0f;  // Min of {3,2,1},{1,4,4},{2,5,0} is {1,2,0}
  ASSERT_TRUE(WriteTensorFile(output, *expected, "min").ok());

  const fs::path json = dir_ / "report.json";
  EXPECT_EQ(Run({"--report-json=" + json.string(), c.string()}), kExitFailed);
  report::RunReport report = ReadJson(json);
  ASSERT_EQ(report.cases_size(), 1);
  EXPECT_EQ(report.cases(0).status(), "fail");
  EXPECT_NE(report.cases(0).message().find("1 of 3 elements differ"), std::string::npos)
      << report.cases(0).message();
  EXPECT_NE(report.cases(0).message().find("[2] expected 42, got 0"), std::string::npos)
      << report.cases(0).message();
}

TEST_F(RunCommandTest, TruncatedInputIsAnErrorNamingTheFile) {
  const fs::path c = CopyCase("test_clip");
  const fs::path input = c / DataFilePath(0, DataFileKind::kInput, 0);
  fs::resize_file(input, fs::file_size(input) / 2);
  const fs::path json = dir_ / "report.json";
  EXPECT_EQ(Run({"--report-json=" + json.string(), c.string()}), kExitFailed);
  report::RunReport report = ReadJson(json);
  ASSERT_EQ(report.cases_size(), 1);
  EXPECT_EQ(report.cases(0).status(), "error");
  EXPECT_NE(report.cases(0).message().find("input_0.pb"), std::string::npos)
      << report.cases(0).message();
}

// The reference computes only the covered operators: it says so of Abs,
// which fails nothing, but a run in which nothing passed is never a green
// run: kExitNothingPassed, or with --allow-nothing-passed a skip (77), as no
// case reached a verdict.
TEST_F(RunCommandTest, AnOperatorTheReferenceDoesNotComputeIsUnsupported) {
  EXPECT_EQ(Run({(kOfficial / "test_abs").string()}), kExitNothingPassed);
  EXPECT_EQ(Run({"--allow-nothing-passed", (kOfficial / "test_abs").string()}), kExitNothingRan);
  EXPECT_TRUE(absl::StrContains(stdout_, "unsupported")) << stdout_;
  EXPECT_TRUE(absl::StrContains(stdout_, "Abs")) << stdout_;
  EXPECT_EQ(Run({(kOfficial / "test_abs").string(), (kOfficial / "test_min_example").string()}),
            kExitOk)
      << stdout_;
}

// ONNX's version converter turns Clip-6's bounds into Constant nodes: the
// converted model runs like the original (issue 4), and where the converter
// gets the bounds' type wrong (float bounds for a float16 input) the checker
// says so instead of running it.
TEST_F(RunCommandTest, ModelFromTheVersionConverterRuns) {
  for (ElementType type : {ElementType::kFloat, ElementType::kFloat16}) {
    SCOPED_TRACE(ElementTypeName(type));
    testing_util::TestModel clip6(6);
    clip6.Input("x", type, {4}).Output("y", type, {4});
    onnx::NodeProto& clip = clip6.Node("Clip", {"x"}, {"y"});
    testing_util::SetFloat(clip, "min", -1.0f);
    testing_util::SetFloat(clip, "max", 2.0f);
    onnx::ModelProto converted;
    try {
      converted = onnx::version_conversion::ConvertVersion(clip6.model, 11);
    } catch (const std::exception& e) {
      FAIL() << "version converter: " << e.what();
    }
    const fs::path c = dir_ / "cases" / absl::StrCat("clip6_to_11_", ElementTypeName(type));
    fs::create_directories(c / DataSetDirName(0));
    ASSERT_TRUE(WriteProtoFile(c / "model.onnx", converted).ok());
    Tensor x, y;
    if (type == ElementType::kFloat) {
      x = Tensor::FromValues<float>({4}, {-3, 0, 1.5f, 9});
      y = Tensor::FromValues<float>({4}, {-1, 0, 1.5f, 2});
    } else {
      auto half = [](std::initializer_list<float> values) {
        std::vector<Float16> out;
        for (float v : values) out.push_back(Float16::FromFloat(v));
        return Tensor::FromValues<Float16>({4}, std::span<const Float16>(out));
      };
      x = half({-3, 0, 1.5f, 9});
      y = half({-1, 0, 1.5f, 2});
    }
    ASSERT_TRUE(WriteTensorFile(c / DataFilePath(0, DataFileKind::kInput, 0), x, "x").ok());
    ASSERT_TRUE(WriteTensorFile(c / DataFilePath(0, DataFileKind::kOutput, 0), y, "y").ok());

    const fs::path json = dir_ / "report.json";
    Run({"--report-json=" + json.string(), c.string()});
    report::RunReport report = ReadJson(json);
    ASSERT_EQ(report.cases_size(), 1) << stderr_;
    EXPECT_EQ(report.cases(0).op(), "Clip");
    EXPECT_EQ(report.cases(0).opset(), 11);
    if (type == ElementType::kFloat) {
      EXPECT_EQ(report.cases(0).status(), "pass") << report.cases(0).message();
    } else {
      EXPECT_EQ(report.cases(0).status(), "invalid") << report.cases(0).message();
      EXPECT_TRUE(absl::StrContains(report.cases(0).message(), "TYPE-PARAM-MISMATCH"))
          << report.cases(0).message();
    }
  }
}

TEST_F(RunCommandTest, BadUsageExitsWithTwo) {
  EXPECT_EQ(Run({"--no-such-flag", kOfficial.string()}), kExitUsage);
  EXPECT_TRUE(absl::StrContains(stderr_, "--no-such-flag")) << stderr_;
  EXPECT_EQ(Run({(dir_ / "does-not-exist").string()}), kExitUsage);
  EXPECT_TRUE(absl::StrContains(stderr_, "does-not-exist")) << stderr_;
  EXPECT_EQ(Run({dir_.string()}), kExitUsage);  // exists, holds no case
  EXPECT_EQ(Run({}), kExitUsage);
  EXPECT_EQ(Run({"--filter=(", kOfficial.string()}), kExitUsage);
}

TEST_F(RunCommandTest, AFilterThatSelectsNoCaseIsAUsageError) {
  // A typo in a CI job's filter must not turn into a green run of nothing.
  EXPECT_EQ(Run({"--filter=^test_mni_", kOfficial.string()}), kExitUsage);
  EXPECT_TRUE(absl::StrContains(stderr_, "no case")) << stderr_;
  EXPECT_TRUE(absl::StrContains(stderr_, "--filter=^test_mni_")) << stderr_;
  // Official cases have no case.json, hence no features.
  EXPECT_EQ(Run({"--features=nan", "--filter=^test_min_", kOfficial.string()}), kExitUsage);
}

}  // namespace
}  // namespace onnx_conform

namespace onnx_conform {
namespace {

// A folder that looks like a case is never dropped: a model.onnx that is a
// FIFO, a folder or a dangling link is an error in `run` and in `check`.
TEST_F(RunCommandTest, AModelThatIsNoRegularFileIsAnErrorInRunAndCheck) {
  for (const char* kind : {"fifo", "folder", "dangling"}) {
    const fs::path c = CopyCase("test_min_example");
    const fs::path model = c / kModelFileName;
    fs::remove(model);
    if (std::string(kind) == "fifo") {
      ASSERT_EQ(mkfifo(model.c_str(), 0600), 0);
    } else if (std::string(kind) == "folder") {
      fs::create_directory(model);
    } else {
      fs::create_symlink(c / "gone.onnx", model);
    }
    const fs::path passing = CopyCase("test_min_one_input");
    EXPECT_EQ(Run({c.parent_path().string()}), kExitFailed) << kind << "\n" << stdout_;
    EXPECT_THAT(stdout_, ::testing::HasSubstr("error       test_min_example")) << kind;
    EXPECT_THAT(stdout_, ::testing::HasSubstr("1 passed, 0 failed, 1 error")) << kind;
    std::ostringstream out, err;
    EXPECT_EQ(CheckCommand({c.string()}, out, err), kExitFailed) << kind;
    EXPECT_THAT(out.str(), ::testing::HasSubstr("[MODEL-READ]")) << kind;
    fs::remove_all(c);
    fs::remove_all(passing);
  }
}

// A negative case's twin is found beside it, in the case set's node/
// folder, and nowhere else: a name with a path, or a twin linked out of
// the case set, is an error, and the adapter is never handed such files.
TEST_F(RunCommandTest, ATwinOutsideTheCaseSetIsNeverRun) {
  const fs::path set = dir_ / "set";
  fs::create_directories(set / "invalid");
  fs::create_directories(set / "node");
  fs::create_directories(dir_ / "elsewhere");
  const std::string negative = "min_v13_float_double_input_data";
  fs::copy(kSuiteCases / "invalid" / negative, set / "invalid" / negative,
           fs::copy_options::recursive);
  const fs::path metadata = set / "invalid" / negative / kCaseMetadataFileName;
  const std::string text = ReadText(metadata);
  const std::string twin = "min_v13_float_broadcast_1d";
  ASSERT_NE(text.find(twin), std::string::npos);
  for (const std::string& named : {std::string("../../elsewhere/") + twin, twin}) {
    std::string edited = text;
    edited.replace(edited.find(twin), twin.size(), named);
    std::ofstream(metadata) << edited;
    fs::remove_all(set / "node" / twin);
    fs::remove_all(dir_ / "elsewhere" / twin);
    fs::copy(kSuiteCases / "node" / twin, dir_ / "elsewhere" / twin, fs::copy_options::recursive);
    // The second time the twin's name is plain, but node/ links it outside.
    if (named == twin) fs::create_directory_symlink(dir_ / "elsewhere" / twin, set / "node" / twin);
    EXPECT_EQ(Run({"--backend=exec:" + std::string(ONNX_CONFORM_FAKE_ADAPTER) + " exit-1",
                   (set / "invalid").string()}),
              kExitFailed)
        << named;
    EXPECT_THAT(stdout_, ::testing::HasSubstr("its valid twin")) << named << "\n" << stdout_;
    EXPECT_THAT(stdout_, ::testing::AnyOf(::testing::HasSubstr("outside the case set"),
                                          ::testing::HasSubstr("not the name of a case folder")))
        << named;
  }
}

// A negative case's twin is found the same way however the case's path is
// spelled: absolute, relative to a folder above it, or relative to its own
// folder of cases.
TEST_F(RunCommandTest, ATwinIsFoundWhateverTheSpellingOfTheCasePath) {
  const fs::path set = dir_ / "set";
  const std::string negative = "min_v13_float_double_input_data";
  const std::string twin = "min_v13_float_broadcast_1d";
  ASSERT_NE(ReadText(kSuiteCases / "invalid" / negative / kCaseMetadataFileName).find(twin),
            std::string::npos);
  fs::create_directories(set / "invalid");
  fs::create_directories(set / "node");
  fs::copy(kSuiteCases / "invalid" / negative, set / "invalid" / negative,
           fs::copy_options::recursive);
  fs::copy(kSuiteCases / "node" / twin, set / "node" / twin, fs::copy_options::recursive);
  const fs::path working = fs::current_path();
  const fs::path report = dir_ / "report.json";
  const std::vector<std::pair<fs::path, std::string>> spellings = {
      {working, (set / "invalid" / negative).string()},
      {set, "invalid"},
      {set, "invalid/" + negative + "/"},
      {set / "invalid", negative},
      {set / "invalid", "./" + negative},
      {set / "node", "../invalid"}};
  for (const auto& [from, path] : spellings) {
    fs::current_path(from);
    const int code = Run({"--report-json=" + report.string(), path});
    fs::current_path(working);
    EXPECT_EQ(code, kExitOk) << from << ": " << path << "\n" << stdout_ << stderr_;
    const report::RunReport read = ReadJson(report);
    ASSERT_EQ(read.cases_size(), 1) << path;
    EXPECT_EQ(read.cases(0).status(), "pass") << from << ": " << path << "\n" << stdout_;
  }
}

}  // namespace
}  // namespace onnx_conform
