// What a model declares about the versions it is written for: the default
// domain ("" and "ai.onnx" are one), the opset it imports for that domain,
// and the IR version ONNX released with an opset. The one place these rules
// live: the checker, the reference, the cases, the runners and the audit
// all read models through them.
//
//   if (IsDefaultDomain(node.domain())) { ... }             // "" or "ai.onnx"
//   std::optional<int64_t> opset = DefaultDomainOpset(model);  // first import
//   absl::StatusOr<int64_t> strict = UnambiguousDefaultDomainOpset(model);
//   model.set_ir_version(IrVersionForOpset(13));            // 7
#ifndef ONNX_CONFORM_CHECKER_MODEL_VERSIONS_H_
#define ONNX_CONFORM_CHECKER_MODEL_VERSIONS_H_

#include <cstdint>
#include <optional>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"

namespace onnx_conform {

// True for "" and "ai.onnx".
bool IsDefaultDomain(absl::string_view domain);

// The version of the model's first opset_import of the default domain;
// nullopt when it imports none. Later imports of the domain are not looked
// at: the checker reports them (MODEL-OPSET-DUPLICATE).
std::optional<int64_t> DefaultDomainOpset(const onnx::ModelProto& model);

// The default domain's opset for running the model: InvalidArgumentError
// when it is imported twice with different versions (which one would a
// backend use?) or not at all.
absl::StatusOr<int64_t> UnambiguousDefaultDomainOpset(const onnx::ModelProto& model);

// Sets every opset_import of the default domain to `opset`.
void SetDefaultDomainOpset(onnx::ModelProto& model, int64_t opset);

// The IR version ONNX released with `opset` of the default domain
// (onnx/helper.py VERSION_TABLE): 3 up to opset 8, 4 at 9, 5 at 10, 6 at
// 11, 7 at 12-14, 8 at 15-18. Opsets from 19 get 8 as well, although ONNX
// 1.14 on pairs them with IR 9 and later: the ONNX the suite builds
// against (1.12: opsets to 17) knows no IR version above 8.
int64_t IrVersionForOpset(int64_t opset);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_MODEL_VERSIONS_H_
