// The malformed-input corpus: one valid case (Min-13 on two float inputs),
// broken in one way per test, run end to end through RunCase on the
// reference backend and through the checker's CheckCaseDir (the `check`
// command's path). Each kind must end as error or invalid (never pass, never
// a crash), with a message that names the file and the problem.
// docs/security.md lists what this corpus covers.
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/reflection.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/case_checker.h"
#include "checker/diagnostic.h"
#include "checker/test_model.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "reference/resource_limits.h"
#include "reference/tensor_proto.h"
#include "runners/backend.h"
#include "runners/case_runner.h"
#include "runners/cli.h"
#include "runners/commands.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::AnyOf;
using ::testing::Contains;
using ::testing::HasSubstr;
using testing_util::SetFloat;
using testing_util::SetInt;
using testing_util::TestModel;

// ------------------------------------------------------------ case building

void WriteBytes(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

std::string Serialized(const google::protobuf::MessageLite& message) {
  std::string bytes;
  message.SerializeToString(&bytes);
  return bytes;
}

void WriteProto(const fs::path& path, const google::protobuf::MessageLite& message) {
  WriteBytes(path, Serialized(message));
}

// z = Min(x, y) at opset 13, x and y of `type` and shape [2].
onnx::ModelProto MinModel(ElementType type = ElementType::kFloat) {
  TestModel m(13);
  m.Input("x", type, {2}).Input("y", type, {2}).Output("z", type, {2});
  m.Node("Min", {"x", "y"}, {"z"});
  return m.model;
}

// A float TensorProto with raw_data.
onnx::TensorProto FloatProto(std::vector<int64_t> dims, std::vector<float> values,
                             const std::string& name = "") {
  onnx::TensorProto proto;
  proto.set_name(name);
  proto.set_data_type(onnx::TensorProto::FLOAT);
  for (int64_t d : dims) proto.add_dims(d);
  proto.set_raw_data(
      std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float)));
  return proto;
}

const fs::path kDataSet = "test_data_set_0";
const fs::path kInput0 = kDataSet / "input_0.pb";
const fs::path kInput1 = kDataSet / "input_1.pb";
const fs::path kOutput0 = kDataSet / "output_0.pb";

// The valid case every kind starts from: Min([1, 5], [3, 2]) = [1, 2].
void WriteValidCase(const fs::path& dir) {
  WriteProto(dir / "model.onnx", MinModel());
  WriteProto(dir / kInput0, FloatProto({2}, {1, 5}, "x"));
  WriteProto(dir / kInput1, FloatProto({2}, {3, 2}, "y"));
  WriteProto(dir / kOutput0, FloatProto({2}, {1, 2}, "z"));
}

// Rewrites one tensor file of the valid case through `edit`.
void EditTensor(const fs::path& file, const std::function<void(onnx::TensorProto&)>& edit) {
  onnx::TensorProto proto = *ReadTensorProtoFile(file);
  edit(proto);
  WriteProto(file, proto);
}

void EditModel(const fs::path& dir, const std::function<void(onnx::ModelProto&)>& edit) {
  onnx::ModelProto model = *ReadModelFile(dir / "model.onnx");
  edit(model);
  WriteProto(dir / "model.onnx", model);
}

// z = Min(x, w) with w an initializer whose data is external.
void WriteExternalInitializerCase(const fs::path& dir, const std::string& location,
                                  const std::string& offset = "", const std::string& length = "") {
  onnx::ModelProto model = MinModel();
  model.mutable_graph()->mutable_input()->RemoveLast();  // y becomes the initializer
  onnx::TensorProto* w = model.mutable_graph()->add_initializer();
  w->set_name("y");
  w->set_data_type(onnx::TensorProto::FLOAT);
  w->add_dims(2);
  w->set_data_location(onnx::TensorProto::EXTERNAL);
  auto add = [&](const std::string& key, const std::string& value) {
    if (value.empty()) return;
    onnx::StringStringEntryProto* entry = w->add_external_data();
    entry->set_key(key);
    entry->set_value(value);
  };
  add("location", location);
  add("offset", offset);
  add("length", length);
  WriteProto(dir / "model.onnx", model);
  const float weights[] = {9, 3, 2, 7};  // y = [3, 2] at offset 4
  WriteBytes(dir / "weights.bin", std::string(reinterpret_cast<const char*>(weights), 16));
  WriteProto(dir / kInput0, FloatProto({2}, {1, 5}, "x"));
  fs::remove(dir / kInput1);
  WriteProto(dir / kOutput0, FloatProto({2}, {1, 2}, "z"));
}

// ------------------------------------------------------------ the corpus

struct MalformedKind {
  std::string name;
  // Breaks the valid case in `dir` (or writes a broken one); `outside` is a
  // scratch folder next to it, for symlink targets.
  std::function<void(const fs::path& dir, const fs::path& outside)> make;
  CaseStatus status;                  // kError or kInvalid
  fs::path file;                      // relative to the case: named in the message
                                      // (empty: the case folder)
  std::vector<std::string> problems;  // each appears in the message
  std::string checker_rule;           // CheckCaseDir reports it; empty: not a checker matter
  ResourceLimits limits = {};
};

