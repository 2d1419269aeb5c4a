// Tests of the per-case memory budget: Tensor::Create and ReadFileBytes
// charge it before allocating, nested budgets, threads, and --max-*-bytes
// values.
#include "tensor/resource_limits.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/sanitizers.h"
#include "tensor/tensor.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;

TEST(ResourceBudgetTest, WithoutABudgetOnlyTheCallersLimitApplies) {
  EXPECT_FALSE(HasResourceBudget());
  EXPECT_TRUE(ChargeBytes(int64_t{1} << 62, true, [] { return std::string("anything"); }).ok());
  EXPECT_TRUE(Tensor::Create(ElementType::kFloat, {1000}).ok());
  EXPECT_EQ(CurrentMaxTensorBytes(123), 123);
}

TEST(ResourceBudgetTest, TensorOverThePerTensorLimitIsRefusedBeforeAllocating) {
  ScopedResourceBudget budget({.max_tensor_bytes = 4000, .max_case_bytes = 1 << 20});
  EXPECT_TRUE(Tensor::Create(ElementType::kFloat, {1000}).ok());
  // One element over: refused by the budget before anything is allocated.
  absl::StatusOr<Tensor> huge = Tensor::Create(ElementType::kFloat, {1001});
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(huge.status().message(),
              HasSubstr("tensor of shape [1001] and type float needs 4004 bytes, over the limit "
                        "of 4000 bytes per tensor (--max-tensor-bytes)"));
  EXPECT_EQ(budget.charged_bytes(), 4000);
}

TEST(ResourceBudgetTest, CaseTotalAccumulatesAndIsNeverRefunded) {
  ScopedResourceBudget budget({.max_tensor_bytes = 1 << 20, .max_case_bytes = 100});
  {
    absl::StatusOr<Tensor> a = Tensor::Create(ElementType::kInt64, {6});  // 48 bytes
    ASSERT_TRUE(a.ok());
  }
  EXPECT_TRUE(Tensor::Create(ElementType::kInt64, {6}).ok());  // 96: freed bytes still count
  absl::StatusOr<Tensor> third = Tensor::Create(ElementType::kInt8, {5});
  ASSERT_FALSE(third.ok());
  EXPECT_THAT(third.status().message(),
              HasSubstr("needs 5 bytes, but the case has already used 96 of its limit of 100 "
                        "bytes (--max-case-bytes)"));
  EXPECT_TRUE(Tensor::Create(ElementType::kInt8, {4}).ok());  // exactly the limit
  EXPECT_EQ(budget.charged_bytes(), 100);
}

TEST(ResourceBudgetTest, EmptyTensorsCostNothing) {
  ScopedResourceBudget budget({.max_tensor_bytes = 0, .max_case_bytes = 0});
  EXPECT_TRUE(Tensor::Create(ElementType::kDouble, {0, int64_t{1} << 40}).ok());
}

TEST(ResourceBudgetTest, NestedBudgetsRestoreTheOuterOne) {
  ScopedResourceBudget outer({.max_tensor_bytes = 8, .max_case_bytes = 1000});
  {
    ScopedResourceBudget inner({.max_tensor_bytes = 4, .max_case_bytes = 1000});
    EXPECT_EQ(CurrentMaxTensorBytes(), 4);
    EXPECT_FALSE(Tensor::Create(ElementType::kInt8, {5}).ok());
  }
  EXPECT_EQ(CurrentMaxTensorBytes(), 8);
  EXPECT_TRUE(Tensor::Create(ElementType::kInt8, {5}).ok());
}

TEST(ResourceBudgetTest, EachThreadHasItsOwnBudget) {
  ScopedResourceBudget budget({.max_tensor_bytes = 4, .max_case_bytes = 4});
  bool other_thread_ok = false;
  std::thread([&] { other_thread_ok = Tensor::Create(ElementType::kInt8, {1000}).ok(); }).join();
  EXPECT_TRUE(other_thread_ok);
  EXPECT_FALSE(Tensor::Create(ElementType::kInt8, {1000}).ok());
}

