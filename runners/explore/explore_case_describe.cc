// Explore's cases read back (runners/explore/explore_case.h): one line
// saying what a case is, its case.json features and its classes for the
// statistics, and element values as numbers.
//
//   c.Describe();  // "Min-13 float [2] -> Where(Less(v, b), b, v) with b [] from input"
//   c.Classes();   // {"rank 1", "inputs 1", "nodes 3", "less-where", ...}
#include <algorithm>
#include <bit>
#include <cmath>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "runners/explore/case_gen.h"
#include "runners/explore/explore_case.h"
#include "runners/explore/explore_scenario.h"
#include "tensor/float16.h"

namespace onnx_conform {
namespace {

using E = ElementType;
using case_gen::ShapeText;
using case_gen::SourceName;

bool HasLessWhere(const std::vector<ChainNode>& chain) {
  return std::any_of(chain.begin(), chain.end(),
                     [](const ChainNode& n) { return n.IsLessWhere(); });
}

}  // namespace

double ValueOf(E type, uint64_t bits) {
  switch (type) {
    case E::kFloat: return std::bit_cast<float>(static_cast<uint32_t>(bits));
    case E::kDouble: return std::bit_cast<double>(bits);
    case E::kFloat16: return Float16::FromBits(static_cast<uint16_t>(bits)).ToFloat();
    case E::kBFloat16: return BFloat16::FromBits(static_cast<uint16_t>(bits)).ToFloat();
    case E::kInt8: return static_cast<int8_t>(bits);
    case E::kInt16: return static_cast<int16_t>(bits);
    case E::kInt32: return static_cast<int32_t>(bits);
    case E::kInt64: return static_cast<double>(static_cast<int64_t>(bits));
    default: return static_cast<double>(bits);
  }
}

int64_t ExploreCase::NodeCount() const {
  int64_t count = 1;
  for (const ChainNode& n : chain) count += n.NodeCount();
  return count;
}

namespace {

// The element bits of the given optional inputs, in order.
void AppendGivenBits(NodeDraw& node, std::vector<uint64_t*>& slots) {
  for (OptionalInput& input : node.optional_inputs) {
    if (input.form != InputForm::kPresent) continue;
    for (uint64_t& b : input.value.bits) slots.push_back(&b);
  }
}

int64_t GivenElementCount(const NodeDraw& node) {
  int64_t count = 0;
  for (const OptionalInput& input : node.optional_inputs) {
    if (input.form == InputForm::kPresent) count += static_cast<int64_t>(input.value.bits.size());
  }
  return count;
}

// The entry of `list` named `name`, or nullptr.
template <typename List>
auto Named(List& list, absl::string_view name) -> decltype(&list.front()) {
  for (auto& entry : list) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

}  // namespace

OptionalInput* NodeDraw::Input(absl::string_view name) { return Named(optional_inputs, name); }
const OptionalInput* NodeDraw::Input(absl::string_view name) const {
  return Named(optional_inputs, name);
}

std::optional<int64_t>* NodeDraw::Int(absl::string_view name) {
  IntAttribute* a = Named(ints, name);
  return a == nullptr ? nullptr : &a->value;
}

std::optional<int64_t> NodeDraw::IntValue(absl::string_view name) const {
  const IntAttribute* a = Named(ints, name);
  return a == nullptr ? std::nullopt : a->value;
}

std::optional<uint32_t>* NodeDraw::Float(absl::string_view name) {
  FloatAttribute* a = Named(floats, name);
  return a == nullptr ? nullptr : &a->bits;
}
const std::optional<uint32_t>* NodeDraw::Float(absl::string_view name) const {
  const FloatAttribute* a = Named(floats, name);
  return a == nullptr ? nullptr : &a->bits;
}

std::vector<uint64_t*> ExploreCase::ElementBits() {
  std::vector<uint64_t*> slots;
  for (TensorSpec& t : inputs) {
    for (uint64_t& b : t.bits) slots.push_back(&b);
  }
  AppendGivenBits(node, slots);
  for (ChainNode& n : chain) {
    for (TensorSpec& t : n.operands) {
      for (uint64_t& b : t.bits) slots.push_back(&b);
    }
    AppendGivenBits(n.node, slots);
  }
  return slots;
}

int64_t ExploreCase::ElementCount() const {
  int64_t count = GivenElementCount(node);
  for (const TensorSpec& t : inputs) count += static_cast<int64_t>(t.bits.size());
  for (const ChainNode& n : chain) {
    for (const TensorSpec& t : n.operands) count += static_cast<int64_t>(t.bits.size());
    count += GivenElementCount(n.node);
  }
  return count;
}

std::vector<uint32_t*> ExploreCase::FloatAttributeBits() {
  std::vector<NodeDraw*> nodes = {&node};
  for (ChainNode& n : chain) nodes.push_back(&n.node);
  std::vector<uint32_t*> slots;
  for (NodeDraw* drawn : nodes) {
    for (FloatAttribute& a : drawn->floats) {
      if (a.bits) slots.push_back(&*a.bits);
    }
  }
  return slots;
}

std::string ExploreCase::Describe() const {
  std::vector<std::string> parts = {
      absl::StrCat(cell.op, "-", cell.version, " ", ElementTypeName(cell.type))};
  for (const TensorSpec& t : inputs) parts.push_back(ShapeText(t.shape));
  ScenarioOf(cell.op)->DescribeNode(*this, parts);
  for (const ChainNode& n : chain) {
    std::string node = absl::StrCat("-> ", n.output_too ? "(also an output) " : "");
    if (n.IsLessWhere()) {
      // "-> Where(Less(v, b), b, v) with b [2] from initializer"
      absl::StrAppend(&node, "Where(Less(", (n.less_b_first ? "b, v" : "v, b"), "), ",
                      n.where_v_first ? "v, b" : "b, v", ") with b ",
                      ShapeText(n.operands.at(0).shape), " from ", SourceName(n.node.source));
    } else {
      absl::StrAppend(&node, n.op);
    }
    if (const ExploreScenario* step = ScenarioOf(n.op); step != nullptr) {
      step->DescribeStep(n, node);
    }
    parts.push_back(node);
  }
  return absl::StrJoin(parts, " ");
}

std::string case_gen::ShapeText(const Shape& shape) {
  return absl::StrCat("[", absl::StrJoin(shape, ","), "]");
}

const char* case_gen::SourceName(ValueSource source) {
  const char* names[] = {"input", "initializer", "Constant"};
  return names[static_cast<int>(source)];
}

std::vector<std::string> ExploreCase::Features() const {
  std::vector<std::string> features = {"explore"};
  bool broadcast = false, empty = false;
  for (const TensorSpec& t : inputs) {
    if (t.shape != inputs[0].shape) broadcast = true;
    if (t.bits.empty()) empty = true;
  }
  if (broadcast) features.push_back("broadcast");
  if (empty) features.push_back("empty_tensor");
  ScenarioOf(cell.op)->AddFeatures(*this, features);
  if (!chain.empty()) features.push_back("graph");
  if (HasLessWhere(chain)) {
    features.push_back("less_where");
  }
  return features;
}

std::vector<std::string> ExploreCase::Classes() const {
  std::vector<std::string> classes;
  size_t rank = 0;
  for (const TensorSpec& t : inputs) rank = std::max(rank, t.shape.size());
  classes.push_back(absl::StrCat("rank ", rank));
  bool broadcast = false, empty = false, one = false;
  for (const TensorSpec& t : inputs) {
    if (t.shape.size() != rank) broadcast = true;
    for (int64_t d : t.shape) {
      empty = empty || d == 0;
      one = one || d == 1;
    }
    if (t.shape != inputs[0].shape) broadcast = true;
  }
  if (empty) classes.push_back("empty dim");
  if (one) classes.push_back("size-1 dim");
  ScenarioOf(cell.op)->AddClasses(*this, broadcast, rank, classes);
  classes.push_back(absl::StrCat("nodes ", NodeCount()));
  if (HasLessWhere(chain)) {
    classes.push_back("less-where");
  }
  std::set<std::string> values;
  const int bits_width = static_cast<int>(ElementSize(cell.type) * 8);
  const uint64_t mask = bits_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits_width) - 1;
  const bool is_signed = cell.type == E::kInt8 || cell.type == E::kInt16 ||
                         cell.type == E::kInt32 || cell.type == E::kInt64;
  const uint64_t max = is_signed ? mask >> 1 : mask, lowest = is_signed ? max + 1 : 0;
  for (const TensorSpec& t : inputs) {
    for (uint64_t bits : t.bits) {
      const std::string kind(ValueKindOf(cell.type, bits));
      if (kind != "finite") {
        const bool negative_zero = kind == "zero" && std::signbit(ValueOf(cell.type, bits));
        if (kind != "zero" || negative_zero)
          values.insert(negative_zero ? "value -0" : "value " + kind);
      } else if (!IsFloatingPoint(cell.type) && (bits == max || (bits == lowest && is_signed))) {
        values.insert("value at a limit");
      } else if (!IsFloatingPoint(cell.type) && std::fabs(ValueOf(cell.type, bits)) > 0x1p53) {
        values.insert("value beyond 2^53");
      }
    }
  }
  classes.insert(classes.end(), values.begin(), values.end());
  return classes;
}

}  // namespace onnx_conform
