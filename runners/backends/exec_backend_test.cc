// The exec backend with a fake adapter that misbehaves in every way the
// protocol names: each gets its status and a message saying why; and the
// case.json rules (divergent, tolerance, negative cases) on both backends.
#include "runners/backends/exec_backend.h"

#include <stdlib.h>

#include <chrono>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "caseio/case_layout.h"
#include "checker/checked_case.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/backends/backend.h"
#include "runners/backends/subprocess.h"
#include "runners/harness/case_runner.h"
#include "tensor/tensor_file.h"
#include "testing/backend_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

std::unique_ptr<Backend> Make(const std::string& spec, double timeout = 20,
                              const fs::path& temp_dir = {}) {
  BackendOptions options;
  options.timeout_seconds = timeout;
  options.temp_dir = temp_dir;
  absl::StatusOr<std::unique_ptr<Backend>> backend = MakeBackend(spec, options);
  EXPECT_TRUE(backend.ok()) << backend.status();
  return backend.ok() ? *std::move(backend) : nullptr;
}

struct ModeCase {
  std::string mode;
  std::string official_case;
  CaseStatus status;
  std::string message_part;
};

class ExecBackendModeTest : public BackendTestBase, public testing::WithParamInterface<ModeCase> {};

TEST_P(ExecBackendModeTest, GetsItsStatusAndSaysWhy) {
  const ModeCase& c = GetParam();
  std::unique_ptr<Backend> backend = Make(FakeBackend(c.mode));
  ASSERT_NE(backend, nullptr);
  CaseResult result = OpenAndRunCase({.dir = kOfficialCases / c.official_case}, *backend);
  EXPECT_EQ(StatusName(result.status), StatusName(c.status)) << result.message;
  EXPECT_THAT(result.message, HasSubstr(c.message_part));
  EXPECT_EQ(result.backend, absl::StrCat("exec:", kFakeAdapter, " ", c.mode));
  EXPECT_FALSE(result.cancelled);
}

