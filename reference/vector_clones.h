// ONNX_CONFORM_VECTOR_CLONES marks a kernel's hot loop function to be
// compiled twice, for AVX2 and for the baseline x86-64 (SSE2), with the
// version the CPU supports picked once when the program loads (GCC function
// multiversioning: target_clones and an ifunc). The source, and so every
// result, is the same; only the vector width the compiler may use changes.
// The rules of reference/semantics.h are comparisons and selects with no
// arithmetic (and "avx2" does not enable FMA), so no rounding can differ.
//
//   template <typename T, typename Op>
//   ONNX_CONFORM_VECTOR_CLONES void ApplyRow(const T* a, ..., Op op) { ... }
//
// Elsewhere (other compilers, other architectures) it is empty.
#ifndef ONNX_CONFORM_REFERENCE_VECTOR_CLONES_H_
#define ONNX_CONFORM_REFERENCE_VECTOR_CLONES_H_

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define ONNX_CONFORM_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define ONNX_CONFORM_VECTOR_CLONES
#endif

#endif  // ONNX_CONFORM_REFERENCE_VECTOR_CLONES_H_
