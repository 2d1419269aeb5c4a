// The inputs `audit --model` runs a model with: the model folder's first
// test_data_set_N, else values generated from the declared graph inputs,
// with --shape's dimensions or a small size where a dimension is symbolic.
//
//   std::string data; std::vector<std::string> notes;
//   absl::StatusOr<std::vector<Tensor>> in =
//       ModelInputs("m.onnx", model, {{"x", {2, 3}}}, data, notes);  // data == "generated"
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_MODEL_INPUTS_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_MODEL_INPUTS_H_

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "reference/tensor.h"

namespace onnx_conform {

// `data` receives where the inputs came from ("test_data_set_0" or
// "generated"); `notes` what was assumed (symbolic dimensions generated) or
// why the test data was not used. FailedPrecondition when an input has no
// numeric tensor type, no shape at all, or is too large to generate.
absl::StatusOr<std::vector<Tensor>> ModelInputs(const std::filesystem::path& file,
                                                const onnx::ModelProto& model,
                                                const std::map<std::string, Shape>& shapes,
                                                std::string& data, std::vector<std::string>& notes);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_MODEL_INPUTS_H_
