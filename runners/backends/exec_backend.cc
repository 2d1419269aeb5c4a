#include "runners/backends/exec_backend.h"

#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <optional>
#include <system_error>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "caseio/case_layout.h"
#include "google/protobuf/util/json_util.h"
#include "runners/backends/adapter_protocol.pb.h"
#include "runners/backends/scratch_dir.h"
#include "runners/backends/subprocess.h"
#include "tensor/tensor_file.h"
#include "tensor/value_proto.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

// A version request never waits longer than this, whatever --timeout says.
constexpr double kVersionTimeoutSeconds = 20;

// A fresh directory in the backend's scratch folder, removed on
// destruction, whatever the adapter left in it.
class TempDir {
 public:
  static absl::StatusOr<TempDir> Create(const ScratchDir& scratch) {
    absl::StatusOr<fs::path> folder = scratch.MakeFolder("out");
    if (!folder.ok()) return folder.status();
    return TempDir(*std::move(folder));
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

// A case's file path within its folder (a case made in memory has only these).
fs::path WithinCase(const CheckedCase& c, const fs::path& path) {
  return c.dir.empty() ? path
                       : path.lexically_normal().lexically_relative(c.dir.lexically_normal());
}

// The model and one data set's inputs of a case made in memory, or repaired
// (checker/data_repairs.h), as a case folder an adapter can read; graph
// outputs that declare no shape get the expected outputs' shapes, as the
// suite's own cases declare them (some importers, OpenCV's, refuse an
// output without one).
absl::Status WriteCaseAsChecked(const CheckedCase& c, size_t data_set, const fs::path& dir) {
  std::error_code ec;
  if (!c.model.has_value() || data_set >= c.data_sets.size()) {
    return absl::InvalidArgumentError("the case has no model or no such data set to hand over");
  }
  const CheckedDataSet& inputs = c.data_sets[data_set];
  fs::create_directories(dir / WithinCase(c, inputs.files.dir), ec);
  if (ec) return absl::InternalError(absl::StrCat(dir.string(), ": ", ec.message()));
  const onnx::ModelProto* model = &*c.model;
  const auto undeclared = [](const onnx::ValueInfoProto& v) {
    return !v.type().tensor_type().has_shape();
  };
  onnx::ModelProto declared;
  if (std::any_of(model->graph().output().begin(), model->graph().output().end(), undeclared)) {
    declared = *model;
    DeclareMissingOutputShapes(declared, inputs.outputs);
    model = &declared;
  }
  if (absl::Status s = WriteProtoFile(dir / kModelFileName, *model); !s.ok()) return s;
  for (size_t k = 0; k < inputs.inputs.size() && k < inputs.files.input_files.size(); ++k) {
    const std::string name = k < inputs.input_names.size() ? inputs.input_names[k] : "";
    if (absl::Status s = WriteTensorFile(dir / WithinCase(c, inputs.files.input_files[k]),
                                         inputs.inputs[k], name);
        !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

std::string Stripped(const std::string& text) {
  return std::string(absl::StripAsciiWhitespace(text));
}

// ": <stderr>" or "" when it said nothing.
std::string StderrSuffix(const std::string& text) {
  const std::string stripped = Stripped(text);
  return stripped.empty() ? "" : absl::StrCat("; stderr:\n", stripped);
}

// OK when `path` resolves, through every symbolic link, inside `root`; or
// when nothing is there and no part of it below `root` is a symbolic link (a
// dangling one may name anything). An adapter must never be handed a path
// that leads out of the case, whatever the case runner checked before.
absl::Status CheckHandedPathInside(const fs::path& path, const fs::path& root) {
  std::error_code ec;
  if (fs::exists(path, ec)) {
    const fs::path target = fs::canonical(path, ec);
    const fs::path canonical_root = fs::canonical(root, ec);
    const fs::path relative = target.lexically_relative(canonical_root);
    if (!ec && !relative.empty() && *relative.begin() != "..") return absl::OkStatus();
  } else {
    const fs::path relative = path.lexically_relative(root);
    bool plain = !relative.empty() && *relative.begin() != "..";
    fs::path walked = root;
    for (const fs::path& part : relative) {
      walked /= part;
      if (fs::is_symlink(fs::symlink_status(walked, ec))) plain = false;
    }
    if (plain) return absl::OkStatus();
  }
  return absl::InvalidArgumentError(
      absl::StrCat(path.string(), " resolves outside the case folder ", root.string(),
                   "; it is not handed to the adapter"));
}

// Whether `text` is UTF-8 (no overlong forms, surrogates or code points
// past U+10FFFF): what a JSON string can carry.
bool IsUtf8(absl::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char lead = static_cast<unsigned char>(text[i]);
    size_t length = 1;
    unsigned char low = 0x80, high = 0xBF;  // the second byte's range
    if (lead < 0x80) {
      ++i;
      continue;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      return false;
    }
    if (i + length > text.size()) return false;
    for (size_t k = 1; k < length; ++k) {
      const unsigned char byte = static_cast<unsigned char>(text[i + k]);
      if (byte < (k == 1 ? low : 0x80) || byte > (k == 1 ? high : 0xBF)) return false;
    }
    i += length;
  }
  return true;
}

// `text` with every byte outside printable ASCII as \xHH, for a message.
std::string Escaped(absl::string_view text) {
  std::string out;
  for (char c : text) {
    const unsigned char byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7F || c == '\\') {
      absl::StrAppend(&out, "\\x", absl::Hex(byte, absl::kZeroPad2));
    } else {
      out.push_back(c);
    }
  }
  return out;
}

// The persistent protocol's request line for `args`, or why they cannot be
// sent as they are: a JSON string carries only UTF-8, and a path must reach
// the adapter byte for byte (a dropped byte makes another path: a sibling
// folder's case, or ".." for "..\xff"). The line is read back to be sure.
absl::StatusOr<std::string> RequestLine(const std::vector<std::string>& args) {
  adapter::Request request;
  for (const std::string& arg : args) {
    if (!IsUtf8(arg)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the path '", Escaped(arg),
          "' holds bytes that are not UTF-8, which the persistent protocol's JSON request "
          "cannot carry: the case was not sent to the adapter; run it one process per case "
          "(without --persistent), which hands paths over byte for byte"));
    }
    request.add_args(arg);
  }
  std::string line;
  if (const auto written = google::protobuf::util::MessageToJsonString(request, &line);
      !written.ok()) {
    return absl::InternalError(
        absl::StrCat("cannot write the request as JSON: ", written.ToString()));
  }
  adapter::Request read_back;
  if (!google::protobuf::util::JsonStringToMessage(line, &read_back).ok() ||
      read_back.args_size() != request.args_size() ||
      !std::equal(read_back.args().begin(), read_back.args().end(), args.begin())) {
    return absl::InternalError(absl::StrCat("the request line '", Escaped(line),
                                            "' does not read back as the paths it was written "
                                            "from: the case was not sent to the adapter"));
  }
  return line;
}

class ExecBackend : public Backend {
 public:
  ExecBackend(std::vector<std::string> words, const ExecBackendOptions& options, std::string name,
              std::unique_ptr<ScratchDir> scratch)
      : words_(std::move(words)),
        options_(options),
        name_(std::move(name)),
        scratch_(std::move(scratch)) {}