void PrintTo(const MalformedKind& kind, std::ostream* os) { *os << kind.name; }

std::vector<MalformedKind> Corpus() {
  using P = const fs::path&;
  const CaseStatus kError = CaseStatus::kError;
  const CaseStatus kInvalid = CaseStatus::kInvalid;
  std::vector<MalformedKind> kinds = {
      // ---- model.onnx: the file itself
      {"ModelMissing",
       [](P d, P) { fs::remove(d / "model.onnx"); },
       kError,
       "model.onnx",
       {"no such file"},
       "MODEL-READ"},
      {"ModelEmpty",
       [](P d, P) { WriteBytes(d / "model.onnx", ""); },
       kError,
       "model.onnx",
       {"empty file"},
       "MODEL-READ"},
      {"ModelTruncated",
       [](P d, P) {
         const std::string bytes = Serialized(MinModel());
         WriteBytes(d / "model.onnx", bytes.substr(0, bytes.size() - 5));
       },
       kError,
       "model.onnx",
       {"not a valid serialized onnx.ModelProto", "truncated"},
       "MODEL-READ"},
      {"ModelNotProtobuf",
       [](P d, P) { WriteBytes(d / "model.onnx", "\xff\xff\xff\xff not a protobuf"); },
       kError,
       "model.onnx",
       {"not a valid serialized onnx.ModelProto"},
       "MODEL-READ"},
      {"ModelIsATensorProto",
       [](P d, P) {
         fs::copy_file(d / kInput0, d / "model.onnx", fs::copy_options::overwrite_existing);
       },
       kError,
       "model.onnx",
       {"not an onnx.ModelProto", "it is an onnx.TensorProto"},
       "MODEL-READ"},
      {"ModelIsADirectory",
       [](P d, P) {
         fs::remove(d / "model.onnx");
         fs::create_directory(d / "model.onnx");
       },
       kError,
       "model.onnx",
       {"not a regular file"},
       "MODEL-READ"},
      {"ModelOver2GiB",
       [](P d, P) {
         // Sparse: no disk is used, and nothing is read.
         std::ofstream(d / "model.onnx", std::ios::trunc).close();
         fs::resize_file(d / "model.onnx", (uintmax_t{5} << 30) / 2);
       },
       kError,
       "model.onnx",
       {"2684354560 bytes is over the limit"},
       "MODEL-READ"},
      {"ModelSymlinkOutsideTheCase",
       [](P d, P outside) {
         WriteProto(outside / "model.onnx", MinModel());
         fs::remove(d / "model.onnx");
         fs::create_symlink(outside / "model.onnx", d / "model.onnx");
       },
       kError,
       "model.onnx",
       {"outside", "only inside the case folder"},
       "MODEL-READ"},
      {"ModelSymlinkLoop",
       [](P d, P) {
         fs::remove(d / "model.onnx");
         fs::create_symlink("model.onnx", d / "model.onnx");
       },
       kError,
       "model.onnx",
       {"symbolic links"},
       "MODEL-READ"},
      {"ModelNestedBeyondRecursionLimit",
       [](P d, P) {
         // 150 graphs, each in an attribute of the previous one's node.
         onnx::ModelProto model = MinModel();
         onnx::GraphProto* graph = model.mutable_graph();
         for (int depth = 0; depth < 150; ++depth) {
           onnx::AttributeProto* attribute = graph->mutable_node(0)->add_attribute();
           attribute->set_name("body");
           attribute->set_type(onnx::AttributeProto::GRAPH);
           graph = attribute->mutable_g();
           graph->add_node()->set_op_type("Identity");
         }
         WriteProto(d / "model.onnx", model);
       },
       kError,
       "model.onnx",
       {"not a valid serialized onnx.ModelProto", "recursion limit"},
       "MODEL-READ"},
      {"ModelWithoutGraph",
       [](P d, P) {
         onnx::ModelProto model;
         model.set_ir_version(8);
         model.add_opset_import()->set_version(13);
         WriteProto(d / "model.onnx", model);
       },
       kError,
       "model.onnx",
       {"model has no graph"},
       "MODEL-READ"},

      // ---- model.onnx: the graph
      {"GraphWithoutNode",
       [](P d, P) { EditModel(d, [](onnx::ModelProto& m) { m.mutable_graph()->clear_node(); }); },
       kInvalid,
       "model.onnx",
       {"GRAPH-NO-NODE"},
       "GRAPH-NO-NODE"},
      {"GraphWithACycle",
       [](P d, P) {
         // t = Min(x, z); z = Min(t, y): each node needs the other's output.
         TestModel m(13);
         m.Input("x", ElementType::kFloat, {2}).Input("y", ElementType::kFloat, {2});
         m.Output("z", ElementType::kFloat, {2});
         m.Node("Min", {"x", "z"}, {"t"});
         m.Node("Min", {"t", "y"}, {"z"});
         WriteProto(d / "model.onnx", m.model);
       },
       kInvalid,
       "model.onnx",
       {"GRAPH-NODE-ORDER", "comes later"},
       "GRAPH-NODE-ORDER"},
      {"NodeInputUndefined",
       [](P d, P) {
         EditModel(d, [](onnx::ModelProto& m) {
           m.mutable_graph()->mutable_node(0)->set_input(1, "nowhere");
         });
       },
       kInvalid,
       "model.onnx",
       {"GRAPH-INPUT-UNDEFINED", "'nowhere'"},
       "GRAPH-INPUT-UNDEFINED"},
      {"GraphOutputNotProduced",
       [](P d, P) {
         EditModel(d, [](onnx::ModelProto& m) {
           m.mutable_graph()->mutable_output(0)->set_name("never");
         });
       },
       kInvalid,
       "model.onnx",
       {"GRAPH-OUTPUT-NOT-PRODUCED", "'never'"},
       "GRAPH-OUTPUT-NOT-PRODUCED"},
      {"NoOpsetImport",
       [](P d, P) { EditModel(d, [](onnx::ModelProto& m) { m.clear_opset_import(); }); },
       kInvalid,
       "model.onnx",
       {"MODEL-OPSET-IMPORT"},
       "MODEL-OPSET-IMPORT"},
      {"AttributeOfTheWrongType",
       [](P d, P) {
         TestModel m(13);
         m.Input("x", ElementType::kFloat, {2, 2}).Output("z", ElementType::kInt64, {1, 2});
         SetFloat(m.Node("ArgMin", {"x"}, {"z"}), "axis", 0.5f);
         WriteProto(d / "model.onnx", m.model);
         fs::remove(d / kInput1);
         WriteProto(d / kInput0, FloatProto({2, 2}, {1, 2, 3, 4}, "x"));
       },
       kInvalid,
       "model.onnx",
       {"ATTR-TYPE", "axis"},
       "ATTR-TYPE"},
      {"AttributeOutOfRange",
       [](P d, P) {
         TestModel m(13);
         m.Input("x", ElementType::kFloat, {2, 2}).Output("z", ElementType::kInt64, {1, 2});
         SetInt(m.Node("ArgMin", {"x"}, {"z"}), "axis", 7);
         WriteProto(d / "model.onnx", m.model);
         fs::remove(d / kInput1);
         WriteProto(d / kInput0, FloatProto({2, 2}, {1, 2, 3, 4}, "x"));
       },
       kInvalid,
       "model.onnx",
       {"ATTR-AXIS-RANGE"},
       "ATTR-AXIS-RANGE"},
      {"InitializerDataDisagreesWithDims",
       [](P d, P) {
         EditModel(d, [](onnx::ModelProto& m) {
           m.mutable_graph()->mutable_input()->RemoveLast();
           *m.mutable_graph()->add_initializer() = FloatProto({3}, {1, 2}, "y");
         });
         fs::remove(d / kInput1);
       },
       kInvalid,
       "model.onnx",
       {"GRAPH-INITIALIZER-INVALID", "raw_data has 8 bytes"},
       "GRAPH-INITIALIZER-INVALID"},

      // ---- external data (a model's initializer, an input file)
      {"ExternalDataAbsolutePath",
       [](P d, P) { WriteExternalInitializerCase(d, (d / "weights.bin").string(), "4"); },
       kError,
       "model.onnx",
       {"tensor 'y': external data", "is absolute"},
       "MODEL-READ"},
      {"ExternalDataDotDot",
       [](P d, P) { WriteExternalInitializerCase(d, "../weights.bin", "4"); },
       kError,
       "model.onnx",
       {"'../weights.bin' holds '..'"},
       "MODEL-READ"},
      {"ExternalDataDotDotInside",
       [](P d, P) { WriteExternalInitializerCase(d, "sub/../weights.bin", "4"); },
       kError,
       "model.onnx",
       {"holds '..'"},
       "MODEL-READ"},
      {"ExternalDataSymlinkOutsideTheCase",
       [](P d, P outside) {
         WriteExternalInitializerCase(d, "link.bin", "4");
         WriteBytes(outside / "secret.bin", std::string(16, 'x'));
         fs::create_symlink(outside / "secret.bin", d / "link.bin");
       },
       kError,
       "model.onnx",
       {"link.bin: resolves to", "outside"},
       "MODEL-READ"},
      {"ExternalDataMissingFile",
       [](P d, P) { WriteExternalInitializerCase(d, "nothing.bin"); },
       kError,
       "model.onnx",
       {"nothing.bin: no such file"},
       "MODEL-READ"},
      {"ExternalDataOffsetPastTheEnd",
       [](P d, P) { WriteExternalInitializerCase(d, "weights.bin", "17"); },
       kError,
       "model.onnx",
       {"offset 17 is past the end", "(16 bytes)"},
       "MODEL-READ"},
      {"ExternalDataLengthPastTheEnd",
       [](P d, P) { WriteExternalInitializerCase(d, "weights.bin", "12", "8"); },
       kError,
       "model.onnx",
       {"offset 12 + length 8 reaches past the end"},
       "MODEL-READ"},
      {"ExternalDataOffsetNotANumber",
       [](P d, P) { WriteExternalInitializerCase(d, "weights.bin", "-4"); },
       kError,
       "model.onnx",
       {"offset '-4' is not a non-negative decimal number"},
       "MODEL-READ"},
      {"ExternalDataLengthDisagreesWithDims",
       [](P d, P) { WriteExternalInitializerCase(d, "weights.bin", "0", "12"); },
       kInvalid,
       "model.onnx",
       {"GRAPH-INITIALIZER-INVALID", "raw_data has 12 bytes"},
       "GRAPH-INITIALIZER-INVALID"},
      {"ExternalDataWithoutLocation",
       [](P d, P) {
         EditTensor(d / kInput1, [](onnx::TensorProto& t) {
           t.clear_raw_data();
           t.set_data_location(onnx::TensorProto::EXTERNAL);
         });
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"no location is given"},
       "DATA-DECODE"},
      {"ExternalDataInAnInputFileOutsideItsFolder",
       [](P d, P) {
         WriteBytes(d / "input.bin", std::string(8, '\0'));
         EditTensor(d / kInput1, [](onnx::TensorProto& t) {
           t.clear_raw_data();
           t.set_data_location(onnx::TensorProto::EXTERNAL);
           onnx::StringStringEntryProto* entry = t.add_external_data();
           entry->set_key("location");
           entry->set_value("../input.bin");
         });
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"holds '..'"},
       "DATA-DECODE"},

      // ---- data sets
      {"NoDataSet",
       [](P d, P) { fs::remove_all(d / kDataSet); },
       kError,
       "",
       {"no test_data_set_N directory"},
       "DATA-SET-MISSING"},
      {"DataSetIsAFile",
       [](P d, P) {
         fs::remove_all(d / kDataSet);
         WriteBytes(d / kDataSet, "not a folder");
       },
       kError,
       kDataSet,
       {"must be a directory"},
       "DATA-FILE-NAMES"},
      {"DataSetSymlinkOutsideTheCase",
       [](P d, P outside) {
         fs::rename(d / kDataSet, outside / "elsewhere");
         fs::create_directory_symlink(outside / "elsewhere", d / kDataSet);
       },
       kError,
       kDataSet,
       {"outside", "only inside the case folder"},
       "DATA-DECODE"},
      {"DataSetSymlinkLoop",
       [](P d, P) {
         fs::remove_all(d / kDataSet);
         fs::create_directory_symlink(kDataSet, d / kDataSet);
       },
       kError,
       kDataSet,
       {"must be a directory"},
       "DATA-FILE-NAMES"},
      {"GapInInputNumbering",
       [](P d, P) { fs::rename(d / kInput1, d / kDataSet / "input_2.pb"); },
       kError,
       "test_data_set_0/input_1.pb",
       {"missing (found input_2.pb"},
       "DATA-FILE-NAMES"},
      {"TwoFilesWithOneNumber",
       [](P d, P) { fs::copy_file(d / kInput1, d / kDataSet / "input_01.pb"); },
       kError,
       kDataSet,
       {"input_01.pb", "are both input_1.pb"},
       "DATA-FILE-NAMES"},
      {"BadTensorFileName",
       [](P d, P) { fs::copy_file(d / kInput1, d / kDataSet / "input_x.pb"); },
       kError,
       "test_data_set_0/input_x.pb",
       {"not a tensor file name"},
       "DATA-FILE-NAMES"},
      {"MoreOutputFilesThanGraphOutputs",
       [](P d, P) { fs::copy_file(d / kOutput0, d / kDataSet / "output_1.pb"); },
       kInvalid,
       kDataSet,
       {"DATA-OUTPUT-COUNT", "2 output files", "1 outputs"},
       "DATA-OUTPUT-COUNT"},
      {"FewerInputFilesThanGraphInputs",
       [](P d, P) { fs::remove(d / kInput1); },
       kInvalid,
       kDataSet,
       {"DATA-INPUT-COUNT", "1 input files"},
       "DATA-INPUT-COUNT"},
      {"InputOfTheWrongType",
       [](P d, P) {
         onnx::TensorProto t;
         t.set_name("y");
         t.set_data_type(onnx::TensorProto::INT32);
         t.add_dims(2);
         t.add_int32_data(3);
         t.add_int32_data(2);
         WriteProto(d / kInput1, t);
       },
       kInvalid,
       "test_data_set_0/input_1.pb",
       {"DATA-TYPE", "int32"},
       "DATA-TYPE"},
      {"InputOfTheWrongShape",
       [](P d, P) {
         WriteProto(d / kInput1, FloatProto({3}, {3, 2, 1}, "y"));
       },
       kInvalid,
       "test_data_set_0/input_1.pb",
       {"DATA-SHAPE", "[3]"},
       "DATA-SHAPE"},
      {"ExpectedOutputOfTheWrongShape",
       [](P d, P) {
         WriteProto(d / kOutput0, FloatProto({1, 2}, {1, 2}, "z"));
       },
       kInvalid,
       "test_data_set_0/output_0.pb",
       {"DATA-SHAPE", "[1,2]"},
       "DATA-SHAPE"},

      // ---- tensor files: the file itself
      {"TensorFileEmpty",
       [](P d, P) { WriteBytes(d / kInput1, ""); },
       kError,
       "test_data_set_0/input_1.pb",
       {"empty file"},
       "DATA-DECODE"},
      {"TensorFileTruncated",
       [](P d, P) {
         const std::string bytes = Serialized(FloatProto({2}, {3, 2}, "y"));
         WriteBytes(d / kInput1, bytes.substr(0, bytes.size() - 3));
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"not a valid serialized onnx.TensorProto"},
       "DATA-DECODE"},
      {"TensorFileNotProtobuf",
       [](P d, P) { WriteBytes(d / kInput1, "\x0f\xff\xff garbage"); },
       kError,
       "test_data_set_0/input_1.pb",
       {"not a valid serialized onnx.TensorProto"},
       "DATA-DECODE"},
      {"TensorFileIsAModel",
       [](P d, P) {
         fs::copy_file(d / "model.onnx", d / kInput1, fs::copy_options::overwrite_existing);
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"not an onnx.TensorProto", "it is an onnx.ModelProto"},
       "DATA-DECODE"},
      {"TensorFileIsAFifo",
       [](P d, P) {
         fs::remove(d / kInput1);
         ASSERT_EQ(mkfifo((d / kInput1).c_str(), 0600), 0);
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"not a regular file"},
       "DATA-DECODE"},
      {"TensorFileIsADirectory",
       [](P d, P) {
         fs::remove(d / kInput1);
         fs::create_directory(d / kInput1);
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"not a regular file"},
       "DATA-DECODE"},
      {"TensorFileSymlinkOutsideTheCase",
       [](P d, P outside) {
         WriteProto(outside / "y.pb", FloatProto({2}, {3, 2}, "y"));
         fs::remove(d / kInput1);
         fs::create_symlink(outside / "y.pb", d / kInput1);
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"outside"},
       "DATA-DECODE"},
      {"TensorFileSymlinkLoop",
       [](P d, P) {
         fs::remove(d / kInput1);
         fs::create_symlink("input_1.pb", d / kInput1);
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"symbolic links"},
       "DATA-DECODE"},

      // ---- tensor files: the TensorProto
      {"DataTypeUnset",
       [](P d, P) { EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.clear_data_type(); }); },
       kError,
       "test_data_set_0/input_1.pb",
       {"data_type is not set"},
       "DATA-DECODE"},
      {"DataTypeUnknown",
       [](P d, P) { EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.set_data_type(99); }); },
       kError,
       "test_data_set_0/input_1.pb",
       {"unknown data_type 99"},
       "DATA-DECODE"},
      {"DataTypeString",
       [](P d, P) {
         onnx::TensorProto t;
         t.set_name("y");
         t.set_data_type(onnx::TensorProto::STRING);
         t.add_dims(2);
         t.add_string_data("a");
         t.add_string_data("b");
         WriteProto(d / kInput1, t);
       },
       // The loader refuses to decode it; the checker reads its type and
       // reports the graph's float input fed with strings.
       kError,
       "test_data_set_0/input_1.pb",
       {"string is not a numeric type"},
       "DATA-TYPE"},
      {"DimsAndRawDataDisagree",
       [](P d, P) { EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.set_dims(0, 3); }); },
       kError,
       "test_data_set_0/input_1.pb",
       {"raw_data has 8 bytes, but dims [3] of float need 12"},
       "DATA-DECODE"},
      {"DimsAndTypedDataDisagree",
       [](P d, P) {
         EditTensor(d / kInput1, [](onnx::TensorProto& t) {
           t.clear_raw_data();
           t.add_float_data(3);
         });
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"float_data has 1 values, but dims [2] need 2"},
       "DATA-DECODE"},
      {"NegativeDim",
       [](P d, P) { EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.set_dims(0, -2); }); },
       kError,
       "test_data_set_0/input_1.pb",
       {"negative dimension -2"},
       "DATA-DECODE"},
      {"DimsProductOverflowsInt64",
       [](P d, P) {
         EditTensor(d / kInput1, [](onnx::TensorProto& t) {
           t.set_dims(0, int64_t{1} << 40);
           t.add_dims(int64_t{1} << 40);
         });
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"more than 2^63 elements"},
       "DATA-DECODE"},
      {"DimsExceedMemoryWithLittleData",
       [](P d, P) {
         // 16 TiB claimed, 8 bytes given: refused before any allocation.
         EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.set_dims(0, int64_t{1} << 42); });
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"raw_data has 8 bytes", "need 17592186044416"},
       "DATA-DECODE"},
      {"RawDataNotAMultipleOfTheElementSize",
       [](P d, P) {
         EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.mutable_raw_data()->append("x"); });
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"raw_data has 9 bytes"},
       "DATA-DECODE"},
      {"RawAndTypedDataBothSet",
       [](P d, P) {
         EditTensor(d / kInput1, [](onnx::TensorProto& t) {
           t.add_float_data(3);
           t.add_float_data(2);
         });
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"both raw_data and typed data"},
       "DATA-DECODE"},
      {"TypedDataInTheWrongField",
       [](P d, P) {
         EditTensor(d / kInput1, [](onnx::TensorProto& t) {
           t.clear_raw_data();
           t.add_double_data(3);
           t.add_double_data(2);
         });
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"double_data is set", "belongs in float_data"},
       "DATA-DECODE"},
      {"Int8OutOfRangeInInt32Data",
       [](P d, P) {
         WriteProto(d / "model.onnx", MinModel(ElementType::kInt8));
         for (const fs::path& file : {kInput0, kInput1, kOutput0}) {
           onnx::TensorProto t;
           t.set_name(file == kOutput0 ? "z" : file == kInput0 ? "x" : "y");
           t.set_data_type(onnx::TensorProto::INT8);
           t.add_dims(2);
           t.add_int32_data(1);
           t.add_int32_data(file == kInput1 ? 200 : 2);
           WriteProto(d / file, t);
         }
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"int32_data[1] = 200 is out of range for int8"},
       "DATA-DECODE"},
      {"Float16BitsOutOfRange",
       [](P d, P) {
         WriteProto(d / "model.onnx", MinModel(ElementType::kFloat16));
         for (const fs::path& file : {kInput0, kInput1, kOutput0}) {
           onnx::TensorProto t;
           t.set_name(file == kOutput0 ? "z" : file == kInput0 ? "x" : "y");
           t.set_data_type(onnx::TensorProto::FLOAT16);
           t.add_dims(2);
           t.add_int32_data(0x3c00);
           t.add_int32_data(file == kInput1 ? 0x10000 : 0x3c00);
           WriteProto(d / file, t);
         }
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"65536 is out of range for float16"},
       "DATA-DECODE"},
      {"SegmentedTensor",
       [](P d, P) {
         EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.mutable_segment()->set_end(2); });
       },
       kError,
       "test_data_set_0/input_1.pb",
       {"segmented tensors are not supported"},
       "DATA-DECODE"},

      // ---- case.json
      {"CaseJsonNotJson",
       [](P d, P) { WriteBytes(d / "case.json", "{\"operator\": "); },
       kError,
       "case.json",
       {"case.json"},
       ""},

      // ---- resource limits
      {"TensorOverMaxTensorBytes",
       [](P, P) {},
       kError,
       "test_data_set_0/input_0.pb",
       {"over the limit of 4 bytes per tensor (--max-tensor-bytes)"},
       "",
       ResourceLimits{.max_tensor_bytes = 4}},
      {"CaseOverMaxCaseBytesWhileReading",
       [](P, P) {},
       kError,
       "model.onnx",
       {"reading the file", "(--max-case-bytes)"},
       "",
       ResourceLimits{.max_case_bytes = 16}},
      {"ReferenceOutputOverMaxCaseBytes",
       [](P d, P) {
         // Min of [32,1] and [1,32] broadcasts to [32,32]: the reference's
         // output is refused before it is allocated, once the inputs, the
         // 4 KiB expected output and its file have used the budget.
         TestModel m(13);
         m.Input("x", ElementType::kFloat, {32, 1}).Input("y", ElementType::kFloat, {1, 32});
         m.Output("z", ElementType::kFloat, {32, 32});
         m.Node("Min", {"x", "y"}, {"z"});
         WriteProto(d / "model.onnx", m.model);
         std::vector<float> column(32, 1), square(32 * 32, 1);
         WriteProto(d / kInput0, FloatProto({32, 1}, column, "x"));
         WriteProto(d / kInput1, FloatProto({1, 32}, column, "y"));
         WriteProto(d / kOutput0, FloatProto({32, 32}, square, "z"));
       },
       kError,
       kDataSet,
       {"tensor of shape [32,32] and type float needs 4096 bytes", "(--max-case-bytes)"},
       "",
       ResourceLimits{.max_case_bytes = 10240}},
      {"ArgMinOutputOverMaxCaseBytes",
       [](P d, P) {
         // ArgMin over an axis of 2 turns 8 KiB of uint8 into 32 KiB of
         // int64: the reference's output is refused before it is allocated.
         TestModel m(13);
         m.Input("x", ElementType::kUint8, {4096, 2}).Output("z", ElementType::kInt64, {4096, 1});
         SetInt(m.Node("ArgMin", {"x"}, {"z"}), "axis", 1);
         WriteProto(d / "model.onnx", m.model);
         fs::remove(d / kInput1);
         Tensor x = *Tensor::Create(ElementType::kUint8, {4096, 2});
         std::fill(x.data<uint8_t>().begin(), x.data<uint8_t>().end(), 0);
         WriteProto(d / kInput0, TensorToProto(x, "x"));
         Tensor z = *Tensor::Create(ElementType::kInt64, {4096, 1});
         std::fill(z.data<int64_t>().begin(), z.data<int64_t>().end(), 0);
         WriteProto(d / kOutput0, TensorToProto(z, "z"));
       },
       kError,
       kDataSet,
       {"node #0 (ArgMin)", "tensor of shape [4096,1] and type int64 needs 32768 bytes",
        "(--max-case-bytes)"},
       "",
       ResourceLimits{.max_case_bytes = 100 << 10}},
      {"LongChainOfIdentityNodes",
       [](P d, P) {
         // x -> Identity x 1000 -> Min(t999, x): every copy is charged, so the
         // chain stops at the case's limit instead of holding 64 MB.
         TestModel m(13);
         m.Input("x", ElementType::kFloat, {16384}).Output("z", ElementType::kFloat, {16384});
         std::string previous = "x";
         for (int n = 0; n < 1000; ++n) {
           const std::string next = absl::StrCat("t", n);
           m.Node("Identity", {previous}, {next});
           previous = next;
         }
         m.Node("Min", {previous, "x"}, {"z"});
         WriteProto(d / "model.onnx", m.model);
         std::vector<float> values(16384, 1.0f);
         fs::remove(d / kInput1);
         WriteProto(d / kInput0, FloatProto({16384}, values, "x"));
         WriteProto(d / kOutput0, FloatProto({16384}, values, "z"));
       },
       kError, kDataSet, {"(Identity)", "(--max-case-bytes)"}, "",
       ResourceLimits{.max_case_bytes = int64_t{16} << 20}},
      {"NodeWithManyUnknownAttributes",
       [](P d, P) {
         // 100000 findings: checked in linear time, and the message is cut.
         EditModel(d, [](onnx::ModelProto& m) {
           for (int a = 0; a < 100000; ++a) {
             SetInt(*m.mutable_graph()->mutable_node(0), absl::StrCat("unknown_", a), a);
           }
         });
       },
       kInvalid, "model.onnx", {"ATTR-UNKNOWN", "unknown_0", "[message cut:"}, "ATTR-UNKNOWN"},
      {"ManyGraphInputs",
       [](P d, P) {
         EditModel(d, [](onnx::ModelProto& m) {
           for (int k = 0; k < 100000; ++k) {
             onnx::ValueInfoProto* input = m.mutable_graph()->add_input();
             input->set_name(absl::StrCat("extra_", k));
             testing_util::SetTensorType(*input, ElementType::kFloat, {1});
           }
         });
       },
       kInvalid, kDataSet, {"DATA-INPUT-COUNT", "100002 inputs to feed"}, "DATA-INPUT-COUNT"},
      {"HugeNodeName",
       [](P d, P) {
         // An 8 MiB name in every finding: the reported message stays small.
         EditModel(d, [](onnx::ModelProto& m) {
           onnx::NodeProto* node = m.mutable_graph()->mutable_node(0);
           node->set_name(std::string(8 << 20, 'n'));
           SetInt(*node, "unknown", 1);
         });
       },
       kInvalid, "model.onnx", {"ATTR-UNKNOWN", "[message cut:"}, "ATTR-UNKNOWN"},
      {"MinOverManyCopiesOfALargeInput",
       [](P d, P) {
         // 2^18 + 1 copies of a 2^16-element input: 1 MiB of files, over 2^34 element
         // operations. Refused before the work starts, at the default limits.
         TestModel m(13);
         m.Input("x", ElementType::kFloat, {1 << 16}).Output("z", ElementType::kFloat, {1 << 16});
         m.Node("Min", std::vector<std::string>((1 << 18) + 1, "x"), {"z"});
         WriteProto(d / "model.onnx", m.model);
         std::vector<float> values(1 << 16, 1.0f);
         fs::remove(d / kInput1);
         WriteProto(d / kInput0, FloatProto({1 << 16}, values, "x"));
         WriteProto(d / kOutput0, FloatProto({1 << 16}, values, "z"));
       },
       kError,
       kDataSet,
       {"node #0 (Min)", "17179934720 element operations", "limit of 17179869184"},
       ""},
  };
  return kinds;
}

