// Whether this build runs under AddressSanitizer, decided once for every
// compiler: GCC defines __SANITIZE_ADDRESS__, clang answers
// __has_feature(address_sanitizer). What behaves differently under it (no
// buffer reuse, no RLIMIT_AS death tests) tests this one constant.
//
//   if (kUnderAddressSanitizer) GTEST_SKIP() << "ASan reserves terabytes";
#ifndef ONNX_CONFORM_TENSOR_SANITIZERS_H_
#define ONNX_CONFORM_TENSOR_SANITIZERS_H_

namespace onnx_conform {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TENSOR_SANITIZERS_H_
