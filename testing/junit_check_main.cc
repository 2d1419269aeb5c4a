// oc-junit-check FILE...: checks JUnit XML files against the strict JUnit
// (Ant) schema's rules (junit_schema_check.h); prints each broken rule and
// exits 1 when any file breaks one. Test-only: the package test runs it on
// the files the CMake functions' tests and docs/ci.md's job write.
#include <fstream>
#include <iostream>
#include <sstream>

#include "testing/junit_schema_check.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: oc-junit-check FILE...\n";
    return 2;
  }
  int code = 0;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::cerr << argv[i] << ": cannot be read\n";
      code = 1;
      continue;
    }
    std::stringstream text;
    text << in.rdbuf();
    for (const std::string& problem : onnx_conform::CheckAntJunit(text.str())) {
      std::cerr << argv[i] << ": " << problem << "\n";
      code = 1;
    }
  }
  return code;
}
