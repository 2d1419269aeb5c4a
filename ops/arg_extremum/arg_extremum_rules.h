// The rules of ArgMin's and ArgMax's texts that the checker reports
// (checker/rules.h): each RULE(constant, id, severity, what breaks it, an
// example for docs/rules.md). The family's schemas report them
// (arg_extremum_schemas.cc); its negative and warning cases name them.
//
//   context.Report(rules::kAttrAxisRange, "attribute axis", ...);
#ifndef ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_RULES_H_
#define ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_RULES_H_

#define ONNX_CONFORM_ARG_EXTREMUM_RULES(RULE)                                               \
  RULE(kAttrAxisRange, "ATTR-AXIS-RANGE", kError,                                           \
       "axis is outside [-r, r-1] for an input of known rank r (outside [0, r-1] before "   \
       "ArgMin-11 and ArgMax-11)",                                                          \
       "ArgMin-13 with `axis: 2` on an input of shape `[2, 3]`.")                           \
  RULE(kAttrNegativeAxisV1, "ATTR-NEGATIVE-AXIS-V1", kWarning,                              \
       "a negative axis at ArgMin-1 or ArgMax-1, whose texts state no range: accepted as "  \
       "[-r, r-1] (as ONNX's shape inference of both does); a stricter reader of the text " \
       "would reject it",                                                                   \
       "ArgMin at opset 1 with `axis: -1`.")                                                \
  RULE(kShapeReducedAxisEmpty, "SHAPE-REDUCED-AXIS-EMPTY", kError,                          \
       "ArgMin or ArgMax reduces an axis of size 0: no index exists",                       \
       "ArgMin with `axis: 1` over shape `[2, 0]`.")

#endif  // ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_RULES_H_
