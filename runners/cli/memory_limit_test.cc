// Every command under a memory limit (`ulimit -v`, RLIMIT_AS): a case that
// needs more memory than the process may use is refused with an error that
// names the limit, and the command ends with its own exit code, never
// killed by an uncaught std::bad_alloc (exit 134). The default per-case
// budget follows the memory the process may use.
//
//   a chain of 4,000 Identity nodes and a Clip over a 4 MiB input, under ulimit -v 5 GB
//   -> "... over the limit of ... (--max-case-bytes ...)", exit 1
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "onnx/onnx_pb.h"
#include "runners/harness/policy.h"
#include "tensor/sanitizers.h"
#include "tensor/tensor_file.h"
#include "testing/backend_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::AnyOf;
using ::testing::HasSubstr;

constexpr int64_t kGB = 1000 * 1000 * 1000;

// x (float [1 Mi], 4 MiB) -> Identity x `length` -> Clip-13 (no bounds) -> y,
// with one data set whose expected output is its input.
void WriteIdentityChain(const fs::path& dir, int length) {
  constexpr int64_t kElements = int64_t{1} << 20;
  fs::create_directories(dir / "test_data_set_0");
  onnx::ModelProto model;
  model.set_ir_version(7);
  model.add_opset_import()->set_version(13);
  onnx::GraphProto& graph = *model.mutable_graph();
  graph.set_name("chain");
  for (const char* name : {"x", "y"}) {
    onnx::ValueInfoProto* v = std::string(name) == "x" ? graph.add_input() : graph.add_output();
    v->set_name(name);
    auto* tensor = v->mutable_type()->mutable_tensor_type();
    tensor->set_elem_type(onnx::TensorProto::FLOAT);
    tensor->mutable_shape()->add_dim()->set_dim_value(kElements);
  }
  std::string last = "x";
  for (int i = 0; i < length; ++i) {
    onnx::NodeProto* node = graph.add_node();
    node->set_op_type("Identity");
    node->add_input(last);
    last = absl::StrCat("t", i);
    node->add_output(last);
  }
  onnx::NodeProto* clip = graph.add_node();  // no bounds: y = x
  clip->set_op_type("Clip");
  clip->add_input(last);
  clip->add_output("y");
  ASSERT_TRUE(WriteProtoFile(dir / kModelFileName, model).ok());
  onnx::TensorProto data;
  data.set_data_type(onnx::TensorProto::FLOAT);
  data.add_dims(kElements);
  data.set_raw_data(std::string(kElements * sizeof(float), '\0'));
  for (const auto& [file, name] :
       {std::pair(InputFileName(0), "x"), std::pair(OutputFileName(0), "y")}) {
    data.set_name(name);
    ASSERT_TRUE(WriteProtoFile(dir / "test_data_set_0" / file, data).ok());
  }
}

struct Ended {
  bool signaled = false;
  int code = -1;       // the exit code, or the signal
  std::string output;  // stdout and stderr
};

