// The malformed-input corpus, part 3 (testing/malformed/malformed_input_corpus.h):
// kinds that run into the resource limits (--max-tensor-bytes,
// --max-case-bytes, the work limit) and size attacks: models that ask for much
// memory, work or message text from little input.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "onnx/onnx_pb.h"
#include "runners/harness/case_result.h"
#include "tensor/element_type.h"
#include "tensor/resource_limits.h"
#include "tensor/tensor.h"
#include "tensor/tensor_proto.h"
#include "testing/malformed/malformed_input_corpus.h"
#include "testing/test_model.h"

namespace onnx_conform::malformed {

namespace fs = std::filesystem;
using testing_util::SetInt;
using testing_util::TestModel;

std::vector<MalformedKind> MalformedLimitKinds() {
  using P = const fs::path&;
  const CaseStatus kError = CaseStatus::kError;
  const CaseStatus kInvalid = CaseStatus::kInvalid;
  std::vector<MalformedKind> kinds = {
      // ---- resource limits
      {"TensorOverMaxTensorBytes",
       [](P, P) {},
       kError,
       kInput0,
       {"over the limit of 4 bytes per tensor (--max-tensor-bytes)"},
       "",
       ResourceLimits{.max_tensor_bytes = 4}},
      {"CaseOverMaxCaseBytesWhileReading",
       [](P, P) {},
       kError,
       "model.onnx",
       {"reading the file", "(--max-case-bytes)"},
       "",
       ResourceLimits{.max_case_bytes = 16}},
      {"ReferenceOutputOverMaxCaseBytes",
       [](P d, P) {
         // Min of [32,1] and [1,32] broadcasts to [32,32]: the reference's
         // output is refused before it is allocated, once the inputs, the
         // 4 KiB expected output and its file have used the budget.
         TestModel m(13);
         m.Input("x", ElementType::kFloat, {32, 1}).Input("y", ElementType::kFloat, {1, 32});
         m.Output("z", ElementType::kFloat, {32, 32});
         m.Node("Min", {"x", "y"}, {"z"});
         WriteProto(d / kModelFileName, m.model);
         std::vector<float> column(32, 1), square(32 * 32, 1);
         WriteProto(d / kInput0, FloatProto({32, 1}, column, "x"));
         WriteProto(d / kInput1, FloatProto({1, 32}, column, "y"));
         WriteProto(d / kOutput0, FloatProto({32, 32}, square, "z"));
       },
       kError,
       kDataSet,
       {"tensor of shape [32,32] and type float needs 4096 bytes", "(--max-case-bytes)"},
       "",
       ResourceLimits{.max_case_bytes = 10240}},
      {"ArgMinOutputOverMaxCaseBytes",
       [](P d, P) {
         // ArgMin over an axis of 2 turns 8 KiB of uint8 into 32 KiB of
         // int64: the reference's output is refused before it is allocated.
         TestModel m(13);
         m.Input("x", ElementType::kUint8, {4096, 2}).Output("z", ElementType::kInt64, {4096, 1});
         SetInt(m.Node("ArgMin", {"x"}, {"z"}), "axis", 1);
         WriteProto(d / kModelFileName, m.model);
         fs::remove(d / kInput1);
         Tensor x = *Tensor::Create(ElementType::kUint8, {4096, 2});
         std::fill(x.data<uint8_t>().begin(), x.data<uint8_t>().end(), 0);
         WriteProto(d / kInput0, TensorToProto(x, "x"));
         Tensor z = *Tensor::Create(ElementType::kInt64, {4096, 1});
         std::fill(z.data<int64_t>().begin(), z.data<int64_t>().end(), 0);
         WriteProto(d / kOutput0, TensorToProto(z, "z"));
       },
       kError,
       kDataSet,
       {"node #0 (ArgMin)", "tensor of shape [4096,1] and type int64 needs 32768 bytes",
        "(--max-case-bytes)"},
       "",
       ResourceLimits{.max_case_bytes = 100 << 10}},
      {"LongChainOfIdentityNodes",
       [](P d, P) {
         // x -> Identity x 1000 -> Min(t999, x): every copy is charged, so the
         // chain stops at the case's limit instead of holding 64 MB.
         TestModel m(13);
         m.Input("x", ElementType::kFloat, {16384}).Output("z", ElementType::kFloat, {16384});
         std::string previous = "x";
         for (int n = 0; n < 1000; ++n) {
           const std::string next = absl::StrCat("t", n);
           m.Node("Identity", {previous}, {next});
           previous = next;
         }
         m.Node("Min", {previous, "x"}, {"z"});
         WriteProto(d / kModelFileName, m.model);
         std::vector<float> values(16384, 1.0f);
         fs::remove(d / kInput1);
         WriteProto(d / kInput0, FloatProto({16384}, values, "x"));
         WriteProto(d / kOutput0, FloatProto({16384}, values, "z"));
       },
       kError,
       kDataSet,
       {"(Identity)", "(--max-case-bytes)"},
       "",
       ResourceLimits{.max_case_bytes = int64_t{16} << 20}},
      {"NodeWithManyUnknownAttributes",
       [](P d, P) {
         // 100000 findings: checked in linear time, and the message is cut.
         EditModel(d, [](onnx::ModelProto& m) {
           for (int a = 0; a < 100000; ++a) {
             SetInt(*m.mutable_graph()->mutable_node(0), absl::StrCat("unknown_", a), a);
           }
         });
       },
       kInvalid,
       "model.onnx",
       {"ATTR-UNKNOWN", "unknown_0", "[message cut:"},
       "ATTR-UNKNOWN"},
      {"ManyGraphInputs",
       [](P d, P) {
         EditModel(d, [](onnx::ModelProto& m) {
           for (int k = 0; k < 100000; ++k) {
             onnx::ValueInfoProto* input = m.mutable_graph()->add_input();
             input->set_name(absl::StrCat("extra_", k));
             testing_util::SetTensorType(*input, ElementType::kFloat, {1});
           }
         });
       },
       kInvalid,
       kDataSet,
       {"DATA-INPUT-COUNT", "100002 inputs to feed"},
       "DATA-INPUT-COUNT"},
      {"HugeNodeName",
       [](P d, P) {
         // An 8 MiB name in every finding: the reported message stays small.
         EditModel(d, [](onnx::ModelProto& m) {
           onnx::NodeProto* node = m.mutable_graph()->mutable_node(0);
           node->set_name(std::string(8 << 20, 'n'));
           SetInt(*node, "unknown", 1);
         });
       },
       kInvalid,
       "model.onnx",
       {"ATTR-UNKNOWN", "[message cut:"},
       "ATTR-UNKNOWN"},
      {"MinOverManyCopiesOfALargeInput",
       [](P d, P) {
         // 2^18 + 1 copies of a 2^16-element input: 1 MiB of files, over 2^34 element
         // operations. Refused before the work starts, at the default limits.
         TestModel m(13);
         m.Input("x", ElementType::kFloat, {1 << 16}).Output("z", ElementType::kFloat, {1 << 16});
         m.Node("Min", std::vector<std::string>((1 << 18) + 1, "x"), {"z"});
         WriteProto(d / kModelFileName, m.model);
         std::vector<float> values(1 << 16, 1.0f);
         fs::remove(d / kInput1);
         WriteProto(d / kInput0, FloatProto({1 << 16}, values, "x"));
         WriteProto(d / kOutput0, FloatProto({1 << 16}, values, "z"));
       },
       kError,
       kDataSet,
       {"node #0 (Min)", "17179934720 element operations", "limit of 17179869184"},
       ""},
  };
  return kinds;
}

}  // namespace onnx_conform::malformed