class MalformedInputTest : public ::testing::TestWithParam<MalformedKind> {
 protected:
  void SetUp() override {
    root_ = fs::path(::testing::TempDir()) / "malformed_input_test" / GetParam().name;
    fs::remove_all(root_);
    dir_ = root_ / "case";
    outside_ = root_ / "outside";
    fs::create_directories(outside_);
    WriteValidCase(dir_);
    GetParam().make(dir_, outside_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }

  fs::path root_, dir_, outside_;
};

TEST_P(MalformedInputTest, RunCaseReportsTheFileAndTheProblem) {
  const MalformedKind& kind = GetParam();
  std::unique_ptr<Backend> backend = MakeReferenceBackend();
  const CaseResult result = RunCase(dir_, *backend, kind.limits);
  EXPECT_EQ(StatusName(result.status), StatusName(kind.status)) << result.message;
  EXPECT_THAT(result.message, HasSubstr(kind.file.empty() ? dir_.string() : kind.file.string()));
  for (const std::string& problem : kind.problems) {
    EXPECT_THAT(result.message, HasSubstr(problem));
  }
}

TEST_P(MalformedInputTest, CheckerRejectsItUnderItsRule) {
  const MalformedKind& kind = GetParam();
  if (kind.checker_rule.empty()) GTEST_SKIP() << "not a matter for the checker";
  const std::vector<Diagnostic> diagnostics = CheckCaseDir(dir_);
  EXPECT_TRUE(HasErrors(diagnostics));
  std::vector<std::string> formatted;
  for (const Diagnostic& d : diagnostics) formatted.push_back(FormatDiagnostic(d));
  EXPECT_THAT(RuleIds(diagnostics), Contains(kind.checker_rule)) << absl::StrJoin(formatted, "\n");
}

INSTANTIATE_TEST_SUITE_P(Corpus, MalformedInputTest, ::testing::ValuesIn(Corpus()),
                         [](const ::testing::TestParamInfo<MalformedKind>& info) {
                           return info.param.name;
                         });

// The corpus is what the issue asks for: at least 40 distinct kinds.
TEST(MalformedInputCorpusTest, HasAtLeastFortyKinds) { EXPECT_GE(Corpus().size(), 40u); }

// ------------------------------------------------------------ controls
// The same machinery on cases that must pass: a broken kind that passed
// would otherwise go unnoticed only if these failed too.

class WellFormedInputTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(::testing::TempDir()) / "malformed_input_test" /
            ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(root_);
    dir_ = root_ / "case";
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  CaseResult Run(const ResourceLimits& limits = {}) {
    return RunCase(dir_, *MakeReferenceBackend(), limits);
  }
  fs::path root_, dir_;
};

