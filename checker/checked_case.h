// One case, read once and judged by the checker once: the value every
// command takes (run, check, show, bodies, explore, audit, merge's labels),
// never a path. caseio lists and reads the folder (caseio/case_layout.h,
// case_files.h); the checker judges what it read; this holds both:
//
//   CaseRef ref{.dir = "cases/node/min_v13_float_nan"};     // from FindCases
//   std::shared_ptr<const CheckedCase> c = OpenCase(ref);
//   if (c->standing == CaseStanding::kRunnable) {
//     RunGraph(*c->graph, c->data_sets[0].inputs);           // reference/interpreter.h
//   }
//
// Every file of the folder is read, confined to it, under the calling
// thread's resource budget: model.onnx, case.json (unless the ref already
// holds it), every data file; each layout problem and unreadable file is a
// diagnostic (MODEL-READ, DATA-DECODE, DATA-FILE-NAMES, ...), so a folder
// that looks like a case is never silently dropped. A negative case
// (case.json expectation "invalid") also resolves its valid twin, as a
// sibling case folder of the same case set, read the same way.
//
// The expected outputs' explanation (their match classes and the reading
// they follow) is the verdict's to compute (runners/harness/verdict.h), at
// most once per data set; the case holds it.
#ifndef ONNX_CONFORM_CHECKER_CHECKED_CASE_H_
#define ONNX_CONFORM_CHECKER_CHECKED_CASE_H_

#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "caseio/case_layout.h"
#include "caseio/case_metadata.h"
#include "checker/bound_graph.h"
#include "checker/diagnostic.h"
#include "checker/readings.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// A case folder as discovery found it. `metadata` is set when selection has
// already read case.json (--features), so that it is not read again.
struct CaseRef {
  std::filesystem::path dir;
  std::optional<absl::StatusOr<std::optional<CaseMetadata>>> metadata = {};
};

// One test_data_set_N, decoded: each file's value (tensor/tensor.h: a
// tensor of any element type, or a sequence, optional or map, read as the
// graph declares it). `decoded`: every file was read (false when one was
// not, or the layout is broken).
struct CheckedDataSet {
  DataSetLayout files = {};
  std::vector<Tensor> inputs = {};
  std::vector<Tensor> outputs = {};
  std::vector<std::string> input_names = {};  // TensorProto.name of each file (may be empty)
  std::vector<std::string> output_names = {};
  bool decoded = false;
};

// What the suite decides of a case before any backend runs it.
enum class CaseStanding {
  kRunnable,     // a valid case, checked: every backend runs it
  kNegative,     // a negative case: a backend is asked to refuse it
  kUnreadable,   // case.json, the model or a data file cannot be read as the layout says
  kOutOfScope,   // sparse tensor values
  kInvalid,      // a valid case the checker rejects
  kUnsupported,  // a valid case the checker finds outside what the suite covers
};

// The labels reports file a case under.
struct CaseLabels {
  std::string op;          // the case's operator ("" when the model could not be read)
  int64_t op_version = 0;  // the version serving `opset`; 0 when unknown
  int64_t opset = 0;       // the model's opset for the default domain
  std::string types;       // the inputs' element types, "float16,int64"
};

// The reference's account of one data set: its outputs under the suite's
// reading and under each other reading tried so far, each element with its
// class, and which of them the expected outputs follow. Filled by the
// verdict (runners/harness/verdict.cc), at most once each.
struct ReadingOutputs {
  ReadingSet readings;
  std::vector<ExplainedOutput> outputs;  // empty: the graph did not run under them
};
struct Explanation {
  bool started = false;                // `own` was tried
  std::optional<ReadingOutputs> own;   // empty: the reference cannot run the graph
  std::vector<ReadingOutputs> others;  // in the order the verdict tries readings
  bool expected_placed = false;        // `expected` was looked for
  // Which of them the expected outputs follow: -1 for `own`, k for others[k].
  std::optional<int> expected;
};

class CheckedCase {
 public:
  std::string name;           // the folder's base name
  std::filesystem::path dir;  // the folder, as given; empty for a case made in memory
  std::optional<CaseMetadata> metadata;
  std::optional<OnnxTestData> onnx_test_data;  // the folder's data.json, when it has one
  CaseLayout layout;
  std::optional<onnx::ModelProto> model;  // when model.onnx read and parsed
  std::optional<BoundGraph> graph;        // when the checker accepted the model: into *model
  std::vector<CheckedDataSet> data_sets;
  std::vector<Diagnostic> diagnostics;
  // The model or data differ from the files: a generator's defect was
  // repaired (checker/data_repairs.h), so backends get them rewritten.
  bool repaired = false;
  CaseStanding standing = CaseStanding::kUnreadable;
  std::string standing_message;  // why, for every standing but runnable and negative
  CaseLabels labels;

  // A negative case: the rule it breaks, whether a backend can see the
  // breakage (it lies in the model or the inputs, not in the expected
  // outputs or the names of files), its valid twin and why it is missing.
  bool negative() const { return standing == CaseStanding::kNegative; }
  std::string broken_rule;
  bool breakage_visible = false;
  std::shared_ptr<const class CheckedCase> twin;
  std::string twin_error;

  // The diagnostics a backend could find itself in what it is given for
  // data set `index`: the model's and that data set's inputs'.
  std::vector<Diagnostic> VisibleErrors(size_t index) const;

  // The verdict's explanation of data set `index`, under `mutex()`.
  std::mutex& mutex() const { return mutex_; }
  Explanation& explanation(size_t index) const { return explanations_.at(index); }

 private:
  friend std::shared_ptr<const CheckedCase> FinishCase(std::shared_ptr<CheckedCase> c);
  mutable std::mutex mutex_;
  mutable std::vector<Explanation> explanations_;
};

// Opens a negative case's twin folder (caseio/case_files.h, ResolveTwinDir,
// has confined it to the case set): a run shares one twin among the cases
// that name it. Empty: OpenCase.
using TwinOpener =
    std::function<std::shared_ptr<const CheckedCase>(const std::filesystem::path& dir)>;

// How much of a valid case is read: what its standing needs (the data sets
// of a case whose model already decides it are left unread), or every
// file, so that each problem is a diagnostic (the `check` command).
enum class OpenDepth { kAsNeeded, kEveryFile };

// Reads and checks the case folder; never fails (what cannot be read is the
// case's standing and diagnostics).
std::shared_ptr<const CheckedCase> OpenCase(const CaseRef& ref, const TwinOpener& twins = {},
                                            OpenDepth depth = OpenDepth::kAsNeeded);

// A case made in memory (audit, explore): a model and data sets of inputs
// and expected outputs, checked as a folder's would be. A data set given no
// outputs is checked on its inputs alone; `expect`, when given, then
// computes its expected outputs once the case is found runnable (the
// reference's: runners/harness/in_memory_case.h).
struct InMemoryDataSet {
  std::vector<Tensor> inputs = {};
  std::vector<Tensor> outputs = {};
};
using ExpectedOutputs = std::function<absl::StatusOr<std::vector<Tensor>>(
    const BoundGraph& graph, const std::vector<Tensor>& inputs)>;
std::shared_ptr<const CheckedCase> CheckInMemoryCase(std::string name, onnx::ModelProto model,
                                                     std::vector<InMemoryDataSet> data_sets,
                                                     std::optional<CaseMetadata> metadata = {},
                                                     const ExpectedOutputs& expect = {});

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_CHECKED_CASE_H_
