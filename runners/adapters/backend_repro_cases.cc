// oc-generate-backend-repros: the minimal cases that reproduce each wrong
// result or refusal a real backend showed on the suite (docs/backends/),
// one ONNX node-test folder each, ready to attach to a bug report.
//
//   build/runners/oc-generate-backend-repros docs/backends/repro
//   -> docs/backends/repro/opencv-dnn/argmin_v13_float_subnormal/{model.onnx,case.json,
//      test_data_set_0/input_0.pb,output_0.pb}, ... (opencv-dnn, onnxruntime,
//      tract, openvino)
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
#include "tensor/float16.h"
#include "tensor/tensor_file.h"

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

// Clip-6 without attributes clips to its printed defaults, float's lowest()
// and max() (-3.402823e+38 and 3.402823e+38): -inf and +inf become them, 1
// stays. Both tract and OpenVINO let the infinities through.
Repro ClipSixDefaultBounds(std::string backend) {
  const float max = std::numeric_limits<float>::max();
  const float inf = std::numeric_limits<float>::infinity();
  return {std::move(backend),
          CaseBuilder("Clip", 6, ElementType::kFloat, "infinities_default_bounds")
              .Inputs({"input"})
              .Outputs({"output"})
              .DataSet({Floats({3}, {-inf, inf, 1})}, {Floats({3}, {-max, max, 1})})
              .Features({"inf"})
              .Quote("min : float (default is (-3.402823e+38)) Minimum value, under which "
                     "element is replaced by min; max : float (default is (3.402823e+38)) "
                     "Maximum value, above which element is replaced by max")
              .Describe("-inf and +inf are clipped to the default bounds, float's lowest() "
                        "and max()")
              .Build()};
}

std::vector<Repro> TractRepros() {
  std::vector<Repro> repros;
  // ArgMax-13 of uint32 [[1, 3, 2]] over axis 1: index 1. tract fails
  // while evaluating ("U32 is not a number"); so does uint64.
  repros.push_back(
      {"tract", CaseBuilder("ArgMax", 13, ElementType::kUint32, "rank2")
                    .Inputs({"data"})
                    .Outputs({"reduced"})
                    .Attr("axis", int64_t{1})
                    .DataSet({TensorOf<uint32_t>({1, 3}, {1, 3, 2})}, {Int64s({1, 1}, {1})})
                    .Quote("T: tensor(uint8), tensor(uint16), tensor(uint32), tensor(uint64), ... "
                           "Constrain input and output types to all numeric tensors.")
                    .Describe("uint32 is one of ArgMax-13's types")
                    .Build()});
  // ArgMin-13 of [[+inf, +inf, +inf]] with select_last_index: the last of
  // the three equal minima, index 2. tract answers 0 (with 1s it answers 2).
  const float inf = std::numeric_limits<float>::infinity();
  repros.push_back(
      {"tract", CaseBuilder("ArgMin", 13, ElementType::kFloat, "infinities_select_last")
                    .Inputs({"data"})
                    .Outputs({"reduced"})
                    .Attr("axis", int64_t{1})
                    .Attr("select_last_index", int64_t{1})
                    .DataSet({Floats({1, 3}, {inf, inf, inf})}, {Int64s({1, 1}, {2})})
                    .Features({"inf", "tie", "select_last_index"})
                    .Quote("If select_last_index is True (default False), the index of the last "
                           "occurrence of the min is selected if the min appears more than once "
                           "in the input.")
                    .Describe("three equal +inf: the last index, 2")
                    .Build()});
  // Clip-13 of [NaN, 0.5] in [0, 1]: Clip-13's function body is
  // Where(Less(input, min), min, input), then Where(Less(max, tmp), max,
  // tmp); both comparisons with NaN are false, so NaN stays. tract gives 0.
  const float nan = std::numeric_limits<float>::quiet_NaN();
  repros.push_back(
      {"tract",
       CaseBuilder("Clip", 13, ElementType::kFloat, "nan_input")
           .Inputs({"input", "min", "max"})
           .Outputs({"output"})
           .DataSet({Floats({2}, {nan, 0.5f}), Floats({}, {0}), Floats({}, {1})},
                    {Floats({2}, {nan, 0.5f})})
           .Features({"nan"})
           .Quote("Clip-13's function body: input_less_than_min = Less (input, min); tmp = Where "
                  "(input_less_than_min, min, input); output_large_than_max = Less (max, tmp); "
                  "output = Where (output_large_than_max, max, tmp)")
           .Describe("a NaN element compares false with both bounds and stays NaN")
           .Build()});
  repros.push_back(ClipSixDefaultBounds("tract"));
  return repros;
}