INSTANTIATE_TEST_SUITE_P(
    Modes, ExecBackendModeTest,
    testing::Values(
        ModeCase{"pass", "test_min_example", CaseStatus::kPass, ""},
        ModeCase{"pass", "test_clip_default_inbounds", CaseStatus::kPass, ""},
        ModeCase{"off-by-one", "test_min_example", CaseStatus::kFail,
                 "output 'result': 1 of 3 elements differ: [0] expected 1, got 1.00000012"},
        ModeCase{"off-by-one", "test_argmin_default_axis_example", CaseStatus::kFail,
                 "[0,0] expected 0, got 1"},
        ModeCase{"wrong-type", "test_min_example", CaseStatus::kFail,
                 "element type double, expected float"},
        ModeCase{"wrong-type", "test_argmin_default_axis_example", CaseStatus::kFail,
                 "element type double, expected int64"},
        ModeCase{"wrong-shape", "test_min_example", CaseStatus::kFail, "shape [4], expected [3]"},
        ModeCase{"garbage", "test_min_example", CaseStatus::kError,
                 "adapter's output_0.pb is unreadable"},
        ModeCase{"missing", "test_min_example", CaseStatus::kError,
                 "adapter exited with 0 but wrote no output_0.pb (graph output 'result')"},
        ModeCase{"extra", "test_min_example", CaseStatus::kError,
                 "adapter wrote output_7.pb but the model has 1 output"},
        ModeCase{"unsupported", "test_min_example", CaseStatus::kUnsupported,
                 "fake: no kernel for this model"},
        ModeCase{"exit-7", "test_min_example", CaseStatus::kError,
                 "adapter exited with status 7; stderr:\nfake: failing with 7"},
        ModeCase{"exit-1", "test_min_example", CaseStatus::kError, "exited with status 1"},
        ModeCase{"crash", "test_min_example", CaseStatus::kCrash,
                 "adapter killed by signal 11 (SIGSEGV); stderr:\nfake: about to crash"},
        ModeCase{"abort", "test_min_example", CaseStatus::kCrash, "signal 6 (SIGABRT)"},
        // 4 MiB of stderr must neither block the adapter nor flood the message.
        ModeCase{"loud", "test_min_example", CaseStatus::kPass, ""}),
    [](const testing::TestParamInfo<ModeCase>& info) {
      std::string name = absl::StrCat(info.param.mode, "_", info.param.official_case);
      for (char& c : name) {
        if (!isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return name;
    });

class ExecBackendTest : public BackendTestBase {};

TEST_F(ExecBackendTest, HangTimesOutAndItsChildrenAreKilled) {
  const fs::path pid_file = dir_ / "child.pid";
  setenv("FAKE_ADAPTER_PID_FILE", pid_file.c_str(), 1);
  std::unique_ptr<Backend> backend = Make(FakeBackend("hang"), /*timeout=*/1);
  const auto start = std::chrono::steady_clock::now();
  CaseResult result = OpenAndRunCase({.dir = kOfficialCases / "test_min_example"}, *backend);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  unsetenv("FAKE_ADAPTER_PID_FILE");
  EXPECT_EQ(result.status, CaseStatus::kTimeout) << result.message;
  EXPECT_THAT(result.message,
              HasSubstr("adapter gave no result within 1 s; its process group was killed"));
  EXPECT_LT(seconds, 10);
  // The adapter's own child, in its process group, is gone too.
  int child = 0;
  std::ifstream(pid_file) >> child;
  ASSERT_GT(child, 0);
  bool dead = false;
  for (int i = 0; i < 200 && !dead; ++i) {
    std::ifstream stat(absl::StrCat("/proc/", child, "/stat"));
    std::string pid, comm, state;
    dead = !(stat >> pid >> comm >> state) || state == "Z";
    if (!dead) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(dead) << "the adapter's child " << child << " survived the timeout";
}

TEST_F(ExecBackendTest, AdapterGetsTheProtocolArgumentsWithAbsolutePaths) {
  const fs::path script = dir_ / "record-args.sh";
  const fs::path recorded = dir_ / "args.txt";
  WriteText(script, absl::StrCat("#!/bin/bash\nprintf '%s\\n' \"$@\" > '", recorded.string(),
                                 "'\necho 'min: not in this build' >&2\nexit 3\n"));
  fs::permissions(script, fs::perms::owner_all);
  const fs::path c = CopyCase("test_min_example", "min");
  // A relative case path: the adapter still gets absolute ones.
  const fs::path cwd = fs::current_path();
  fs::current_path(dir_);
  std::unique_ptr<Backend> backend = Make("exec:'" + script.string() + "' --extra 'a b'");
  CaseResult result = OpenAndRunCase({.dir = "cases/min"}, *backend);
  fs::current_path(cwd);
  EXPECT_EQ(result.status, CaseStatus::kUnsupported);
  EXPECT_EQ(result.message, "min: not in this build");

  std::vector<std::string> args;
  std::ifstream in(recorded);
  for (std::string line; std::getline(in, line);) args.push_back(line);
  ASSERT_EQ(args.size(), 9u) << ReadText(recorded);
  EXPECT_EQ(args[0], "--extra");
  EXPECT_EQ(args[1], "a b");
  EXPECT_EQ(args[2], "--model");
  EXPECT_EQ(fs::path(args[3]), c / "model.onnx");
  EXPECT_EQ(args[4], "--output-dir");
  EXPECT_TRUE(fs::path(args[5]).is_absolute());
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(fs::path(args[6 + k]), c / DataFilePath(0, DataFileKind::kInput, k));
  }
  // The output directory is gone after the run.
  EXPECT_FALSE(fs::exists(args[5]));
}

// An output the graph declares a sequence is read as a SequenceProto; a
// TensorProto in its place is unreadable, naming both kinds.
TEST_F(ExecBackendTest, SequenceOutputsAreReadAsTheGraphDeclaresThem) {
  const fs::path c = CopyCase("test_identity_sequence", "identity_sequence");
  const fs::path script = dir_ / "copy-input.sh";
  // Writes the file named by $COPY (default: the first input) as output_0.pb.
  WriteText(
      script,
      "#!/bin/bash\nwhile [ $# -gt 0 ]; do case \"$1\" in --output-dir) out=\"$2\"; shift 2;; "
      "--model) shift 2;; *) in=${in:-$1}; shift;; esac; done\n"
      "cp \"${COPY:-$in}\" \"$out/output_0.pb\"\n");
  fs::permissions(script, fs::perms::owner_all);
  std::shared_ptr<const CheckedCase> checked = OpenCase({.dir = c}, {}, OpenDepth::kEveryFile);
  ASSERT_EQ(checked->data_sets.size(), 1u);
  ASSERT_EQ(checked->data_sets[0].outputs.size(), 1u);
  const Tensor& expected = checked->data_sets[0].outputs[0];
  ASSERT_EQ(expected.kind(), Tensor::Kind::kSequence);

  std::unique_ptr<Backend> backend = Make("exec:" + script.string());
  BackendOutcome copied = backend->Run(*checked, 0);
  ASSERT_EQ(copied.kind, BackendOutcome::Kind::kOk) << copied.message;
  ASSERT_EQ(copied.outputs.size(), 1u);
  EXPECT_TRUE(IdenticalValues(copied.outputs[0], expected));  // Identity: the input itself

  const fs::path tensor = dir_ / "tensor.pb";
  ASSERT_TRUE(WriteTensorFile(tensor, Tensor::FromValues<float>({1}, {1.0f}), "y").ok());
  setenv("COPY", tensor.c_str(), 1);
  BackendOutcome wrong = backend->Run(*checked, 0);
  unsetenv("COPY");
  EXPECT_EQ(wrong.kind, BackendOutcome::Kind::kError);
  EXPECT_THAT(wrong.message, HasSubstr("output_0.pb is unreadable"));
  EXPECT_THAT(wrong.message, HasSubstr("not an onnx.SequenceProto"));
}

TEST_F(ExecBackendTest, EachRunGetsAFreshTempDirThatIsRemoved) {
  const fs::path temp = dir_ / "tmp";
  fs::create_directories(temp);
  std::unique_ptr<Backend> backend = Make(FakeBackend("pass"), 20, temp);
  EXPECT_EQ(OpenAndRunCase({.dir = kOfficialCases / "test_clip"}, *backend).status,
            CaseStatus::kPass);
  EXPECT_EQ(OpenAndRunCase({.dir = kOfficialCases / "test_min_example"}, *backend).status,
            CaseStatus::kPass);
  // The backend's scratch folder holds its lock alone, and goes with it.
  std::vector<std::string> left;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(temp)) {
    left.push_back(e.path().lexically_relative(temp).filename().string());
  }
  EXPECT_THAT(left, ::testing::ElementsAre(::testing::StartsWith("onnx-conform-"), ".lock"));
  backend.reset();
  EXPECT_TRUE(fs::is_empty(temp));
}

TEST_F(ExecBackendTest, SpecsThatAreNotBackends) {
  EXPECT_THAT(MakeBackend("tensorrt").status().message(), HasSubstr("unknown backend 'tensorrt'"));
  EXPECT_THAT(MakeBackend("exec:").status().message(), HasSubstr("no program"));
  EXPECT_THAT(MakeBackend("exec:'adapter").status().message(), HasSubstr("unterminated"));
  BackendOptions zero;
  zero.timeout_seconds = 0;
  EXPECT_FALSE(MakeBackend("exec:x", zero).ok());
  std::unique_ptr<Backend> missing = Make("exec:/no/such/adapter");
  CaseResult result = OpenAndRunCase({.dir = kOfficialCases / "test_min_example"}, *missing);
  EXPECT_EQ(result.status, CaseStatus::kError);
  EXPECT_THAT(result.message, HasSubstr("cannot run '/no/such/adapter'"));
}

TEST_F(ExecBackendTest, CancelEndsARunningCaseWithoutAVerdict) {
  std::unique_ptr<Backend> backend = Make(FakeBackend("hang"), 30);
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    backend->Cancel();
  });
  const auto start = std::chrono::steady_clock::now();
  CaseResult result = OpenAndRunCase({.dir = kOfficialCases / "test_min_example"}, *backend);
  canceller.join();
  EXPECT_TRUE(result.cancelled);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10);
  // Later cases do not start.
  EXPECT_TRUE(OpenAndRunCase({.dir = kOfficialCases / "test_clip"}, *backend).cancelled);
}