TEST_F(WellFormedInputTest, TheValidCasePasses) {
  WriteValidCase(dir_);
  const CaseResult result = Run();
  EXPECT_EQ(result.status, CaseStatus::kPass) << result.message;
  EXPECT_FALSE(HasErrors(CheckCaseDir(dir_)));
}

TEST_F(WellFormedInputTest, ExternalDataInsideTheCaseIsReadAtItsOffset) {
  WriteExternalInitializerCase(dir_, "weights.bin", "4", "8");
  const CaseResult result = Run();
  EXPECT_EQ(result.status, CaseStatus::kPass) << result.message;
  // At offset 0 the initializer would be [9, 3]: Min([1, 5], [9, 3]) = [1, 3].
  WriteExternalInitializerCase(dir_, "weights.bin", "0", "8");
  EXPECT_EQ(Run().status, CaseStatus::kFail);
}

TEST_F(WellFormedInputTest, ExternalDataOfAnInputFileIsReadFromItsFolder) {
  WriteValidCase(dir_);
  const float y[] = {3, 2};
  WriteBytes(dir_ / kDataSet / "y.bin", std::string(reinterpret_cast<const char*>(y), 8));
  EditTensor(dir_ / kInput1, [](onnx::TensorProto& t) {
    t.clear_raw_data();
    t.set_data_location(onnx::TensorProto::EXTERNAL);
    onnx::StringStringEntryProto* entry = t.add_external_data();
    entry->set_key("location");
    entry->set_value("y.bin");
  });
  const CaseResult result = Run();
  EXPECT_EQ(result.status, CaseStatus::kPass) << result.message;
}

