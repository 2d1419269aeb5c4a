// Helpers of explore's tests: the fake adapter with a mode (persistent), and
// Explore that fails the test on an error.
//
//   std::unique_ptr<Backend> fake = FakeExploreBackend("bug-keepdims");
//   ExploreResult result = ExploreOrFail(*fake, options);
#ifndef ONNX_CONFORM_TESTING_EXPLORE_TEST_UTIL_H_
#define ONNX_CONFORM_TESTING_EXPLORE_TEST_UTIL_H_

#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "runners/explore/explore.h"

namespace onnx_conform {

// "exec:<oc-fake-adapter> MODE".
inline std::string FakeAdapterSpec(const std::string& mode) {
  return std::string("exec:") + ONNX_CONFORM_FAKE_ADAPTER + " " + mode;
}

inline std::unique_ptr<Backend> FakeExploreBackend(const std::string& mode) {
  BackendOptions options;
  options.persistent = true;
  absl::StatusOr<std::unique_ptr<Backend>> backend = MakeBackend(FakeAdapterSpec(mode), options);
  EXPECT_TRUE(backend.ok()) << backend.status();
  return backend.ok() ? *std::move(backend) : nullptr;
}

inline ExploreResult ExploreOrFail(Backend& backend, const ExploreOptions& options) {
  absl::StatusOr<ExploreResult> result = Explore(backend, options);
  EXPECT_TRUE(result.ok()) << result.status();
  return result.ok() ? *std::move(result) : ExploreResult{};
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_EXPLORE_TEST_UTIL_H_
