// oc-opencv-dnn-adapter: an ONNX Conform backend adapter (docs/backend-protocol.md)
// over OpenCV's DNN module (cv::dnn::readNetFromONNX, CPU target).
//
//   oc-opencv-dnn-adapter --model CASE/model.onnx --output-dir DIR INPUT_0.pb ...
//   oc-opencv-dnn-adapter --serve     (persistent: one JSON request per stdin line)
//   oc-opencv-dnn-adapter --version   ("opencv-dnn 4.6.0": the OpenCV it runs)
//
// OpenCV DNN computes in float32 Mats only, so a model whose inputs are not
// float is unsupported (exit 3). Each graph output is written as the Mat
// OpenCV returns, with the Mat's shape; ArgMin's indices, which OpenCV holds
// as float, are written as the int64 the graph declares. Exit 3 also when
// OpenCV's importer refuses the model (no layer for it, a Clip whose bounds
// are inputs, a Min it cannot shape); exit 1 when OpenCV fails while running
// a model it imported.
//
// Anything OpenCV prints goes to stderr: the serve loop keeps stdout for its
// replies alone (a stray line there would be a protocol error).
#include <fcntl.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "caseio/case_layout.h"
#include "google/protobuf/util/json_util.h"
#include "opencv2/core/utils/logger.hpp"
#include "opencv2/dnn.hpp"
#include "runners/backends/adapter_protocol.pb.h"
#include "tensor/tensor_file.h"

