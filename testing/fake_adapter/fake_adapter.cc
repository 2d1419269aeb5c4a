// oc-fake-adapter: a backend adapter that misbehaves on purpose, for the
// tests of the exec backend (docs/backend-protocol.md).
//
//   oc-fake-adapter MODE --model CASE/model.onnx --output-dir DIR INPUT.pb...
//
// It "computes" by copying the case's own expected outputs (the data set is
// the folder of INPUT_0.pb), then spoils them as MODE says:
//   pass          the expected outputs, exit 0
//   off-by-one    element 0 of output 0 changed (lowest bit flipped)
//   wrong-type    output 0 as another element type
//   wrong-shape   output 0 with one element more
//   garbage       prints junk, writes output_0.pb that is not a TensorProto
//   missing       exits 0 without writing anything
//   extra         the expected outputs plus output_7.pb
//   unsupported   "fake: no kernel for this model" on stderr, exit 3
//   exit-N        "fake: failing with N" on stderr, exit N
//   crash         SIGSEGV
//   abort         SIGABRT
//   hang          sleeps forever; with $FAKE_ADAPTER_PID_FILE set, first starts
//                 a child that sleeps forever too and writes its pid there
//                 (in a session of its own with $FAKE_ADAPTER_SETSID set)
//   loud          4 MiB on stderr, then the expected outputs
//   by-name       the mode is the case folder's name up to its first '.'
//                 ("crash.1" -> crash), so that one run meets every mode
//   refuse-negative  exit 1 for a case under a folder named "invalid" (a
//                 negative case of the library), else the expected outputs
//   flip-zero-sign  the expected outputs with the sign of every float zero
//                 flipped (a backend that gets a determined sign wrong)
//   reading-R[+R] the outputs of a backend that follows the named readings
//                 (checker/readings.h), computed by the suite's plain
//                 reference under them: a backend that is divergent
//   shaped-outputs-only  exit 1 when a graph output declares no shape (as
//                 OpenCV's importer does), else the reference's outputs
//   bug-NAME      the reference's outputs but for one planted bug
//                 (testing/fake_adapter/fake_adapter_bugs.h: argmin-tie-order, nan-rule,
//                 broadcast, clip-inverted, keepdims, clip6-float16-bound,
//                 int64-through-double, min6-broadcast,
//                 select-last-index-ignored); refuses what the
//                 reference refuses
//
//   oc-fake-adapter MODE --version  prints "oc-fake-adapter VERSION" (VERSION:
//   $FAKE_ADAPTER_VERSION, else 1.0); in mode no-version it does not know
//   the flag (exit 2), nor the persistent protocol's version request.
//
//   oc-fake-adapter MODE --serve   the persistent protocol, same modes, plus
//   garbage-reply (answers with a line that is not JSON), quit (exits
//   without answering), endless-reply (a reply line that never ends),
//   twice-unsupported (answers {"exit": 3} twice, in one write) and
//   close-stdout (closes its stdout, then reads requests forever) and
//   slow-start (starts up for 1.5 s before it reads stdin, then passes);
//   $FAKE_ADAPTER_SERVE_LOG gets the pid per request
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "caseio/case_layout.h"
#include "checker/readings.h"
#include "google/protobuf/util/json_util.h"
#include "runners/backends/adapter_protocol.pb.h"
#include "runners/harness/evaluate_model.h"
#include "tensor/tensor_file.h"
#include "testing/fake_adapter/fake_adapter_bugs.h"