  std::string name() const override { return name_; }
  void Cancel() override { cancelled_ = true; }

  // Asked once: `COMMAND --version`, or a version request to a server.
  std::string Identity() override { return Asked().identity; }
  absl::Status Probe() override {
    if (absl::Status startup = Asked().startup; !startup.ok()) return startup;
    std::lock_guard<std::mutex> lock(identity_mutex_);
    return ended_as_version_;
  }

  BackendOutcome Run(const CheckedCase& c, size_t data_set) override {
    BackendOutcome outcome;
    if (cancelled_) {
      outcome.kind = BackendOutcome::Kind::kCancelled;
      outcome.message = "cancelled before it started";
      return outcome;
    }
    std::error_code ec;
    absl::StatusOr<TempDir> dir = TempDir::Create(*scratch_);
    if (!dir.ok()) {
      outcome.message = std::string(dir.status().message());
      return outcome;
    }
    // A case made in memory, or repaired, is handed over as files written for it.
    const bool rewritten = c.dir.empty() || c.repaired;
    const fs::path case_dir =
        rewritten ? dir->path() / "case" : fs::absolute(c.dir, ec).lexically_normal();
    if (rewritten) {
      if (absl::Status written = WriteCaseAsChecked(c, data_set, case_dir); !written.ok()) {
        outcome.message = std::string(written.message());
        return outcome;
      }
    }
    // Every path the adapter gets lies in the case (or is our output folder).
    std::vector<fs::path> handed = {(case_dir / kModelFileName).lexically_normal()};
    const fs::path out_dir = dir->path() / "out";
    fs::create_directory(out_dir, ec);
    if (data_set < c.data_sets.size()) {
      for (const fs::path& input : c.data_sets[data_set].files.input_files) {
        handed.push_back(rewritten ? (case_dir / WithinCase(c, input)).lexically_normal()
                                   : fs::absolute(input, ec).lexically_normal());
      }
    }
    for (const fs::path& path : handed) {
      if (absl::Status inside = CheckHandedPathInside(path, case_dir); !inside.ok()) {
        outcome.message = std::string(inside.message());
        return outcome;
      }
    }

    std::vector<std::string> args = {"--model", handed[0].string(), "--output-dir",
                                     out_dir.string()};
    for (size_t i = 1; i < handed.size(); ++i) args.push_back(handed[i].string());
    double startup_seconds = 0;
    if (options_.persistent_if_served) Asked();  // settles persistent_
    const Ending ending = persistent_ ? RunOnServer(args, startup_seconds) : RunOnce(args);
    outcome.startup_seconds = startup_seconds;
    if (ending.kind.has_value()) {
      outcome.kind = *ending.kind;
      outcome.message = ending.message;
      return outcome;
    }
    outcome.exit_code = ending.exit_code;
    if (ending.exit_code == 0 || ending.exit_code == kAdapterExitUnsupported) {
      answered_ = true;
    } else if (!answered_ && !persistent_) {
      NoteEndingAsVersion(ending);
    }
    if (ending.exit_code == kAdapterExitUnsupported) {
      outcome.kind = BackendOutcome::Kind::kUnsupported;
      outcome.message = Stripped(ending.message);
      if (outcome.message.empty()) {
        outcome.message = "adapter exited with 3 (not supported) and gave no reason";
      }
      return outcome;
    }
    if (ending.exit_code != 0) {
      outcome.kind = BackendOutcome::Kind::kError;
      outcome.message = absl::StrCat("adapter exited with status ", ending.exit_code,
                                     StderrSuffix(ending.message));
      return outcome;
    }
    BackendOutcome read = ReadOutputs(*c.model, out_dir);
    read.exit_code = 0;
    read.startup_seconds = startup_seconds;
    return read;
  }