// ---- case.json on both backends ----

constexpr char kReferenceDefinedMin[] = R"({
  "operator": "Min", "version": 13, "types": ["float"], "features": ["nan"],
  "expectation": "valid", "semantics": "reference-defined"
})";

// Being reference-defined makes no difference a divergence: only a named
// reading does (verdict_test).
TEST_F(ExecBackendTest, ValueDifferencesOnAReferenceDefinedCaseFail) {
  const fs::path c = CopyCase("test_min_example", "min_nan");
  WriteText(c / "case.json", kReferenceDefinedMin);
  CaseResult off = OpenAndRunCase({.dir = c}, *Make(FakeBackend("off-by-one")));
  EXPECT_EQ(off.status, CaseStatus::kFail) << off.message;
  EXPECT_THAT(off.message, HasSubstr("[0] expected 1, got 1.00000012"));
  // A wrong shape is no matter of silent semantics.
  EXPECT_EQ(OpenAndRunCase({.dir = c}, *Make(FakeBackend("wrong-shape"))).status,
            CaseStatus::kFail);
  EXPECT_EQ(OpenAndRunCase({.dir = c}, *Make(FakeBackend("pass"))).status, CaseStatus::kPass);
}

TEST_F(ExecBackendTest, TheReferenceItselfFailsOnAReferenceDefinedCase) {
  const fs::path c = CopyCase("test_min_example", "min_nan");
  WriteText(c / "case.json", kReferenceDefinedMin);
  const fs::path output = c / DataFilePath(0, DataFileKind::kOutput, 0);
  absl::StatusOr<Tensor> expected = ReadTensorFile(output);
  ASSERT_TRUE(expected.ok());
  expected->data<float>()[0] = 7;
  ASSERT_TRUE(WriteTensorFile(output, *expected, "result").ok());
  CaseResult result = OpenAndRunCase({.dir = c}, *MakeReferenceBackend());
  EXPECT_EQ(result.status, CaseStatus::kFail) << result.message;
  EXPECT_EQ(result.op, "Min");
  EXPECT_EQ(result.op_version, 13);
  EXPECT_EQ(result.types, "float");
}

