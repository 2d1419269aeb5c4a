// The named readings of Min's and Max's texts (checker/readings.h): each
// READING(enumerator, name, what a backend following it does, what the
// suite's own reading does). Schemas say which versions each applies to.
//
// - min-nan-ignored, max-nan-ignored: with a NaN operand, a quiet NaN is
//   ignored unless every operand is NaN and a signalling NaN gives NaN (IEEE
//   minNum/maxNum, C fmin/fmax as glibc computes them), instead of NaN
//   propagating.
#ifndef ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_READINGS_H_
#define ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_READINGS_H_

#define ONNX_CONFORM_Min_READINGS(READING)                                                      \
  READING(kMinNaNIgnored, "min-nan-ignored",                                                    \
          "a quiet NaN operand is ignored unless every operand is NaN, a signalling NaN gives " \
          "NaN (IEEE minNum, C fmin)",                                                          \
          "a NaN operand gives NaN (NaN propagates, numpy.minimum)")

#define ONNX_CONFORM_Max_READINGS(READING)                                                      \
  READING(kMaxNaNIgnored, "max-nan-ignored",                                                    \
          "a quiet NaN operand is ignored unless every operand is NaN, a signalling NaN gives " \
          "NaN (IEEE maxNum, C fmax)",                                                          \
          "a NaN operand gives NaN (NaN propagates, numpy.maximum)")

#endif  // ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_READINGS_H_
