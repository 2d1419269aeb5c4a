// glibc's own fmin and fmax, for tests that take the C library as the
// oracle of the min-nan-ignored and max-nan-ignored readings: called through
// a volatile pointer, never computed by the compiler. Clang computes
// std::fmin inline as LLVM's minnum, which ignores a signalling NaN where
// glibc returns NaN; GCC calls the library.
//
//   EXPECT_TRUE(std::isnan(LibmMin(std::numeric_limits<float>::signaling_NaN(), 0.0f)));
#ifndef ONNX_CONFORM_TESTING_LIBM_MIN_MAX_H_
#define ONNX_CONFORM_TESTING_LIBM_MIN_MAX_H_

#include <math.h>

namespace onnx_conform {

inline float LibmMin(float a, float b) {
  static float (*volatile const f)(float, float) = ::fminf;
  return f(a, b);
}
inline double LibmMin(double a, double b) {
  static double (*volatile const f)(double, double) = ::fmin;
  return f(a, b);
}
inline float LibmMax(float a, float b) {
  static float (*volatile const f)(float, float) = ::fmaxf;
  return f(a, b);
}
inline double LibmMax(double a, double b) {
  static double (*volatile const f)(double, double) = ::fmax;
  return f(a, b);
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_LIBM_MIN_MAX_H_