TEST_F(ExecBackendTest, ToleranceFromCaseJsonReplacesExactComparison) {
  const fs::path c = CopyCase("test_min_example", "min_tolerant");
  const fs::path output = c / DataFilePath(0, DataFileKind::kOutput, 0);
  absl::StatusOr<Tensor> expected = ReadTensorFile(output);
  ASSERT_TRUE(expected.ok());
  expected->data<float>()[1] = 2.0005f;  // the reference gives 2
  ASSERT_TRUE(WriteTensorFile(output, *expected, "result").ok());
  EXPECT_EQ(OpenAndRunCase({.dir = c}, *MakeReferenceBackend()).status, CaseStatus::kFail);
  WriteText(c / "case.json", R"({"operator": "Min", "version": 13, "types": ["float"],
    "expectation": "valid", "semantics": "spec", "tolerance": 0.001})");
  CaseResult result = OpenAndRunCase({.dir = c}, *MakeReferenceBackend());
  EXPECT_EQ(result.status, CaseStatus::kPass) << result.message;
  WriteText(c / "case.json", R"({"operator": "Min", "version": 13, "types": ["float"],
    "expectation": "valid", "semantics": "spec", "tolerance": 0.0001})");
  EXPECT_EQ(OpenAndRunCase({.dir = c}, *MakeReferenceBackend()).status, CaseStatus::kFail);
}

