// `onnx-conform run [flags] PATH...`: runs every case found under the paths
// on a backend (in parallel with -j), prints one line per case and a
// summary, appends each result to a log as it ends, writes reports.
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <regex>
#include <set>
#include <thread>
#include <tuple>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "cases/case_metadata.h"
#include "caseio/case_files.h"
#include "reference/resource_limits.h"
#include "runners/backends/backend.h"
#include "caseio/case_loader.h"
#include "runners/harness/case_runner.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "runners/harness/expectation_scope.h"
#include "runners/harness/expectations.h"
#include "runners/reports/report.h"
#include "runners/reports/run_log.h"
#include "runners/reports/scoreboard.h"
#include "runners/harness/shard.h"

ABSL_FLAG(std::string, filter, "", "Run only cases whose name matches this regular expression");
ABSL_FLAG(std::string, report_json, "", "Write a JSON report of the run to this file");
ABSL_FLAG(std::string, junit, "", "Write a JUnit XML report of the run to this file");
ABSL_FLAG(std::string, backend, "reference",
          "The backend to run the cases on: reference, or exec:COMMAND (an adapter program)");
ABSL_FLAG(std::string, backend_name, "", "The backend's name in reports (default: --backend)");
ABSL_FLAG(bool, quiet, false, "Print only cases that neither passed nor were unsupported, and the summary");
ABSL_FLAG(double, timeout, 60, "Seconds an exec adapter may take for one case and data set");
ABSL_FLAG(bool, persistent, false,
          "Keep exec adapters running between cases (COMMAND --serve, one request per line)");
ABSL_FLAG(int, jobs, 1, "Cases run in parallel (also -j N)");
ABSL_FLAG(std::string, expectations, "", "Expectation file: known gaps of the backend");
ABSL_FLAG(std::string, profile, "", "Profile file: the (operator, version, type) set the backend claims");
ABSL_FLAG(std::string, features, "",
          "Run only cases whose case.json lists every one of these features (comma-separated)");
ABSL_FLAG(std::string, log, "", "Append each result to this JSON Lines file as its case ends");
ABSL_FLAG(std::string, resume, "",
          "Skip the cases already in this JSON Lines log (and report them); logs to it unless --log");
ABSL_FLAG(std::string, scoreboard_md, "", "Write a Markdown scoreboard to this file");
ABSL_FLAG(std::string, scoreboard_html, "", "Write a self-contained HTML scoreboard to this file");
ABSL_FLAG(bool, plain_reference, false,
          "The reference backend runs the plain normative loops instead of the fast kernels");
ABSL_FLAG(bool, allow_invalid, false,
          "An invalid case that does not declare itself negative does not fail the run");
ABSL_FLAG(bool, strict, false,
          "Divergent cases (a documented alternative reading of the texts) fail the run");
ABSL_FLAG(std::string, shard, "",
          "Run only the K-th of N shards of the cases (K/N, 1 <= K <= N; stable by case name); "
          "default: GTEST_SHARD_INDEX and GTEST_TOTAL_SHARDS");
ABSL_FLAG(std::string, max_tensor_bytes, "4G",
          "Largest tensor a case may decode or compute (bytes; K, M, G, T: powers of 1024)");
ABSL_FLAG(std::string, max_case_bytes, "8G",
          "Bytes one case may read and allocate in all: files, tensors, outputs (docs/security.md)");

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

// The shell's convention for a run stopped by SIGINT.
constexpr int kExitInterrupted = 130;

