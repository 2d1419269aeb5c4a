// The fuzz targets: each takes arbitrary bytes, must never crash, hang or
// exhaust memory on them, and aborts (a finding) when one of its oracles
// fails. Built as libFuzzer binaries by the `fuzz` preset (fuzz/CMakeLists.txt,
// ctest label `fuzz`), and replayed over fuzz/corpus/ and fuzz/regressions/
// by a unit test in every build.
//
//   for (const FuzzTarget& target : kFuzzTargets) target.run(data, size);
//
// - tensor:        a tensor file: parse, external data (from a fixture folder),
//                  decode; a decoded tensor must survive a round trip.
// - model:         a model file: parse, then the checker on whatever parsed.
// - reference:     a FuzzCase (fuzz_case.proto): model and input files; when
//                  the checker accepts both, the reference must run the model
//                  (only Unimplemented or ResourceExhausted may stop it), and the
//                  checker must accept the reference's outputs as expected ones.
// - diff:          two tensors and a tolerance built from the bytes; a tensor
//                  must match itself exactly, and counts must add up.
// - case_metadata: case.json text.
// - tensor_fast_path: a tensor file (seeds over 1 MiB): the direct read of a
//                  large raw_data must give what the general path gives.
// - merge_report:  a JSON report as `merge` reads it, then its pages: no tag
//                  or escape byte outside fenced code; the report reads back.
// - expectations:  an expectation file (RE2 re: lines) and a profile; Find
//                  gives the first matching line.
#ifndef ONNX_CONFORM_FUZZ_FUZZ_TARGETS_H_
#define ONNX_CONFORM_FUZZ_FUZZ_TARGETS_H_

#include <cstddef>
#include <cstdint>

#include "absl/strings/string_view.h"

namespace onnx_conform::fuzz {

int FuzzTensor(const uint8_t* data, size_t size);
int FuzzModel(const uint8_t* data, size_t size);
int FuzzReference(const uint8_t* data, size_t size);
int FuzzDiff(const uint8_t* data, size_t size);
int FuzzCaseMetadata(const uint8_t* data, size_t size);
int FuzzTensorFastPath(const uint8_t* data, size_t size);
int FuzzMergeReport(const uint8_t* data, size_t size);
int FuzzExpectations(const uint8_t* data, size_t size);

struct FuzzTarget {
  absl::string_view name;  // fuzz/corpus/<name>/, fuzz/regressions/<name>/
  int (*run)(const uint8_t* data, size_t size);
};

inline constexpr FuzzTarget kFuzzTargets[] = {
    {"tensor", &FuzzTensor},
    {"model", &FuzzModel},
    {"reference", &FuzzReference},
    {"diff", &FuzzDiff},
    {"case_metadata", &FuzzCaseMetadata},
    {"tensor_fast_path", &FuzzTensorFastPath},
    {"merge_report", &FuzzMergeReport},
    {"expectations", &FuzzExpectations},
};

// Stops the process loudly: an oracle failed. libFuzzer saves the input.
[[noreturn]] void FuzzFinding(absl::string_view what);

}  // namespace onnx_conform::fuzz

#endif  // ONNX_CONFORM_FUZZ_FUZZ_TARGETS_H_