TEST_F(WellFormedInputTest, SymlinksInsideTheCaseAreFollowed) {
  WriteValidCase(dir_);
  fs::rename(dir_ / kInput1, dir_ / "y.pb");
  fs::create_symlink("../y.pb", dir_ / kInput1);
  const CaseResult result = Run();
  EXPECT_EQ(result.status, CaseStatus::kPass) << result.message;
}

TEST_F(WellFormedInputTest, LimitsJustAboveTheCaseLetItPass) {
  WriteValidCase(dir_);
  // 8-byte tensors pass a limit of 8 bytes per tensor.
  EXPECT_EQ(Run(ResourceLimits{.max_tensor_bytes = 8}).status, CaseStatus::kPass);
}

TEST_F(WellFormedInputTest, RunCommandTakesTheLimitFlags) {
  absl::FlagSaver restore_flags_after_the_test;
  // Flags are global: start from the run command's defaults, whatever other
  // tests of this binary left behind.
  for (const auto& [name, flag] : absl::GetAllFlags()) {
    if (absl::EndsWith(flag->Filename(), "run_command.cc")) {
      std::string error;
      ASSERT_TRUE(flag->ParseFrom(flag->DefaultValue(), &error)) << name << ": " << error;
    }
  }
  WriteValidCase(dir_);
  EXPECT_EQ(RunCommand({"--quiet", "--max-tensor-bytes=64K", "--max-case-bytes=1M", dir_.string()}),
            kExitOk);
  // The whole case reads and allocates about 200 bytes.
  EXPECT_EQ(RunCommand({"--quiet", "--max-case-bytes=100", dir_.string()}), kExitFailed);
  EXPECT_EQ(RunCommand({"--max-case-bytes=1M", "--max-tensor-bytes=4GB", dir_.string()}),
            kExitUsage);
  EXPECT_EQ(RunCommand({"--max-tensor-bytes=1M", "--max-case-bytes=0", dir_.string()}),
            kExitUsage);
}

}  // namespace
}  // namespace onnx_conform