std::vector<Repro> OpenVinoRepros() {
  std::vector<Repro> repros;
  constexpr std::string_view kMaxSummary = "Element-wise max of each of the input tensors";
  // Max-13 of doubles: max([1e300, 0.1], [0, 0]) = [1e300, 0.1]. OpenVINO's
  // CPU plugin computes in float: 3.4028234663852886e+38 (float's max, not
  // inf) and 0.10000000149011612.
  repros.push_back({"openvino", CaseBuilder("Max", 13, ElementType::kDouble, "beyond_float")
                                    .Inputs({"data_0", "data_1"})
                                    .Outputs({"max"})
                                    .DataSet({TensorOf<double>({2}, {1e300, 0.1}),
                                              TensorOf<double>({2}, {0, 0})},
                                             {TensorOf<double>({2}, {1e300, 0.1})})
                                    .Quote(kMaxSummary)
                                    .Describe("double values float cannot hold come out unchanged")
                                    .Build()});
  // Max-13 of int64: max([2^32], [1]) = [2^32]. OpenVINO computes in int32:
  // 2^32 becomes 0, and the result 1.
  repros.push_back({"openvino", CaseBuilder("Max", 13, ElementType::kInt64, "beyond_int32")
                                    .Inputs({"data_0", "data_1"})
                                    .Outputs({"max"})
                                    .DataSet({TensorOf<int64_t>({1}, {int64_t{1} << 32}),
                                              TensorOf<int64_t>({1}, {1})},
                                             {TensorOf<int64_t>({1}, {int64_t{1} << 32})})
                                    .Quote(kMaxSummary)
                                    .Describe("an int64 beyond int32's range is the maximum")
                                    .Build()});
  // Max-13 of uint32: max([4294967295], [0]) = [4294967295]. OpenVINO
  // answers 0, as if comparing int32 -1 with 0.
  repros.push_back({"openvino", CaseBuilder("Max", 13, ElementType::kUint32, "beyond_int32")
                                    .Inputs({"data_0", "data_1"})
                                    .Outputs({"max"})
                                    .DataSet({TensorOf<uint32_t>({1}, {4294967295u}),
                                              TensorOf<uint32_t>({1}, {0})},
                                             {TensorOf<uint32_t>({1}, {4294967295u})})
                                    .Quote(kMaxSummary)
                                    .Describe("uint32's max is larger than 0")
                                    .Build()});
  // Min-13 of bfloat16: min([denorm_min], [1]) = [denorm_min] (0x0001;
  // 1 is 0x3f80). OpenVINO flushes the subnormal to 0.
  repros.push_back(
      {"openvino", CaseBuilder("Min", 13, ElementType::kBFloat16, "subnormal")
                       .Inputs({"data_0", "data_1"})
                       .Outputs({"min"})
                       .DataSet({TensorOf<BFloat16>({1}, {BFloat16::FromBits(0x0001)}),
                                 TensorOf<BFloat16>({1}, {BFloat16::FromBits(0x3f80)})},
                                {TensorOf<BFloat16>({1}, {BFloat16::FromBits(0x0001)})})
                       .Features({"subnormal"})
                       .Quote("Element-wise min of each of the input tensors")
                       .Describe("bfloat16's smallest subnormal is smaller than 1")
                       .Build()});
  repros.push_back(ClipSixDefaultBounds("openvino"));
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
  for (auto* more : {&onnx_conform::OnnxruntimeRepros, &onnx_conform::TractRepros,
                     &onnx_conform::OpenVinoRepros}) {
    for (onnx_conform::Repro& repro : (*more)()) repros.push_back(std::move(repro));
  }
  for (const onnx_conform::Repro& repro : repros) {
    if (!onnx_conform::WriteRepro(repro, argv[1])) return 1;
  }
  return 0;
}
