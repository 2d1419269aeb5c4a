// The inputs `audit --model` runs a model with: sets of values generated
// from the declared graph inputs (runners/audit/audit_edge_values.h: every input
// meets every edge value of its type in some set), and, added to them, each
// test_data_set_N of the model's folder.
// A symbolic dimension takes one value in every input that names it:
// --shape's (through the input it gives), else the folder's first data
// set's, else the smallest from 3 up (at most 64) that lets every input
// naming it hold its type's edge values in one set.
//
//   absl::StatusOr<DimBindings> dims = BindShapes(model, {{"x", {2, 5}}});
//   // x: [batch, 5] -> batch = 2, also for z: [batch, 5]
//   ModelInputSets in = ModelInputs("dir/model.onnx", model, {{"x", {2, 5}}}, *dims, EdgeValues());
//   // in.sets: {"generated 1/3", [x, z]} .. {"generated 3/3", [x, z]}, {"test_data_set_0", [x, z]}
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_MODEL_INPUTS_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_MODEL_INPUTS_H_

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"
#include "runners/audit/audit_edge_values.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// Symbolic dimension name -> its value.
using DimBindings = std::map<std::string, int64_t>;

// Checks --shape against the model and binds the symbolic dimensions it
// implies. InvalidArgument (a usage error) when a name is not a graph input
// the data feeds, a shape has another rank than the declared one or another
// value for a fixed dimension, or two shapes give one symbolic dimension
// two values.
absl::StatusOr<DimBindings> BindShapes(const onnx::ModelProto& model,
                                       const std::map<std::string, Shape>& shapes);

// The generated input sets are named "generated 1/N" .. "generated N/N".
inline constexpr absl::string_view kGeneratedSet = "generated";
std::string GeneratedSetName(int set, int count);

// One set of values for the fed graph inputs, in order.
struct InputSet {
  std::string name;  // GeneratedSetName or "test_data_set_N"
  std::vector<Tensor> inputs;
};

struct ModelInputSets {
  // Generated values first (when they can be made), then the folder's data sets.
  std::vector<InputSet> sets;
  // Why no values could be generated (an input without numeric type or
  // shape, too large), or "".
  std::string not_generated;
  // What was assumed (symbolic dimensions' values) or why the folder's data
  // was not used.
  std::vector<std::string> notes;
};

// The data sets of `file`'s folder are read when the file is the folder's
// model.onnx. `dims` comes from BindShapes; `edges` gives the generated values.
ModelInputSets ModelInputs(const std::filesystem::path& file, const onnx::ModelProto& model,
                           const std::map<std::string, Shape>& shapes, const DimBindings& dims,
                           const EdgeValues& edges);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_MODEL_INPUTS_H_