namespace {

namespace fs = std::filesystem;
using onnx_conform::ElementType;
using onnx_conform::OutputFileName;
using onnx_conform::Tensor;

// Our pid as /proc numbers it (the tests' view): the runner may start us in
// a PID namespace of our own, where getpid() is another number.
std::string OwnPid() {
  std::error_code ec;
  return fs::read_symlink("/proc/self", ec).string();
}

// An adapter failure: exit status 1 with this message (stderr, or the reply).
struct Failure {
  std::string message;
};

[[noreturn]] void Fail(const std::string& message) { throw Failure{"fake: " + message}; }

Tensor Zeros(ElementType type, const onnx_conform::Shape& shape) {
  absl::StatusOr<Tensor> tensor = Tensor::Create(type, shape);
  if (!tensor.ok()) Fail(std::string(tensor.status().message()));
  std::memset(tensor->bytes().data(), 0, tensor->byte_size());
  return *std::move(tensor);
}

void Write(const fs::path& file, const Tensor& tensor) {
  absl::Status status = onnx_conform::WriteTensorFile(file, tensor, "");
  if (!status.ok()) Fail(std::string(status.message()));
}

// Every float zero's sign bit flipped.
void FlipZeroSigns(Tensor& tensor) {
  if (!onnx_conform::IsFloatingPoint(tensor.type())) return;
  const size_t size = onnx_conform::ElementSize(tensor.type());
  std::span<std::byte> bytes = tensor.bytes();
  for (size_t at = 0; at + size <= bytes.size(); at += size) {
    bool zero = true;  // all bits but the sign (the top bit, little-endian) clear
    for (size_t b = 0; b < size; ++b) {
      const std::byte mask = b + 1 == size ? std::byte{0x7F} : std::byte{0xFF};
      if ((bytes[at + b] & mask) != std::byte{0}) zero = false;
    }
    if (zero) bytes[at + size - 1] ^= std::byte{0x80};
  }
}

onnx::ModelProto ReadModel(const fs::path& model_file) {
  absl::StatusOr<onnx::ModelProto> model = onnx_conform::ReadModelFile(model_file);
  if (!model.ok()) Fail(std::string(model.status().message()));
  return *std::move(model);
}

std::vector<Tensor> ReadInputs(const std::vector<std::string>& inputs) {
  std::vector<Tensor> tensors;
  for (const std::string& input : inputs) {
    absl::StatusOr<Tensor> tensor = onnx_conform::ReadTensorFile(input);
    if (!tensor.ok()) Fail(std::string(tensor.status().message()));
    tensors.push_back(*std::move(tensor));
  }
  return tensors;
}

// The reference's outputs but for the planted bug `bug`.
void WriteBugOutputs(const std::string& bug, const fs::path& model_file,
                     const std::vector<std::string>& inputs, const fs::path& out_dir) {
  // A buggy runtime does not hold its outputs to the shapes the model
  // declares: a planted keepdims bug gives its own shape, not a refusal.
  onnx::ModelProto model = ReadModel(model_file);
  for (onnx::ValueInfoProto& output : *model.mutable_graph()->mutable_output()) {
    output.mutable_type()->mutable_tensor_type()->clear_shape();
  }
  absl::StatusOr<std::vector<Tensor>> outputs =
      onnx_conform::RunWithPlantedBug(bug, model, ReadInputs(inputs));
  if (!outputs.ok()) Fail(std::string(outputs.status().message()));
  for (size_t k = 0; k < outputs->size(); ++k) {
    Write(out_dir / OutputFileName(k), (*outputs)[k]);
  }
}

// The reference's outputs under `names` ("clip-nan-bound-ignored+...").
void WriteReadingOutputs(const std::string& names, const fs::path& model_file,
                         const std::vector<std::string>& inputs, const fs::path& out_dir) {
  onnx_conform::ReadingSet readings;
  for (absl::string_view name : absl::StrSplit(names, '+')) {
    bool found = false;
    for (onnx_conform::Reading r : onnx_conform::kAllReadings) {
      if (onnx_conform::ReadingName(r) == name) {
        readings.Add(r);
        found = true;
      }
    }
    if (!found) Fail(absl::StrCat("no reading ", name));
  }
  onnx::ModelProto model = ReadModel(model_file);
  std::vector<Tensor> tensors = ReadInputs(inputs);
  absl::StatusOr<std::vector<onnx_conform::ExplainedOutput>> outputs =
      onnx_conform::ExplainModel(model, tensors, readings);
  if (!outputs.ok()) Fail(std::string(outputs.status().message()));
  for (size_t k = 0; k < outputs->size(); ++k) {
    Write(out_dir / OutputFileName(k), (*outputs)[k].value);
  }
}

// One run of the protocol: returns the exit status; `message` gets what a
// one-shot adapter prints on stderr.
int Handle(std::string mode, const std::vector<std::string>& args, std::string& message) {
  if (args.size() < 4 || args[0] != "--model" || args[2] != "--output-dir") {
    Fail("usage: oc-fake-adapter MODE --model M --output-dir D INPUT...");
  }
  const fs::path model = args[1];
  const fs::path out_dir = args[3];
  const std::vector<std::string> inputs(args.begin() + 4, args.end());
  if (mode == "by-name") {
    const std::string name = model.parent_path().filename().string();
    mode = name.substr(0, name.find('.'));
  }
  if (!fs::is_regular_file(model)) Fail("no model file " + model.string());
  if (!fs::is_directory(out_dir)) Fail("no output directory " + out_dir.string());
  if (inputs.empty()) Fail("no input files");
  if (const char* log = std::getenv("FAKE_ADAPTER_SERVE_LOG")) {
    std::ofstream(log, std::ios::app) << OwnPid() << "\n";
  }

  if (mode == "unsupported") {
    message = "fake: no kernel for this model";
    return 3;
  }
  int code = 0;
  if (absl::StartsWith(mode, "exit-")) {
    if (!absl::SimpleAtoi(mode.substr(5), &code)) Fail("bad exit mode");
    message = absl::StrCat("fake: failing with ", code);
    return code;
  }
  if (mode == "crash") {
    std::cerr << "fake: about to crash" << std::endl;
    // AddressSanitizer catches SIGSEGV to report and exit(1): the default
    // action makes the adapter die by the signal in every build.
    signal(SIGSEGV, SIG_DFL);
    raise(SIGSEGV);
  }
  if (mode == "abort") std::abort();
  if (mode == "hang") {
    const char* pid_file = std::getenv("FAKE_ADAPTER_PID_FILE");
    if (pid_file != nullptr && fork() == 0) {
      // With $FAKE_ADAPTER_SETSID, the child leaves the process group.
      if (std::getenv("FAKE_ADAPTER_SETSID") != nullptr) setsid();
      std::ofstream(pid_file) << OwnPid() << "\n";
      while (true) pause();
    }
    while (true) pause();
  }
  if (mode == "missing") return 0;
  if (mode == "garbage") {
    std::cerr << "\x01\x02 garbage \xff\xfe" << std::endl;
    std::ofstream(out_dir / OutputFileName(0)) << "\xff\xff\xff\xff this is no tensor";
    return 0;
  }
  if (mode == "loud") {
    const std::string line(1023, 'x');
    for (int i = 0; i < 4096; ++i) std::cerr << line << "\n";
  }

  if (mode == "refuse-negative" && model.parent_path().parent_path().filename() == "invalid") {
    message = "fake: refusing a negative case";
    return 1;
  }
  if (mode == "shaped-outputs-only") {
    const onnx::ModelProto m = ReadModel(model);
    for (const onnx::ValueInfoProto& output : m.graph().output()) {
      if (!output.type().tensor_type().has_shape()) {
        message = absl::StrCat("fake: graph output '", output.name(), "' declares no shape");
        return 1;
      }
    }
    absl::StatusOr<std::vector<Tensor>> outputs = onnx_conform::RunModel(m, ReadInputs(inputs));
    if (!outputs.ok()) Fail(std::string(outputs.status().message()));
    for (size_t k = 0; k < outputs->size(); ++k) Write(out_dir / OutputFileName(k), (*outputs)[k]);
    return 0;
  }
  if (absl::StartsWith(mode, "reading-")) {
    WriteReadingOutputs(mode.substr(8), model, inputs, out_dir);
    return 0;
  }
  if (absl::StartsWith(mode, "bug-")) {
    WriteBugOutputs(mode.substr(4), model, inputs, out_dir);
    return 0;
  }
  const fs::path data_set = fs::path(inputs[0]).parent_path();
  for (int k = 0;; ++k) {
    const fs::path expected_file = data_set / OutputFileName(k);
    if (!fs::exists(expected_file)) break;
    absl::StatusOr<Tensor> expected = onnx_conform::ReadTensorFile(expected_file);
    if (!expected.ok()) Fail(std::string(expected.status().message()));
    Tensor output = *std::move(expected);
    if (k == 0 && mode == "off-by-one" && output.element_count() > 0) {
      output.bytes()[0] ^= std::byte{1};
    } else if (k == 0 && mode == "wrong-type") {
      output =
          Zeros(output.type() == ElementType::kDouble ? ElementType::kFloat : ElementType::kDouble,
                output.shape());
    } else if (k == 0 && mode == "wrong-shape") {
      output = Zeros(output.type(), {output.element_count() + 1});
    } else if (mode == "flip-zero-sign") {
      FlipZeroSigns(output);
    }
    Write(out_dir / OutputFileName(k), output);
  }
  if (mode == "extra") Write(out_dir / OutputFileName(7), Zeros(ElementType::kFloat, {1}));
  return 0;
}

// The mode for one request line: by-name takes it from the case folder.
std::string ServeModeOf(const std::string& mode, const std::string& line) {
  onnx_conform::adapter::Request request;
  if (mode != "by-name" || !google::protobuf::util::JsonStringToMessage(line, &request).ok() ||
      request.args_size() < 2) {
    return mode;
  }
  const std::string name = fs::path(request.args(1)).parent_path().filename().string();
  return name.substr(0, name.find('.'));
}

// The answer to a version request; empty in mode no-version.
std::string VersionOf(const std::string& mode) {
  if (mode == "no-version") return "";
  const char* version = std::getenv("FAKE_ADAPTER_VERSION");
  return absl::StrCat("oc-fake-adapter ", version != nullptr ? version : "1.0");
}

// MODE --serve: one JSON request per stdin line, one JSON reply per line.
// Serve-only modes: garbage-reply, quit, endless-reply, twice-unsupported
// and close-stdout (the file's opening comment).
int Serve(const std::string& serve_mode) {
  // A server that takes long to start, as a runtime loading its libraries.
  if (serve_mode == "slow-start") usleep(1500 * 1000);
  const std::string mode = serve_mode == "slow-start" ? "pass" : serve_mode;
  for (std::string line; std::getline(std::cin, line);) {
    if (mode == "garbage-reply") {
      std::cout << "this is not a reply" << std::endl;
      continue;
    }
    if (mode == "quit") return 0;
    onnx_conform::adapter::Request request;
    onnx_conform::adapter::Reply reply;
    const std::string line_mode = ServeModeOf(mode, line);
    if (line_mode == "close-stdout") {
      close(STDOUT_FILENO);
      continue;
    }
    if (line_mode == "twice-unsupported") {
      const std::string answer = "{\"exit\": 3, \"message\": \"fake: no kernel\"}\n";
      std::cout << answer << answer << std::flush;
      continue;
    }
    if (line_mode == "endless-reply") {
      // A reply line that never ends: 64 KiB a millisecond, no newline.
      const std::string chunk(64 * 1024, 'x');
      while (std::cout.write(chunk.data(), static_cast<std::streamsize>(chunk.size())).flush()) {
        usleep(1000);
      }
      return 1;
    }
    const bool parsed = google::protobuf::util::JsonStringToMessage(line, &request).ok();
    if (!parsed || (request.version() && VersionOf(mode).empty())) {
      reply.set_exit(1);
      reply.set_message("fake: not a request: " + line);
    } else if (request.version()) {
      reply.set_exit(0);
      reply.set_version(VersionOf(mode));
    } else {
      std::string message;
      try {
        reply.set_exit(Handle(mode, {request.args().begin(), request.args().end()}, message));
      } catch (const Failure& failure) {
        reply.set_exit(1);
        message = failure.message;
      }
      reply.set_message(message);
    }
    std::string json;
    (void)google::protobuf::util::MessageToJsonString(reply, &json);
    std::cout << json << std::endl;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 2 && args[1] == "--serve") return Serve(args[0]);
  if (args.size() == 2 && args[1] == "--version") {
    const std::string version = VersionOf(args[0]);
    if (version.empty()) {
      std::cerr << "fake: unknown flag --version\n";
      return 2;
    }
    std::cout << version << "\n";
    return 0;
  }
  if (args.empty()) {
    std::cerr << "usage: oc-fake-adapter MODE [--serve | --model M --output-dir D INPUT...]\n";
    return 1;
  }
  std::string message;
  int code = 1;
  try {
    code = Handle(args[0], {args.begin() + 1, args.end()}, message);
  } catch (const Failure& failure) {
    message = failure.message;
  }
  if (!message.empty()) std::cerr << message << "\n";
  return code;
}
