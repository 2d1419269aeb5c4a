// The named readings: each has one stable, distinct name and its
// documentation; sets name themselves; each applies where the table says.
#include "checker/readings.h"

#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "checker/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ops/arg_extremum/arg_extremum_element_rule.h"
#include "ops/clip/clip_element_rule.h"
#include "ops/extremum/extremum_element_rule.h"
#include "testing/libm_min_max.h"

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;

TEST(ReadingsTest, EveryReadingHasADistinctNameAndItsDocumentation) {
  std::set<std::string> names;
  for (Reading r : kAllReadings) {
    const ReadingInfo& info = InfoOf(r);
    EXPECT_EQ(info.reading, r);
    EXPECT_TRUE(names.insert(std::string(info.name)).second) << info.name;
    EXPECT_FALSE(info.summary.empty()) << info.name;
    EXPECT_FALSE(info.reference.empty()) << info.name;
    bool named = false;  // by the schema of some operator version
    for (const OpSchema* schema : AllSchemas()) named = named || schema->readings().Has(r);
    EXPECT_TRUE(named) << info.name;
  }
  EXPECT_EQ(names.size(), std::size(kAllReadings));
}

TEST(ReadingsTest, ASetNamesItsReadingsInOrder) {
  EXPECT_EQ(ReadingSet{}.Name(), "reference");
  const ReadingSet body{Reading::kClipNaNBoundIgnored, Reading::kClipMissingBoundSkipped};
  EXPECT_EQ(body.Name(), "clip-missing-bound-skipped+clip-nan-bound-ignored");
  EXPECT_EQ(ReadingSet{Reading::kClipInvertedBoundsMinFirst}.Name(),
            "clip-inverted-bounds-min-first");
}

// Which versions a reading applies to is their schemas' (checker/*_schema.cc).
std::vector<Reading> ReadingsFor(const std::string& op, int version) {
  const OpSchema* schema = FindSchemaVersion(op, version);
  return schema == nullptr ? std::vector<Reading>{} : schema->readings().readings();
}

TEST(ReadingsTest, ReadingsApplyToTheirVersionsOnly) {
  EXPECT_THAT(ReadingsFor("Clip", 13),
              ElementsAre(Reading::kClipMissingBoundSkipped, Reading::kClipNaNBoundIgnored));
  EXPECT_THAT(ReadingsFor("Clip", 6),
              ElementsAre(Reading::kClipNaNBoundIgnored, Reading::kClipInvertedBoundsGiveMin,
                          Reading::kClipInvertedBoundsMinFirst));
  EXPECT_THAT(ReadingsFor("Clip", 1),
              ElementsAre(Reading::kClipMissingBoundSkipped, Reading::kClip1LimitsOfT,
                          Reading::kClipNaNBoundIgnored, Reading::kClipInvertedBoundsGiveMin,
                          Reading::kClipInvertedBoundsMinFirst));
  EXPECT_THAT(ReadingsFor("ArgMin", 12), ElementsAre(Reading::kArgMinNaNUnordered));
  EXPECT_THAT(ReadingsFor("Min", 8), ElementsAre(Reading::kMinNaNIgnored));
  EXPECT_THAT(ReadingsFor("Max", 1), ElementsAre(Reading::kMaxNaNIgnored));
  EXPECT_THAT(ReadingsFor("ArgMax", 13), ElementsAre(Reading::kArgMaxNaNUnordered));
  EXPECT_THAT(ReadingsFor("Sigmoid", 13), ElementsAre());
}

// The element rules under each reading, on hand-computed values.
TEST(ReadingsTest, ElementRulesFollowEachReading) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const auto clip = [](float x, float lo, float hi, ReadingSet readings) {
    return ClipRule(Decided<float>{x}, std::optional<float>(lo), std::optional<float>(hi), readings)
        .value;
  };
  // min 6 > max 2.
  EXPECT_EQ(clip(0, 6, 2, {}), 2);
  EXPECT_EQ(clip(7, 6, 2, {}), 2);
  EXPECT_EQ(clip(0, 6, 2, {Reading::kClipInvertedBoundsGiveMin}), 6);
  EXPECT_EQ(clip(0, 6, 2, {Reading::kClipInvertedBoundsMinFirst}), 6);
  EXPECT_EQ(clip(7, 6, 2, {Reading::kClipInvertedBoundsMinFirst}), 2);
  EXPECT_TRUE(std::isnan(clip(1, nan, 6, {})));
  // Min with NaN.
  const Decided<float> m = MinRule(Decided<float>{nan}, Decided<float>{2}, {});
  EXPECT_TRUE(std::isnan(m.value));
  EXPECT_EQ(m.match, MatchClass::kAnyNaN);
  EXPECT_EQ(MinRule(Decided<float>{nan}, Decided<float>{2}, {Reading::kMinNaNIgnored}).value, 2);
  // ArgMin: a NaN candidate against 1 is taken (smallest) or not (unordered).
  EXPECT_TRUE(ArgMinTakes(nan, 1.0f, false, {}));
  EXPECT_FALSE(ArgMinTakes(nan, 1.0f, false, {Reading::kArgMinNaNUnordered}));
  EXPECT_FALSE(ArgMinTakes(1.0f, nan, false, {Reading::kArgMinNaNUnordered}));
  // Ties of zeros leave the sign open; the same zero does not.
  EXPECT_EQ(MinRule(Decided<float>{0.0f}, Decided<float>{-0.0f}, {}).match,
            MatchClass::kEitherZero);
  EXPECT_EQ(MinRule(Decided<float>{-0.0f}, Decided<float>{-0.0f}, {}).match,
            MatchClass::kExactBits);
}

