// What the `audit --model` tests share: a small builder of ONNX models, a
// file to audit, AuditCommand's output, and the findings of one kind.
//
//   ModelBuilder b(6);
//   *b.graph().add_input() = ModelBuilder::Value("x", kDouble, {"2", "3"});
//   const fs::path file = Write("name", b.model());
//   CommandResult r = RunAudit({"--model=" + file.string(), "--to=13"});
//   const fs::path folder_model = WriteFolder("name", b.model(), {{x, z}});
#ifndef ONNX_CONFORM_TESTING_AUDIT_MODEL_TEST_UTIL_H_
#define ONNX_CONFORM_TESTING_AUDIT_MODEL_TEST_UTIL_H_

#include <cctype>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "gtest/gtest.h"
#include "onnx/onnx_pb.h"
#include "runners/audit/audit.h"
#include "runners/cli/commands.h"
#include "tensor/tensor.h"
#include "tensor/tensor_file.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace audit_testing {

namespace fs = std::filesystem;

inline constexpr int32_t kDouble = onnx::TensorProto::DOUBLE;
inline constexpr int32_t kHalf = onnx::TensorProto::FLOAT16;
inline constexpr int32_t kFloat = onnx::TensorProto::FLOAT;

// A small builder over ONNX's protos.
class ModelBuilder {
 public:
  explicit ModelBuilder(int opset) {
    model_.set_ir_version(opset >= 11 ? 6 : 3);
    model_.add_opset_import()->set_version(opset);
    model_.mutable_graph()->set_name("g");
  }
  onnx::GraphProto& graph() { return *model_.mutable_graph(); }
  const onnx::ModelProto& model() const { return model_; }

  static onnx::ValueInfoProto Value(const std::string& name, int32_t type,
                                    std::vector<std::string> dims) {
    onnx::ValueInfoProto v;
    v.set_name(name);
    auto* tensor = v.mutable_type()->mutable_tensor_type();
    tensor->set_elem_type(type);
    auto* shape = tensor->mutable_shape();
    for (const std::string& d : dims) {
      if (!d.empty() && std::isdigit(static_cast<unsigned char>(d[0]))) {
        shape->add_dim()->set_dim_value(std::stoll(d));
      } else {
        shape->add_dim()->set_dim_param(d);
      }
    }
    return v;
  }

  static onnx::NodeProto Node(const std::string& op, const std::string& name,
                              std::vector<std::string> inputs, std::vector<std::string> outputs) {
    onnx::NodeProto n;
    n.set_op_type(op);
    n.set_name(name);
    for (const std::string& i : inputs) n.add_input(i);
    for (const std::string& o : outputs) n.add_output(o);
    return n;
  }

  static void FloatAttribute(onnx::NodeProto& n, const std::string& name, float value) {
    onnx::AttributeProto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(value);
  }

  static void IntAttribute(onnx::NodeProto& n, const std::string& name, int64_t value) {
    onnx::AttributeProto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(value);
  }

  // A GRAPH attribute `name` of n holding an empty graph `graph_name`, to fill.
  static onnx::GraphProto* GraphAttribute(onnx::NodeProto& n, const std::string& name,
                                          const std::string& graph_name) {
    onnx::AttributeProto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::GRAPH);
    onnx::GraphProto* g = a->mutable_g();
    g->set_name(graph_name);
    return g;
  }

 private:
  onnx::ModelProto model_;
};

inline fs::path Write(const std::string& name, const onnx::ModelProto& model) {
  fs::path dir = fs::path(testing::TempDir()) / "audit_model_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path file = dir / absl::StrCat(name, ".onnx");
  EXPECT_TRUE(WriteProtoFile(file, model).ok());
  return file;
}

// A case folder `name` holding the model as model.onnx and each input set as
// a test_data_set_N (inputs only: the audit compares two runs). Returns the model file.
inline fs::path WriteFolder(const std::string& name, const onnx::ModelProto& model,
                            const std::vector<std::vector<Tensor>>& data_sets) {
  fs::path dir = fs::path(testing::TempDir()) / "audit_model_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  EXPECT_TRUE(WriteProtoFile(dir / kModelFileName, model).ok());
  for (size_t n = 0; n < data_sets.size(); ++n) {
    fs::create_directories(dir / DataSetDirName(static_cast<int64_t>(n)));
    for (size_t k = 0; k < data_sets[n].size(); ++k) {
      EXPECT_TRUE(WriteTensorFile(dir / DataFilePath(static_cast<int64_t>(n), DataFileKind::kInput,
                                                     static_cast<int64_t>(k)),
                                  data_sets[n][k], model.graph().input(static_cast<int>(k)).name())
                      .ok());
    }
  }
  return dir / kModelFileName;
}

struct CommandResult {
  int code;
  std::string out;
  std::string err;
};

inline CommandResult RunAudit(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = AuditCommand(args, out, err);
  return {code, out.str(), err.str()};
}

inline std::vector<const Finding*> OfKind(const ModelAudit& audit, FindingKind kind) {
  std::vector<const Finding*> found;
  for (const Finding& f : audit.findings) {
    if (f.kind == kind) found.push_back(&f);
  }
  return found;
}

// Min(x, floor) -> Clip-6 (min attribute) -> ArgMin, opset 6, on `type`.
// Min-6 takes inputs of one shape: with static `dims`, `floor` is an
// initializer of zeros; with a symbolic one, a second graph input. With
// `relu`, a Sigmoid (an operator outside the suite) sits between Min and
// Clip and an Add before ArgMin.
inline onnx::ModelProto MinClipArgMin(int32_t type, std::vector<std::string> dims, bool relu) {
  ModelBuilder b(6);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", type, dims);
  *g.add_input() = ModelBuilder::Value("floor", type, dims);
  Shape shape;
  for (const std::string& d : dims) {
    if (std::isdigit(static_cast<unsigned char>(d[0]))) shape.push_back(std::stoll(d));
  }
  if (shape.size() == dims.size()) {
    absl::StatusOr<Tensor> zeros = Tensor::Create(*ElementTypeFromProto(type), shape);
    EXPECT_TRUE(zeros.ok());
    *g.add_initializer() = TensorToProto(*zeros, "floor");
  }
  *g.add_node() = ModelBuilder::Node("Min", "low", {"x", "floor"}, {"m"});
  std::string clip_in = "m";
  if (relu) {
    *g.add_node() = ModelBuilder::Node("Sigmoid", "rectify", {"m"}, {"r"});
    clip_in = "r";
  }
  onnx::NodeProto clip = ModelBuilder::Node("Clip", "limit", {clip_in}, {"c"});
  ModelBuilder::FloatAttribute(clip, "min", -1.0f);
  *g.add_node() = clip;
  std::string argmin_in = "c";
  if (relu) {
    *g.add_node() = ModelBuilder::Node("Add", "shift", {"c", "x"}, {"s"});
    argmin_in = "s";
  }
  onnx::NodeProto argmin = ModelBuilder::Node("ArgMin", "pick", {argmin_in}, {"i"});
  ModelBuilder::IntAttribute(argmin, "axis", 0);
  *g.add_node() = argmin;
  std::vector<std::string> out_dims = dims;
  out_dims[0] = "1";
  *g.add_output() = ModelBuilder::Value("i", onnx::TensorProto::INT64, out_dims);
  return b.model();
}

}  // namespace audit_testing
}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_AUDIT_MODEL_TEST_UTIL_H_