TEST_F(ExecBackendTest, BrokenCaseJsonIsAnErrorNamingTheFile) {
  const fs::path c = CopyCase("test_min_example", "min_broken_json");
  WriteText(c / "case.json", R"({"operator": "Min", "version": "thirteen"})");
  CaseResult result = OpenAndRunCase({.dir = c}, *MakeReferenceBackend());
  EXPECT_EQ(result.status, CaseStatus::kError);
  EXPECT_THAT(result.message, HasSubstr("case.json"));
}

// ArgMin with axis 5 on a rank-2 input: breaks ATTR-AXIS-RANGE.
fs::path MakeAxisOutOfRange(const fs::path& c, const std::string& rule) {
  const fs::path model_file = c / "model.onnx";
  absl::StatusOr<onnx::ModelProto> model = ReadModelFile(model_file);
  EXPECT_TRUE(model.ok());
  onnx::AttributeProto* axis = model->mutable_graph()->mutable_node(0)->add_attribute();
  axis->set_name("axis");
  axis->set_type(onnx::AttributeProto::INT);
  axis->set_i(5);
  EXPECT_TRUE(WriteProtoFile(model_file, *model).ok());
  WriteText(c / "case.json", absl::StrCat(R"({"operator": "ArgMin", "version": 13,
    "types": ["float"], "expectation": "invalid", "rule_id": ")",
                                          rule, R"(", "semantics": "spec"})"));
  return c;
}

// The reference is judged as any backend: it refuses what its checker
// rejects in the model and inputs it is given. Whether the checker rejects
// each negative case under its own rule is the checker's self-test
// (cases/cases_checker_test.cc), never a branch of the run.
TEST_F(ExecBackendTest, TheReferenceRefusesANegativeCaseAsAnyBackendWould) {
  const fs::path right = MakeAxisOutOfRange(
      CopyCase("test_argmin_default_axis_example", "argmin_axis_5"), "ATTR-AXIS-RANGE");
  CaseResult pass = OpenAndRunCase({.dir = right}, *MakeReferenceBackend());
  EXPECT_EQ(pass.status, CaseStatus::kPass) << pass.message;
  EXPECT_THAT(pass.message, HasSubstr("rejected as expected (ATTR-AXIS-RANGE): "));
  EXPECT_THAT(pass.message, HasSubstr("[ATTR-AXIS-RANGE] node #0 ArgMin, attribute axis"));

  // A case whose files break another rule than it names tests no backend:
  // not run, on the reference as anywhere.
  const fs::path wrong_rule = MakeAxisOutOfRange(
      CopyCase("test_argmin_default_axis_example", "argmin_axis_5_wrong_rule"), "SHAPE-BROADCAST");
  CaseResult other = OpenAndRunCase({.dir = wrong_rule}, *MakeReferenceBackend());
  EXPECT_EQ(other.status, CaseStatus::kInvalid) << other.message;
  EXPECT_THAT(other.message, HasSubstr("breaks SHAPE-BROADCAST"));

  // A valid model labelled invalid breaks nothing a backend sees.
  const fs::path accepted = CopyCase("test_argmin_default_axis_example", "argmin_fine");
  WriteText(accepted / "case.json", R"({"operator": "ArgMin", "version": 13, "types": ["float"],
    "expectation": "invalid", "rule_id": "ATTR-AXIS-RANGE", "semantics": "spec"})");
  CaseResult accepted_result = OpenAndRunCase({.dir = accepted}, *MakeReferenceBackend());
  EXPECT_EQ(accepted_result.status, CaseStatus::kInvalid) << accepted_result.message;
}

