// `onnx-conform run [flags] PATH...`: selects the cases under the paths,
// resumes from a log, starts the backend once (a backend that cannot start
// ends the run here), runs the rest on it (in parallel with -j; --fail-fast
// starts none after a failure), showing each case as it ends
// (runners/cli/run_progress.h) and appending it to the log; the summary and
// reports follow (runners/cli/run_summary.cc). The flags are parsed in
// runners/cli/run_options.cc.
//
//   RunCommand({"--backend=exec:./adapter", "-j4", "cases/node"}, std::cout, std::cerr);
#include "runners/cli/run_command.h"

#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <new>
#include <optional>
#include <set>
#include <system_error>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "caseio/case_files.h"
#include "caseio/case_loader.h"
#include "caseio/case_metadata.h"
#include "checker/checked_case.h"
#include "runners/backends/backend.h"
#include "runners/cli/cli.h"
#include "runners/cli/run_progress.h"
#include "runners/cli/run_summary.h"
#include "runners/harness/case_runner.h"
#include "runners/harness/expectations.h"
#include "runners/harness/policy.h"
#include "runners/harness/shard.h"
#include "runners/harness/user_regex.h"
#include "runners/reports/output_file.h"
#include "runners/reports/report.h"
#include "runners/reports/run_log.h"
#include "tensor/resource_limits.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

int UsageError(std::ostream& err, absl::string_view message) {
  return onnx_conform::UsageError(err, "run", RunUsage(), message);
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
  struct sigaction old_int_ {
  }, old_term_{};
};