constexpr absl::string_view kRunUsage =
    "usage: onnx-conform run [flags] PATH...\n"
    "  --backend=reference|exec:COMMAND   --backend-name=NAME   --timeout=SECONDS (60)\n"
    "  --persistent (exec adapters serve many cases: COMMAND --serve)\n"
    "  -j N, --jobs=N   --filter=REGEX   --features=F1,F2   --quiet\n"
    "  --expectations=FILE   --profile=FILE   --log=FILE   --resume=FILE\n"
    "  --report-json=FILE   --junit=FILE   --scoreboard-md=FILE   --scoreboard-html=FILE\n"
    "  --max-tensor-bytes=N (4G)   --max-case-bytes=N (8G)   (per case; -j N runs N cases at once)\n"
    "  --plain-reference (the reference runs its plain normative loops, not the fast kernels)\n"
    "  --allow-invalid (an invalid case not declared negative does not fail the run)\n"
    "  --strict (a divergent case, one that follows a documented alternative reading, fails;\n"
    "    so does an expectation line broader than meant)\n"
    "  --shard=K/N (run the K-th of N shards, stable by case name; default: the\n"
    "    GoogleTest variables GTEST_SHARD_INDEX (0-based) and GTEST_TOTAL_SHARDS)\n"
    "PATH is a case directory (model.onnx + test_data_set_N/) or a folder searched for them.\n"
    "Exit status: 0 when nothing failed, errored, crashed, timed out, unexpectedly passed or\n"
    "was invalid without declaring itself negative (unless --allow-invalid), nor diverged\n"
    "under --strict (nor had an expectation line broader than meant); "
    "1 otherwise; 2 for a usage error; 130 when interrupted (reports cover what ran).\n";

constexpr absl::string_view kRunFlags[] = {
    "filter",   "report_json", "junit", "backend",  "backend_name",  "quiet",
    "timeout",  "persistent", "jobs",        "expectations", "profile", "features", "log",
    "resume",   "scoreboard_md", "scoreboard_html", "max_tensor_bytes", "max_case_bytes",
    "plain_reference", "allow_invalid", "strict", "shard"};

int UsageError(absl::string_view message) {
  std::cerr << "onnx-conform run: " << message << "\n" << kRunUsage;
  return kExitUsage;
}

std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void OnInterrupt(int) { g_interrupted.store(true); }

// SIGINT and SIGTERM set g_interrupted while it lives; a second one acts as
// usual (the log keeps every finished case either way).
class InterruptGuard {
 public:
  InterruptGuard() {
    g_interrupted = false;
    struct sigaction action {};
    action.sa_handler = OnInterrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &action, &old_int_);
    sigaction(SIGTERM, &action, &old_term_);
  }
  ~InterruptGuard() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }

 private:
  struct sigaction old_int_ {}, old_term_ {};
};

// "-j N" and "-jN" -> "--jobs=N".
std::vector<std::string> ExpandJobsShorthand(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") {
      out.insert(out.end(), args.begin() + static_cast<long>(i), args.end());
      break;
    }
    if (args[i] == "-j" && i + 1 < args.size()) {
      out.push_back("--jobs=" + args[++i]);
    } else if (absl::StartsWith(args[i], "-j") && args[i].size() > 2 && args[i][2] != '-') {
      out.push_back("--jobs=" + args[i].substr(2));
    } else {
      out.push_back(args[i]);
    }
  }
  return out;
}

// Whether case.json lists every wanted feature. A case without case.json
// has none; one whose case.json is broken is kept, so that its error shows.
bool HasFeatures(const fs::path& dir, const std::vector<std::string>& wanted) {
  if (wanted.empty()) return true;
  absl::StatusOr<std::optional<CaseMetadata>> metadata = ReadCaseMetadata(dir);
  if (!metadata.ok()) return true;
  if (!metadata->has_value()) return false;
  for (const std::string& feature : wanted) {
    if (!HasFeature(**metadata, feature)) return false;
  }
  return true;
}

std::string CanonicalKey(const fs::path& path) {
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(path, ec);
  return (ec ? fs::absolute(path, ec) : canonical).lexically_normal().string();
}

