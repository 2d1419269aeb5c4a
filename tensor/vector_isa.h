// The instruction sets a kernel's hot loop is compiled for, and the one that
// runs. A hot loop is written once, as a lambda without captures;
// RunWithWidestVectors builds it for the baseline x86-64 (SSE2), for AVX2
// and for AVX-512, and runs the widest one the CPU has. The source, and so every result, is the
// same: the rules of reference/semantics.h are comparisons and selects, no variant enables FMA, and
// oc_reference is built with -ffp-contract=off.
//
//   RunWithWidestVectors(
//       [](const T* x, int64_t n, T lo, T hi, T* y) ONNX_CONFORM_VECTOR_LOOP {
//         for (int64_t i = 0; i < n; ++i) y[i] = ClipValue(x[i], lo, hi);
//       },
//       x, n, lo, hi, y);
//
// ONNX_CONFORM_VECTOR_ISA=baseline|avx2|avx512 caps the choice, so tests run
// every kernel under each variant the CPU has and benchmarks compare them.
// Elsewhere than x86-64 with GCC or clang there is one variant, the baseline.
#ifndef ONNX_CONFORM_TENSOR_VECTOR_ISA_H_
#define ONNX_CONFORM_TENSOR_VECTOR_ISA_H_

#include <optional>
#include <type_traits>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define ONNX_CONFORM_VECTOR_ISAS 1
#else
#define ONNX_CONFORM_VECTOR_ISAS 0
#endif

// Marks the loop lambda given to RunWithWidestVectors: it must be inlined
// into each variant (a large file of instantiations otherwise reaches the
// compiler's growth limits, and the loop stays built for the baseline).
#if defined(__GNUC__) || defined(__clang__)
#define ONNX_CONFORM_VECTOR_LOOP __attribute__((always_inline))
#else
#define ONNX_CONFORM_VECTOR_LOOP
#endif

namespace onnx_conform {

// In order of width: a CPU that has one has the ones before it.
enum class VectorIsa { kBaseline = 0, kAvx2 = 1, kAvx512 = 2 };

inline constexpr char kVectorIsaVariable[] = "ONNX_CONFORM_VECTOR_ISA";

// "baseline", "avx2", "avx512".
absl::string_view VectorIsaName(VectorIsa isa);
std::optional<VectorIsa> ParseVectorIsa(absl::string_view name);

// The widest variant this build has and this CPU (and OS) can run.
VectorIsa SupportedVectorIsa();

// The variant to run: `requested` (the variable's value, or null when it is
// unset or empty) capped at `supported`. An unknown name is an error that
// names the variable and the accepted values.
absl::StatusOr<VectorIsa> ChooseVectorIsa(VectorIsa supported, const char* requested);

// ChooseVectorIsa(SupportedVectorIsa(), $ONNX_CONFORM_VECTOR_ISA), decided
// on the first call. An unknown name is reported on stderr once and the
// supported variant runs; onnx-conform refuses it before running anything
// (CheckVectorIsaVariable).
VectorIsa ActiveVectorIsa();
absl::Status CheckVectorIsaVariable();

// How wide the AVX-512 build of a loop goes: 512-bit vectors, or AVX-512's
// instructions (masks, 64-bit min/max) on 256-bit vectors.
enum class Avx512Width { k512, k256 };

namespace vector_isa_internal {
#if ONNX_CONFORM_VECTOR_ISAS
// The loop (ONNX_CONFORM_VECTOR_LOOP) and what it calls are inlined here,
// so the whole loop is compiled for the variant's instructions.
template <typename Loop, typename... Args>
__attribute__((target("avx2"))) void RunAvx2(Loop loop, Args... args) {
  loop(args...);
}
// x86-64-v4's vector extensions, without its FMA.
template <typename Loop, typename... Args>
__attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512dq,avx512cd"))) void RunAvx512(
    Loop loop, Args... args) {
  loop(args...);
}
// GCC takes a vector width preference in the target attribute; clang has
// none there (it would ignore the whole attribute), so under clang this is
// RunAvx512 again.
#if defined(__clang__)
#define ONNX_CONFORM_AVX512_ON_256_BITS "avx2,avx512f,avx512bw,avx512vl,avx512dq,avx512cd"
#else
#define ONNX_CONFORM_AVX512_ON_256_BITS \
  "avx2,avx512f,avx512bw,avx512vl,avx512dq,avx512cd,prefer-vector-width=256"
#endif
template <typename Loop, typename... Args>
__attribute__((target(ONNX_CONFORM_AVX512_ON_256_BITS))) void RunAvx512On256Bits(Loop loop,
                                                                                 Args... args) {
  loop(args...);
}
#endif
}  // namespace vector_isa_internal

// Runs loop(args...) compiled for ActiveVectorIsa(). The loop takes its
// data as arguments, copied into the variant's own parameters, and captures
// nothing: the compiler cannot tell a captured variable from the output the
// loop writes through a pointer, so it reloads it at every element and does
// not vectorize (Clip: 8x slower).
template <Avx512Width kWidth = Avx512Width::k512, typename Loop, typename... Args>
inline void RunWithWidestVectors(Loop loop, Args... args) {
  static_assert(std::is_empty_v<Loop>, "pass the loop's data as arguments, not captures");
#if ONNX_CONFORM_VECTOR_ISAS
  switch (ActiveVectorIsa()) {
    case VectorIsa::kAvx512:
      if constexpr (kWidth == Avx512Width::k512) {
        vector_isa_internal::RunAvx512(loop, args...);
      } else {
        vector_isa_internal::RunAvx512On256Bits(loop, args...);
      }
      return;
    case VectorIsa::kAvx2: vector_isa_internal::RunAvx2(loop, args...); return;
    case VectorIsa::kBaseline: break;
  }
#endif
  loop(args...);
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TENSOR_VECTOR_ISA_H_