// Whether case.json lists every wanted feature. A case without case.json
// has none; one whose case.json is broken is kept, so that its error shows.
bool HasFeatures(const CaseRef& ref, const std::vector<std::string>& wanted) {
  if (wanted.empty()) return true;
  const absl::StatusOr<std::optional<CaseMetadata>>& metadata = *ref.metadata;
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

// The cases of an earlier report to run again, each known by its folder as
// the report wrote it (bytes that are not UTF-8 escaped), or by its name
// when the report gives no path.
class RerunSet {
 public:
  void Add(const CaseResult& result) {
    if (result.path.empty()) {
      names_.insert(result.name);
    } else {
      paths_.insert(CanonicalKey(result.path));
    }
  }
  bool Holds(const fs::path& dir) const {
    return names_.contains(CaseName(dir)) ||
           paths_.contains(CanonicalKey(EscapeNonUtf8(dir.string(), false)));
  }
  bool empty() const { return names_.empty() && paths_.empty(); }

 private:
  std::set<std::string> names_, paths_;
};

// The twins of the run's negative cases, each read once however many
// negative cases name it, and once only when it is a case of the run too.
class TwinCache {
 public:
  explicit TwinCache(const std::vector<CaseRef>& refs) {
    std::map<std::string, const CaseRef*> selected;
    for (const CaseRef& ref : refs) selected[CanonicalKey(ref.dir)] = &ref;
    for (const CaseRef& ref : refs) {
      const absl::StatusOr<std::optional<CaseMetadata>>& metadata = *ref.metadata;
      if (!metadata.ok() || !metadata->has_value() || (*metadata)->twin().empty()) continue;
      absl::StatusOr<fs::path> twin = ResolveTwinDir(ref.dir, (*metadata)->twin());
      if (!twin.ok()) continue;
      const std::string key = CanonicalKey(*twin);
      Slot& slot = slots_[key];
      // A twin that is a case of the run keeps the case.json read already.
      if (auto it = selected.find(key); it != selected.end()) slot.metadata = it->second->metadata;
    }
  }

  // The case at `ref.dir`, read now or taken from an earlier read.
  std::shared_ptr<const CheckedCase> Open(const CaseRef& ref) {
    auto slot = slots_.find(CanonicalKey(ref.dir));
    if (slot == slots_.end()) return OpenCase(ref, Opener());
    std::lock_guard<std::mutex> lock(slot->second.mutex);
    if (slot->second.opened == nullptr) {
      CaseRef known = ref;
      if (!known.metadata.has_value()) known.metadata = slot->second.metadata;
      slot->second.opened = OpenCase(known, Opener());
    }
    return slot->second.opened;
  }

  TwinOpener Opener() {
    return [this](const fs::path& dir) { return Open({.dir = dir}); };
  }

 private:
  struct Slot {
    std::mutex mutex;
    std::optional<absl::StatusOr<std::optional<CaseMetadata>>> metadata;
    std::shared_ptr<const CheckedCase> opened;
  };
  std::map<std::string, Slot> slots_;  // filled before any case runs
};

// How RunPending judges and shows the cases as they end.
struct PendingRun {
  const Profile* profile = nullptr;
  const ExpectationList* expectations = nullptr;
  RunLog* log = nullptr;
  RunPolicy policy;        // what fails the run: shown, and --fail-fast
  bool fail_fast = false;  // start no case after the first that fails the run
};

// Runs the cases not yet done on `jobs` threads; results land in `slots` by
// discovery index, and each one is shown by `progress`. Returns false when
// interrupted; sets `stopped_at_failure` when --fail-fast left cases unrun.
bool RunPending(const std::vector<CaseRef>& refs, const std::vector<size_t>& pending, int jobs,
                Backend& backend, const PendingRun& run, const ResourceLimits& limits,
                const VerdictOptions& verdict, TwinCache& twins,
                std::vector<std::optional<CaseResult>>& slots, std::string& log_error,
                RunProgress& progress, bool& stopped_at_failure) {
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};        // a case failed the run (--fail-fast stops)
  std::atomic<bool> cannot_start{false};  // the backend's Probe failed after a case
  std::mutex mutex;                       // progress, log_error, finished_workers
  std::condition_variable all_done;
  int finished_workers = 0;
  auto work = [&] {
    while (!g_interrupted && !cannot_start && !(run.fail_fast && failed)) {
      const size_t k = next.fetch_add(1);
      if (k >= pending.size()) break;
      const size_t index = pending[k];
      const auto start = std::chrono::steady_clock::now();
      CaseResult result;
      try {
        ScopedResourceBudget budget(limits);
        result = RunCase(*twins.Open(refs[index]), backend, verdict);
      } catch (const std::bad_alloc&) {
        // Past what the budget foresaw: this case's error, not the run's end.
        result = OutOfMemoryResult(refs[index].dir, backend);
      }
      // A persistent server's start-up is the run's, not this case's.
      result.seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() -
          result.startup_seconds;
      if (result.cancelled || g_interrupted) break;  // no verdict: not reported
      // The case showed that the backend cannot start: the run ends as if
      // the probe had said so (RunCommand).
      if (!backend.Probe().ok()) {
        cannot_start = true;
        break;
      }
      ApplyExpectations(result, run.profile, run.expectations);
      absl::Status logged = run.log != nullptr ? run.log->Append(result) : absl::OkStatus();
      const bool fails_run = CaseFailsRun(result, run.policy);
      if (fails_run) failed = true;
      std::lock_guard<std::mutex> lock(mutex);
      if (!logged.ok() && log_error.empty()) log_error = std::string(logged.message());
      progress.CaseEnded(result, fails_run);
      slots[index] = std::move(result);
    }
    std::lock_guard<std::mutex> lock(mutex);
    ++finished_workers;
    all_done.notify_all();
  };
  const int thread_count = std::max(1, std::min<int>(jobs, static_cast<int>(pending.size())));
  std::vector<std::thread> threads;
  try {
    for (int t = 0; t < thread_count; ++t) threads.emplace_back(work);
  } catch (const std::system_error&) {
    // No thread to be had (ulimit -u, ulimit -v): fewer jobs, at least this one.
    if (threads.empty()) work();
  }
  {
    std::unique_lock<std::mutex> lock(mutex);
    bool cancelled = false;
    while (finished_workers < std::max<int>(1, static_cast<int>(threads.size()))) {
      all_done.wait_for(lock, std::chrono::milliseconds(50));
      if (g_interrupted && !cancelled) {
        backend.Cancel();
        cancelled = true;
      }
    }
  }
  for (std::thread& thread : threads) thread.join();
  stopped_at_failure = run.fail_fast && failed && next.load() < pending.size();
  return !g_interrupted;
}

// The contents of --expectations and --profile ("" when not given).
struct JudgedBy {
  std::string expectations, profile;
};

std::string ContentHash(const std::string& content) {
  return absl::StrCat(absl::Hex(StableHash(content), absl::kZeroPad16), ", ", content.size(),
                      " bytes");
}

