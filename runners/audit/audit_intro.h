// The text docs/upgrade-audit.md opens with (AuditMarkdown prints it before
// the operators' tables): the finding kinds, the kinds of difference, what
// `audit --model` does with a model, and the command's exit codes. Kept out
// of audit_report.cc, which lays the tables out.
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_INTRO_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_INTRO_H_

#include <string>

namespace onnx_conform {

// The versions with clarifications and stricter readings come from the
// schemas (OpSchema::ClarifiedIn, ReadStrictly).
std::string AuditIntro();

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_INTRO_H_