TEST(ResourceBudgetTest, ReadFileBytesChargesTheFileBeforeReadingIt) {
  const std::filesystem::path file =
      std::filesystem::path(::testing::TempDir()) /
      ("resource_limits_test_" + std::to_string(getpid()) + ".bin");  // one per process
  std::ofstream(file, std::ios::binary) << std::string(300, 'x');
  ScopedResourceBudget budget({.max_tensor_bytes = 1 << 20, .max_case_bytes = 500});
  EXPECT_TRUE(ReadFileBytes(file).ok());
  absl::StatusOr<std::string> second = ReadFileBytes(file);
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(second.status().message(), HasSubstr(file.string()));
  EXPECT_THAT(second.status().message(), HasSubstr("already used 300 of its limit of 500"));
  std::filesystem::remove(file);
}

TEST(ParseByteSizeTest, PlainAndSuffixedCounts) {
  EXPECT_EQ(*ParseByteSize("1048576"), 1048576);
  EXPECT_EQ(*ParseByteSize("64K"), 65536);
  EXPECT_EQ(*ParseByteSize("512m"), int64_t{512} << 20);
  EXPECT_EQ(*ParseByteSize("4G"), int64_t{4} << 30);
  EXPECT_EQ(*ParseByteSize("2T"), int64_t{2} << 40);
}

TEST(ParseByteSizeTest, RefusesWhatIsNotAPositiveCount) {
  for (const char* text :
       {"", "0", "-1", "G", "1.5G", "4GB", " 4", "9999999999999999999", "8388608T", "0x10"}) {
    absl::StatusOr<int64_t> parsed = ParseByteSize(text);
    EXPECT_FALSE(parsed.ok()) << text;
    if (!parsed.ok()) {
      EXPECT_THAT(parsed.status().message(), HasSubstr("not a positive byte count"));
    }
  }
}

// The default per-case budget follows the memory the process may use:
// -j N cases at once stay within half of it, and never past 8 GiB each.
TEST(DefaultBudgetTest, JobsTogetherStayWithinHalfTheMemoryTheProcessMayUse) {
  const int64_t ceiling = ProcessMemoryCeiling().bytes;
  ASSERT_GT(ceiling, 0) << ProcessMemoryCeiling().what;
  for (int jobs = 1; jobs <= 64; jobs *= 2) {
    EXPECT_LE(DefaultMaxCaseBytes(jobs) * jobs, ceiling / 2) << jobs;
    EXPECT_LE(DefaultMaxCaseBytes(jobs), kDefaultMaxCaseBytes) << jobs;
    EXPECT_GT(DefaultMaxCaseBytes(jobs), 0) << jobs;
  }
  EXPECT_EQ(ResourceLimits{}.max_case_bytes, DefaultMaxCaseBytes(1));
}

// Under `ulimit -v` the address-space limit, less what is mapped, is what
// the process may use, and the messages say so.
TEST(DefaultBudgetTest, AnAddressSpaceLimitBoundsTheMemoryTheProcessMayUse) {
  if (kUnderAddressSanitizer) {
    GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: no RLIMIT_AS under it";
  }
  const pid_t child = fork();
  if (child == 0) {
    const rlim_t three_gib = rlim_t{3} << 30;
    const rlimit limit{three_gib, three_gib};
    if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(2);
    const MemoryCeiling ceiling = MeasureMemoryCeiling();
    const bool bounded = ceiling.bytes > 0 && ceiling.bytes < static_cast<int64_t>(three_gib);
    const bool named = ceiling.what.find("ulimit -v") != std::string::npos &&
                       ceiling.what.find("3.0 GiB") != std::string::npos;
    _exit(bounded && named ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "2: setrlimit failed; 1: not bounded or not named";
}

}  // namespace
}  // namespace onnx_conform
