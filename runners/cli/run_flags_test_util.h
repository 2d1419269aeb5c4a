// Test helper: `run`'s flags with every one reset to its default, for tests
// that call RunCommand in process.
//
//   std::vector<std::string> args = EveryRunFlagReset();
//   args.push_back(case_dir);
//   RunCommand(args);
#ifndef ONNX_CONFORM_RUNNERS_RUN_FLAGS_TEST_UTIL_H_
#define ONNX_CONFORM_RUNNERS_RUN_FLAGS_TEST_UTIL_H_

#include <string>
#include <vector>

namespace onnx_conform {

// `run`'s flags are process-global (absl): every test run gives each of
// them, so that no value leaks from one test to the next.
inline std::vector<std::string> EveryRunFlagReset() {
  return {"--filter=",
          "--report-json=",
          "--junit=",
          "--noquiet",
          "--backend=reference",
          "--nopersistent",
          "--backend-name=",
          "--timeout=60",
          "--jobs=1",
          "--expectations=",
          "--profile=",
          "--features=",
          "--log=",
          "--resume=",
          "--scoreboard-md=",
          "--scoreboard-html=",
          "--nostrict",
          "--shard=",
          "--noallow_invalid",
          "--noplain_reference"};
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_RUN_FLAGS_TEST_UTIL_H_
