// The named readings of Clip's texts (checker/readings.h): each
// READING(enumerator, name, what a backend following it does, what the
// suite's own reading does). Schemas say which versions each applies to.
//
// - clip-missing-bound-skipped: a missing bound leaves that side unclipped
//   (Clip-13's function body, onnx.reference), instead of clipping to
//   lowest()/max().
// - clip1-limits-of-t: Clip-1's missing bounds are T's lowest()/max(), not
//   float's converted to T.
// - clip-nan-bound-ignored: a NaN bound clips nothing on its side (Clip-13's
//   body compares with Less), instead of making every number NaN
//   (numpy.clip).
// - clip-inverted-bounds-give-min: before Clip-13, min > max makes every
//   element min (Max(min, Min(input, max))), instead of max as Clip-13
//   states.
// - clip-inverted-bounds-min-first: before Clip-13, min > max makes an
//   element below min min and any other max (x < min ? min : x > max ? max :
//   x), instead of max everywhere.
#ifndef ONNX_CONFORM_OPS_CLIP_CLIP_READINGS_H_
#define ONNX_CONFORM_OPS_CLIP_CLIP_READINGS_H_

#define ONNX_CONFORM_Clip_READINGS(READING)                                                  \
  READING(kClipMissingBoundSkipped, "clip-missing-bound-skipped",                            \
          "a missing bound clips nothing, so -inf and +inf pass through",                    \
          "a missing bound is lowest()/max(), so -inf and +inf are clipped to them (the "    \
          "texts' summary)")                                                                 \
  READING(kClip1LimitsOfT, "clip1-limits-of-t",                                              \
          "Clip-1's missing bounds are T's lowest()/max() (float16: -65504/65504; double: "  \
          "-1.8e308/1.8e308)",                                                               \
          "Clip-1's missing bounds are float's lowest()/max() converted to T, as Clip-6 "    \
          "prints them")                                                                     \
  READING(kClipNaNBoundIgnored, "clip-nan-bound-ignored",                                    \
          "a NaN bound clips nothing on its side (every comparison with NaN is false)",      \
          "a NaN bound makes every number NaN (numpy.clip)")                                 \
  READING(kClipInvertedBoundsGiveMin, "clip-inverted-bounds-give-min",                       \
          "min > max gives min everywhere (Max(min, Min(input, max)))",                      \
          "min > max gives max everywhere (Min(max, Max(input, min)), the rule Clip-13 "     \
          "states)")                                                                         \
  READING(kClipInvertedBoundsMinFirst, "clip-inverted-bounds-min-first",                     \
          "min > max: an element below min becomes min, any other max (x < min ? min : x > " \
          "max ? max : x)",                                                                  \
          "min > max gives max everywhere (Min(max, Max(input, min)), the rule Clip-13 "     \
          "states)")

#endif  // ONNX_CONFORM_OPS_CLIP_CLIP_READINGS_H_
