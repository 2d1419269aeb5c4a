// What a case's model tests, read from its nodes: the covered operator it
// is about (its subject), or why it is outside what the suite covers.
//
//   CaseSubject(model, "test_min_example");              // "Min"
//   CaseSubject(body, "test_clip_default_min_expanded");  // "Clip": its function body
//   OutOfScopeReason(model);  // "graph value 'x' is a sparse tensor ..." or nullopt
//
// Supporting operators (CastLike, Constant, Identity, Less, Where: registry.h)
// are never a subject: a graph of them alone is the expanded form of an
// operator defined as a function (Clip-13), or tests no operator.
//   CaseSubject(body, "test_relu_expanded_ver18");        // "Relu"
#ifndef ONNX_CONFORM_CHECKER_SUBJECT_H_
#define ONNX_CONFORM_CHECKER_SUBJECT_H_

#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"

namespace onnx_conform {

// The operator a case named as an expanded form belongs to (ONNX's
// test_clip_*_expanded and test_relu_expanded_*, the library's
// clip_v13_*_expanded); for a graph of supporting operators alone that is
// an operator's function body (OpSchema::FunctionBodyUses: Less and Where
// are Clip-13's), that operator; else the first node of a covered
// operator, else the first node's operator ("" for no node).
std::string CaseSubject(const onnx::ModelProto& model, absl::string_view case_name);

// Why the suite does not take the model whatever the checker says: a graph
// value that is a sparse tensor (sequences, optionals and maps are read,
// checked and compared; a sparse tensor's data file is not read). nullopt
// when it takes it. A graph of supporting operators alone (Constant,
// Identity, Less, Where) is checked like any other: the registry holds every
// operator ONNX defines.
std::optional<std::string> OutOfScopeReason(const onnx::ModelProto& model);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_SUBJECT_H_
