// oc-bench-large-case: writes the end-to-end benchmark case, Min-13 of two
// float [side, side] inputs (16M elements each by default), with NaNs and -0,
// twice: as ONNX's own serializers lay tensor files out (plain protobuf
// serialization: raw_data at bytes 21, 21 and 18, not a multiple of 4, so
// the loader copies it) and as the suite's case writer lays them out
// (SerializeTensorFile: raw_data at a multiple of 64 bytes, so the loader
// maps it).
// The expected output is a direct loop here, never the reference kernel.
//
//   oc-bench-large-case OUT_DIR [SIDE]
//   # OUT_DIR/node/min_v13_float_bench_e2e/...          plain layout
//   # OUT_DIR/node/min_v13_float_bench_e2e_aligned/...  aligned layout
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "caseio/case_layout.h"
#include "cases/case_builder.h"
#include "cases/case_writer.h"
#include "tensor/tensor_proto.h"

namespace {

// A tensor file in ONNX's plain serialization (raw_data wherever the
// header ends).
absl::Status WritePlain(const std::filesystem::path& path, const onnx_conform::Tensor& tensor,
                        const std::string& name) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << onnx_conform::TensorToProto(tensor, name).SerializeAsString();
  out.close();
  if (!out) return absl::DataLossError(path.string() + ": cannot write");
  return absl::OkStatus();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace onnx_conform;
  if (argc != 2 && argc != 3) {
    std::fprintf(stderr, "usage: oc-bench-large-case OUT_DIR [SIDE]\n");
    return 2;
  }
  const int64_t side = argc == 3 ? std::strtol(argv[2], nullptr, 10) : 4096;
  if (side < 1) {
    std::fprintf(stderr, "oc-bench-large-case: SIDE must be a positive integer\n");
    return 2;
  }
  const size_t n = static_cast<size_t>(side * side);
  std::vector<float> a(n), b(n), out(n);
  uint64_t state = 7;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<float>(static_cast<int64_t>((state >> 33) % 2001) - 1000) / 8.0f;
  };
  for (size_t i = 0; i < n; ++i) {
    a[i] = next();
    b[i] = next();
  }
  for (size_t i = 5; i < n; i += 4099) a[i] = std::nanf("");
  for (size_t i = 9; i < n; i += 5003) b[i] = std::nanf("");
  for (size_t i = 0; i < n; ++i) {
    // numpy.minimum: a NaN operand wins (the first if both); ties keep the first.
    out[i] = std::isnan(a[i]) ? a[i] : std::isnan(b[i]) ? b[i] : (b[i] < a[i] ? b[i] : a[i]);
  }
  const Shape shape = {side, side};
  const std::vector<Tensor> inputs = {Tensor::FromValues<float>(shape, std::span<const float>(a)),
                                      Tensor::FromValues<float>(shape, std::span<const float>(b))};
  const Tensor expected = Tensor::FromValues<float>(shape, std::span<const float>(out));
  for (const char* suffix : {"bench_e2e", "bench_e2e_aligned"}) {
    const Case c = CaseBuilder("Min", 13, ElementType::kFloat, suffix)
                       .Inputs({"data_0", "data_1"})
                       .Outputs({"min"})
                       .DataSet(inputs, {expected})
                       .Features({"large", "nan"})
                       .ReferenceDefined()
                       .Quote(
                           "Min with NaN: NaN propagates (if any input element is NaN the "
                           "result is NaN).")
                       .Build();
    absl::Status s = WriteCase(c, argv[1]);
    if (s.ok() && std::string(suffix) == "bench_e2e") {
      // Rewritten as ONNX writes them.
      const std::filesystem::path data =
          std::filesystem::path(argv[1]) / "node" / "min_v13_float_bench_e2e" / DataSetDirName(0);
      s = WritePlain(data / InputFileName(0), inputs[0], "data_0");
      if (s.ok()) s = WritePlain(data / InputFileName(1), inputs[1], "data_1");
      if (s.ok()) s = WritePlain(data / OutputFileName(0), expected, "min");
    }
    if (!s.ok()) {
      std::fprintf(stderr, "oc-bench-large-case: %s\n", std::string(s.message()).c_str());
      return 1;
    }
  }
  return 0;
}
