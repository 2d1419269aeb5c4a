// Test-only: the malformed-input corpus of testing/malformed/malformed_input_test.cc.
// One valid case (Min-13 on two float inputs), and the kinds that each break
// it in one way. Run end to end through RunCase on the reference backend and
// through the checker's CheckCaseDir (the `check` command's path), each kind
// must end as error or invalid (never pass, never a crash), with a message
// that names the file and the problem. docs/security.md lists what it covers.
//
//   for (const MalformedKind& kind : MalformedInputCorpus()) {
//     WriteValidCase(dir);
//     kind.make(dir, outside);
//     CaseResult r = OpenAndRunCase({.dir = dir}, *MakeReferenceBackend(), kind.limits);
//     // r.status == kind.status; r.message holds kind.file and each of kind.problems
//   }
//
// The kinds are in three files, by what they break:
//   malformed_model_kinds.cc  model.onnx, its graph and its external data
//   malformed_data_kinds.cc   data sets, tensor files and case.json
//   malformed_limit_kinds.cc  resource limits and size attacks
// and this header's helpers (malformed_input_corpus.cc) build the cases.
#ifndef ONNX_CONFORM_TESTING_MALFORMED_MALFORMED_INPUT_CORPUS_H_
#define ONNX_CONFORM_TESTING_MALFORMED_MALFORMED_INPUT_CORPUS_H_

#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "google/protobuf/message_lite.h"
#include "onnx/onnx_pb.h"
#include "runners/harness/case_result.h"
#include "tensor/element_type.h"
#include "tensor/resource_limits.h"

namespace onnx_conform::malformed {

// ------------------------------------------------------------ case building

void WriteBytes(const std::filesystem::path& path, const std::string& bytes);

std::string Serialized(const google::protobuf::MessageLite& message);

void WriteProto(const std::filesystem::path& path, const google::protobuf::MessageLite& message);

// z = Min(x, y) at opset 13, x and y of `type` and shape [2].
onnx::ModelProto MinModel(ElementType type = ElementType::kFloat);

// A float TensorProto with raw_data.
onnx::TensorProto FloatProto(std::vector<int64_t> dims, std::vector<float> values,
                             const std::string& name = "");

// The valid case's data set and its files, relative to the case folder.
extern const std::filesystem::path kDataSet;  // test_data_set_0
extern const std::filesystem::path kInput0;   // test_data_set_0/input_0.pb
extern const std::filesystem::path kInput1;   // test_data_set_0/input_1.pb
extern const std::filesystem::path kOutput0;  // test_data_set_0/output_0.pb

// The valid case every kind starts from: Min([1, 5], [3, 2]) = [1, 2].
void WriteValidCase(const std::filesystem::path& dir);

// Rewrites one tensor file of the valid case through `edit`.
void EditTensor(const std::filesystem::path& file,
                const std::function<void(onnx::TensorProto&)>& edit);

void EditModel(const std::filesystem::path& dir,
               const std::function<void(onnx::ModelProto&)>& edit);

// z = Min(x, w) with w an initializer whose data is external.
void WriteExternalInitializerCase(const std::filesystem::path& dir, const std::string& location,
                                  const std::string& offset = "", const std::string& length = "");

// ------------------------------------------------------------ the corpus

struct MalformedKind {
  std::string name;
  // Breaks the valid case in `dir` (or writes a broken one); `outside` is a
  // scratch folder next to it, for symlink targets.
  std::function<void(const std::filesystem::path& dir, const std::filesystem::path& outside)> make;
  CaseStatus status;                  // kError, kInvalid or kUnsupported
  std::filesystem::path file;         // relative to the case: named in the message
                                      // (empty: the case folder)
  std::vector<std::string> problems;  // each appears in the message
  std::string checker_rule;           // CheckCaseDir reports it; empty: not a checker matter
  ResourceLimits limits = {};
};

// Test names and failure messages show the kind's name.
void PrintTo(const MalformedKind& kind, std::ostream* os);

// model.onnx: the file itself, the graph, and external data (a model's
// initializer, an input file). In malformed_model_kinds.cc.
std::vector<MalformedKind> MalformedModelKinds();
// Data sets, tensor files (the file itself, the TensorProto) and case.json.
// In malformed_data_kinds.cc.
std::vector<MalformedKind> MalformedDataKinds();
// Resource limits: the --max-tensor-bytes/--max-case-bytes budgets, and
// models that ask for much memory, work or output from little input.
// In malformed_limit_kinds.cc.
std::vector<MalformedKind> MalformedLimitKinds();

// Every kind, in the order above.
std::vector<MalformedKind> MalformedInputCorpus();

}  // namespace onnx_conform::malformed

#endif  // ONNX_CONFORM_TESTING_MALFORMED_MALFORMED_INPUT_CORPUS_H_
