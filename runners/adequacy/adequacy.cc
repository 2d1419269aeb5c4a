#include "runners/adequacy/adequacy.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <new>
#include <set>
#include <system_error>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "caseio/case_loader.h"
#include "checker/checked_case.h"
#include "runners/adequacy/mutant_backend.h"
#include "runners/harness/case_runner.h"
#include "runners/harness/policy.h"
#include "tensor/resource_limits.h"

namespace onnx_conform {
namespace {

// One bug on one case where it was planted.
struct Trial {
  size_t bug = 0;  // index into the selected bugs
  CaseStatus status = CaseStatus::kPass;
  bool changed = false;
  std::string message = {};
};

struct CaseTrials {
  std::string name = {};
  std::string op = {};
  int64_t op_version = 0;
  std::vector<Trial> trials = {};
  std::string reference_failure = {};  // the reference's own status, when it fails the case
};

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// Each case is read, and each mutant run, under the default resource
// budget for `jobs` cases at once, as `run` holds a case to it
// (tensor/resource_limits.h).
CaseTrials TryCase(const std::filesystem::path& dir, const std::vector<const Bug*>& bugs,
                   int jobs) {
  const ResourceLimits limits{.max_case_bytes = DefaultMaxCaseBytes(jobs)};
  ScopedResourceBudget open_budget(limits);
  std::shared_ptr<const CheckedCase> c = OpenCase({.dir = dir});
  CaseTrials out{.name = c->name, .op = c->labels.op, .op_version = c->labels.op_version};
  {
    // A case the plain reference does not pass cannot tell a bug apart.
    ScopedResourceBudget budget(limits);
    std::unique_ptr<Backend> plain = MakeReferenceBackend();
    const CaseResult result = RunCase(*c, *plain);
    if (FailsRun(result.status)) {
      out.reference_failure =
          absl::StrCat(StatusName(result.status), ": ", FirstLine(result.message));
      return out;
    }
  }
  ReferenceOutputs reference;
  for (size_t b = 0; b < bugs.size(); ++b) {
    if (bugs[b]->op != c->labels.op) continue;
    ScopedResourceBudget budget(limits);
    MutantBackend mutant(*bugs[b], reference);
    CaseResult result = RunCase(*c, mutant);
    if (!mutant.planted()) continue;
    out.trials.push_back({.bug = b,
                          .status = result.status,
                          .changed = mutant.changed(),
                          .message = FirstLine(result.message)});
  }
  return out;
}

void Decide(BugResult& r) {
  const Bug& bug = *r.bug;
  if (!r.killers.empty()) {
    r.outcome = BugOutcome::kKilled;
    if (bug.kind == BugKind::kReading) {
      r.problem = absl::StrCat("follows a reading, yet ", r.killers[0].case_name, " ",
                               r.killers[0].status, "s on it: ", r.killers[0].message);
    } else if (bug.kind == BugKind::kEquivalent) {
      r.problem = absl::StrCat("declared equivalent, yet ", r.killers[0].case_name,
                               " kills it: ", r.killers[0].message);
    }
  } else if (bug.kind == BugKind::kEquivalent) {
    r.outcome = BugOutcome::kEquivalent;
  } else if (!r.divergent_cases.empty()) {
    r.outcome = BugOutcome::kDivergent;
  } else {
    r.outcome = r.exercised > 0 ? BugOutcome::kSurvived : BugOutcome::kNotExercised;
  }
}

}  // namespace

absl::string_view BugOutcomeName(BugOutcome outcome) {
  switch (outcome) {
    case BugOutcome::kKilled: return "killed";
    case BugOutcome::kSurvived: return "survived";
    case BugOutcome::kDivergent: return "divergent";
    case BugOutcome::kNotExercised: return "not exercised";
    case BugOutcome::kEquivalent: return "equivalent";
  }
  return "survived";
}

int AdequacyReport::Counted() const {
  return static_cast<int>(
      std::count_if(bugs.begin(), bugs.end(), [](const BugResult& r) { return r.counted(); }));
}

int AdequacyReport::Killed() const {
  return static_cast<int>(std::count_if(bugs.begin(), bugs.end(), [](const BugResult& r) {
    return r.counted() && r.outcome == BugOutcome::kKilled;
  }));
}

std::vector<const BugResult*> AdequacyReport::Survivors() const {
  std::vector<const BugResult*> out;
  for (const BugResult& r : bugs) {
    if (r.counted() && r.outcome != BugOutcome::kKilled) out.push_back(&r);
  }
  return out;
}

std::vector<const BugResult*> AdequacyReport::Problems() const {
  std::vector<const BugResult*> out;
  for (const BugResult& r : bugs) {
    if (!r.problem.empty()) out.push_back(&r);
  }
  return out;
}

absl::StatusOr<AdequacyReport> MeasureAdequacy(const AdequacyOptions& options) {
  std::vector<std::filesystem::path> dirs;
  std::set<std::filesystem::path> seen;
  for (const std::filesystem::path& path : options.paths) {
    absl::StatusOr<std::vector<std::filesystem::path>> found = FindCasesIn(path);
    if (!found.ok()) return found.status();
    for (const std::filesystem::path& dir : *found) {
      if (seen.insert(dir.lexically_normal()).second) dirs.push_back(dir);
    }
  }

  std::vector<CaseTrials> trials(dirs.size());
  std::atomic<size_t> next{0};
  const int jobs = std::max(1, std::min<int>(options.jobs, static_cast<int>(dirs.size())));
  auto work = [&] {
    for (size_t i = next++; i < dirs.size(); i = next++) {
      try {
        trials[i] = TryCase(dirs[i], options.bugs, jobs);
      } catch (const std::bad_alloc&) {  // past what the budget foresaw: this case's failure
        trials[i] = {.name = CaseName(dirs[i]), .reference_failure = OutOfMemoryMessage()};
      }
    }
  };
  std::vector<std::thread> threads;
  try {
    for (int j = 1; j < jobs; ++j) threads.emplace_back(work);
  } catch (const std::system_error&) {  // no more threads to be had: fewer jobs
  }
  work();
  for (std::thread& t : threads) t.join();

  AdequacyReport report;
  report.cases = static_cast<int>(dirs.size());
  for (const Bug* bug : options.bugs) report.bugs.push_back({.bug = bug});
  std::map<std::pair<std::string, int64_t>, int> cases_per_version;
  for (const CaseTrials& c : trials) {
    if (!c.reference_failure.empty()) {
      report.failing_on_reference.push_back(absl::StrCat(c.name, ": ", c.reference_failure));
      continue;
    }
    if (!c.op.empty() && c.op_version > 0) ++cases_per_version[{c.op, c.op_version}];
    for (const Trial& t : c.trials) {
      BugResult& r = report.bugs[t.bug];
      ++r.planted;
      if (t.changed) ++r.exercised;
      if (FailsRun(t.status)) {
        r.killers.push_back({.case_name = c.name,
                             .op = c.op,
                             .op_version = c.op_version,
                             .status = std::string(StatusName(t.status)),
                             .message = t.message});
      } else if (t.status == CaseStatus::kDivergent) {
        r.divergent_cases.push_back(c.name);
      }
    }
  }
  for (BugResult& r : report.bugs) Decide(r);

  for (const auto& [key, count] : cases_per_version) {
    VersionShare share{.op = key.first, .version = key.second, .cases = count};
    for (const BugResult& r : report.bugs) {
      const std::vector<int64_t> versions = BugVersions(*r.bug);
      if (!r.counted() || r.bug->op != key.first ||
          std::find(versions.begin(), versions.end(), key.second) == versions.end()) {
        continue;
      }
      ++share.bugs;
      // A copy: clang 14 cannot capture a structured binding.
      const int64_t version = key.second;
      if (std::any_of(r.killers.begin(), r.killers.end(),
                      [version](const Killer& k) { return k.op_version == version; })) {
        ++share.killed;
      }
    }
    if (share.bugs > 0) report.versions.push_back(share);
  }
  return report;
}

}  // namespace onnx_conform