 private:
  using Kind = BackendOutcome::Kind;

  // The answer to the version question: the runtime's identity (empty:
  // none), and whether the adapter could be started at all.
  struct VersionAnswer {
    std::string identity;
    absl::Status startup;
    bool served = false;  // a server gave a JSON reply
  };

  // The version question, asked once; under persistent_if_served it also
  // settles whether cases go to servers.
  const VersionAnswer& Asked() {
    std::lock_guard<std::mutex> lock(identity_mutex_);
    if (!asked_.has_value()) {
      asked_ = persistent_ ? AskServerVersion() : AskVersion();
      if (persistent_ && !asked_->served && !options_.persistent) {
        persistent_ = false;  // it does not serve: one process per case
        asked_ = AskVersion();
      }
      if (asked_->identity.empty()) asked_->identity = kUnknownIdentity;
    }
    return *asked_;
  }

  // The adapter could not be started: the message names its command line.
  absl::Status CannotStart(absl::string_view how, const std::string& why,
                           const std::string& stderr_text) const {
    return absl::FailedPreconditionError(absl::StrCat("the adapter cannot start: '",
                                                      absl::StrJoin(words_, " "), how, "' ", why,
                                                      StderrSuffix(stderr_text)));
  }

  // How a run ended: `kind` set when the adapter did not answer (crash,
  // timeout, ...); else its exit code and its message (stderr, or the
  // persistent adapter's reply message).
  struct Ending {
    std::optional<Kind> kind;
    int exit_code = 0;
    std::string message;
  };