// Runs the cases not yet done on `jobs` threads; results land in `slots` by
// discovery index. Returns false when interrupted.
bool RunPending(const std::vector<fs::path>& case_dirs, const std::vector<size_t>& pending,
                int jobs, Backend& backend, const Profile* profile,
                const ExpectationList* expectations, RunLog* log, bool quiet,
                const ResourceLimits& limits, std::vector<std::optional<CaseResult>>& slots,
                std::string& log_error) {
  std::atomic<size_t> next{0};
  std::mutex mutex;  // console, log_error, finished_workers
  std::condition_variable all_done;
  int finished_workers = 0;
  auto work = [&] {
    while (!g_interrupted) {
      const size_t k = next.fetch_add(1);
      if (k >= pending.size()) break;
      const size_t index = pending[k];
      CaseResult result = RunCase(case_dirs[index], backend, limits);
      if (result.cancelled || g_interrupted) break;  // no verdict: not reported
      ApplyExpectations(result, profile, expectations);
      absl::Status logged = log != nullptr ? log->Append(result) : absl::OkStatus();
      std::lock_guard<std::mutex> lock(mutex);
      if (!logged.ok() && log_error.empty()) log_error = std::string(logged.message());
      if (!quiet || (result.status != CaseStatus::kPass &&
                     result.status != CaseStatus::kUnsupported)) {
        std::cout << ConsoleLine(result) << std::endl;
      }
      slots[index] = std::move(result);
    }
    std::lock_guard<std::mutex> lock(mutex);
    ++finished_workers;
    all_done.notify_all();
  };
  const int thread_count = std::max(1, std::min<int>(jobs, static_cast<int>(pending.size())));
  std::vector<std::thread> threads;
  for (int t = 0; t < thread_count; ++t) threads.emplace_back(work);
  {
    std::unique_lock<std::mutex> lock(mutex);
    bool cancelled = false;
    while (finished_workers < thread_count) {
      all_done.wait_for(lock, std::chrono::milliseconds(50));
      if (g_interrupted && !cancelled) {
        backend.Cancel();
        cancelled = true;
      }
    }
  }
  for (std::thread& thread : threads) thread.join();
  return !g_interrupted;
}

// The run log's first line: the backend, the adapter command, the suite's
// version and a hash of the selected cases, which --resume must match.
report::RunLogHeader LogHeader(const Backend& backend, const std::vector<fs::path>& case_dirs) {
  std::vector<std::string> keys;
  for (const fs::path& dir : case_dirs) keys.push_back(CanonicalKey(dir));
  std::sort(keys.begin(), keys.end());
  report::RunLogHeader header;
  header.set_onnx_conform_run_log(1);
  header.set_backend(backend.name());
  header.set_adapter(absl::GetFlag(FLAGS_backend));
  header.set_suite_version(ONNX_CONFORM_VERSION);
  header.set_case_set(absl::StrCat(absl::Hex(StableHash(absl::StrJoin(keys, "\n")),
                                             absl::kZeroPad16)));
  header.set_case_count(static_cast<int>(keys.size()));
  return header;
}

// A line that turns several cases into xpass, most of those it matches, is
// likely broader than meant (a glob that also catches working cases): said
// on stderr, since the xpass cases already fail the run.
constexpr int kBroadPatternXpass = 3;

void WarnOfBroadPatterns(const ExpectationList& expectations,
                         const std::vector<CaseResult>& results) {
  for (const Expectation& e : expectations.entries()) {
    const std::string described = e.Describe();
    int applied = 0, xpass = 0;
    for (const CaseResult& r : results) {
      if (r.expectation != described) continue;
      ++applied;
      if (r.status == CaseStatus::kXpass) ++xpass;
    }
    if (xpass >= kBroadPatternXpass && 2 * xpass > applied) {
      std::cerr << "onnx-conform run: warning: " << e.file << ":" << e.line << ": '" << e.pattern
                << "' turned " << xpass << " of the " << applied
                << " cases it matches into xpass: is the pattern broader than meant?\n";
    }
  }
}

int WriteReport(const std::string& path, const std::string& text) {
  if (path.empty()) return kExitOk;
  absl::Status written = WriteTextFile(path, text);
  if (written.ok()) return kExitOk;
  std::cerr << "onnx-conform run: " << written.message() << "\n";
  return kExitFailed;
}

}  // namespace

