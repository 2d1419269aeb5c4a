// The malformed-input corpus, part 1 (testing/malformed/malformed_input_corpus.h):
// kinds that break model.onnx, the file itself or its graph, and the external
// data that a model's initializer or an input file points to.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "caseio/case_layout.h"
#include "onnx/onnx_pb.h"
#include "runners/harness/case_result.h"
#include "tensor/element_type.h"
#include "testing/malformed/malformed_input_corpus.h"
#include "testing/test_model.h"

namespace onnx_conform::malformed {

namespace fs = std::filesystem;
using testing_util::SetFloat;
using testing_util::SetInt;
using testing_util::TestModel;

std::vector<MalformedKind> MalformedModelKinds() {
  using P = const fs::path&;
  const CaseStatus kError = CaseStatus::kError;
  const CaseStatus kInvalid = CaseStatus::kInvalid;
  std::vector<MalformedKind> kinds = {
      // ---- model.onnx: the file itself
      {"ModelMissing",
       [](P d, P) { fs::remove(d / kModelFileName); },
       kError,
       "model.onnx",
       {"no such file"},
       "MODEL-READ"},
      {"ModelEmpty",
       [](P d, P) { WriteBytes(d / kModelFileName, ""); },
       kError,
       "model.onnx",
       {"empty file"},
       "MODEL-READ"},
      {"ModelTruncated",
       [](P d, P) {
         const std::string bytes = Serialized(MinModel());
         WriteBytes(d / kModelFileName, bytes.substr(0, bytes.size() - 5));
       },
       kError,
       "model.onnx",
       {"not a valid serialized onnx.ModelProto", "truncated"},
       "MODEL-READ"},
      {"ModelNotProtobuf",
       [](P d, P) { WriteBytes(d / kModelFileName, "\xff\xff\xff\xff not a protobuf"); },
       kError,
       "model.onnx",
       {"not a valid serialized onnx.ModelProto"},
       "MODEL-READ"},
      {"ModelIsATensorProto",
       [](P d, P) {
         fs::copy_file(d / kInput0, d / kModelFileName, fs::copy_options::overwrite_existing);
       },
       kError,
       "model.onnx",
       {"not an onnx.ModelProto", "it is an onnx.TensorProto"},
       "MODEL-READ"},
      {"ModelIsADirectory",
       [](P d, P) {
         fs::remove(d / kModelFileName);
         fs::create_directory(d / kModelFileName);
       },
       kError,
       "model.onnx",
       {"not a regular file"},
       "MODEL-READ"},
      {"ModelOver2GiB",
       [](P d, P) {
         // Sparse: no disk is used, and nothing is read.
         std::ofstream(d / kModelFileName, std::ios::trunc).close();
         fs::resize_file(d / kModelFileName, (uintmax_t{5} << 30) / 2);
       },
       kError,
       "model.onnx",
       {"2684354560 bytes is over the limit"},
       "MODEL-READ"},
      {"ModelSymlinkOutsideTheCase",
       [](P d, P outside) {
         WriteProto(outside / kModelFileName, MinModel());
         fs::remove(d / kModelFileName);
         fs::create_symlink(outside / kModelFileName, d / kModelFileName);
       },
       kError,
       "model.onnx",
       {"outside", "only inside the case folder"},
       "MODEL-READ"},
      {"ModelSymlinkLoop",
       [](P d, P) {
         fs::remove(d / kModelFileName);
         fs::create_symlink(kModelFileName, d / kModelFileName);
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
         WriteProto(d / kModelFileName, model);
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
         WriteProto(d / kModelFileName, model);
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
         WriteProto(d / kModelFileName, m.model);
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
         WriteProto(d / kModelFileName, m.model);
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
         WriteProto(d / kModelFileName, m.model);
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
      {"ExternalDataHardLinkedToAFileOutsideTheCase",
       [](P d, P outside) {
         WriteExternalInitializerCase(d, "linked.bin", "4");
         WriteBytes(outside / "secret.bin", std::string(16, 'x'));
         fs::create_hard_link(outside / "secret.bin", d / "linked.bin");
       },
       kError,
       "model.onnx",
       {"linked.bin: has 2 hard links", "more than one are refused"},
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
       kInput1,
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
       kInput1,
       {"holds '..'"},
       "DATA-DECODE"},
  };
  return kinds;
}

}  // namespace onnx_conform::malformed
