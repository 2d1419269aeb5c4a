// The audit's reports: Markdown (the default of `onnx-conform audit`, and
// docs/upgrade-audit.md) and JSON (`--json`, protobuf's JSON printer over
// runners/audit/audit_report.proto).
//
//   std::vector<OperatorAudit> audits = ...;   // runners/audit/audit.h
//   std::cout << AuditMarkdown(audits);
//   std::cout << AuditJson(audits, nullptr);
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_REPORT_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_REPORT_H_

#include <string>
#include <vector>

#include "runners/audit/audit.h"

namespace onnx_conform {

// Per operator: each version pair's schema changes and behaviour findings,
// then the converter's. Behaviour and converter findings that differ only in
// the element type are one row listing the types, with each type's values
// where they differ (the JSON report has every finding).
std::string AuditMarkdown(const std::vector<OperatorAudit>& audits);
std::string ModelAuditMarkdown(const ModelAudit& audit);

// `model` may be null.
std::string AuditJson(const std::vector<OperatorAudit>& audits, const ModelAudit* model);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_REPORT_H_
