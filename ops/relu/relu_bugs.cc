// Relu's bugs: what runtimes plausibly get wrong in y = max(0, x), each an
// edit of one reference run (runners/adequacy/mutant_edits.h).
#include <string>
#include <type_traits>
#include <utility>

#include "reference/semantics.h"
#include "runners/adequacy/bug_families.h"

namespace onnx_conform {
namespace {

inline constexpr TypeClass kFloatDouble{
    "float, double",
    [](ElementType t) { return t == ElementType::kFloat || t == ElementType::kDouble; }};

// A bug that rewrites each output element from the input element at the
// same position: out = f(x, out), over the types T the bug concerns.
template <typename F>
Bug FromInput(std::string name, TypeClass types, std::string doc, F f) {
  Bug bug{.name = std::move(name), .op = "Relu", .types = types, .doc = std::move(doc)};
  bug.after = [f](const MutantRun& run, std::vector<Tensor>& out) {
    const Tensor* x = run.FedInput(0);
    if (x == nullptr || out.empty() || x->type() != out[0].type()) return;
    VisitNumericType(x->type(), [&]<typename T>(TypeTag<T>) {
      std::span<const T> in = x->data<T>();
      std::span<T> y = out[0].data<T>();
      for (size_t i = 0; i < y.size() && i < in.size(); ++i) y[i] = f(in[i], y[i]);
    });
  };
  return bug;
}

}  // namespace

void AddReluBugs(std::vector<Bug>& bugs) {
  // A node dropped, or fused away with nothing in its place.
  bugs.push_back(FromInput("relu-runs-as-identity", kAny,
                           "the node is skipped: negatives pass through (y = x)",
                           [](auto x, auto) { return x; }));
  // LeakyRelu's kernel (alpha 0.01) serving Relu.
  bugs.push_back(FromInput("relu-leaky-slope", kFloatDouble,
                           "negatives are scaled by 0.01 instead of zeroed (LeakyRelu's kernel)",
                           [](auto x, auto y) {
                             using T = decltype(x);
                             if constexpr (std::is_floating_point_v<T>) {
                               return x < T{0} ? static_cast<T>(x * T(0.01)) : y;
                             } else {
                               return y;
                             }
                           }));
  // Relu6's kernel serving Relu.
  bugs.push_back(FromInput("relu-clipped-at-six", kAny,
                           "results above 6 are clipped to 6 (Relu6's kernel)", [](auto, auto y) {
                             using T = decltype(y);
                             if constexpr (kIsHalfType<T>) {
                               return y.ToFloat() > 6.0f ? T::FromFloat(6.0f) : y;
                             } else {
                               return y > T(6) ? T(6) : y;
                             }
                           }));
  bugs.push_back(PositionsEdited("relu-nan-becomes-inf", "Relu", kFloats, {0},
                                 ElementEdit::kNaNToPositiveInf,
                                 "a NaN input comes out +inf (NaN read as the largest value)"));
  // No bug keeps -0 (x >= 0 ? x : 0): the texts leave Relu(-0)'s sign open
  // and the cases accept either zero, so no case can tell it apart.
  bugs.push_back(InputsEdited("relu-denormals-read-as-zero", "Relu", kFloats,
                              ElementEdit::kFlushDenormals, false,
                              "denormal inputs are read as zero (DAZ)"));
  bugs.push_back(OutputsEdited("relu-denormal-outputs-flushed", "Relu", kFloats,
                               ElementEdit::kFlushDenormals,
                               "denormal results are flushed to zero (FTZ)"));
  bugs.push_back(InputsEdited("relu-int64-through-double", "Relu", kWide64,
                              ElementEdit::kThroughDouble, false,
                              "64-bit integers are computed through double"));
  bugs.push_back(OutputsMapped("relu-half-written-as-float32", "Relu", kHalves, WidenedHalf,
                               "a float16 or bfloat16 result is written as float32"));
  AddShapeBugs(bugs, "Relu", "relu");
  bugs.push_back(ReadingMutant("Relu", Reading::kReluNaNGivesZero, kFloats));
}

}  // namespace onnx_conform
