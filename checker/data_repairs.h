// Two ways ONNX's own test generators wrote data that break the data rules
// of a valid test, repaired with a warning that names the repair, so that
// no valid official test is judged invalid for how it was written:
//
// - DATA-BFLOAT16-AS-UINT16: a uint16 tensor where the graph declares
//   bfloat16 (ONNX 1.8 to 1.18's test_cast*_BFLOAT16*: numpy has no
//   bfloat16, so the bits were written as uint16). It is read as the
//   bfloat16 tensor whose bits it holds.
// - DATA-SHAPE-TYPE-ONLY: a graph input that no node reads but for its
//   element type (CastLike's `target_type`, or no node at all) whose data
//   differ in shape from its declaration (ONNX 1.10 to 1.14's
//   test_castlike_*: `like` of shape [1] declared [3,4]). No output depends
//   on that shape, so the declaration's shape is dropped from the model.
//
// A case repaired so is handed to backends as the repaired files
// (runners/backends/exec_backend.cc), never as the files it read.
//
//   std::vector<DataFileRef> inputs = ..., outputs = ...;  // in K order
//   for (Diagnostic& warning : RepairGeneratorDefects(model, inputs, outputs)) ...
#ifndef ONNX_CONFORM_CHECKER_DATA_REPAIRS_H_
#define ONNX_CONFORM_CHECKER_DATA_REPAIRS_H_

#include <filesystem>
#include <span>
#include <vector>

#include "checker/diagnostic.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// One data file as read: null when it did not decode.
struct DataFileRef {
  std::filesystem::path path;
  Tensor* value = nullptr;
};

// Repairs `model` (a dropped input shape) and the files' values (a retagged
// tensor) in place; one warning per repair. `inputs` feed the graph inputs
// that are not initializers, `outputs` the graph outputs, in order.
std::vector<Diagnostic> RepairGeneratorDefects(onnx::ModelProto& model,
                                               std::span<const DataFileRef> inputs,
                                               std::span<const DataFileRef> outputs);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_DATA_REPAIRS_H_
