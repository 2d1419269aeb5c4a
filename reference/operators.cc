#include "reference/operators.h"

#include "ops/relu/relu_kernel.h"
#include "reference/argmax.h"
#include "reference/argmin.h"
#include "reference/clip.h"
#include "reference/fast/kernels.h"
#include "reference/max.h"
#include "reference/min.h"
#include "reference/support_ops.h"

namespace onnx_conform {
namespace {

// One line per operator: where an operator joins the reference.
constexpr OperatorKernels kOperators[] = {
    {"Min", &Min, &FastMin},          {"ArgMin", &ArgMin, &FastArgMin},
    {"Clip", &Clip, &FastClip},       {"Constant", &Constant, nullptr},
    {"Identity", &Identity, nullptr}, {"Less", &Less, nullptr},
    {"Where", &Where, nullptr},       {"Max", &Max, &FastMax},
    {"ArgMax", &ArgMax, &FastArgMax}, {"Relu", &Relu, nullptr},
};

}  // namespace

const OperatorKernels* FindKernels(absl::string_view op_type) {
  for (const OperatorKernels& entry : kOperators) {
    if (entry.op_type == op_type) return &entry;
  }
  return nullptr;
}

}  // namespace onnx_conform
