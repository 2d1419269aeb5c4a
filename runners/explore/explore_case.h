// The random cases `onnx-conform explore` generates: one node of a suite
// operator with a scenario (ops/operators.def) at one version and element type, with its inputs'
// shapes and values, drawn by RapidCheck generators biased to the edges (ties, +-0, NaN payloads,
// +-inf, denormals, the type's limits, values float16 rounds, int64 beyond 2^53), so that
// RapidCheck can shrink a case to fewer elements, a smaller rank and simpler values.
//
//   rc::Gen<ExploreCase> gen = SteeredCaseGen(CellsFor({"Min"}, {}, {})[0], /*k=*/7);
//   rc::Shrinkable<ExploreCase> s = gen(rc::Random(seed), /*size=*/10);
//   absl::StatusOr<BuiltCase> built = BuildCase(s.value());  // model + inputs
#ifndef ONNX_CONFORM_RUNNERS_EXPLORE_CASE_H_
#define ONNX_CONFORM_RUNNERS_EXPLORE_CASE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"
#include "rapidcheck.h"
#include "tensor/element_type.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// One operator version and element type: what explore covers.
struct ExploreCell {
  std::string op;  // an operator of the registry: "Min", "ArgMax", "Clip", ...
  int version = 0;
  ElementType type = ElementType::kFloat;
};

// Every cell of the suite's operators whose op, version and type pass the
// filters (an empty filter passes everything).
std::vector<ExploreCell> CellsFor(const std::vector<std::string>& ops,
                                  const std::vector<int>& versions,
                                  const std::vector<ElementType>& types);

// A tensor as raw element bits (little-endian, the type's width), so that
// NaN payloads and 64-bit integers survive exactly; copyable for RapidCheck.
struct TensorSpec {
  Shape shape;
  std::vector<uint64_t> bits;
  bool operator==(const TensorSpec&) const = default;
};

// What the registry's schemas state about a cell, asked of them rather
// than written as version numbers (explore_case_build.cc).
// The cell's inputs broadcast multidirectionally (Min-8 on).
bool Broadcasts(const ExploreCell& cell);
// The most inputs the cell's node takes, at most `cap` (Relu: 1; Min: cap).
int MaxInputs(const ExploreCell& cell, int cap);
// The fewest inputs the cell's node takes (Min: 1; Clip-11: 1).
int MinInputs(const ExploreCell& cell);

// The type's simple values as element bits, simplest first: 0, 1, -1, 2
// (wrapped for unsigned types). Shrinking moves values towards them.
std::vector<uint64_t> SimpleValues(ElementType type);
// The type's edge values as element bits, simplest first: the simple
// values, then limits, +-0, infinities, NaNs, denormals (the values cases
// are drawn from most).
std::vector<uint64_t> EdgeValues(ElementType type);
// Element bits of `type` as a number (NaN stays NaN).
double ValueOf(ElementType type, uint64_t bits);

// How an optional input of a node is given.
enum class InputForm : uint8_t {
  kAbsent,   // left out (as "" where an input after it is given)
  kSkipped,  // named "" whatever follows it
  kPresent,  // given a value
};

// Where a given value comes from.
enum class ValueSource : uint8_t { kGraphInput, kInitializer, kConstant };

// An optional input after a node's data: its name (after a step's
// prefix), its form, and its value, drawn whatever the form.
struct OptionalInput {
  std::string name;
  InputForm form = InputForm::kAbsent;
  TensorSpec value;
  bool operator==(const OptionalInput&) const = default;
};

// An attribute a scenario draws, set or not (nullopt): INT, or FLOAT as
// its bits, so that a NaN equals itself.
struct IntAttribute {
  std::string name;
  std::optional<int64_t> value;
  bool operator==(const IntAttribute&) const = default;
};
struct FloatAttribute {
  std::string name;
  std::optional<uint32_t> bits;
  bool operator==(const FloatAttribute&) const = default;
};

