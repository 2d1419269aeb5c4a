#include "tensor/vector_isa.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

constexpr VectorIsa kAll[] = {VectorIsa::kBaseline, VectorIsa::kAvx2, VectorIsa::kAvx512};

TEST(VectorIsaTest, NamesParseBack) {
  for (VectorIsa isa : kAll) EXPECT_EQ(ParseVectorIsa(VectorIsaName(isa)), isa);
  EXPECT_EQ(VectorIsaName(VectorIsa::kBaseline), "baseline");
  EXPECT_EQ(VectorIsaName(VectorIsa::kAvx2), "avx2");
  EXPECT_EQ(VectorIsaName(VectorIsa::kAvx512), "avx512");
  for (const char* wrong : {"", "AVX2", "sse2", "avx-512", "avx2 ", "default"}) {
    EXPECT_FALSE(ParseVectorIsa(wrong).has_value()) << wrong;
  }
}

TEST(VectorIsaTest, ChoiceIsTheRequestCappedAtWhatTheCpuHas) {
  for (VectorIsa supported : kAll) {
    EXPECT_EQ(*ChooseVectorIsa(supported, nullptr), supported);
    EXPECT_EQ(*ChooseVectorIsa(supported, ""), supported);
    for (VectorIsa requested : kAll) {
      const absl::StatusOr<VectorIsa> chosen =
          ChooseVectorIsa(supported, std::string(VectorIsaName(requested)).c_str());
      ASSERT_TRUE(chosen.ok());
      EXPECT_EQ(*chosen, requested <= supported ? requested : supported)
          << VectorIsaName(supported) << " " << VectorIsaName(requested);
    }
  }
}

TEST(VectorIsaTest, UnknownNameIsAnErrorNamingTheVariable) {
  const absl::StatusOr<VectorIsa> chosen = ChooseVectorIsa(VectorIsa::kAvx2, "avx1024");
  ASSERT_FALSE(chosen.ok());
  EXPECT_EQ(chosen.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(chosen.status().message().find("ONNX_CONFORM_VECTOR_ISA='avx1024'"), std::string::npos)
      << chosen.status().message();
  EXPECT_NE(chosen.status().message().find("baseline, avx2 or avx512"), std::string::npos);
}

// ctest runs this binary once per variant (reference_test.vector_isa.*): the
// kernels' tests then ran on the variant asked for, or this says why not.
TEST(VectorIsaTest, TheRequestedVariantRuns) {
  const char* requested = std::getenv(kVectorIsaVariable);
  if (requested == nullptr || *requested == '\0') {
    EXPECT_EQ(ActiveVectorIsa(), SupportedVectorIsa());
    return;
  }
  const std::optional<VectorIsa> isa = ParseVectorIsa(requested);
  ASSERT_TRUE(isa.has_value()) << kVectorIsaVariable << "=" << requested;
  if (*isa > SupportedVectorIsa()) {
    GTEST_SKIP() << "this CPU has no " << requested << "; the tests ran "
                 << VectorIsaName(ActiveVectorIsa());
  }
  EXPECT_EQ(ActiveVectorIsa(), *isa);
}

// A loop run through RunWithWidestVectors sees its arguments, and writes
// through its pointers, whatever the variant and the AVX-512 width.
template <Avx512Width kWidth>
void ExpectLoopRunsOnItsArguments() {
  std::vector<int32_t> in(1000), out(1000, -1);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int32_t>(i * 7 % 101) - 50;
  RunWithWidestVectors<kWidth>(
      [](const int32_t* x, int64_t n, int32_t lo, int32_t* y) ONNX_CONFORM_VECTOR_LOOP {
        for (int64_t i = 0; i < n; ++i) y[i] = x[i] < lo ? lo : x[i];
      },
      in.data(), static_cast<int64_t>(in.size()), int32_t{0}, out.data());
  for (size_t i = 0; i < in.size(); ++i) EXPECT_EQ(out[i], in[i] < 0 ? 0 : in[i]) << i;
}

TEST(VectorIsaTest, RunWithWidestVectorsRunsTheLoopOnItsArguments) {
  ExpectLoopRunsOnItsArguments<Avx512Width::k512>();
  ExpectLoopRunsOnItsArguments<Avx512Width::k256>();
}

}  // namespace
}  // namespace onnx_conform
