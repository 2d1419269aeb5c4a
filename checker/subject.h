// What a case's model tests, read from its nodes: the covered operator it
// is about (its subject), or why it is outside what the suite covers.
//
//   CaseSubject(model, "test_min_example");              // "Min"
//   CaseSubject(body, "test_clip_default_min_expanded");  // "Clip": its function body
//   OutOfScopeReason(model);  // "graph value 'x' is a sparse tensor ..." or nullopt
//
// Supporting operators (Constant, Identity, Less, Where: checker/registry.h)
// are never a subject: a graph of them alone is the expanded form of an
// operator defined as a function (Clip-13), or tests no operator.
#ifndef ONNX_CONFORM_CHECKER_SUBJECT_H_
#define ONNX_CONFORM_CHECKER_SUBJECT_H_

#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"

namespace onnx_conform {

// The first node of a covered operator; for a graph of supporting operators
// alone that holds Less and Where, or a case named as an operator's
// expanded form (ONNX's test_clip_*_expanded), the operator defined as a
// function; else the first node's operator ("" for no node).
std::string CaseSubject(const onnx::ModelProto& model, absl::string_view case_name);

// Whether the case is an operator's expanded form: case.json names the
// operator defined as a function (`declared_op`), or ONNX's folder naming
// says so ("test_<op>_..._expanded").
bool IsExpandedCase(absl::string_view case_name, absl::string_view declared_op = "");

// Why the suite does not take the model whatever the checker says: a graph
// value that is a sparse tensor (sequences, optionals and maps are read,
// checked and compared; a sparse tensor's data file is not read). nullopt
// when it takes it. A graph of supporting operators alone (Constant,
// Identity, Less, Where) is checked like any other: the registry holds every
// operator ONNX defines.
std::optional<std::string> OutOfScopeReason(const onnx::ModelProto& model);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_SUBJECT_H_