// The run log's first line: the backend, the adapter command, the runtime's
// name and version (its answer to --version), the suite's
// version, a hash of the selected cases, and the expectation file and
// profile that judged them (their paths and a hash of their contents),
// which --resume must match.
report::RunLogHeader LogHeader(const Backend& backend, const std::string& runtime,
                               const RunOptions& options, const JudgedBy& judged_by,
                               std::vector<std::string> keys) {
  std::sort(keys.begin(), keys.end());
  report::RunLogHeader header;
  header.set_onnx_conform_run_log(1);
  header.set_backend(backend.name());
  header.set_adapter(options.backend);
  header.set_runtime(runtime);
  if (!options.expectations.empty()) {
    header.set_expectations(CanonicalKey(options.expectations));
    header.set_expectations_content(ContentHash(judged_by.expectations));
  }
  if (!options.profile.empty()) {
    header.set_profile(CanonicalKey(options.profile));
    header.set_profile_content(ContentHash(judged_by.profile));
  }
  header.set_suite_version(ONNX_CONFORM_VERSION);
  header.set_case_set(
      absl::StrCat(absl::Hex(StableHash(absl::StrJoin(keys, "\n")), absl::kZeroPad16)));
  header.set_case_count(static_cast<int>(keys.size()));
  return header;
}

}  // namespace

int RunCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto started = std::chrono::system_clock::now();
  const auto steady_start = std::chrono::steady_clock::now();
  absl::StatusOr<RunOptions> parsed = ParseRunOptions(args);
  if (std::optional<int> code = ExitBeforeRunning(parsed, "run", RunUsage(), out, err)) {
    return *code;
  }
  const RunOptions& options = *parsed;

  // Every report must be writable before the first case runs.
  for (const auto& [flag, path] :
       {std::pair("--report-json", &options.report_json), std::pair("--junit", &options.junit),
        std::pair("--scoreboard-md", &options.scoreboard_md),
        std::pair("--scoreboard-html", &options.scoreboard_html),
        std::pair("--write-expectations", &options.write_expectations)}) {
    if (absl::Status writable = CheckOutputPath(flag, *path); !writable.ok()) {
      return UsageError(err, writable.message());
    }
  }
  const std::optional<UserRegex>& filter = options.filter_regex;
  absl::StatusOr<std::optional<Shard>> shard =
      SelectShard(options.shard, [](const char* name) { return std::getenv(name); });
  if (!shard.ok()) return UsageError(err, shard.status().message());
  std::vector<std::string> features;
  for (absl::string_view f : absl::StrSplit(options.features, ',', absl::SkipEmpty())) {
    features.emplace_back(f);
  }
  // --rerun-failed: the cases the report says failed the run, as this run's
  // policy judges (an undeclared invalid case; a divergent one under
  // --strict), each by its folder: two roots may hold cases of one name.
  std::optional<RerunSet> rerun;
  if (!options.rerun_failed.empty()) {
    absl::StatusOr<std::vector<CaseResult>> earlier = ReadJsonReportFile(options.rerun_failed);
    if (!earlier.ok()) return UsageError(err, earlier.status().message());
    const RunPolicy policy{.strict = options.strict, .allow_invalid = options.allow_invalid};
    rerun.emplace();
    for (const CaseResult& r : *earlier) {
      if (CaseFailsRun(r, policy)) rerun->Add(r);
    }
    if (rerun->empty()) {
      out << options.rerun_failed << ": no case failed the run: nothing to rerun" << std::endl;
      return kExitOk;
    }
  }

  BackendOptions backend_options;
  backend_options.timeout_seconds = options.timeout_seconds;
  backend_options.name = options.backend_name;
  backend_options.persistent = options.persistent;
  backend_options.persistent_if_served = options.persistent_if_served;
  backend_options.plain_reference = options.plain_reference;
  if (!(backend_options.timeout_seconds > 0)) return UsageError(err, "--timeout must be positive");
  absl::StatusOr<std::unique_ptr<Backend>> backend = MakeBackend(options.backend, backend_options);
  if (!backend.ok()) return UsageError(err, backend.status().message());

  // Their contents are recorded in the log: a verdict judged under them is
  // resumed only under the same.
  JudgedBy judged_by;
  std::optional<ExpectationList> expectations;
  if (!options.expectations.empty()) {
    absl::StatusOr<ExpectationList> read =
        ReadExpectationFile(options.expectations, &judged_by.expectations);
    if (!read.ok()) return UsageError(err, read.status().message());
    expectations = *std::move(read);
  }
  std::optional<Profile> profile;
  if (!options.profile.empty()) {
    absl::StatusOr<Profile> read = ReadProfileFile(options.profile, &judged_by.profile);
    if (!read.ok()) return UsageError(err, read.status().message());
    profile = *std::move(read);
  }

  // Each case's case.json is read here, once: selection, the twins of
  // negative cases and the run itself use what was read.
  std::vector<CaseRef> refs;
  std::vector<std::string> keys;  // CanonicalKey of each case: its identity in logs
  std::set<std::string> seen;
  for (const std::string& path : options.paths) {
    absl::StatusOr<std::vector<fs::path>> found = FindCasesIn(path);
    if (!found.ok()) return UsageError(err, found.status().message());
    for (const fs::path& dir : *found) {
      std::string key = CanonicalKey(dir);
      if (!seen.insert(key).second) continue;
      if (filter.has_value() && !filter->Search(CaseName(dir))) {
        continue;
      }
      if (rerun.has_value() && !rerun->Holds(dir)) continue;
      CaseRef ref{.dir = dir, .metadata = ReadCaseMetadata(dir)};
      if (!HasFeatures(ref, features)) continue;
      if (!options.selection.empty() && !options.selection.Matches(LabelsForSelection(ref))) {
        continue;
      }
      refs.push_back(std::move(ref));
      keys.push_back(std::move(key));
    }
  }
  // A filter that selects nothing is a mistake, not a clean run of no case.
  if (refs.empty()) {
    std::string selection;
    if (filter.has_value()) absl::StrAppend(&selection, " --filter=", options.filter);
    if (!features.empty()) absl::StrAppend(&selection, " --features=", options.features);
    absl::StrAppend(&selection, options.selection.Flags());
    if (rerun.has_value()) absl::StrAppend(&selection, " --rerun-failed=", options.rerun_failed);
    return UsageError(err, absl::StrCat("no case under the given PATHs matches", selection));
  }
  if (shard->has_value()) {
    // After the check above: a shard may hold no case of a small selection.
    const size_t selected = refs.size();
    size_t kept = 0;
    for (size_t i = 0; i < refs.size(); ++i) {
      if (!(*shard)->Holds(CaseName(refs[i].dir))) continue;
      refs[kept] = std::move(refs[i]);
      keys[kept] = std::move(keys[i]);
      ++kept;
    }
    refs.resize(kept);
    keys.resize(kept);
    out << "shard " << (*shard)->Label() << ": " << refs.size() << " of " << selected << " cases"
        << std::endl;
    // The GoogleTest protocol: this file says the runner honoured the split.
    if (const char* status_file = std::getenv("GTEST_SHARD_STATUS_FILE"); status_file != nullptr) {
      std::ofstream touch(status_file, std::ios::app);
    }
  }

  if (options.list) {
    // The labels are the ones reports file each case under (case.json, else
    // the model and the first data set's inputs).
    for (const CaseRef& ref : refs) {
      ScopedResourceBudget budget(options.limits);
      const std::shared_ptr<const CheckedCase> c = OpenCase(ref);
      out << ref.dir.string() << '\t' << c->labels.op << '\t' << c->labels.op_version << '\t'
          << c->labels.types << '\n';
    }
    out.flush();
    return refs.empty() ? kExitNothingRan : kExitOk;
  }

  // The backend is started once before the first case: one that cannot
  // start stops the run here (or after its first cases, below), not as an
  // error of every case.
  const auto cannot_start = [&](const absl::Status& why) {
    err << "onnx-conform run: " << why.message() << "\nonnx-conform run: no case ran: exit "
        << kExitBackendUnavailable << " (the backend cannot start)\n";
    return kExitBackendUnavailable;
  };
  if (absl::Status started = refs.empty() ? absl::OkStatus() : (*backend)->Probe(); !started.ok()) {
    return cannot_start(started);
  }

  // What this run's log says of it, and what a log to resume must say.
  report::RunLogHeader header =
      LogHeader(**backend, (*backend)->Identity(), options, judged_by, keys);
  std::string log_path = options.log;
  const std::string& resume_path = options.resume;
  if (log_path.empty()) log_path = resume_path;
  if (log_path != resume_path && !log_path.empty()) {
    // Appending to another run's log would mix two runs just the same.
    absl::StatusOr<LoggedResults> existing = ReadRunLog(log_path);
    if (existing.ok() && existing->header.has_value()) {
      absl::Status same = CheckRunLogHeader(log_path, *existing->header, header);
      if (!same.ok()) return UsageError(err, same.message());
    }
  }

  // Results so far: resumed ones in their slots, the rest to run.
  std::vector<std::optional<CaseResult>> slots(refs.size());
  int resumed = 0;
  if (!resume_path.empty()) {
    absl::StatusOr<LoggedResults> logged = ReadRunLog(resume_path);
    if (!logged.ok() && !absl::IsNotFound(logged.status())) {
      return UsageError(err, logged.status().message());
    }
    if (logged.ok() && logged->header.has_value()) {
      absl::Status same = CheckRunLogHeader(resume_path, *logged->header, header);
      if (!same.ok()) return UsageError(err, same.message());
    } else if (logged.ok() && !logged->results.empty()) {
      err << "onnx-conform run: note: " << resume_path
          << " has no header line (an older log): its backend, adapter, suite version and "
             "cases cannot be checked\n";
    }
    if (logged.ok()) {
      for (const std::string& skipped : logged->skipped) {
        err << "onnx-conform run: skipped a log line: " << skipped << "\n";
      }
      std::map<std::string, CaseResult*> by_key;
      for (CaseResult& result : logged->results) by_key[CanonicalKey(result.path)] = &result;
      for (size_t i = 0; i < refs.size(); ++i) {
        auto it = by_key.find(keys[i]);
        if (it == by_key.end()) continue;
        slots[i] = std::move(*it->second);
        ++resumed;
      }
    }
  }
  std::vector<size_t> pending;
  for (size_t i = 0; i < refs.size(); ++i) {
    if (!slots[i].has_value()) pending.push_back(i);
  }
  if (resumed > 0) {
    out << "resumed " << resumed << " finished cases from " << resume_path << "; " << pending.size()
        << " to run" << std::endl;
  }

  std::unique_ptr<RunLog> log;
  if (!log_path.empty()) {
    absl::StatusOr<std::unique_ptr<RunLog>> opened = RunLog::Open(log_path, &header);
    if (!opened.ok()) return UsageError(err, opened.status().message());
    log = *std::move(opened);
  }

  RunEnd end;
  end.selected = refs.size();
  TwinCache twins(refs);
  {
    const PendingRun run{
        .profile = profile.has_value() ? &*profile : nullptr,
        .expectations = expectations.has_value() ? &*expectations : nullptr,
        .log = log.get(),
        .policy = {.strict = options.strict, .allow_invalid = options.allow_invalid},
        .fail_fast = options.fail_fast};
    const char* no_color = std::getenv("NO_COLOR");
    RunProgress progress(
        pending.size(),
        ChooseConsoleStyle(options.progress, IsTerminal(out), IsTerminal(err), no_color),
        options.quiet, out, err);
    InterruptGuard guard;
    end.completed =
        RunPending(refs, pending, options.jobs, **backend, run, options.limits, options.verdict,
                   twins, slots, end.log_error, progress, end.stopped_at_failure);
    progress.Finish();
  }
  if (absl::Status started = pending.empty() ? absl::OkStatus() : (*backend)->Probe();
      !started.ok()) {
    return cannot_start(started);
  }
  for (std::optional<CaseResult>& slot : slots) {
    if (slot.has_value()) end.results.push_back(*std::move(slot));
  }
  SortForReports(end.results);
  end.started = started;
  end.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - steady_start).count();
  end.whole_run = end.completed && !end.stopped_at_failure && !filter.has_value() &&
                  features.empty() && options.selection.empty() && !shard->has_value() &&
                  !rerun.has_value();
  end.backend_label = (*backend)->name();
  return FinishRun(options, expectations.has_value() ? &*expectations : nullptr, end, out, err);
}

}  // namespace onnx_conform