  // A one-shot run of a case that ended exactly as --version did (the same
  // non-zero status and stderr), before any run answered 0 or 3: the
  // adapter ends so whatever its arguments (an interpreter that cannot
  // find its script, a runtime that cannot load), so it cannot start.
  void NoteEndingAsVersion(const Ending& ending) {
    std::lock_guard<std::mutex> lock(identity_mutex_);
    if (!version_failure_.has_value() || !ended_as_version_.ok() ||
        version_failure_->first != ending.exit_code ||
        version_failure_->second != Stripped(ending.message)) {
      return;
    }
    ended_as_version_ =
        CannotStart("",
                    absl::StrCat("exited with status ", ending.exit_code,
                                 " on its first case just as on --version, whatever its arguments"),
                    ending.message);
  }

  // A run that was cancelled (kCancelled), timed out (kTimeout) or killed
  // by `signal` (kCrash).
  Ending Stopped(Kind kind, int signal, const std::string& stderr_text) const {
    if (kind == Kind::kCancelled) {
      return {kind, 0, "cancelled; the adapter's process group was killed"};
    }
    if (kind == Kind::kCrash) {
      return {kind, 0, absl::StrCat("adapter ", DescribeSignal(signal), StderrSuffix(stderr_text))};
    }
    return {kind, 0,
            absl::StrCat("adapter gave no result within ",
                         absl::StrFormat("%g", options_.timeout_seconds),
                         " s; its process group was killed", StderrSuffix(stderr_text))};
  }

  // The reply line as a Reply (unknown fields ignored); nullopt when it is
  // not one.
  static std::optional<adapter::Reply> ParseReply(const std::string& line) {
    adapter::Reply reply;
    google::protobuf::util::JsonParseOptions parse_options;
    parse_options.ignore_unknown_fields = true;
    if (!google::protobuf::util::JsonStringToMessage(google::protobuf::StringPiece(line), &reply,
                                                     parse_options)
             .ok()) {
      return std::nullopt;
    }
    return reply;
  }

  Ending RunOnce(const std::vector<std::string>& args) {
    std::vector<std::string> argv = words_;
    argv.insert(argv.end(), args.begin(), args.end());
    ProcessOptions process_options;
    process_options.timeout_seconds = options_.timeout_seconds;
    process_options.max_captured_bytes = options_.max_stderr_bytes;
    process_options.cancel = &cancelled_;
    ProcessResult process = RunProcess(argv, process_options);
    switch (process.end) {
      case ProcessEnd::kSpawnFailed: return {BackendOutcome::Kind::kError, 0, process.spawn_error};
      case ProcessEnd::kCancelled: return Stopped(Kind::kCancelled, 0, process.stderr_text);
      case ProcessEnd::kTimedOut: return Stopped(Kind::kTimeout, 0, process.stderr_text);
      case ProcessEnd::kSignaled: return Stopped(Kind::kCrash, process.signal, process.stderr_text);
      case ProcessEnd::kExited: break;
    }
    return {std::nullopt, process.exit_code, process.stderr_text};
  }

  // An idle server of the pool, or a new one started with --serve (then
  // `started_at`, when given, is set to when it started).
  absl::StatusOr<std::unique_ptr<LineServer>> TakeServer(
      std::optional<std::chrono::steady_clock::time_point>* started_at = nullptr) {
    {
      std::lock_guard<std::mutex> lock(pool_mutex_);
      if (!idle_servers_.empty()) {
        std::unique_ptr<LineServer> server = std::move(idle_servers_.back());
        idle_servers_.pop_back();
        return server;
      }
    }
    if (started_at != nullptr) *started_at = std::chrono::steady_clock::now();
    std::vector<std::string> argv = words_;
    argv.push_back("--serve");
    return LineServer::Start(argv, options_.max_stderr_bytes, options_.max_reply_bytes);
  }
  void ReturnServer(std::unique_ptr<LineServer> server) {
    std::lock_guard<std::mutex> lock(pool_mutex_);
    idle_servers_.push_back(std::move(server));
  }