// min-nan-ignored and max-nan-ignored are C's fmin and fmax, as glibc
// computes them (the IEEE 754-2008 minNum/maxNum its docs cite): a quiet
// NaN is ignored, a signalling NaN gives NaN. The library is the oracle,
// over every pair of a list of edge values, folded left over three.
TEST(ReadingsTest, NaNIgnoredReadingsAreFminAndFmax) {
  const float snan = std::numeric_limits<float>::signaling_NaN();
  const float qnan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> values = {snan, -snan, qnan, -qnan, 0.0f, -0.0f, 1.0f, -inf, inf};
  // The same bits or, for a NaN, any NaN (payloads are never determined).
  const auto same = [](float got, float want) {
    if (std::isnan(want)) return std::isnan(got);
    return std::signbit(got) == std::signbit(want) && got == want;
  };
  const ReadingSet min_reading{Reading::kMinNaNIgnored};
  const ReadingSet max_reading{Reading::kMaxNaNIgnored};
  for (float a : values) {
    for (float b : values) {
      // fmin(+0, -0) may return either zero: the rule's match class leaves it open.
      const Decided<float> m = MinRule(Decided<float>{a}, Decided<float>{b}, min_reading);
      if (m.match != MatchClass::kEitherZero) {
        EXPECT_TRUE(same(m.value, LibmMin(a, b))) << a << ", " << b;
      }
      const Decided<float> x =
          ExtremeRule<Extreme::kMax>(Decided<float>{a}, Decided<float>{b}, max_reading);
      if (x.match != MatchClass::kEitherZero) {
        EXPECT_TRUE(same(x.value, LibmMax(a, b))) << a << ", " << b;
      }
    }
  }
  // Min(sNaN, 0, 1) folded left: fmin(fmin(sNaN, 0), 1) = fmin(NaN, 1) = 1;
  // Min(sNaN, 0) alone is NaN.
  const Decided<float> two = MinRule(Decided<float>{snan}, Decided<float>{0.0f}, min_reading);
  EXPECT_TRUE(std::isnan(two.value));
  EXPECT_EQ(MinRule(two, Decided<float>{1.0f}, min_reading).value, 1.0f);
  // Min(sNaN, sNaN, 1): the first fmin's NaN is quiet, so the second gives 1.
  const Decided<float> both = MinRule(Decided<float>{snan}, Decided<float>{snan}, min_reading);
  EXPECT_EQ(MinRule(both, Decided<float>{1.0f}, min_reading).value, 1.0f);
  EXPECT_EQ(LibmMin(LibmMin(snan, snan), 1.0f), 1.0f);
  // float16 and double alike.
  EXPECT_TRUE(IsNaNValue(MinRule(Decided<Float16>{Float16::FromBits(0x7C01)},
                                 Decided<Float16>{Float16::FromFloat(1)}, min_reading)
                             .value));
  EXPECT_EQ(MinRule(Decided<Float16>{Float16::FromBits(0x7E00)},
                    Decided<Float16>{Float16::FromFloat(1)}, min_reading)
                .value.ToFloat(),
            1.0f);
  EXPECT_TRUE(std::isnan(MinRule(Decided<double>{std::numeric_limits<double>::signaling_NaN()},
                                 Decided<double>{1.0}, min_reading)
                             .value));
}

// Max and ArgMax: the mirrors, each with its own reading (Min's does not
// apply to Max, nor Max's to Min).
TEST(ReadingsTest, MirrorRulesFollowTheirOwnReadings) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const auto max = [](float a, float b, ReadingSet readings) {
    return ExtremeRule<Extreme::kMax>(Decided<float>{a}, Decided<float>{b}, readings);
  };
  EXPECT_EQ(max(1, 2, {}).value, 2);
  EXPECT_EQ(max(-3, -7, {}).value, -3);
  EXPECT_TRUE(std::isnan(max(nan, 2, {}).value));
  EXPECT_EQ(max(nan, 2, {}).match, MatchClass::kAnyNaN);
  EXPECT_TRUE(std::isnan(max(2, nan, {Reading::kMinNaNIgnored}).value));
  EXPECT_EQ(max(2, nan, {Reading::kMaxNaNIgnored}).value, 2);
  EXPECT_EQ(MinRule(Decided<float>{nan}, Decided<float>{2}, {Reading::kMaxNaNIgnored}).match,
            MatchClass::kAnyNaN);
  EXPECT_EQ(std::signbit(max(-0.0f, 0.0f, {}).value), true);  // the first operand
  EXPECT_EQ(max(-0.0f, 0.0f, {}).match, MatchClass::kEitherZero);
  // ArgMax: a NaN candidate against 1 is taken (largest) or not (unordered).
  EXPECT_TRUE(ArgExtremeTakes<Extreme::kMax>(nan, 1.0f, false, {}));
  EXPECT_FALSE(ArgExtremeTakes<Extreme::kMax>(1.0f, nan, true, {}));
  EXPECT_FALSE(ArgExtremeTakes<Extreme::kMax>(nan, 1.0f, false, {Reading::kArgMaxNaNUnordered}));
  EXPECT_TRUE(ArgExtremeTakes<Extreme::kMax>(nan, 1.0f, false, {Reading::kArgMinNaNUnordered}));
  EXPECT_TRUE(ArgExtremeTakes<Extreme::kMax>(2.0f, 1.0f, false, {}));
  EXPECT_FALSE(ArgExtremeTakes<Extreme::kMax>(1.0f, 2.0f, true, {}));
  EXPECT_TRUE(ArgExtremeTakes<Extreme::kMax>(-0.0f, 0.0f, true, {}));  // a tie: the last
  EXPECT_FALSE(ArgExtremeTakes<Extreme::kMax>(-0.0f, 0.0f, false, {}));
}

}  // namespace
}  // namespace onnx_conform
