// Schema differences between two versions of an operator, computed from the
// suite's own registry (checker/registry.h): types added or removed per type
// parameter; inputs and outputs added, removed or changed (single, optional,
// variadic, arity); attributes added, removed, retyped, default changed, or
// turned into inputs; rules, texts, shape inference and function bodies.
//
//   std::vector<Finding> d = DiffSchemas(*FindSchemaVersion("Clip", 6),
//                                        *FindSchemaVersion("Clip", 11));
//   // attribute min "moved to input", attribute max "moved to input",
//   // "input arity" 1..1 -> 1..3, rules removed and added, ...
//
// The diff is symmetric in form: DiffSchemas(b, a) reports the opposite
// changes. A schema compared with itself gives nothing.
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_SCHEMA_DIFF_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_SCHEMA_DIFF_H_

#include <string>
#include <vector>

#include "checker/schema.h"
#include "runners/audit/audit_finding.h"

namespace onnx_conform {

// Every kSchemaChange finding from `from` to `to` (usually two versions of
// one operator), in a fixed order: types, inputs, outputs, attributes,
// rules, summary, shape inference, function.
std::vector<Finding> DiffSchemas(const OpSchema& from, const OpSchema& to);

// "-3.40282347e+38", "1", "[0, 1]", "none": an attribute default as printed.
std::string FormatAttrValue(const AttrValue& value);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_SCHEMA_DIFF_H_