int RunCommand(const std::vector<std::string>& raw_args) {
  if (WantsHelp(raw_args)) {
    std::cout << kRunUsage;
    return kExitOk;
  }
  const std::vector<absl::string_view> allowed(std::begin(kRunFlags), std::end(kRunFlags));
  absl::StatusOr<std::vector<std::string>> paths =
      ParseSubcommandFlags(ExpandJobsShorthand(raw_args), allowed);
  if (!paths.ok()) return UsageError(paths.status().message());
  if (paths->empty()) return UsageError("no PATH given");

  std::optional<std::regex> filter;
  if (!absl::GetFlag(FLAGS_filter).empty()) {
    try {
      filter.emplace(absl::GetFlag(FLAGS_filter), std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
      return UsageError(absl::StrCat("bad --filter regular expression: ", e.what()));
    }
  }
  const int jobs = absl::GetFlag(FLAGS_jobs);
  if (jobs < 1) return UsageError("--jobs must be at least 1");
  ResourceLimits limits;
  for (auto [flag, name, limit] :
       {std::tuple(&FLAGS_max_tensor_bytes, "--max-tensor-bytes", &limits.max_tensor_bytes),
        std::tuple(&FLAGS_max_case_bytes, "--max-case-bytes", &limits.max_case_bytes)}) {
    absl::StatusOr<int64_t> bytes = ParseByteSize(absl::GetFlag(*flag));
    if (!bytes.ok()) return UsageError(absl::StrCat(name, ": ", bytes.status().message()));
    *limit = *bytes;
  }
  absl::StatusOr<std::optional<Shard>> shard =
      SelectShard(absl::GetFlag(FLAGS_shard), [](const char* name) { return std::getenv(name); });
  if (!shard.ok()) return UsageError(shard.status().message());
  std::vector<std::string> features;
  for (absl::string_view f : absl::StrSplit(absl::GetFlag(FLAGS_features), ',', absl::SkipEmpty())) {
    features.emplace_back(f);
  }

  BackendOptions backend_options;
  backend_options.timeout_seconds = absl::GetFlag(FLAGS_timeout);
  backend_options.name = absl::GetFlag(FLAGS_backend_name);
  backend_options.persistent = absl::GetFlag(FLAGS_persistent);
  backend_options.plain_reference = absl::GetFlag(FLAGS_plain_reference);
  if (!(backend_options.timeout_seconds > 0)) return UsageError("--timeout must be positive");
  absl::StatusOr<std::unique_ptr<Backend>> backend =
      MakeBackend(absl::GetFlag(FLAGS_backend), backend_options);
  if (!backend.ok()) return UsageError(backend.status().message());

  std::optional<ExpectationList> expectations;
  if (const std::string file = absl::GetFlag(FLAGS_expectations); !file.empty()) {
    absl::StatusOr<ExpectationList> read = ReadExpectationFile(file);
    if (!read.ok()) return UsageError(read.status().message());
    expectations = *std::move(read);
  }
  std::optional<Profile> profile;
  if (const std::string file = absl::GetFlag(FLAGS_profile); !file.empty()) {
    absl::StatusOr<Profile> read = ReadProfileFile(file);
    if (!read.ok()) return UsageError(read.status().message());
    profile = *std::move(read);
  }

  std::vector<fs::path> case_dirs;
  std::set<std::string> seen;
  for (const std::string& path : *paths) {
    absl::StatusOr<std::vector<fs::path>> found = FindCaseDirs(path);
    if (!found.ok()) return UsageError(found.status().message());
    if (found->empty()) return UsageError(absl::StrCat(path, ": holds no case (no model.onnx)"));
    for (const fs::path& dir : *found) {
      if (!seen.insert(CanonicalKey(dir)).second) continue;
      if (filter.has_value() &&
          !std::regex_search(dir.lexically_normal().filename().string(), *filter)) {
        continue;
      }
      if (!HasFeatures(dir, features)) continue;
      case_dirs.push_back(dir);
    }
  }
  // A filter that selects nothing is a mistake, not a clean run of no case.
  if (case_dirs.empty()) {
    std::string selection;
    if (filter.has_value()) absl::StrAppend(&selection, " --filter=", absl::GetFlag(FLAGS_filter));
    if (!features.empty()) {
      absl::StrAppend(&selection, " --features=", absl::GetFlag(FLAGS_features));
    }
    return UsageError(absl::StrCat("no case under the given PATHs matches", selection));
  }
  if (shard->has_value()) {
    // After the check above: a shard may hold no case of a small selection.
    const size_t selected = case_dirs.size();
    std::erase_if(case_dirs, [&](const fs::path& dir) {
      return !(*shard)->Holds(dir.lexically_normal().filename().string());
    });
    std::cout << "shard " << (*shard)->Label() << ": " << case_dirs.size() << " of " << selected
              << " cases" << std::endl;
    // The GoogleTest protocol: this file says the runner honoured the split.
    if (const char* status_file = std::getenv("GTEST_SHARD_STATUS_FILE"); status_file != nullptr) {
      std::ofstream touch(status_file, std::ios::app);
    }
  }

  // What this run's log says of it, and what a log to resume must say.
  report::RunLogHeader header = LogHeader(**backend, case_dirs);
  std::string log_path = absl::GetFlag(FLAGS_log);
  const std::string resume_path = absl::GetFlag(FLAGS_resume);
  if (log_path.empty()) log_path = resume_path;
  if (log_path != resume_path && !log_path.empty()) {
    // Appending to another run's log would mix two runs just the same.
    absl::StatusOr<LoggedResults> existing = ReadRunLog(log_path);
    if (existing.ok() && existing->header.has_value()) {
      absl::Status same = CheckRunLogHeader(log_path, *existing->header, header);
      if (!same.ok()) return UsageError(same.message());
    }
  }

  // Results so far: resumed ones in their slots, the rest to run.
  std::vector<std::optional<CaseResult>> slots(case_dirs.size());
  int resumed = 0;
  if (!resume_path.empty()) {
    absl::StatusOr<LoggedResults> logged = ReadRunLog(resume_path);
    if (!logged.ok() && !absl::IsNotFound(logged.status())) {
      return UsageError(logged.status().message());
    }
    if (logged.ok() && logged->header.has_value()) {
      absl::Status same = CheckRunLogHeader(resume_path, *logged->header, header);
      if (!same.ok()) return UsageError(same.message());
    } else if (logged.ok() && !logged->results.empty()) {
      std::cerr << "onnx-conform run: note: " << resume_path
                << " has no header line (an older log): its backend, adapter, suite version and "
                   "cases cannot be checked\n";
    }
    if (logged.ok()) {
      for (const std::string& skipped : logged->skipped) {
        std::cerr << "onnx-conform run: skipped a log line: " << skipped << "\n";
      }
      std::map<std::string, CaseResult*> by_key;
      for (CaseResult& result : logged->results) by_key[CanonicalKey(result.path)] = &result;
      for (size_t i = 0; i < case_dirs.size(); ++i) {
        auto it = by_key.find(CanonicalKey(case_dirs[i]));
        if (it == by_key.end()) continue;
        slots[i] = std::move(*it->second);
        ++resumed;
      }
    }
  }
  std::vector<size_t> pending;
  for (size_t i = 0; i < case_dirs.size(); ++i) {
    if (!slots[i].has_value()) pending.push_back(i);
  }
  if (resumed > 0) {
    std::cout << "resumed " << resumed << " finished cases from " << resume_path << "; "
              << pending.size() << " to run" << std::endl;
  }

  std::unique_ptr<RunLog> log;
  if (!log_path.empty()) {
    absl::StatusOr<std::unique_ptr<RunLog>> opened = RunLog::Open(log_path, &header);
    if (!opened.ok()) return UsageError(opened.status().message());
    log = *std::move(opened);
  }

  std::string log_error;
  bool completed = true;
  {
    InterruptGuard guard;
    completed = RunPending(case_dirs, pending, jobs, **backend,
                           profile.has_value() ? &*profile : nullptr,
                           expectations.has_value() ? &*expectations : nullptr, log.get(),
                           absl::GetFlag(FLAGS_quiet), limits, slots, log_error);
  }

  std::vector<CaseResult> results;
  for (std::optional<CaseResult>& slot : slots) {
    if (slot.has_value()) results.push_back(*std::move(slot));
  }
  if (!completed) {
    std::cout << "interrupted: " << results.size() << " of " << case_dirs.size()
              << " cases finished; reports cover those" << std::endl;
  }
  std::cout << SummaryLine(results) << std::endl;
  if (const std::string readings = ReadingsLine(results); !readings.empty()) {
    std::cout << readings << std::endl;
  }

  int exit_code = kExitOk;
  const bool allow_invalid = absl::GetFlag(FLAGS_allow_invalid);
  int invalid = 0;
  const bool strict = absl::GetFlag(FLAGS_strict);
  int strict_divergent = 0;
  for (const CaseResult& result : results) {
    if (FailsRun(result.status)) exit_code = kExitFailed;
    if (strict && result.status == CaseStatus::kDivergent) ++strict_divergent;
    // A case that is not what it claims tests nothing: a failure, unless it
    // declares itself negative (case.json "invalid") or the user allows it.
    if (result.status == CaseStatus::kInvalid && !result.negative) ++invalid;
  }
  if (strict_divergent > 0) {
    std::cerr << "onnx-conform run: --strict: " << strict_divergent
              << " divergent case(s) fail the run (they follow a documented alternative "
                 "reading, not the case's)\n";
    exit_code = kExitFailed;
  }
  if (invalid > 0 && !allow_invalid) {
    std::cerr << "onnx-conform run: " << invalid
              << " case(s) invalid without declaring themselves negative (case.json "
                 "\"expectation\": \"invalid\"); --allow-invalid accepts that\n";
    exit_code = kExitFailed;
  }
  if (!log_error.empty()) {
    std::cerr << "onnx-conform run: " << log_error << "\n";
    exit_code = kExitFailed;
  }
  const bool whole_run = completed && !filter.has_value() && features.empty() && !shard->has_value();
  if (expectations.has_value() && whole_run) {
    for (const Expectation& e : expectations->entries()) {
      const bool used = std::any_of(results.begin(), results.end(), [&](const CaseResult& r) {
        return e.Matches(r.name);
      });
      if (!used) {
        std::cerr << "onnx-conform run: note: " << e.file << ":" << e.line << ": '" << e.pattern
                  << "' matches no case of this run\n";
      }
    }
  }
  if (expectations.has_value()) {
    WarnOfBroadPatterns(*expectations, results);
    std::vector<CaseIdentity> identities;
    for (const CaseResult& r : results) identities.push_back({r.name, r.op, r.negative});
    const std::vector<std::string> scope =
        CheckPatternScope(*expectations, identities, whole_run);
    for (const std::string& warning : scope) {
      std::cerr << "onnx-conform run: warning: " << warning << "\n";
    }
    if (strict && !scope.empty()) {
      std::cerr << "onnx-conform run: --strict: " << scope.size()
                << " expectation line(s) broader than meant fail the run\n";
      exit_code = kExitFailed;
    }
  }
  const std::string backend_label = (*backend)->name();
  const std::string title = absl::StrCat("ONNX Conform: ", backend_label);
  for (int code :
       {WriteReport(absl::GetFlag(FLAGS_report_json), JsonReport(results)),
        WriteReport(absl::GetFlag(FLAGS_junit), JunitReport(results, backend_label)),
        WriteReport(absl::GetFlag(FLAGS_scoreboard_md), ScoreboardMarkdown(results, title)),
        WriteReport(absl::GetFlag(FLAGS_scoreboard_html), ScoreboardHtml(results, title))}) {
    if (code != kExitOk) exit_code = code;
  }
  return completed ? exit_code : kExitInterrupted;
}

}  // namespace onnx_conform