  // Persistent mode: a server from the pool (started with --serve when none
  // is idle) gets {"args": [...]} and answers {"exit": N, "message": "..."}.
  // A server that crashes, times out or answers garbage is discarded. A
  // server started for it sets `startup_seconds` from its start to its
  // reading the request.
  Ending RunOnServer(const std::vector<std::string>& args, double& startup_seconds) {
    // Refused before a server is taken: nothing was sent, nothing ran.
    absl::StatusOr<std::string> request_json = RequestLine(args);
    if (!request_json.ok()) {
      return {BackendOutcome::Kind::kError, 0, std::string(request_json.status().message())};
    }
    std::optional<std::chrono::steady_clock::time_point> started_at;
    absl::StatusOr<std::unique_ptr<LineServer>> taken = TakeServer(&started_at);
    if (!taken.ok())
      return {BackendOutcome::Kind::kError, 0, std::string(taken.status().message())};
    std::unique_ptr<LineServer> server = *std::move(taken);
    const auto sent_at = std::chrono::steady_clock::now();
    LineExchange exchange = server->Exchange(*request_json, options_.timeout_seconds, &cancelled_);
    if (started_at.has_value() && exchange.request_taken_seconds >= 0) {
      startup_seconds = std::chrono::duration<double>(sent_at - *started_at).count() +
                        exchange.request_taken_seconds;
    }
    switch (exchange.end) {
      case LineEnd::kCancelled: return Stopped(Kind::kCancelled, 0, exchange.stderr_text);
      case LineEnd::kTimedOut: return Stopped(Kind::kTimeout, 0, exchange.stderr_text);
      case LineEnd::kSignaled: return Stopped(Kind::kCrash, exchange.signal, exchange.stderr_text);
      case LineEnd::kExited:
        if (!replied_.load()) {
          return {
              BackendOutcome::Kind::kError, 0,
              absl::StrCat("the adapter ", kAdapterDoesNotServe, ": '", absl::StrJoin(words_, " "),
                           " --serve' exited with status ", exchange.exit_code,
                           " before its first reply; run it one process per case (leave out "
                           "--persistent)",
                           StderrSuffix(exchange.stderr_text))};
        }
        return {BackendOutcome::Kind::kError, 0,
                absl::StrCat("adapter server exited with status ", exchange.exit_code,
                             " without replying", StderrSuffix(exchange.stderr_text))};
      case LineEnd::kReplyTooLong:
        return {BackendOutcome::Kind::kError, 0,
                absl::StrCat("adapter server's reply line is over ", options_.max_reply_bytes,
                             " bytes; the server was killed (the next case starts a new one)",
                             StderrSuffix(exchange.stderr_text))};
      case LineEnd::kUnexpectedOutput:
        return {BackendOutcome::Kind::kError, 0,
                absl::StrCat("adapter server wrote '", exchange.reply,
                             exchange.before_request
                                 ? "' on stdout before this case's request (a second reply to "
                                   "an earlier one, or output outside a reply)"
                             : exchange.before_whole_request
                                 ? "' on stdout before it had read all of this case's request"
                                 : "' on stdout after its reply to this case's request",
                             "; the protocol allows one reply line per request and nothing "
                             "else on stdout, so the server was killed (the next case starts "
                             "a new one)",
                             StderrSuffix(exchange.stderr_text))};
      case LineEnd::kStdoutClosed:
        return {BackendOutcome::Kind::kError, 0,
                absl::StrCat("adapter server closed its stdout without replying, and did not "
                             "exit; it was killed (the next case starts a new one)",
                             StderrSuffix(exchange.stderr_text))};
      case LineEnd::kReplied: break;
    }
    replied_ = true;
    const std::optional<adapter::Reply> reply = ParseReply(exchange.reply);
    if (!reply.has_value() || !reply->has_exit()) {
      return {BackendOutcome::Kind::kError, 0,
              absl::StrCat("adapter server replied with something that is not "
                           "{\"exit\": N, \"message\": \"...\"}: '",
                           exchange.reply.substr(0, 200), "'", StderrSuffix(exchange.stderr_text))};
    }
    ReturnServer(std::move(server));
    std::string message = reply->message();
    if (!Stripped(exchange.stderr_text).empty() && reply->exit() != 0) {
      absl::StrAppend(&message, message.empty() ? "" : "\n", Stripped(exchange.stderr_text));
    }
    return {std::nullopt, reply->exit(), message};
  }