TEST_F(ExecBackendTest, NegativeCasesWithBrokenFilesNameTheRuleTheyBreak) {
  const fs::path truncated = CopyCase("test_clip", "clip_truncated_input");
  const fs::path input = truncated / DataFilePath(0, DataFileKind::kInput, 0);
  fs::resize_file(input, fs::file_size(input) / 2);
  WriteText(truncated / "case.json", R"({"operator": "Clip", "version": 11, "types": ["float"],
    "expectation": "invalid", "rule_id": "DATA-DECODE", "semantics": "spec"})");
  CaseResult decode = OpenAndRunCase({.dir = truncated}, *MakeReferenceBackend());
  EXPECT_EQ(decode.status, CaseStatus::kPass) << decode.message;
  EXPECT_THAT(decode.message, HasSubstr("rejected as expected (DATA-DECODE): "));

  const fs::path unreadable = CopyCase("test_clip", "clip_unreadable_model");
  WriteText(unreadable / "model.onnx", "\xff\xff not a model");
  WriteText(unreadable / "case.json", R"({"operator": "Clip", "version": 11, "types": ["float"],
    "expectation": "invalid", "rule_id": "MODEL-READ", "semantics": "spec"})");
  CaseResult read = OpenAndRunCase({.dir = unreadable}, *MakeReferenceBackend());
  EXPECT_EQ(read.status, CaseStatus::kPass) << read.message;
  EXPECT_EQ(read.op, "Clip");
  EXPECT_EQ(read.op_version, 11);
}

TEST_F(ExecBackendTest, OnOtherBackendsANegativeCasePassesWhenTheBackendRefusesIt) {
  const fs::path c = MakeAxisOutOfRange(
      CopyCase("test_argmin_default_axis_example", "argmin_axis_5"), "ATTR-AXIS-RANGE");
  CaseResult refused = OpenAndRunCase({.dir = c}, *Make(FakeBackend("exit-1")));
  EXPECT_EQ(refused.status, CaseStatus::kPass) << refused.message;
  // The adapter's reason is kept, not cut after "stderr:".
  EXPECT_EQ(refused.message,
            "rejected as expected (ATTR-AXIS-RANGE): adapter exited with status 1; stderr: "
            "fake: failing with 1");
  {
    // The persistent protocol's refusal ({"exit": 1, "message": ...}) as well.
    BackendOptions options;
    options.timeout_seconds = 20;
    options.persistent = true;
    absl::StatusOr<std::unique_ptr<Backend>> server = MakeBackend(FakeBackend("exit-1"), options);
    ASSERT_TRUE(server.ok()) << server.status();
    CaseResult served = OpenAndRunCase({.dir = c}, **server);
    EXPECT_EQ(served.status, CaseStatus::kPass) << served.message;
    EXPECT_THAT(served.message, HasSubstr("fake: failing with 1"));
  }
  EXPECT_TRUE(refused.ran_on_backend);
  EXPECT_EQ(OpenAndRunCase({.dir = c}, *Make(FakeBackend("unsupported"))).status,
            CaseStatus::kPass);

  CaseResult accepted = OpenAndRunCase({.dir = c}, *Make(FakeBackend("pass")));
  EXPECT_EQ(accepted.status, CaseStatus::kFail);
  EXPECT_THAT(accepted.message, HasSubstr("accepted a case that breaks ATTR-AXIS-RANGE: axis is "
                                          "outside [-r, r-1]"));
  // Accepting it is what counts, whatever the outputs.
  EXPECT_EQ(OpenAndRunCase({.dir = c}, *Make(FakeBackend("garbage"))).status, CaseStatus::kFail);
  EXPECT_EQ(OpenAndRunCase({.dir = c}, *Make(FakeBackend("crash"))).status, CaseStatus::kCrash);
}

TEST_F(ExecBackendTest, ANegativeCaseBrokenOnlyInItsExpectedOutputsIsNotRunOnBackends) {
  const fs::path c = CopyCase("test_min_example", "min_no_expected_output");
  fs::remove(c / DataFilePath(0, DataFileKind::kOutput, 0));
  WriteText(c / "case.json", R"({"operator": "Min", "version": 13, "types": ["float"],
    "expectation": "invalid", "rule_id": "DATA-OUTPUT-COUNT", "semantics": "spec"})");
  for (const std::string& spec : {std::string("reference"), FakeBackend("crash")}) {
    CaseResult result = OpenAndRunCase({.dir = c}, *Make(spec));
    EXPECT_EQ(result.status, CaseStatus::kInvalid) << spec;
    EXPECT_THAT(result.message, HasSubstr("in files the backend never sees"));
    EXPECT_FALSE(result.ran_on_backend);
  }
}

