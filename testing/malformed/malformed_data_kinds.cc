// The malformed-input corpus, part 2 (testing/malformed/malformed_input_corpus.h):
// kinds that break the data sets (folders, file names, counts, types and
// shapes), the tensor files (the file itself, the TensorProto) and case.json.
#include <sys/stat.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "caseio/case_layout.h"
#include "gtest/gtest.h"
#include "onnx/onnx_pb.h"
#include "runners/harness/case_result.h"
#include "tensor/element_type.h"
#include "testing/malformed/malformed_input_corpus.h"

namespace onnx_conform::malformed {

namespace fs = std::filesystem;

std::vector<MalformedKind> MalformedDataKinds() {
  using P = const fs::path&;
  const CaseStatus kError = CaseStatus::kError;
  const CaseStatus kInvalid = CaseStatus::kInvalid;
  std::vector<MalformedKind> kinds = {
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
       [](P d, P) { fs::rename(d / kInput1, d / kDataSet / InputFileName(2)); },
       kError,
       kInput1,
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
       kDataSet / "input_x.pb",
       {"not a tensor file name"},
       "DATA-FILE-NAMES"},
      {"MoreOutputFilesThanGraphOutputs",
       [](P d, P) { fs::copy_file(d / kOutput0, d / kDataSet / OutputFileName(1)); },
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
       kInput1,
       {"DATA-TYPE", "int32"},
       "DATA-TYPE"},
      {"InputOfTheWrongShape",
       [](P d, P) {
         WriteProto(d / kInput1, FloatProto({3}, {3, 2, 1}, "y"));
       },
       kInvalid,
       kInput1,
       {"DATA-SHAPE", "[3]"},
       "DATA-SHAPE"},
      {"ExpectedOutputOfTheWrongShape",
       [](P d, P) {
         WriteProto(d / kOutput0, FloatProto({1, 2}, {1, 2}, "z"));
       },
       kInvalid,
       kOutput0,
       {"DATA-SHAPE", "[1,2]"},
       "DATA-SHAPE"},

      // ---- tensor files: the file itself
      {"TensorFileEmpty",
       [](P d, P) { WriteBytes(d / kInput1, ""); },
       kError,
       kInput1,
       {"empty file"},
       "DATA-DECODE"},
      {"TensorFileTruncated",
       [](P d, P) {
         const std::string bytes = Serialized(FloatProto({2}, {3, 2}, "y"));
         WriteBytes(d / kInput1, bytes.substr(0, bytes.size() - 3));
       },
       kError,
       kInput1,
       {"not a valid serialized onnx.TensorProto"},
       "DATA-DECODE"},
      {"TensorFileNotProtobuf",
       [](P d, P) { WriteBytes(d / kInput1, "\x0f\xff\xff garbage"); },
       kError,
       kInput1,
       {"not a valid serialized onnx.TensorProto"},
       "DATA-DECODE"},
      {"TensorFileIsAModel",
       [](P d, P) {
         fs::copy_file(d / kModelFileName, d / kInput1, fs::copy_options::overwrite_existing);
       },
       kError,
       kInput1,
       {"not an onnx.TensorProto", "it is an onnx.ModelProto"},
       "DATA-DECODE"},
      {"TensorFileIsAFifo",
       [](P d, P) {
         fs::remove(d / kInput1);
         ASSERT_EQ(mkfifo((d / kInput1).c_str(), 0600), 0);
       },
       kError,
       kInput1,
       {"not a regular file"},
       "DATA-DECODE"},
      {"TensorFileIsADirectory",
       [](P d, P) {
         fs::remove(d / kInput1);
         fs::create_directory(d / kInput1);
       },
       kError,
       kInput1,
       {"not a regular file"},
       "DATA-DECODE"},
      {"TensorFileSymlinkOutsideTheCase",
       [](P d, P outside) {
         WriteProto(outside / "y.pb", FloatProto({2}, {3, 2}, "y"));
         fs::remove(d / kInput1);
         fs::create_symlink(outside / "y.pb", d / kInput1);
       },
       kError,
       kInput1,
       {"outside"},
       "DATA-DECODE"},
      {"TensorFileSymlinkLoop",
       [](P d, P) {
         fs::remove(d / kInput1);
         fs::create_symlink(kInput1.filename(), d / kInput1);
       },
       kError,
       kInput1,
       {"symbolic links"},
       "DATA-DECODE"},

      // ---- tensor files: the TensorProto
      {"DataTypeUnset",
       [](P d, P) { EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.clear_data_type(); }); },
       kError,
       kInput1,
       {"data_type is not set"},
       "DATA-DECODE"},
      // A number no ONNX the suite knows defines, perhaps a newer one's:
      // no verdict on the case.
      {"DataTypeUnknown",
       [](P d, P) { EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.set_data_type(99); }); },
       CaseStatus::kUnsupported,
       kInput1,
       {"unknown data_type 99"},
       "TYPE-UNKNOWN"},
      {"DataTypeNegative",
       [](P d, P) { EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.set_data_type(-2); }); },
       kError,
       kInput1,
       {"unknown data_type -2"},
       "DATA-DECODE"},
      {"DataTypeString",
       [](P d, P) {
         onnx::TensorProto t;
         t.set_name("y");
         t.set_data_type(onnx::TensorProto::STRING);
         t.add_dims(2);
         // std::string arguments: GCC 12 gives a false -Wrestrict on literals here.
         t.add_string_data(std::string("a"));
         t.add_string_data(std::string("b"));
         WriteProto(d / kInput1, t);
       },
       // A valid string TensorProto, decoded: the checker reports the
       // graph's float input fed with strings (run and check alike).
       kInvalid,
       kInput1,
       {"[DATA-TYPE] graph input 'y': the tensor is string"},
       "DATA-TYPE"},
      {"DimsAndRawDataDisagree",
       [](P d, P) { EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.set_dims(0, 3); }); },
       kError,
       kInput1,
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
       kInput1,
       {"float_data has 1 values, but dims [2] need 2"},
       "DATA-DECODE"},
      {"NegativeDim",
       [](P d, P) { EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.set_dims(0, -2); }); },
       kError,
       kInput1,
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
       kInput1,
       {"more than 2^63 elements"},
       "DATA-DECODE"},
      {"DimsExceedMemoryWithLittleData",
       [](P d, P) {
         // 16 TiB claimed, 8 bytes given: refused before any allocation.
         EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.set_dims(0, int64_t{1} << 42); });
       },
       kError,
       kInput1,
       {"raw_data has 8 bytes", "need 17592186044416"},
       "DATA-DECODE"},
      {"RawDataNotAMultipleOfTheElementSize",
       [](P d, P) {
         EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.mutable_raw_data()->append("x"); });
       },
       kError,
       kInput1,
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
       kInput1,
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
       kInput1,
       {"double_data is set", "belongs in float_data"},
       "DATA-DECODE"},
      {"Int8OutOfRangeInInt32Data",
       [](P d, P) {
         WriteProto(d / kModelFileName, MinModel(ElementType::kInt8));
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
       kInput1,
       {"int32_data[1] = 200 is out of range for int8"},
       "DATA-DECODE"},
      {"Float16BitsOutOfRange",
       [](P d, P) {
         WriteProto(d / kModelFileName, MinModel(ElementType::kFloat16));
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
       kInput1,
       {"65536 is out of range for float16"},
       "DATA-DECODE"},
      {"SegmentedTensor",
       [](P d, P) {
         EditTensor(d / kInput1, [](onnx::TensorProto& t) { t.mutable_segment()->set_end(2); });
       },
       kError,
       kInput1,
       {"segmented tensors are not supported"},
       "DATA-DECODE"},

      // ---- case.json
      {"CaseJsonNotJson",
       [](P d, P) { WriteBytes(d / "case.json", "{\"operator\": "); },
       kError,
       "case.json",
       {"case.json"},
       ""},
      {"CaseJsonSymlinkOutsideTheCase",
       [](P d, P outside) {
         WriteBytes(outside / "passwd", "root:x:0:0:root:/root:/bin/bash\n");
         fs::create_symlink(outside / "passwd", d / "case.json");
       },
       kError,
       "case.json",
       {"symbolic link", "read only as a file of the case folder"},
       ""},
      {"CaseJsonOverItsLimit",
       [](P d, P) {
         WriteBytes(d / "case.json", "{");
         fs::resize_file(d / "case.json", uintmax_t{1} << 30);  // sparse
       },
       kError,
       "case.json",
       {"over case.json's limit"},
       ""},
  };
  return kinds;
}

}  // namespace onnx_conform::malformed
