// What an expected output element pins down, and the named alternative
// readings of the operator texts.
//
// A selection operator returns one of its inputs' elements, so almost every
// output bit is determined. The plain reference (ops/<family>/*_kernel.cc) knows, element by
// element, which rule decided each output, and says how closely a backend must match it
// (MatchClass). Where ONNX's own artifacts disagree with the texts, or with each other, each other
// reading has a name (Reading); the reference computes any of them on request, so a backend that
// follows one is told which instead of failing. docs/semantics.md lists every class and reading
// with its sources.
//
//   ReadingSet body{Reading::kClipMissingBoundSkipped};
//   EvaluationOptions options{.kernels = Kernels::kPlain, .readings = body};
//   ReadingName(Reading::kClipMissingBoundSkipped);  // "clip-missing-bound-skipped"
#ifndef ONNX_CONFORM_CHECKER_READINGS_H_
#define ONNX_CONFORM_CHECKER_READINGS_H_

#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "checker/operator_readings.inc"
#include "tensor/tensor.h"

namespace onnx_conform {

// How an actual output element must match the expected one.
enum class MatchClass : uint8_t {
  kExactBits,   // the same bits (for floats: sign of zero included)
  kEitherZero,  // a zero whose sign the texts leave open (a +0/-0 tie): +0 or -0
  kAnyNaN,      // a NaN whose payload and sign are unspecified: any NaN
};

// One class per output element, row-major; empty means every element is
// kExactBits.
using MatchClasses = std::vector<MatchClass>;

// An output and how closely each of its elements is determined.
struct ExplainedOutput {
  Tensor value;
  MatchClasses classes;  // empty: every element exact
};

// The documented alternative readings, each declared in its operator's
// folder (ops/<family>/*_readings.h, which CMake includes for every folder
// in checker/operator_readings.inc) and listed in ops/operators.def's order.
// The suite's own reading of each point is the reference's default; every
// enumerator is the other one.
#define ONNX_CONFORM_READING_ENUMERATOR(id, name, summary, reference) id,
#define SUITE_OPERATOR(Name, scenario, prefix) \
  ONNX_CONFORM_##Name##_READINGS(ONNX_CONFORM_READING_ENUMERATOR)
enum class Reading : uint8_t {
#include "ops/operators.def"
};
#define ONNX_CONFORM_READING_ENTRY(id, name, summary, reference) Reading::id,
#define SUITE_OPERATOR(Name, scenario, prefix) \
  ONNX_CONFORM_##Name##_READINGS(ONNX_CONFORM_READING_ENTRY)
inline constexpr Reading kAllReadings[] = {
#include "ops/operators.def"
};
#undef ONNX_CONFORM_READING_ENTRY
#undef ONNX_CONFORM_READING_ENUMERATOR
// ReadingSet keeps one bit per reading.
static_assert(std::size(kAllReadings) <= 32, "ReadingSet holds at most 32 readings");

struct ReadingInfo {
  Reading reading;
  absl::string_view name;       // stable id, "clip-missing-bound-skipped"
  absl::string_view summary;    // one line: what a backend following it does
  absl::string_view reference;  // one line: what the suite's own reading does
};
const ReadingInfo& InfoOf(Reading reading);
absl::string_view ReadingName(Reading reading);
// Which operator versions a reading applies to is their schemas' to say
// (OpSchema::readings, checker/schema.h).

// A set of readings; empty is the suite's own reading everywhere.
class ReadingSet {
 public:
  ReadingSet() = default;
  ReadingSet(std::initializer_list<Reading> readings) {
    for (Reading r : readings) Add(r);
  }
  void Add(Reading r) { bits_ |= Bit(r); }
  bool Has(Reading r) const { return (bits_ & Bit(r)) != 0; }
  bool empty() const { return bits_ == 0; }
  // The readings of both sets.
  ReadingSet Intersect(const ReadingSet& other) const {
    ReadingSet both;
    both.bits_ = bits_ & other.bits_;
    return both;
  }
  std::vector<Reading> readings() const;
  // "clip-missing-bound-skipped+clip-nan-bound-ignored"; "reference" when empty.
  std::string Name() const;
  bool operator==(const ReadingSet&) const = default;

 private:
  static uint32_t Bit(Reading r) { return uint32_t{1} << static_cast<int>(r); }
  uint32_t bits_ = 0;
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_READINGS_H_
