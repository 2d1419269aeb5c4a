// A planted bug as a backend: the reference with one bug of the catalogue
// (runners/adequacy/bug_catalogue.h), run in process through the normal
// path (RunCase: the verdict and the policy decide the status), so that a
// mutant is judged exactly as a real backend would be.
//
//   ReferenceOutputs cache;
//   MutantBackend mutant(bug, cache);
//   CaseResult r = RunCase(*c, mutant);     // runners/harness/case_runner.h
//   if (mutant.changed()) ...               // it computed something else
//
// Where the bug is not planted (another operator, version or type, a graph
// of more than one node) and for what the reference refuses, the mutant is
// the reference.
#ifndef ONNX_CONFORM_RUNNERS_ADEQUACY_MUTANT_BACKEND_H_
#define ONNX_CONFORM_RUNNERS_ADEQUACY_MUTANT_BACKEND_H_

#include <map>
#include <memory>
#include <utility>

#include "runners/adequacy/bug_catalogue.h"
#include "runners/backends/backend.h"

namespace onnx_conform {

// Whether `bug` is planted in data set `data_set` of `c`: a one-node graph
// of the bug's operator, at a version and first input type it applies to.
bool BugPlanted(const Bug& bug, const CheckedCase& c, size_t data_set);

// The reference's outcome of each (case, data set) a mutant has compared
// with, computed once for every mutant of a case. Not thread-safe: one per
// case and thread.
class ReferenceOutputs {
 public:
  const BackendOutcome& Get(const CheckedCase& c, size_t data_set);

 private:
  std::unique_ptr<Backend> reference_ = MakeReferenceBackend();
  std::map<std::pair<const CheckedCase*, size_t>, BackendOutcome> outcomes_;
};

class MutantBackend : public Backend {
 public:
  MutantBackend(const Bug& bug, ReferenceOutputs& reference) : bug_(bug), reference_(reference) {}
  std::string name() const override { return "mutant:" + bug_.name; }
  BackendOutcome Run(const CheckedCase& c, size_t data_set) override;

  // Whether the bug was planted in a run, and whether a run's outcome then
  // differed from the reference's (another kind, type, shape or any bit).
  bool planted() const { return planted_; }
  bool changed() const { return changed_; }

 private:
  BackendOutcome RunPlanted(const CheckedCase& c, size_t data_set) const;

  const Bug& bug_;
  ReferenceOutputs& reference_;
  bool planted_ = false;
  bool changed_ = false;
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_ADEQUACY_MUTANT_BACKEND_H_