namespace {

namespace fs = std::filesystem;
using onnx_conform::ElementType;
using onnx_conform::Shape;
using onnx_conform::Tensor;

constexpr int kExitUnsupported = 3;

// How one run ended: the protocol's exit status and, when not 0, why.
struct Outcome {
  int exit = 0;
  std::string message;
};

Outcome Unsupported(std::string message) { return {kExitUnsupported, std::move(message)}; }
Outcome Error(std::string message) { return {1, std::move(message)}; }

// The graph's real inputs (not initializers) and its outputs, in order.
struct GraphInterface {
  std::vector<std::string> input_names;
  std::vector<std::string> output_names;
  std::vector<ElementType> output_types;
};

absl::StatusOr<GraphInterface> ReadInterface(const fs::path& model_file) {
  absl::StatusOr<onnx::ModelProto> model = onnx_conform::ReadModelFile(model_file);
  if (!model.ok()) return model.status();
  GraphInterface interface;
  std::set<std::string> initializers;
  for (const onnx::TensorProto& initializer : model->graph().initializer()) {
    initializers.insert(initializer.name());
  }
  for (const onnx::ValueInfoProto& input : model->graph().input()) {
    if (!initializers.contains(input.name())) interface.input_names.push_back(input.name());
  }
  for (const onnx::ValueInfoProto& output : model->graph().output()) {
    interface.output_names.push_back(output.name());
    interface.output_types.push_back(
        onnx_conform::ElementTypeFromProto(output.type().tensor_type().elem_type())
            .value_or(ElementType::kUndefined));
  }
  return interface;
}

// A float tensor as a Mat over its data. OpenCV has no 0-d Mat: a scalar
// becomes a Mat of shape [1].
cv::Mat ToMat(Tensor& tensor) {
  std::vector<int> sizes(tensor.shape().begin(), tensor.shape().end());
  if (sizes.empty()) sizes.push_back(1);
  return cv::Mat(static_cast<int>(sizes.size()), sizes.data(), CV_32F, tensor.data<float>().data());
}

// The Mat OpenCV returned as a tensor of the graph's declared output type:
// float, or int64 for ArgMin's indices (OpenCV holds them as float). A Mat
// has at least 2 dimensions: a 1-D or 0-D result comes back as [N,1].
absl::StatusOr<Tensor> FromMat(const cv::Mat& mat, ElementType declared, const std::string& name) {
  if (mat.depth() != CV_32F) {
    return absl::InvalidArgumentError(absl::StrCat(
        "output '", name, "': OpenCV returned Mat depth ", mat.depth(), ", not float32"));
  }
  cv::Mat dense = mat.isContinuous() ? mat : mat.clone();
  Shape shape(dense.size.p, dense.size.p + dense.dims);
  const auto* values = reinterpret_cast<const float*>(dense.data);
  if (declared == ElementType::kInt64) {
    absl::StatusOr<Tensor> tensor = Tensor::Create(ElementType::kInt64, shape);
    if (!tensor.ok()) return tensor.status();
    std::span<int64_t> out = tensor->data<int64_t>();
    for (size_t i = 0; i < out.size(); ++i) {
      // An index is a whole number well inside float's exact range; anything
      // else (NaN, a fraction) is OpenCV's output, reported, not cast.
      if (!(std::fabs(values[i]) < 16777216.0f) || values[i] != std::trunc(values[i])) {
        return absl::InvalidArgumentError(absl::StrCat("output '", name, "': OpenCV returned ",
                                                       values[i], " as an index at element ", i));
      }
      out[i] = static_cast<int64_t>(values[i]);
    }
    return tensor;
  }
  absl::StatusOr<Tensor> tensor = Tensor::Create(ElementType::kFloat, shape);
  if (!tensor.ok()) return tensor.status();
  if (tensor->byte_size() > 0) std::memcpy(tensor->bytes().data(), values, tensor->byte_size());
  return tensor;
}

Outcome Run(const std::vector<std::string>& args) {
  if (args.size() < 4 || args[0] != "--model" || args[2] != "--output-dir") {
    return Error("usage: oc-opencv-dnn-adapter --model MODEL --output-dir DIR INPUT.pb...");
  }
  const fs::path model_file = args[1];
  const fs::path output_dir = args[3];
  const std::vector<std::string> input_files(args.begin() + 4, args.end());

  absl::StatusOr<GraphInterface> interface = ReadInterface(model_file);
  if (!interface.ok()) return Error(std::string(interface.status().message()));
  if (interface->input_names.size() != input_files.size()) {
    return Error(absl::StrCat("the model has ", interface->input_names.size(), " inputs (",
                              absl::StrJoin(interface->input_names, ", "), "), got ",
                              input_files.size(), " files"));
  }
  std::vector<Tensor> inputs;
  for (const std::string& file : input_files) {
    absl::StatusOr<Tensor> tensor = onnx_conform::ReadTensorFile(file);
    if (!tensor.ok()) return Error(std::string(tensor.status().message()));
    if (tensor->type() != ElementType::kFloat) {
      return Unsupported(absl::StrCat(fs::path(file).filename().string(), ": OpenCV DNN takes ",
                                      "float32 inputs only, not ",
                                      onnx_conform::ElementTypeName(tensor->type())));
    }
    inputs.push_back(*std::move(tensor));
  }

  cv::dnn::Net net;
  try {
    net = cv::dnn::readNetFromONNX(model_file.string());
  } catch (const std::exception& error) {
    // The importer refuses what it has no layer or no form for (Clip with
    // bound inputs, Min over 1-D or broadcast inputs): not supported.
    return Unsupported(absl::StrCat("OpenCV's ONNX importer refused the model: ", error.what()));
  }
  if (net.empty()) return Unsupported("OpenCV imported an empty network");

  std::vector<cv::Mat> outputs;
  try {
    net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    for (size_t k = 0; k < inputs.size(); ++k) {
      net.setInput(ToMat(inputs[k]), interface->input_names[k]);
    }
    std::vector<cv::String> names(interface->output_names.begin(), interface->output_names.end());
    net.forward(outputs, names);
  } catch (const std::exception& error) {
    return Error(absl::StrCat("OpenCV failed to run the model: ", error.what()));
  }
  if (outputs.size() != interface->output_names.size()) {
    return Error(absl::StrCat("OpenCV returned ", outputs.size(), " outputs, the graph has ",
                              interface->output_names.size()));
  }
  for (size_t k = 0; k < outputs.size(); ++k) {
    const std::string& name = interface->output_names[k];
    absl::StatusOr<Tensor> tensor = FromMat(outputs[k], interface->output_types[k], name);
    if (!tensor.ok()) return Error(std::string(tensor.status().message()));
    absl::Status written = onnx_conform::WriteTensorFile(
        output_dir / onnx_conform::OutputFileName(static_cast<int64_t>(k)), *tensor, name);
    if (!written.ok()) return Error(std::string(written.message()));
  }
  return {};
}

// The runtime's name and version: the OpenCV library loaded, not the one
// compiled against.
std::string Version() { return absl::StrCat("opencv-dnn ", cv::getVersionString()); }

// --serve: replies go to a private copy of stdout; fd 1 itself is pointed
// at stderr, so that whatever OpenCV prints cannot break the protocol.
int Serve() {
  int reply_fd = dup(STDOUT_FILENO);
  if (reply_fd < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    std::perror("oc-opencv-dnn-adapter: cannot set up stdout");
    return 1;
  }
  FILE* replies = fdopen(reply_fd, "w");
  if (replies == nullptr) return 1;
  for (std::string line; std::getline(std::cin, line);) {
    onnx_conform::adapter::Request request;
    onnx_conform::adapter::Reply reply;
    if (!google::protobuf::util::JsonStringToMessage(line, &request).ok()) {
      reply.set_exit(1);
      reply.set_message("not a request: " + line);
    } else if (request.version()) {
      reply.set_exit(0);
      reply.set_version(Version());
    } else {
      Outcome outcome = Run({request.args().begin(), request.args().end()});
      reply.set_exit(outcome.exit);
      reply.set_message(outcome.message);
    }
    std::string json;
    (void)google::protobuf::util::MessageToJsonString(reply, &json);
    std::fprintf(replies, "%s\n", json.c_str());
    std::fflush(replies);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // The importer logs each refusal before throwing it: the message says it once.
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 1 && args[0] == "--serve") return Serve();
  if (args.size() == 1 && args[0] == "--version") {
    std::cout << Version() << "\n";
    return 0;
  }
  Outcome outcome = Run(args);
  if (!outcome.message.empty()) std::cerr << outcome.message << "\n";
  return outcome.exit;
}
