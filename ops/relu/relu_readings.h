// The named readings of Relu's texts (checker/readings.h): each
// READING(enumerator, name, what a backend following it does, what the
// suite's own reading does). Schemas say which versions each applies to.
//
// - relu-nan-gives-zero: Relu of NaN is 0 (x > 0 ? x : 0, or fmax(x, 0) for
//   a quiet NaN, which Relu-14's body Max(X, 0) gives under
//   max-nan-ignored), instead of NaN.
#ifndef ONNX_CONFORM_OPS_RELU_RELU_READINGS_H_
#define ONNX_CONFORM_OPS_RELU_RELU_READINGS_H_

#define ONNX_CONFORM_Relu_READINGS(READING)                                              \
  READING(kReluNaNGivesZero, "relu-nan-gives-zero",                                      \
          "Relu of NaN is 0 (x > 0 ? x : 0; fmax(x, 0); Relu-14's body Max(X, 0) under " \
          "max-nan-ignored)",                                                            \
          "Relu of NaN is NaN (max(0, x) with NaN propagating, as Max; numpy.maximum, "  \
          "onnx.reference)")

#endif  // ONNX_CONFORM_OPS_RELU_RELU_READINGS_H_