  // An answer to a version request: its first line, without control bytes,
  // at most kMaxIdentityBytes; empty when there is none.
  static std::string IdentityLine(absl::string_view text) {
    constexpr size_t kMaxIdentityBytes = 200;
    std::string line(absl::StripAsciiWhitespace(text.substr(0, text.find('\n'))));
    if (line.size() > kMaxIdentityBytes) line.resize(kMaxIdentityBytes);
    for (char& c : line) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
    }
    return line;
  }

  // One-shot: `COMMAND --version` printing "NAME VERSION" and exiting 0;
  // any other exit (an adapter that does not know the flag) is unknown, but
  // a program that cannot be run, a signal or the shell's 126 and 127 say
  // that the adapter cannot start.
  VersionAnswer AskVersion() {
    std::vector<std::string> argv = words_;
    argv.push_back("--version");
    ProcessOptions process_options;
    process_options.timeout_seconds = std::min(options_.timeout_seconds, kVersionTimeoutSeconds);
    process_options.max_captured_bytes = 4096;
    process_options.cancel = &cancelled_;
    const ProcessResult process = RunProcess(argv, process_options);
    switch (process.end) {
      case ProcessEnd::kSpawnFailed:
        return {"", absl::FailedPreconditionError(
                        absl::StrCat("the adapter cannot start: ", process.spawn_error))};
      case ProcessEnd::kSignaled:
        return {"", CannotStart(" --version",
                                absl::StrCat(DescribeSignal(process.signal), " before it answered"),
                                process.stderr_text)};
      case ProcessEnd::kExited:
        if (process.exit_code == 126 || process.exit_code == 127) {
          return {"", CannotStart(" --version",
                                  absl::StrCat("exited with status ", process.exit_code,
                                               process.exit_code == 126
                                                   ? " (a program that cannot be executed)"
                                                   : " (a program not found)"),
                                  process.stderr_text)};
        }
        if (process.exit_code != 0) {
          // Not knowing the flag is no error; ending every case so is.
          version_failure_.emplace(process.exit_code, Stripped(process.stderr_text));
          return {};
        }
        return {IdentityLine(process.stdout_text), absl::OkStatus()};
      default: return {};
    }
  }

  // Persistent: {"version": true} to a server of the pool, answered by
  // {"exit": 0, "version": "NAME VERSION"}; a server that answers anything
  // else stays in the pool when it replied at all, and is unknown. A server
  // that cannot be started, or exits or dies before it answers anything,
  // cannot serve cases either.
  VersionAnswer AskServerVersion() {
    absl::StatusOr<std::unique_ptr<LineServer>> taken = TakeServer();
    if (!taken.ok()) {
      return {"", absl::FailedPreconditionError(
                      absl::StrCat("the adapter cannot start: ", taken.status().message()))};
    }
    std::unique_ptr<LineServer> server = *std::move(taken);
    LineExchange exchange =
        server->Exchange("{\"version\": true}",
                         std::min(options_.timeout_seconds, kVersionTimeoutSeconds), &cancelled_);
    if (exchange.end == LineEnd::kExited) {
      return {"", CannotStart(" --serve",
                              absl::StrCat(kAdapterDoesNotServe, ": it exited with status ",
                                           exchange.exit_code,
                                           " before it answered anything (run it one process "
                                           "per case: leave out --persistent)"),
                              exchange.stderr_text)};
    }
    if (exchange.end == LineEnd::kSignaled) {
      return {"", CannotStart(
                      " --serve",
                      absl::StrCat(DescribeSignal(exchange.signal), " before it answered anything"),
                      exchange.stderr_text)};
    }
    if (exchange.end != LineEnd::kReplied) return {};
    replied_ = true;
    ReturnServer(std::move(server));
    const std::optional<adapter::Reply> reply = ParseReply(exchange.reply);
    if (!reply.has_value()) return {};
    if (reply->exit() != 0) return {"", absl::OkStatus(), /*served=*/true};
    return {IdentityLine(reply->version()), absl::OkStatus(), /*served=*/true};
  }