TEST_F(ExecBackendTest, ANegativeCaseWithAnUndecodableInputIsStillSentAsItIs) {
  const fs::path c = CopyCase("test_clip", "clip_truncated_input");
  const fs::path input = c / DataFilePath(0, DataFileKind::kInput, 0);
  fs::resize_file(input, fs::file_size(input) / 2);
  WriteText(c / "case.json", R"({"operator": "Clip", "version": 11, "types": ["float"],
    "expectation": "invalid", "rule_id": "DATA-DECODE", "semantics": "spec"})");
  // "pass" exits 0 without reading its inputs: it accepted the broken file.
  EXPECT_EQ(OpenAndRunCase({.dir = c}, *Make(FakeBackend("pass"))).status, CaseStatus::kFail);
  EXPECT_EQ(OpenAndRunCase({.dir = c}, *Make(FakeBackend("exit-2"))).status, CaseStatus::kPass);
}

TEST_F(ExecBackendTest, ANegativeCaseNeverHandsTheAdapterAPathOutsideTheCase) {
  // An adapter that records what it was given, then refuses the case.
  const fs::path script = dir_ / "record-args.sh";
  const fs::path recorded = dir_ / "args.txt";
  WriteText(script, absl::StrCat("#!/bin/bash\nprintf '%s\\n' \"$@\" >> '", recorded.string(),
                                 "'\nexit 1\n"));
  fs::permissions(script, fs::perms::owner_all);
  const fs::path outside = dir_ / "outside";
  fs::create_directories(outside);
  // The model, and an input file, each a symbolic link to a file outside.
  const fs::path model_case = CopyCase("test_min_example", "min_model_outside");
  fs::rename(model_case / "model.onnx", outside / "model.onnx");
  fs::create_symlink(outside / "model.onnx", model_case / "model.onnx");
  WriteText(model_case / "case.json", R"({"operator": "Min", "version": 13, "types": ["float"],
    "expectation": "invalid", "rule_id": "MODEL-READ", "semantics": "spec"})");
  const fs::path input_case = CopyCase("test_min_example", "min_input_outside");
  const fs::path input = input_case / DataFilePath(0, DataFileKind::kInput, 0);
  fs::rename(input, outside / InputFileName(0));
  fs::create_symlink(outside / InputFileName(0), input);
  WriteText(input_case / "case.json", R"({"operator": "Min", "version": 13, "types": ["float"],
    "expectation": "invalid", "rule_id": "DATA-DECODE", "semantics": "spec"})");
  for (const fs::path& c : {model_case, input_case}) {
    SCOPED_TRACE(c.string());
    CaseResult result = OpenAndRunCase({.dir = c}, *Make("exec:'" + script.string() + "'"));
    EXPECT_EQ(result.status, CaseStatus::kError) << result.message;
    EXPECT_THAT(result.message, HasSubstr("resolves outside the case folder"));
  }
  // The adapter was only asked its version (Backend::Identity), given no path.
  if (fs::exists(recorded)) {
    for (absl::string_view arg : absl::StrSplit(ReadText(recorded), '\n', absl::SkipEmpty())) {
      EXPECT_EQ(arg, "--version");
    }
  }
}

TEST_F(ExecBackendTest, AnInvalidModelWithoutCaseJsonIsInvalidOnEveryBackend) {
  const fs::path c = CopyCase("test_argmin_default_axis_example", "argmin_axis_5");
  MakeAxisOutOfRange(c, "ATTR-AXIS-RANGE");
  fs::remove(c / "case.json");
  for (const std::string& spec : {std::string("reference"), FakeBackend("crash")}) {
    CaseResult result = OpenAndRunCase({.dir = c}, *Make(spec));
    EXPECT_EQ(result.status, CaseStatus::kInvalid) << spec << ": " << result.message;
    EXPECT_THAT(result.message, HasSubstr("[ATTR-AXIS-RANGE]"));
  }
}

}  // namespace
}  // namespace onnx_conform
