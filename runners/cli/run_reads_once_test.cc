// Each file of a case is read once per run: `onnx-conform run` under an
// LD_PRELOAD library that logs every regular file opened for reading
// (open_log_preload.cc), counted from outside the code it measures. The
// twin of negative cases is read once however many name it, and once when
// it is a case of the run too.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

const fs::path kSuiteCases = ONNX_CONFORM_SUITE_CASES;

TEST(RunReadsOnceTest, EveryCaseFileIsOpenedOncePerRun) {
  if (kSanitized) GTEST_SKIP() << "the sanitizers' runtime must come first: no LD_PRELOAD";
  const fs::path dir = fs::path(testing::TempDir()) / "run_reads_once";
  fs::remove_all(dir);
  // Two negative cases sharing one valid twin, the twin itself, two more.
  const std::pair<const char*, const char*> cases[] = {
      {"invalid", "min_v13_float_double_input_data"},
      {"invalid", "min_v13_float_float_and_double_inputs"},
      {"node", "min_v13_float_broadcast_1d"},
      {"node", "argmin_v12_float_inf_select_last"},
      {"node", "clip_v13_float_min_max_expanded"},
  };
  for (const auto& [folder, name] : cases) {
    fs::create_directories(dir / "cases" / folder);
    fs::copy(kSuiteCases / folder / name, dir / "cases" / folder / name,
             fs::copy_options::recursive);
  }
  const fs::path log = dir / "opened.log";
  const std::string command = absl::StrCat(
      "LD_PRELOAD=", ONNX_CONFORM_OPEN_LOG_PRELOAD, " ONNX_CONFORM_OPEN_LOG=", log.string(), " ",
      ONNX_CONFORM_EXECUTABLE, " run -j 2 ", (dir / "cases").string(), " > ",
      (dir / "out.txt").string(), " 2>&1");
  ASSERT_EQ(std::system(command.c_str()), 0) << command;

  std::map<std::string, int> opened;
  std::ifstream in(log);
  for (std::string line; std::getline(in, line);) ++opened[line];
  int files = 0;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir / "cases")) {
    if (!e.is_regular_file()) continue;
    ++files;
    EXPECT_EQ(opened[fs::canonical(e.path()).string()], 1) << e.path();
  }
  EXPECT_GE(files, 20);
}

}  // namespace
}  // namespace onnx_conform