  // DIR/output_K.pb for every graph output; nothing else numbered.
  static BackendOutcome ReadOutputs(const onnx::ModelProto& model, const fs::path& dir) {
    BackendOutcome outcome;
    outcome.kind = BackendOutcome::Kind::kError;
    const int count = model.graph().output_size();
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      const std::optional<int64_t> k = ParseDataFileName(DataFileKind::kOutput, name);
      if (k.has_value() && *k >= count) {
        outcome.message = absl::StrCat("adapter wrote ", name, " but the model has ", count,
                                       count == 1 ? " output" : " outputs");
        return outcome;
      }
    }
    for (int k = 0; k < count; ++k) {
      const fs::path file = dir / OutputFileName(k);
      if (!fs::exists(file, ec)) {
        outcome.message = absl::StrCat("adapter exited with 0 but wrote no ", OutputFileName(k),
                                       " (graph output '", model.graph().output(k).name(), "')");
        return outcome;
      }
      // A TensorProto of any element type, or the SequenceProto,
      // OptionalProto or MapProto of an output the graph declares so.
      absl::StatusOr<DataFileContents> read =
          ReadDataFile(file, {}, kDefaultMaxTensorBytes, FileMapping::kCopy,
                       KindOfType(model.graph().output(k).type()));
      if (!read.ok()) {
        // The path is a temporary one: name the file by its base name.
        std::string why(read.status().message());
        if (absl::StartsWith(why, file.string())) why = why.substr(file.string().size());
        outcome.message = absl::StrCat("adapter's ", OutputFileName(k), " is unreadable", why);
        return outcome;
      }
      outcome.outputs.push_back(std::move(read->value));
    }
    outcome.kind = BackendOutcome::Kind::kOk;
    return outcome;
  }

  const std::vector<std::string> words_;
  const ExecBackendOptions options_;
  const std::string name_;
  const std::unique_ptr<ScratchDir> scratch_;  // declared first: destroyed after the servers
  std::atomic<bool> cancelled_{false};
  std::mutex pool_mutex_;
  std::atomic<bool> replied_{false};  // a server of this backend has replied
  // Cases go to servers (persistent, or persistent_if_served until Asked()
  // finds the adapter does not serve).
  std::atomic<bool> persistent_{options_.persistent || options_.persistent_if_served};
  std::vector<std::unique_ptr<LineServer>> idle_servers_;
  std::mutex identity_mutex_;  // asked_, version_failure_, ended_as_version_
  std::optional<VersionAnswer> asked_;
  // --version's non-zero exit status and stderr (not 126/127: those are
  // CannotStart at once).
  std::optional<std::pair<int, std::string>> version_failure_;
  absl::Status ended_as_version_;      // NoteEndingAsVersion's finding
  std::atomic<bool> answered_{false};  // a one-shot or served run exited 0 or 3
};

}  // namespace

bool DeclareMissingOutputShapes(onnx::ModelProto& model, const std::vector<Tensor>& outputs) {
  bool missing = false;
  const size_t count = std::min(outputs.size(), static_cast<size_t>(model.graph().output_size()));
  for (size_t k = 0; k < count; ++k) {
    onnx::TypeProto* declared =
        model.mutable_graph()->mutable_output(static_cast<int>(k))->mutable_type();
    // A sequence, optional or map has no shape to declare.
    if (!outputs[k].is_tensor() || (declared->value_case() != onnx::TypeProto::kTensorType &&
                                    declared->value_case() != onnx::TypeProto::VALUE_NOT_SET)) {
      continue;
    }
    onnx::TypeProto::Tensor* type = declared->mutable_tensor_type();
    if (type->has_shape()) continue;
    missing = true;
    onnx::TensorShapeProto* shape = type->mutable_shape();  // a scalar's too: no dims
    for (int64_t d : outputs[k].shape()) shape->add_dim()->set_dim_value(d);
  }
  return missing;
}

absl::StatusOr<std::unique_ptr<Backend>> MakeExecBackend(absl::string_view command,
                                                         const ExecBackendOptions& options) {
  absl::StatusOr<std::vector<std::string>> words = SplitCommandWords(command);
  if (!words.ok()) return words.status();
  if (!(options.timeout_seconds > 0)) {
    return absl::InvalidArgumentError("the adapter timeout must be positive");
  }
  std::string name = options.name.empty() ? absl::StrCat("exec:", command) : options.name;
  absl::StatusOr<std::unique_ptr<ScratchDir>> scratch = ScratchDir::Create(options.temp_dir);
  if (!scratch.ok()) return scratch.status();
  return std::make_unique<ExecBackend>(*std::move(words), options, std::move(name),
                                       *std::move(scratch));
}

}  // namespace onnx_conform
