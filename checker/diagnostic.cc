#include "checker/diagnostic.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace onnx_conform {

Diagnostic MakeDiagnostic(absl::string_view rule_id, std::string file, std::string node,
                          std::string field, std::string message) {
  const Rule* rule = FindRule(rule_id);
  if (rule == nullptr) {
    std::fprintf(stderr, "internal error: rule id '%.*s' is not in checker/rules.h\n",
                 static_cast<int>(rule_id.size()), rule_id.data());
    std::abort();
  }
  return Diagnostic{std::string(rule->id), rule->severity,   std::move(file),
                    std::move(node),       std::move(field), std::move(message)};
}

std::string FormatDiagnostic(const Diagnostic& d) {
  std::string where;
  if (!d.node.empty()) where = absl::StrCat("node ", d.node);
  if (!d.field.empty()) absl::StrAppend(&where, where.empty() ? "" : ", ", d.field);
  return absl::StrCat(d.file.empty() ? "<input>" : d.file, ": ", SeverityName(d.severity), " [",
                      d.rule, "] ", where, where.empty() ? "" : ": ", d.message);
}

std::string Findings(std::span<const Diagnostic> diagnostics, Severity severity) {
  std::vector<std::string> lines;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity == severity) lines.push_back(FormatDiagnostic(d));
  }
  return absl::StrJoin(lines, "\n");
}

bool HasErrors(std::span<const Diagnostic> diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

bool IsUnsupported(std::span<const Diagnostic> diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::kUnsupported; });
}

}  // namespace onnx_conform
