// The named readings of ArgMin's and ArgMax's texts (checker/readings.h):
// each READING(enumerator, name, what a backend following it does, what the
// suite's own reading does). Schemas say which versions each applies to.
//
// - argmin-nan-unordered, argmax-nan-unordered: every comparison with NaN is
//   false, as in a scan that keeps the first element and moves only to a
//   smaller (larger) one: a NaN is never moved to, and a NaN at the start is
//   never left; instead of NaN counting as the smallest (largest) value.
#ifndef ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_READINGS_H_
#define ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_READINGS_H_

#define ONNX_CONFORM_ArgMin_READINGS(READING)                                                  \
  READING(kArgMinNaNUnordered, "argmin-nan-unordered",                                         \
          "every comparison with NaN is false: scanning from the first index, a NaN is never " \
          "taken and a NaN at the first index is never left",                                  \
          "NaN counts as the smallest value: the first NaN's index (the last with "            \
          "select_last_index = 1), as numpy.argmin")

#define ONNX_CONFORM_ArgMax_READINGS(READING)                                                  \
  READING(kArgMaxNaNUnordered, "argmax-nan-unordered",                                         \
          "every comparison with NaN is false: scanning from the first index, a NaN is never " \
          "taken and a NaN at the first index is never left",                                  \
          "NaN counts as the largest value: the first NaN's index (the last with "             \
          "select_last_index = 1), as numpy.argmax")

#endif  // ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_READINGS_H_
