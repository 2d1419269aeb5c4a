// `onnx-conform bodies` over the library must find, by itself, the two
// places where Clip-13's function body disagrees with the operator text:
// missing bounds (+-inf pass through) and NaN bounds (ignored), and no
// disagreement that no reading explains.
#include <sstream>
#include <string>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"

namespace onnx_conform {
namespace {

std::string RunBodies(const std::vector<std::string>& args, int& code) {
  std::ostringstream out, err;
  code = BodiesCommand(args, out, err);
  return out.str();
}

TEST(BodiesCommandTest, RediscoversTheTwoConflictsOfClip13sBody) {
  int code = 0;
  const std::string out = RunBodies({ONNX_CONFORM_SUITE_NODE_CASES}, code);
  EXPECT_EQ(code, kExitOk);
  EXPECT_TRUE(absl::StrContains(out,
                                "clip_v13_float_inf_default_bounds/test_data_set_0: body "
                                "follows clip-missing-bound-skipped"))
      << out;
  EXPECT_TRUE(absl::StrContains(out,
                                "clip_v13_double_nan_min_bound/test_data_set_0: body "
                                "follows clip-nan-bound-ignored"))
      << out;
  EXPECT_TRUE(absl::StrContains(out, "  clip-missing-bound-skipped: ")) << out;
  EXPECT_TRUE(absl::StrContains(out, "  clip-nan-bound-ignored: ")) << out;
  EXPECT_FALSE(absl::StrContains(out, "unexplained")) << out;
}

TEST(BodiesCommandTest, AFolderWithoutFunctionDefinedNodesFindsNothing) {
  int code = 0;
  const std::string out =
      RunBodies({std::string(ONNX_CONFORM_SUITE_NODE_CASES) + "/min_v13_float_nan"}, code);
  EXPECT_EQ(code, kExitOk);
  EXPECT_TRUE(absl::StrContains(out, "0 cases with a function-defined node")) << out;
}

}  // namespace
}  // namespace onnx_conform
