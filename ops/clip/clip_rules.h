// The rules of Clip's texts that the checker reports (checker/rules.h):
// each RULE(constant, id, severity, what breaks it, an example for
// docs/rules.md). Clip's schemas report them (clip_schemas.cc); its
// negative and warning cases name them.
//
//   context.Report(rules::kShapeClipBoundScalar, "input 1", ...);
#ifndef ONNX_CONFORM_OPS_CLIP_CLIP_RULES_H_
#define ONNX_CONFORM_OPS_CLIP_CLIP_RULES_H_

#define ONNX_CONFORM_CLIP_RULES(RULE)                                                     \
  RULE(kAttrClipBoundsOrder, "ATTR-CLIP-BOUNDS-ORDER", kWarning,                          \
       "Clip-1/6 attribute min is greater than max: the text leaves the result unstated", \
       "Clip-6 with `min: 2.0` and `max: 1.0` (warning).")                                \
  RULE(kAttrClipBoundNan, "ATTR-CLIP-BOUND-NAN", kWarning,                                \
       "a Clip-1/6 min or max attribute is NaN: the result is unspecified",               \
       "Clip-6 with `max: NaN` (warning).")                                               \
  RULE(kShapeClipBoundScalar, "SHAPE-CLIP-BOUND-SCALAR", kError,                          \
       "a Clip-11+ min or max input is not a scalar (shape [])",                          \
       "Clip-13 with a `min` input of shape `[1]` (ONNX's checker accepts it).")          \
  RULE(kDataClipBoundsOrder, "DATA-CLIP-BOUNDS-ORDER", kWarning,                          \
       "Clip-11/12 data has min greater than max: defined only from Clip-13",             \
       "Clip-12 data with `min = 4` and `max = 2` (warning).")                            \
  RULE(kDataClipBoundNan, "DATA-CLIP-BOUND-NAN", kWarning,                                \
       "a Clip bound is NaN: the result is unspecified",                                  \
       "Clip-13 data with `min = NaN` (warning).")

#endif  // ONNX_CONFORM_OPS_CLIP_CLIP_RULES_H_