// What a node's scenario draws beyond the data it is fed, in ONNX's
// terms: optional inputs (and where the given ones come from) and
// attributes, each written in the order drawn. The scenario names them:
// ArgMin's INT axis, keepdims, select_last_index; Clip-11's inputs min and
// max; Clip-1's FLOAT min and max.
struct NodeDraw {
  std::vector<OptionalInput> optional_inputs;
  ValueSource source = ValueSource::kGraphInput;
  std::vector<IntAttribute> ints;
  std::vector<FloatAttribute> floats;

  // The one named `name`; nullptr when it was not drawn.
  OptionalInput* Input(absl::string_view name);
  const OptionalInput* Input(absl::string_view name) const;
  std::optional<int64_t>* Int(absl::string_view name);
  // The INT attribute's value; nullopt when unset or not drawn.
  std::optional<int64_t> IntValue(absl::string_view name) const;
  std::optional<uint32_t>* Float(absl::string_view name);
  const std::optional<uint32_t>* Float(absl::string_view name) const;
  bool operator==(const NodeDraw&) const = default;
};

// The op of a chain step that is two nodes, Less then Where, choosing
// between the value v it is fed and an operand b as Clip-13's function
// body does: c = Less(v, b), y = Where(c, b, v) (or the other orders).
inline constexpr char kLessWhere[] = "Less+Where";

// A step after the case's first node, fed the value the step before it
// gives (a chain: x -> Min -> Clip -> ArgMin), at the case's opset.
struct ChainNode {
  std::string op;  // a registered operator, "Identity" or kLessWhere
  // Further inputs after the value it is fed, from graph inputs
  // (element-wise); a Less+Where's b, from node.source.
  std::vector<TensorSpec> operands;
  NodeDraw node;  // its scenario's optional inputs and attributes
  // less-where: Less(b, v) instead of Less(v, b); Where(c, v, b) instead
  // of Where(c, b, v).
  bool less_b_first = false, where_v_first = false;
  bool output_too = false;  // the value it is fed is a graph output too
  bool IsLessWhere() const { return op == kLessWhere; }
  int64_t NodeCount() const { return IsLessWhere() ? 2 : 1; }
  bool operator==(const ChainNode&) const = default;
};

// Whether a chain at this opset can have a Less+Where step for `type`: the
// registry has Less and Where there, taking the type.
bool LessWhereTakes(int opset, ElementType type);

struct ExploreCase {
  ExploreCell cell;
  std::vector<TensorSpec> inputs;  // the data inputs: Min 1..n, ArgMin and Clip one
  NodeDraw node;                   // the first node's optional inputs and attributes
  std::vector<ChainNode> chain;    // further nodes (empty: a one-node case)

  int64_t ElementCount() const;  // over every input tensor given
  // Every element's bits, in one list: the data inputs, the given optional
  // inputs, then each step's operands and given optional inputs.
  std::vector<uint64_t*> ElementBits();
  // The bits of every FLOAT attribute set, the first node's first (values
  // that are not elements, as Clip-1's bounds).
  std::vector<uint32_t*> FloatAttributeBits();
  int64_t NodeCount() const;                  // a Less+Where step is two
  std::string Describe() const;               // one line: op, shapes, attributes
  std::vector<std::string> Features() const;  // snake_case tags for case.json
  // The feature classes the case falls in, for explore's statistics:
  // "rank 5", "broadcast", "empty dim", "size-1 dim", "inputs 3", "min
  // given, max skipped", "min > max", "value nan", "keepdims 0", "nodes 2",
  // "less-where", ...
  std::vector<std::string> Classes() const;
};

// Case number `k` of one cell. Every other case is steered: mixed-radix
// digits of k/2 pick its rank, input count, broadcast or not, bound forms,
// attribute combination and graph size (one node, a chain of two or three;
// half the chains start with a Less+Where step where the opset has one),
// so that each class comes up within the cell's first few hundred cases;
// the rest of a steered case, and the odd cases whole, are drawn at random.
rc::Gen<ExploreCase> SteeredCaseGen(const ExploreCell& cell, int64_t k);

// The case as a one-node model and the inputs it is fed (graph inputs in
// order). InvalidArgument for a tensor the type cannot hold.
struct BuiltCase {
  onnx::ModelProto model;
  std::vector<Tensor> inputs;
};
absl::StatusOr<BuiltCase> BuildCase(const ExploreCase& c);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_EXPLORE_CASE_H_
