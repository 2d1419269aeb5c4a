// oc-generate-cases: writes the suite's case library.
//
//   oc-generate-cases OUT_DIR           OUT_DIR/node/<case>/..., OUT_DIR/invalid/<case>/...
//   oc-generate-cases --large OUT_DIR   the large cases (never committed), OUT_DIR/node/<case>/...
//
// The committed cases are regenerated with `oc-generate-cases cases` from
// the repository root; cases_test fails when they are out of date.
#include <cstdio>
#include <cstring>
#include <string>

#include "cases/case_library.h"
#include "cases/case_writer.h"
#include "cases/large_cases.h"

int main(int argc, char** argv) {
  using namespace onnx_conform;
  const bool large = argc == 3 && std::strcmp(argv[1], "--large") == 0;
  if (!(argc == 2 && argv[1][0] != '-') && !large) {
    std::fprintf(stderr, "usage: oc-generate-cases OUT_DIR | --large OUT_DIR\n");
    return 2;
  }
  const std::filesystem::path out = argv[argc - 1];
  if (large) {
    for (const Case& c : LargeCases()) {
      if (absl::Status s = WriteCase(c, out); !s.ok()) {
        std::fprintf(stderr, "oc-generate-cases: %s\n", std::string(s.message()).c_str());
        return 1;
      }
    }
    return 0;
  }
  const std::vector<Case> cases = AllCases();
  if (absl::Status s = WriteCaseTree(cases, out); !s.ok()) {
    std::fprintf(stderr, "oc-generate-cases: %s\n", std::string(s.message()).c_str());
    return 1;
  }
  size_t valid = 0;
  for (const Case& c : cases) valid += c.folder() == "node" ? 1 : 0;
  std::printf("wrote %zu valid and %zu invalid cases to %s\n", valid, cases.size() - valid,
              out.string().c_str());
  return 0;
}
