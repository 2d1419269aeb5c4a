// The form of an operator's node as its schemas declare it, for the code
// that builds nodes of any registered operator (explore, audit) without
// naming operators: a variadic first input (Min, Max), an axis to reduce
// to indices (ArgMin, ArgMax), or another form (Clip).
//
//   OperatorFormOf("Max");  // OperatorForm::kVariadic
#ifndef ONNX_CONFORM_CHECKER_OPERATOR_FORM_H_
#define ONNX_CONFORM_CHECKER_OPERATOR_FORM_H_

#include "absl/strings/string_view.h"
#include "checker/schema.h"

namespace onnx_conform {

enum class OperatorForm { kVariadic, kArgReduce, kOther };

OperatorForm FormOf(const OpSchema& schema);
// The form of the operator's newest version; kOther when it is not covered.
OperatorForm OperatorFormOf(absl::string_view op_type);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_OPERATOR_FORM_H_