// `onnx-conform ARGS` in a child whose address space may not grow past
// `max_bytes` (ulimit -v), and whose threads' stacks are `stack_bytes`
// each when given (ulimit -s: glibc sizes thread stacks by it).
Ended RunUnderAddressSpaceLimit(const std::vector<std::string>& args, rlim_t max_bytes,
                                rlim_t stack_bytes = 0) {
  int out_pipe[2];
  if (pipe(out_pipe) != 0) return {};
  const pid_t pid = fork();
  if (pid == 0) {
    const rlimit limit{max_bytes, max_bytes};
    setrlimit(RLIMIT_AS, &limit);
    if (stack_bytes > 0) {
      const rlimit stack{stack_bytes, stack_bytes};
      setrlimit(RLIMIT_STACK, &stack);
    }
    dup2(out_pipe[1], STDOUT_FILENO);
    dup2(out_pipe[1], STDERR_FILENO);
    std::vector<std::string> argv = {ONNX_CONFORM_EXECUTABLE};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> c_argv;
    for (std::string& arg : argv) c_argv.push_back(arg.data());
    c_argv.push_back(nullptr);
    execv(c_argv[0], c_argv.data());
    _exit(127);
  }
  close(out_pipe[1]);
  Ended ended;
  char buffer[4096];
  for (ssize_t n; (n = read(out_pipe[0], buffer, sizeof buffer)) > 0;)
    ended.output.append(buffer, n);
  close(out_pipe[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  ended.signaled = WIFSIGNALED(status);
  ended.code = WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status);
  return ended;
}

class MemoryLimitTest : public BackendTestBase {
 protected:
  void SetUp() override {
    if (kUnderAddressSanitizer) {
      GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: no RLIMIT_AS under it";
    }
    BackendTestBase::SetUp();
  }
};

// The chain needs 4,000 x 4 MiB, more than the process may use: each
// command refuses it naming the limit, and exits as it does for any case it
// cannot run (1), never 134.
TEST_F(MemoryLimitTest, EveryCommandRefusesACaseOverTheMemoryItMayUse) {
  const fs::path chain = dir_ / "cases" / "identity_chain";
  WriteIdentityChain(chain, 4000);
  for (const int64_t limit : {4 * kGB, 6 * kGB}) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"run", chain.string()},
          std::vector<std::string>{"run", "-j", "2", chain.string()},
          std::vector<std::string>{"show", chain.string(), "--backend=reference"},
          std::vector<std::string>{"bodies", chain.string()},
          std::vector<std::string>{"adequacy", "--bugs=clip-bounds-swapped", chain.string()},
          std::vector<std::string>{"audit", "--model=" + (chain / "model.onnx").string(),
                                   "--to=11"},
          std::vector<std::string>{"check", chain.string()}}) {
      const std::string label = absl::StrCat(args[0], " under ", limit / kGB, " GB");
      const Ended ended = RunUnderAddressSpaceLimit(args, static_cast<rlim_t>(limit));
      ASSERT_FALSE(ended.signaled) << label << ": signal " << ended.code << "\n"
                                   << ended.output.substr(0, 2000);
      if (args[0] == "check" && ended.code == kExitOk) continue;  // it runs nothing
      EXPECT_EQ(ended.code, kExitFailed) << label << "\n" << ended.output.substr(0, 2000);
      EXPECT_THAT(ended.output, HasSubstr("--max-case-bytes")) << label;
      EXPECT_THAT(ended.output, HasSubstr("ulimit -v")) << label;
    }
  }
}

// Asked for a budget larger than the memory there is, a case that runs out
// of it is an error naming the limit, and the run goes on to the next case.
TEST_F(MemoryLimitTest, OutOfMemoryIsAnErrorForTheCaseAndTheRunGoesOn) {
  WriteIdentityChain(dir_ / "cases" / "a_chain", 4000);
  CopyCase("test_min_example", "b_min");
  const fs::path report = dir_ / "report.json";
  const Ended ended =
      RunUnderAddressSpaceLimit({"run", "--max-case-bytes=1T", "--max-tensor-bytes=1T",
                                 "--report-json=" + report.string(), (dir_ / "cases").string()},
                                static_cast<rlim_t>(4 * kGB));
  ASSERT_FALSE(ended.signaled) << "signal " << ended.code << "\n" << ended.output.substr(0, 2000);
  EXPECT_EQ(ended.code, kExitFailed) << ended.output.substr(0, 2000);
  EXPECT_THAT(ended.output, HasSubstr("out of memory"));
  EXPECT_THAT(ended.output, HasSubstr("ulimit -v"));
  const std::string json = ReadText(report);
  EXPECT_THAT(json, HasSubstr("\"name\": \"a_chain\""));
  EXPECT_THAT(json, HasSubstr("\"name\": \"b_min\""));
  EXPECT_THAT(json, AnyOf(HasSubstr("\"error\": 1"), HasSubstr("\"error\":1")));
  EXPECT_THAT(json, AnyOf(HasSubstr("\"pass\": 1"), HasSubstr("\"pass\":1")));
}

// With 1 GB thread stacks under 4 GB of address space, -j 8 cannot have
// its eight threads: the run goes on with those it gets (std::system_error
// was uncaught: exit 134).
TEST_F(MemoryLimitTest, ARunThatCannotHaveItsThreadsRunsWithFewer) {
  for (int i = 0; i < 8; ++i) CopyCase("test_min_example", absl::StrCat("case_", i));
  const Ended ended =
      RunUnderAddressSpaceLimit({"run", "-j", "8", (dir_ / "cases").string()},
                                static_cast<rlim_t>(4 * kGB), static_cast<rlim_t>(kGB));
  ASSERT_FALSE(ended.signaled) << "signal " << ended.code << "\n" << ended.output;
  EXPECT_EQ(ended.code, kExitOk) << ended.output;
  EXPECT_THAT(ended.output, HasSubstr("8 passed"));
}

}  // namespace
}  // namespace onnx_conform
