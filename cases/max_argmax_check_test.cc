// An independent check of every stored Max and ArgMax expectation: the
// library's own cases (cases/node) and ONNX's official node tests
// (test_max_*, test_argmax*, written by numpy), each data set decoded and
// its expected output recomputed here, numpy-style, with nothing from
// reference/ or from the case definitions: Max as numpy.maximum (NaN
// propagates; else the largest value, bit for bit one of the inputs holding
// it), ArgMax as numpy.argmax (the first NaN, else the first largest; the
// last of either with select_last_index = 1).
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "tensor/element_type.h"
#include "testing/caseio_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

// One element as this test compares it: long double holds every value of
// every numeric type exactly (float16/bfloat16 widened, 64-bit integers in
// its 64-bit mantissa).
struct Element {
  bool nan = false;
  long double value = 0;
  std::string bits;
};

Element At(const Tensor& t, int64_t i) {
  Element e;
  const size_t size = ElementSize(t.type());
  e.bits.assign(reinterpret_cast<const char*>(t.bytes().data()) + i * size, size);
  VisitNumericType(t.type(), [&]<typename T>(TypeTag<T>) {
    const T v = t.data<T>()[static_cast<size_t>(i)];
    if constexpr (kIsHalfType<T>) {
      e.value = v.ToFloat();
    } else {
      e.value = static_cast<long double>(v);
    }
    e.nan = e.value != e.value;
  });
  return e;
}

int64_t Attr(const onnx::NodeProto& node, const std::string& name, int64_t fallback) {
  for (const onnx::AttributeProto& a : node.attribute()) {
    if (a.name() == name) return a.i();
  }
  return fallback;
}

// The flat index of `input` feeding output element `flat` (numpy broadcasting).
int64_t Source(const Shape& out, const Shape& in, int64_t flat) {
  std::vector<int64_t> index(out.size());
  for (size_t k = out.size(); k-- > 0;) {
    index[k] = flat % out[k];
    flat /= out[k];
  }
  int64_t offset = 0;
  const size_t lead = out.size() - in.size();
  for (size_t k = 0; k < in.size(); ++k)
    offset = offset * in[k] + (in[k] == 1 ? 0 : index[lead + k]);
  return offset;
}

void CheckMax(const std::vector<Tensor>& inputs, const Tensor& expected, const std::string& where) {
  for (int64_t i = 0; i < expected.element_count(); ++i) {
    std::vector<Element> operands;
    for (const Tensor& in : inputs)
      operands.push_back(At(in, Source(expected.shape(), in.shape(), i)));
    const Element got = At(expected, i);
    bool any_nan = false;
    long double largest = operands[0].value;
    for (const Element& e : operands) {
      any_nan = any_nan || e.nan;
      if (!e.nan && e.value > largest) largest = e.value;
    }
    if (any_nan) {
      EXPECT_TRUE(got.nan) << where << " element " << i << ": an operand is NaN";
      continue;
    }
    bool one_of_the_largest = false;
    for (const Element& e : operands)
      one_of_the_largest |= e.value == largest && e.bits == got.bits;
    EXPECT_TRUE(one_of_the_largest) << where << " element " << i << ": expected " << got.value
                                    << ", the largest operand is " << largest;
  }
}

void CheckArgMax(const Tensor& data, int64_t axis, bool keepdims, bool last, const Tensor& expected,
                 const std::string& where) {
  const Shape& shape = data.shape();
  int64_t outer = 1, inner = 1;
  for (int64_t k = 0; k < axis; ++k) outer *= shape[k];
  for (size_t k = axis + 1; k < shape.size(); ++k) inner *= shape[k];
  const int64_t n = shape[axis];
  Shape out_shape = shape;
  if (keepdims) {
    out_shape[axis] = 1;
  } else {
    out_shape.erase(out_shape.begin() + axis);
  }
  ASSERT_EQ(expected.type(), ElementType::kInt64) << where;
  ASSERT_EQ(expected.shape(), out_shape) << where;
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      std::vector<Element> lane;
      for (int64_t j = 0; j < n; ++j) lane.push_back(At(data, (o * n + j) * inner + i));
      int64_t want = -1;
      for (int64_t j = 0; j < n; ++j) {  // numpy.argmax: a NaN is the maximum
        if (lane[j].nan && (want < 0 || last)) want = j;
      }
      if (want < 0) {
        long double largest = lane[0].value;
        for (const Element& e : lane) largest = e.value > largest ? e.value : largest;
        for (int64_t j = 0; j < n; ++j) {
          if (lane[j].value == largest && (want < 0 || last)) want = j;
        }
      }
      EXPECT_EQ(expected.data<int64_t>()[static_cast<size_t>(o * inner + i)], want)
          << where << " position (" << o << ", " << i << ")";
    }
  }
}

