// oc-generate-backend-repros: the minimal cases that reproduce each wrong
// result or refusal a real backend showed on the suite (docs/backends/),
// one ONNX node-test folder each, ready to attach to a bug report.
//
//   build/runners/oc-generate-backend-repros docs/backends/repro
//   -> docs/backends/repro/opencv-dnn/argmin_v13_float_subnormal/{model.onnx,case.json,
//      test_data_set_0/input_0.pb,output_0.pb}, ...
//
// Every expected output is a literal worked out by hand from the operator
// text (quoted in each case.json), never computed by the suite's reference;
// the repro tests (runners/CMakeLists.txt) check that the reference agrees,
// that the committed folders are what this writes, and that each backend
// still gets them wrong. Output is a pure function of this file.
#include <cstdio>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "cases/case_builder.h"
#include "cases/case_values.h"
#include "reference/float16.h"
#include "reference/tensor_file.h"

namespace onnx_conform {

using namespace case_values;  // NOLINT: the library's own value helpers
namespace {

namespace fs = std::filesystem;

// A repro: the backend folder it belongs to and its case.
struct Repro {
  std::string backend;
  Case repro_case;
};

constexpr std::string_view kArgMinSummary = "ArgMin — index of the smallest element along an axis";
constexpr std::string_view kKeepdims =
    "If keepdims is 1 the output has the input's rank with the reduced dimension set to 1; "
    "if 0 that dimension is removed.";
constexpr std::string_view kClipSummary = "Clip limits the input to the interval [min, max]";
constexpr std::string_view kClipDefaults =
    "Missing bounds default to numeric_limits<T>::lowest() and numeric_limits<T>::max().";

Tensor Int64s(Shape shape, std::vector<int64_t> values) {
  return TensorOf<int64_t>(std::move(shape), values);
}

Tensor Floats(Shape shape, std::vector<float> values) {
  return TensorOf<float>(std::move(shape), values);
}

Tensor Halves(Shape shape, std::vector<uint16_t> bits) {
  std::vector<Float16> values;
  for (uint16_t b : bits) values.push_back(Float16::FromBits(b));
  return TensorOf<Float16>(std::move(shape), values);
}

std::vector<Repro> OpenCvRepros() {
  std::vector<Repro> repros;
  // [denorm_min, -denorm_min, 0]: -denorm_min is the only value below 0, so
  // the smallest is at index 1. OpenCV flushes subnormals to zero: three
  // equal values, index 0.
  const float dn = std::numeric_limits<float>::denorm_min();
  repros.push_back(
      {"opencv-dnn",
       CaseBuilder("ArgMin", 13, ElementType::kFloat, "subnormal")
           .Inputs({"data"})
           .Outputs({"reduced"})
           .Attr("axis", int64_t{1})
           .DataSet({Floats({1, 3}, {dn, -dn, 0.0f})}, {Int64s({1, 1}, {1})})
           .Features({"subnormal"})
           .Quote(kArgMinSummary)
           .Describe("-denorm_min is the smallest of [denorm_min, -denorm_min, 0]: index 1")
           .Build()});
  // Rows [3,1,2] and [0,5,4] reduced over axis 1 without keepdims: shape
  // [2], indices 1 and 0. OpenCV returns shape [2,1].
  repros.push_back(
      {"opencv-dnn",
       CaseBuilder("ArgMin", 13, ElementType::kFloat, "keepdims0_rank1_result")
           .Inputs({"data"})
           .Outputs({"reduced"})
           .Attr("axis", int64_t{1})
           .Attr("keepdims", int64_t{0})
           .DataSet({Floats({2, 3}, {3, 1, 2, 0, 5, 4})}, {Int64s({2}, {1, 0})})
           .Features({"keepdims"})
           .Quote(kKeepdims)
           .Describe("a [2,3] input reduced over axis 1 without keepdims has shape [2]")
           .Build()});
  // Clip-6 of a 1-D input keeps its shape [3]: [-2, 0.5, 3] in [0, 1] is
  // [0, 0.5, 1]. OpenCV returns shape [3,1].
  repros.push_back(
      {"opencv-dnn", CaseBuilder("Clip", 6, ElementType::kFloat, "rank1")
                         .Inputs({"input"})
                         .Outputs({"output"})
                         .Attr("min", 0.0f)
                         .Attr("max", 1.0f)
                         .DataSet({Floats({3}, {-2, 0.5f, 3})}, {Floats({3}, {0, 0.5f, 1})})
                         .Quote(kClipSummary)
                         .Describe("a 1-D input gives a 1-D output of its shape")
                         .Build()});
  // Clip-6 of a [0,3] input: an empty [0,3] output. OpenCV fails to
  // allocate the network (assertion inp.total()).
  repros.push_back({"opencv-dnn", CaseBuilder("Clip", 6, ElementType::kFloat, "empty")
                                      .Inputs({"input"})
                                      .Outputs({"output"})
                                      .Attr("min", 0.0f)
                                      .Attr("max", 1.0f)
                                      .DataSet({Floats({0, 3}, {})}, {Floats({0, 3}, {})})
                                      .Features({"empty"})
                                      .Quote(kClipSummary)
                                      .Describe("an input with no elements gives an output "
                                                "of its shape, with no elements")
                                      .Build()});
  // Clip-13 with its bounds as graph inputs (min 0, max 1): [[-2, 0.5, 3]]
  // becomes [[0, 0.5, 1]]. OpenCV's importer takes Clip with one input only.
  repros.push_back(
      {"opencv-dnn", CaseBuilder("Clip", 13, ElementType::kFloat, "bounds_as_inputs")
                         .Inputs({"input", "min", "max"})
                         .Outputs({"output"})
                         .DataSet({Floats({1, 3}, {-2, 0.5f, 3}), Floats({}, {0}), Floats({}, {1})},
                                  {Floats({1, 3}, {0, 0.5f, 1})})
                         .Quote(kClipSummary)
                         .Describe("min and max are inputs since Clip-11")
                         .Build()});
  // Min-13 of two 1-D inputs: min([1, 4], [3, 2]) = [1, 2]. OpenCV's
  // importer refuses inputs of fewer than two dimensions.
  repros.push_back(
      {"opencv-dnn", CaseBuilder("Min", 13, ElementType::kFloat, "rank1")
                         .Inputs({"data_0", "data_1"})
                         .Outputs({"min"})
                         .DataSet({Floats({2}, {1, 4}), Floats({2}, {3, 2})}, {Floats({2}, {1, 2})})
                         .Quote("Element-wise min of each of the input tensors")
                         .Describe("two 1-D inputs of the same shape")
                         .Build()});
  return repros;
}

std::vector<Repro> OnnxruntimeRepros() {
  std::vector<Repro> repros;
  // Clip-11 float16 without bounds clips to float16's lowest and max,
  // -65504 (0xfbff) and 65504 (0x7bff): -inf (0xfc00) and +inf (0x7c00)
  // become them; 1 (0x3c00) stays. onnxruntime lets the infinities through.
  repros.push_back(
      {"onnxruntime",
       CaseBuilder("Clip", 11, ElementType::kFloat16, "infinities_default_bounds")
           .Inputs({"input"})
           .Outputs({"output"})
           .DataSet({Halves({3}, {0xfc00, 0x7c00, 0x3c00})},
                    {Halves({3}, {0xfbff, 0x7bff, 0x3c00})})
           .Features({"inf"})
           .Quote(kClipDefaults)
           .Describe("-inf and +inf become float16's lowest() and max(), -65504 and 65504")
           .Build()});
  // Min-1 on float16 (a type Min-1 allows): min([1, 4], [3, 2]) = [1, 2]
  // (1 = 0x3c00, 2 = 0x4000, 3 = 0x4200, 4 = 0x4400). onnxruntime refuses
  // the model when it creates the session.
  repros.push_back(
      {"onnxruntime", CaseBuilder("Min", 1, ElementType::kFloat16, "two_inputs")
                          .Inputs({"data_0", "data_1"})
                          .Outputs({"min"})
                          .DataSet({Halves({2}, {0x3c00, 0x4400}), Halves({2}, {0x4200, 0x4000})},
                                   {Halves({2}, {0x3c00, 0x4000})})
                          .Quote("Element-wise min of each of the input tensors")
                          .Describe("float16 is one of Min-1's types")
                          .Build()});
  return repros;
}

bool WriteRepro(const Repro& repro, const fs::path& root) {
  const fs::path dir = root / repro.backend / repro.repro_case.name;
  std::error_code error;
  fs::remove_all(dir, error);
  for (const auto& [relative, bytes] : repro.repro_case.files) {
    const fs::path file = dir / relative;
    fs::create_directories(file.parent_path(), error);
    if (!WriteFileBytes(file, bytes).ok()) {
      std::fprintf(stderr, "oc-generate-backend-repros: cannot write %s\n", file.c_str());
      return false;
    }
  }
  return true;
}

}  // namespace
}  // namespace onnx_conform

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: oc-generate-backend-repros DIR   (docs/backends/repro)\n");
    return 2;
  }
  std::vector<onnx_conform::Repro> repros = onnx_conform::OpenCvRepros();
  for (onnx_conform::Repro& repro : onnx_conform::OnnxruntimeRepros()) {
    repros.push_back(std::move(repro));
  }
  for (const onnx_conform::Repro& repro : repros) {
    if (!onnx_conform::WriteRepro(repro, argv[1])) return 1;
  }
  return 0;
}
