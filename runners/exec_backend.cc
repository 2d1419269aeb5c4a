#include "runners/exec_backend.h"

#include <stdlib.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <system_error>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/strip.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "reference/tensor_proto.h"
#include "runners/subprocess.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

// A fresh directory removed on destruction, whatever the adapter left in it.
class TempDir {
 public:
  static absl::StatusOr<TempDir> Create(const fs::path& parent) {
    std::string pattern = (parent / "onnx-conform-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
      return absl::InternalError(absl::StrCat("cannot create a temporary directory in ",
                                              parent.string(), ": ", std::strerror(errno)));
    }
    return TempDir(pattern);
  }
  TempDir(TempDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  TempDir(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  explicit TempDir(fs::path path) : path_(std::move(path)) {}
  fs::path path_;
};

std::string Stripped(const std::string& text) {
  return std::string(absl::StripAsciiWhitespace(text));
}

// ": <stderr>" or "" when it said nothing.
std::string StderrSuffix(const std::string& text) {
  const std::string stripped = Stripped(text);
  return stripped.empty() ? "" : absl::StrCat("; stderr:\n", stripped);
}

class ExecBackend : public Backend {
 public:
  ExecBackend(std::vector<std::string> words, const ExecBackendOptions& options, std::string name)
      : words_(std::move(words)), options_(options), name_(std::move(name)) {}

  std::string name() const override { return name_; }
  void Cancel() override { cancelled_ = true; }

  BackendOutcome Run(const LoadedCase& loaded_case, const DataSet& data_set) override {
    BackendOutcome outcome;
    if (cancelled_) {
      outcome.kind = BackendOutcome::Kind::kCancelled;
      outcome.message = "cancelled before it started";
      return outcome;
    }
    std::error_code ec;
    fs::path parent = options_.temp_dir;
    if (parent.empty()) parent = fs::temp_directory_path(ec);
    if (parent.empty()) parent = "/tmp";
    absl::StatusOr<TempDir> dir = TempDir::Create(parent);
    if (!dir.ok()) {
      outcome.message = std::string(dir.status().message());
      return outcome;
    }

    std::vector<std::string> argv = words_;
    argv.insert(argv.end(), {"--model", fs::absolute(loaded_case.model_file, ec).string(),
                             "--output-dir", dir->path().string()});
    for (const fs::path& input : data_set.input_files) {
      argv.push_back(fs::absolute(input, ec).string());
    }
    ProcessOptions process_options;
    process_options.timeout_seconds = options_.timeout_seconds;
    process_options.max_captured_bytes = options_.max_stderr_bytes;
    process_options.cancel = &cancelled_;
    ProcessResult process = RunProcess(argv, process_options);

    switch (process.end) {
      case ProcessEnd::kSpawnFailed:
        outcome.kind = BackendOutcome::Kind::kError;
        outcome.message = process.spawn_error;
        return outcome;
      case ProcessEnd::kCancelled:
        outcome.kind = BackendOutcome::Kind::kCancelled;
        outcome.message = "cancelled; the adapter's process group was killed";
        return outcome;
      case ProcessEnd::kTimedOut:
        outcome.kind = BackendOutcome::Kind::kTimeout;
        outcome.message = absl::StrCat("adapter gave no result within ",
                                       absl::StrFormat("%g", options_.timeout_seconds),
                                       " s; its process group was killed",
                                       StderrSuffix(process.stderr_text));
        return outcome;
      case ProcessEnd::kSignaled:
        outcome.kind = BackendOutcome::Kind::kCrash;
        outcome.message = absl::StrCat("adapter ", DescribeSignal(process.signal),
                                       StderrSuffix(process.stderr_text));
        return outcome;
      case ProcessEnd::kExited:
        break;
    }
    outcome.exit_code = process.exit_code;
    if (process.exit_code == kAdapterExitUnsupported) {
      outcome.kind = BackendOutcome::Kind::kUnsupported;
      outcome.message = Stripped(process.stderr_text);
      if (outcome.message.empty()) {
        outcome.message = "adapter exited with 3 (not supported) and gave no reason on stderr";
      }
      return outcome;
    }
    if (process.exit_code != 0) {
      outcome.kind = BackendOutcome::Kind::kError;
      outcome.message = absl::StrCat("adapter exited with status ", process.exit_code,
                                     StderrSuffix(process.stderr_text));
      return outcome;
    }
    BackendOutcome read = ReadOutputs(loaded_case, dir->path());
    read.exit_code = 0;
    return read;
  }

 private:
  // DIR/output_K.pb for every graph output; nothing else numbered.
  static BackendOutcome ReadOutputs(const LoadedCase& loaded_case, const fs::path& dir) {
    BackendOutcome outcome;
    outcome.kind = BackendOutcome::Kind::kError;
    const int count = loaded_case.model.graph().output_size();
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      int k = 0;
      absl::string_view digits(name);
      if (absl::ConsumePrefix(&digits, "output_") && absl::ConsumeSuffix(&digits, ".pb") &&
          absl::SimpleAtoi(digits, &k) && k >= count) {
        outcome.message = absl::StrCat("adapter wrote ", name, " but the model has ", count,
                                       count == 1 ? " output" : " outputs");
        return outcome;
      }
    }
    for (int k = 0; k < count; ++k) {
      const fs::path file = dir / absl::StrCat("output_", k, ".pb");
      if (!fs::exists(file, ec)) {
        outcome.message = absl::StrCat("adapter exited with 0 but wrote no output_", k,
                                       ".pb (graph output '",
                                       loaded_case.model.graph().output(k).name(), "')");
        return outcome;
      }
      absl::StatusOr<Tensor> tensor = ReadTensorFile(file);
      if (!tensor.ok()) {
        // The path is a temporary one: name the file by its base name.
        std::string why(tensor.status().message());
        if (absl::StartsWith(why, file.string())) why = why.substr(file.string().size());
        outcome.message = absl::StrCat("adapter's output_", k, ".pb is unreadable", why);
        return outcome;
      }
      outcome.outputs.push_back(*std::move(tensor));
    }
    outcome.kind = BackendOutcome::Kind::kOk;
    return outcome;
  }

  const std::vector<std::string> words_;
  const ExecBackendOptions options_;
  const std::string name_;
  std::atomic<bool> cancelled_{false};
};

}  // namespace

absl::StatusOr<std::unique_ptr<Backend>> MakeExecBackend(absl::string_view command,
                                                         const ExecBackendOptions& options) {
  absl::StatusOr<std::vector<std::string>> words = SplitCommandWords(command);
  if (!words.ok()) return words.status();
  if (!(options.timeout_seconds > 0)) {
    return absl::InvalidArgumentError("the adapter timeout must be positive");
  }
  std::string name = options.name.empty() ? absl::StrCat("exec:", command) : options.name;
  return std::make_unique<ExecBackend>(*std::move(words), options, std::move(name));
}

}  // namespace onnx_conform
