#include "tensor/vector_isa.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace onnx_conform {

absl::string_view VectorIsaName(VectorIsa isa) {
  switch (isa) {
    case VectorIsa::kBaseline: return "baseline";
    case VectorIsa::kAvx2: return "avx2";
    case VectorIsa::kAvx512: return "avx512";
  }
  return "unknown";
}

std::optional<VectorIsa> ParseVectorIsa(absl::string_view name) {
  for (VectorIsa isa : {VectorIsa::kBaseline, VectorIsa::kAvx2, VectorIsa::kAvx512}) {
    if (name == VectorIsaName(isa)) return isa;
  }
  return std::nullopt;
}

VectorIsa SupportedVectorIsa() {
#if ONNX_CONFORM_VECTOR_ISAS
  // The compiler's runtime checks the OS saves the registers too (XCR0).
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512cd")) {
    return VectorIsa::kAvx512;
  }
  if (__builtin_cpu_supports("avx2")) return VectorIsa::kAvx2;
#endif
  return VectorIsa::kBaseline;
}

absl::StatusOr<VectorIsa> ChooseVectorIsa(VectorIsa supported, const char* requested) {
  if (requested == nullptr || *requested == '\0') return supported;
  const std::optional<VectorIsa> isa = ParseVectorIsa(requested);
  if (!isa.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat(kVectorIsaVariable, "='", requested,
                     "' is not a vector instruction set: use baseline, avx2 or avx512"));
  }
  return *isa < supported ? *isa : supported;
}

VectorIsa ActiveVectorIsa() {
  static const VectorIsa active = [] {
    const absl::StatusOr<VectorIsa> chosen =
        ChooseVectorIsa(SupportedVectorIsa(), std::getenv(kVectorIsaVariable));
    if (chosen.ok()) return *chosen;
    std::fprintf(stderr, "onnx-conform: %s; running %s\n",
                 std::string(chosen.status().message()).c_str(),
                 std::string(VectorIsaName(SupportedVectorIsa())).c_str());
    return SupportedVectorIsa();
  }();
  return active;
}

absl::Status CheckVectorIsaVariable() {
  return ChooseVectorIsa(SupportedVectorIsa(), std::getenv(kVectorIsaVariable)).status();
}

}  // namespace onnx_conform