// Checks every data set of every Max/ArgMax case under root; returns how
// many were checked.
int CheckAll(const fs::path& root, bool official) {
  absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(root);
  EXPECT_TRUE(dirs.ok()) << dirs.status();
  if (!dirs.ok()) return 0;
  int checked = 0;
  for (const fs::path& dir : *dirs) {
    const std::string name = dir.filename().string();
    const bool max = absl::StartsWith(name, official ? "test_max_" : "max_");
    const bool argmax = absl::StartsWith(name, official ? "test_argmax" : "argmax_");
    if (!max && !argmax) continue;
    absl::StatusOr<LoadedCase> c = LoadCase(dir);
    EXPECT_TRUE(c.ok()) << c.status();
    if (!c.ok()) continue;
    const onnx::NodeProto& node = c->model.graph().node(0);
    EXPECT_EQ(node.op_type(), max ? "Max" : "ArgMax") << name;
    for (const DataSet& d : c->data_sets) {
      const std::string where = d.dir.string();
      EXPECT_EQ(d.outputs.size(), 1u) << where;
      if (d.outputs.size() != 1) continue;
      if (max) {
        CheckMax(d.inputs, d.outputs[0], where);
      } else {
        const int64_t rank = d.inputs.at(0).rank();
        int64_t axis = Attr(node, "axis", 0);
        if (axis < 0) axis += rank;
        CheckArgMax(d.inputs.at(0), axis, Attr(node, "keepdims", 1) != 0,
                    Attr(node, "select_last_index", 0) != 0, d.outputs[0], where);
      }
      ++checked;
    }
  }
  return checked;
}

TEST(MaxArgMaxCheckTest, EveryLibraryExpectationAgreesWithAnIndependentCheck) {
  // Every (version, type) cell of both has cases: far more than 500 data sets.
  EXPECT_GT(CheckAll(fs::path(ONNX_CONFORM_SOURCE_DIR) / "cases" / "node", false), 500);
}

TEST(MaxArgMaxCheckTest, OfficialExpectationsAgreeWithTheSameCheck) {
  // ONNX 1.12: 14 test_max_* and 16 test_argmax* cases.
  EXPECT_GE(CheckAll(ONNX_CONFORM_OFFICIAL_NODE_TESTS, true), 30);
}

TEST(MaxArgMaxCheckTest, TheCheckCatchesAWrongExpectation) {
  const Tensor a = Tensor::FromValues<float>({3}, {1.0f, 5.0f, -0.0f});
  const Tensor b = Tensor::FromValues<float>({3}, {4.0f, 2.0f, 0.0f});
  // The right answer, either zero for the tie.
  CheckMax({a, b}, Tensor::FromValues<float>({3}, {4.0f, 5.0f, 0.0f}), "right");
  CheckMax({a, b}, Tensor::FromValues<float>({3}, {4.0f, 5.0f, -0.0f}), "right");
  EXPECT_NONFATAL_FAILURE(CheckMax({a, b}, Tensor::FromValues<float>({3}, {1.0f, 5.0f, 0.0f}), "x"),
                          "the largest operand is 4");
  const Tensor data = Tensor::FromValues<float>({2, 2}, {3.0f, 3.0f, 1.0f, 7.0f});
  CheckArgMax(data, 1, false, false, Tensor::FromValues<int64_t>({2}, {0, 1}), "first");
  CheckArgMax(data, 1, false, true, Tensor::FromValues<int64_t>({2}, {1, 1}), "last");
  EXPECT_NONFATAL_FAILURE(
      CheckArgMax(data, 1, false, false, Tensor::FromValues<int64_t>({2}, {1, 1}), "x"), "x");
}

}  // namespace
}  // namespace onnx_conform
