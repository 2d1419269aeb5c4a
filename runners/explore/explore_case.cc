// The generators behind `onnx-conform explore` (runners/explore/explore_case.h).
#include "runners/explore/explore_case.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cases/case_builder.h"
#include "cases/case_library.h"
#include "checker/operator_form.h"
#include "checker/registry.h"
#include "reference/float16.h"
#include "reference/model_versions.h"

namespace onnx_conform {
namespace {

namespace gen = rc::gen;
using E = ElementType;

// RapidCheck's element pickers do not shrink: these pick by an index that
// does (towards 0), so the front of a list is where shrinking goes. A weight
// repeats an item.
template <typename T>
rc::Gen<T> Pick(std::vector<T> items) {
  const size_t count = items.size();
  return gen::map(gen::inRange<size_t>(0, count),
                  [items = std::move(items)](size_t i) { return items[i]; });
}

template <typename T>
rc::Gen<T> WeightedPick(std::initializer_list<std::pair<size_t, T>> weighted) {
  std::vector<T> items;
  for (const auto& [weight, item] : weighted) items.insert(items.end(), weight, item);
  return Pick(std::move(items));
}

template <typename T>
rc::Gen<T> WeightedOneOf(std::initializer_list<std::pair<size_t, rc::Gen<T>>> weighted) {
  std::vector<rc::Gen<T>> gens;
  std::vector<size_t> which;
  for (const auto& [weight, g] : weighted) {
    which.insert(which.end(), weight, gens.size());
    gens.push_back(g);
  }
  return gen::mapcat(Pick(std::move(which)), [gens](size_t i) { return gens[i]; });
}

uint64_t WidthMask(E type) {
  const size_t bits = ElementSize(type) * 8;
  return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

// A number as the type's bits (rounded to nearest for the narrow floats,
// wrapped for integers: the pools list only values the type holds).
uint64_t BitsOf(E type, double value) {
  switch (type) {
    case E::kFloat: return std::bit_cast<uint32_t>(static_cast<float>(value));
    case E::kDouble: return std::bit_cast<uint64_t>(value);
    case E::kFloat16: return Float16::FromFloat(static_cast<float>(value)).bits();
    case E::kBFloat16: return BFloat16::FromFloat(static_cast<float>(value)).bits();
    default: return static_cast<uint64_t>(static_cast<int64_t>(value)) & WidthMask(type);
  }
}

// The edges of a type, simplest first (shrinking moves towards the front).
std::vector<uint64_t> EdgePool(E type) {
  std::vector<uint64_t> pool;
  for (double v : {0.0, 1.0, -1.0, 2.0}) pool.push_back(BitsOf(type, v));
  if (!IsFloatingPoint(type)) {
    const uint64_t mask = WidthMask(type);
    const bool is_signed =
        type == E::kInt8 || type == E::kInt16 || type == E::kInt32 || type == E::kInt64;
    const uint64_t max = is_signed ? mask >> 1 : mask;
    const uint64_t lowest = is_signed ? (max + 1) & mask : 0;
    for (uint64_t v : {max, lowest, max - 1, (lowest + 1) & mask}) pool.push_back(v);
    if (type == E::kInt64 || type == E::kUint64) {
      // Beyond 2^53: neighbours a double cannot tell apart.
      const uint64_t p53 = uint64_t{1} << 53;
      for (uint64_t v : {p53, p53 + 1, p53 + 3, uint64_t{0} - (p53 + 1), max - 2}) {
        pool.push_back(v);
      }
    }
    return pool;
  }
  pool.push_back(BitsOf(type, -0.0));
  pool.push_back(BitsOf(type, 0.5));
  pool.push_back(BitsOf(type, std::numeric_limits<double>::infinity()));
  pool.push_back(BitsOf(type, -std::numeric_limits<double>::infinity()));
  // qNaN, -qNaN, a payload, sNaN, +-smallest denormal, smallest normal, max,
  // lowest.
  switch (type) {
    case E::kFloat:
      pool.insert(pool.end(), {0x7FC00000, 0xFFC00000, 0x7FC00123, 0x7F800001, 1, 0x80000001,
                               0x00800000, 0x7F7FFFFF, 0xFF7FFFFF});
      // Values float16 and bfloat16 round differently (to inf, ties, halfway).
      for (double v : {65520.0, 65504.0, 1.00048828125, 1.000732421875, 1e-8}) {
        pool.push_back(BitsOf(type, v));
      }
      break;
    case E::kDouble:
      pool.insert(pool.end(), {0x7FF8000000000000, 0xFFF8000000000000, 0x7FF8000000000123,
                               0x7FF0000000000001, 1, 0x8000000000000001, 0x0010000000000000,
                               0x7FEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF});
      pool.push_back(BitsOf(type, 9007199254740993.0));
      break;
    case E::kFloat16:
      pool.insert(pool.end(),
                  {0x7E00, 0xFE00, 0x7E01, 0x7C01, 1, 0x8001, 0x0400, 0x7BFF, 0xFBFF, 0x3C01});
      break;
    default:  // bfloat16
      pool.insert(pool.end(),
                  {0x7FC0, 0xFFC0, 0x7FC1, 0x7F81, 1, 0x8001, 0x0080, 0x7F7F, 0xFF7F, 0x3F81});
      break;
  }
  return pool;
}

// Element bits: mostly edges and small numbers (so ties are common), some
// arbitrary bit patterns.
rc::Gen<uint64_t> ValueGen(E type) {
  const uint64_t mask = WidthMask(type);
  rc::Gen<uint64_t> small =
      gen::map(gen::inRange(-3, 4), [type](int v) { return BitsOf(type, v); });
  rc::Gen<uint64_t> any =
      gen::map(gen::arbitrary<uint64_t>(), [mask](uint64_t v) { return v & mask; });
  return WeightedOneOf<uint64_t>({{4, Pick(EdgePool(type))}, {4, small}, {1, any}});
}

rc::Gen<TensorSpec> TensorGen(Shape shape, E type) {
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  return gen::map(gen::container<std::vector<uint64_t>>(static_cast<size_t>(count), ValueGen(type)),
                  [shape](std::vector<uint64_t> bits) {
                    return TensorSpec{shape, std::move(bits)};
                  });
}

// Ranks 0-6 (small ones likelier), dims 1, 2, 3 and sometimes 0.
rc::Gen<Shape> ShapeGen(int min_rank) {
  rc::Gen<int> ranks =
      min_rank == 0 ? WeightedPick<int>({{3, 0}, {4, 1}, {4, 2}, {2, 3}, {1, 4}, {1, 5}, {1, 6}})
                    : WeightedPick<int>({{4, 1}, {4, 2}, {2, 3}, {1, 4}, {1, 5}, {1, 6}});
  return gen::mapcat(ranks, [](int rank) {
    return gen::container<Shape>(static_cast<size_t>(rank),
                                 WeightedPick<int64_t>({{6, 1}, {4, 2}, {2, 3}, {1, 0}}));
  });
}

// An input shape `output` broadcasts from: leading dims dropped, some set to 1.
rc::Gen<Shape> BroadcastShapeGen(const Shape& output, size_t same_weight, size_t other_weight) {
  rc::Gen<Shape> pattern =
      gen::mapcat(gen::inRange<size_t>(0, output.size() + 1), [output](size_t dropped) {
        return gen::map(gen::container<std::vector<bool>>(
                            output.size() - dropped, WeightedPick<bool>({{3, false}, {1, true}})),
                        [output, dropped](const std::vector<bool>& ones) {
                          Shape shape(output.begin() + dropped, output.end());
                          for (size_t i = 0; i < shape.size(); ++i) {
                            if (ones[i]) shape[i] = 1;
                          }
                          return shape;
                        });
      });
  return WeightedOneOf<Shape>({{same_weight, gen::just(output)}, {other_weight, pattern}});
}

// How a cell's node is generated and built, read from its schema
// (checker/operator_form.h); the other form is Clip's, with bounds.
OperatorForm CellForm(const ExploreCell& cell) {
  const OpSchema* schema = FindSchemaVersion(cell.op, cell.version);
  return schema == nullptr ? OperatorForm::kOther : FormOf(*schema);
}

rc::Gen<ExploreCase> VariadicGen(ExploreCell cell) {
  // Min-1 and 6 (Max-1 and 6) want equal shapes: broadcast ones are rarer there, and invalid.
  const bool broadcasts = cell.version >= 8;
  return gen::mapcat(gen::pair(ShapeGen(0), gen::inRange(1, 5)), [cell, broadcasts](
                                                                     std::pair<Shape, int> p) {
    rc::Gen<TensorSpec> input =
        gen::mapcat(BroadcastShapeGen(p.first, broadcasts ? 1 : 3, 1),
                    [cell](Shape shape) { return TensorGen(std::move(shape), cell.type); });
    return gen::map(gen::container<std::vector<TensorSpec>>(static_cast<size_t>(p.second), input),
                    [cell](std::vector<TensorSpec> inputs) {
                      ExploreCase c;
                      c.cell = cell;
                      c.inputs = std::move(inputs);
                      return c;
                    });
  });
}

rc::Gen<std::optional<int64_t>> FlagGen() {
  return Pick<std::optional<int64_t>>({std::nullopt, 1, 0});
}

rc::Gen<ExploreCase> ArgReduceGen(ExploreCell cell) {
  return gen::mapcat(ShapeGen(1), [cell](Shape shape) {
    const int rank = static_cast<int>(shape.size());
    return gen::mapcat(
        gen::tuple(gen::inRange(0, rank), gen::arbitrary<bool>(), FlagGen(), FlagGen()),
        [cell, shape,
         rank](std::tuple<int, bool, std::optional<int64_t>, std::optional<int64_t>> t) {
          // Named copies, not structured bindings: clang 14 cannot capture those.
          const int axis = std::get<0>(t);
          const bool negative = std::get<1>(t);
          const std::optional<int64_t> keepdims = std::get<2>(t);
          const std::optional<int64_t> last = std::get<3>(t);
          Shape fixed = shape;
          if (fixed[axis] == 0) fixed[axis] = 1;  // an empty reduced axis has no answer
          return gen::map(TensorGen(fixed, cell.type), [=](TensorSpec data) {
            ExploreCase c;
            c.cell = cell;
            c.inputs = {std::move(data)};
            // Axis 0 is the default: leaving it unset is the simplest case.
            if (axis != 0 || negative) {
              c.axis = negative && cell.version >= 11 ? axis - rank : axis;
            }
            c.keepdims = keepdims;
            if (cell.version >= 12) c.select_last_index = last;
            return c;
          });
        });
  });
}

rc::Gen<float> BoundAttrGen() {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> pool = {0.0f,
                             1.0f,
                             -1.0f,
                             2.0f,
                             -0.0f,
                             0.5f,
                             65504.0f,
                             65520.0f,
                             1.00048828125f,
                             1.000732421875f,
                             0.999755859375f,
                             1e-8f,
                             2.98e-8f,
                             inf,
                             -inf,
                             std::numeric_limits<float>::quiet_NaN(),
                             3.4e38f,
                             -65520.0f};
  return WeightedOneOf<float>({{4, Pick(pool)},
                               {3, gen::map(gen::inRange(-3, 4), [](int v) { return float(v); })},
                               {1, gen::arbitrary<float>()}});
}

rc::Gen<ExploreCase> ClipGen(ExploreCell cell) {
  const bool as_inputs = cell.version >= 11;
  rc::Gen<BoundForm> form =
      as_inputs ? Pick<BoundForm>({BoundForm::kAbsent, BoundForm::kPresent, BoundForm::kSkipped})
                : Pick<BoundForm>({BoundForm::kAbsent, BoundForm::kPresent});
  return gen::mapcat(ShapeGen(0), [=](Shape shape) {
    return gen::map(
        gen::tuple(TensorGen(shape, cell.type), form, form, TensorGen({}, cell.type),
                   TensorGen({}, cell.type), BoundAttrGen(), BoundAttrGen()),
        [cell](
            std::tuple<TensorSpec, BoundForm, BoundForm, TensorSpec, TensorSpec, float, float> t) {
          ExploreCase c;
          c.cell = cell;
          c.inputs = {std::move(std::get<0>(t))};
          c.min_form = std::get<1>(t);
          c.max_form = std::get<2>(t);
          c.min_input = std::move(std::get<3>(t));
          c.max_input = std::move(std::get<4>(t));
          c.min_attr = std::get<5>(t);
          c.max_attr = std::get<6>(t);
          return c;
        });
  });
}

bool In(const std::vector<int>& list, int v) {
  return list.empty() || std::find(list.begin(), list.end(), v) != list.end();
}

onnx::ValueInfoProto ValueInfo(const std::string& name, E type, const Shape* shape) {
  onnx::ValueInfoProto info;
  info.set_name(name);
  onnx::TypeProto::Tensor* tensor = info.mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(static_cast<int32_t>(type));
  if (shape != nullptr) {
    onnx::TensorShapeProto* dims = tensor->mutable_shape();
    for (int64_t d : *shape) dims->add_dim()->set_dim_value(d);
  }
  return info;
}

absl::StatusOr<Tensor> ToTensor(const TensorSpec& spec, E type) {
  absl::StatusOr<Tensor> tensor = Tensor::Create(type, spec.shape);
  if (!tensor.ok()) return tensor.status();
  if (tensor->element_count() != static_cast<int64_t>(spec.bits.size())) {
    return absl::InvalidArgumentError("explore: element count differs from the shape");
  }
  const size_t size = ElementSize(type);
  std::byte* out = tensor->bytes().data();
  for (size_t i = 0; i < spec.bits.size(); ++i) {
    std::memcpy(out + i * size, &spec.bits[i],
                size);  // little-endian hosts only
  }
  return tensor;
}

std::string ShapeText(const Shape& shape) {
  return absl::StrCat("[", absl::StrJoin(shape, ","), "]");
}

}  // namespace

std::vector<ExploreCell> CellsFor(const std::vector<std::string>& ops,
                                  const std::vector<int>& versions,
                                  const std::vector<ElementType>& types) {
  // The registry's versions and types, operators in the order they were
  // registered, types in ONNX's order (kNumericTypes). A seed draws the
  // same cases only while the cells keep their order.
  std::vector<ExploreCell> cells;
  for (const OperatorVersion& entry : SuiteOperatorVersions()) {
    const std::string op(entry.op_type);
    if (!ops.empty() && std::find(ops.begin(), ops.end(), op) == ops.end()) continue;
    if (!In(versions, entry.version)) continue;
    for (E type : kNumericTypes) {
      if (std::find(entry.types.begin(), entry.types.end(), type) == entry.types.end()) continue;
      if (!types.empty() && std::find(types.begin(), types.end(), type) == types.end()) {
        continue;
      }
      cells.push_back({op, entry.version, type});
    }
  }
  return cells;
}

int64_t ExploreCase::ElementCount() const {
  int64_t count = 0;
  for (const TensorSpec& t : inputs) count += static_cast<int64_t>(t.bits.size());
  if (min_form == BoundForm::kPresent && cell.version >= 11) ++count;
  if (max_form == BoundForm::kPresent && cell.version >= 11) ++count;
  return count;
}

std::string ExploreCase::Describe() const {
  std::vector<std::string> parts = {
      absl::StrCat(cell.op, "-", cell.version, " ", ElementTypeName(cell.type))};
  for (const TensorSpec& t : inputs) parts.push_back(ShapeText(t.shape));
  if (axis) parts.push_back(absl::StrCat("axis=", *axis));
  if (keepdims) parts.push_back(absl::StrCat("keepdims=", *keepdims));
  if (select_last_index) parts.push_back(absl::StrCat("select_last_index=", *select_last_index));
  const char* forms[] = {"absent", "skipped", "given"};
  if (CellForm(cell) == OperatorForm::kOther) {
    parts.push_back(absl::StrCat("min ", forms[static_cast<int>(min_form)]));
    parts.push_back(absl::StrCat("max ", forms[static_cast<int>(max_form)]));
    if (cell.version < 11 && min_form == BoundForm::kPresent) {
      parts.push_back(absl::StrCat("min=", min_attr));
    }
    if (cell.version < 11 && max_form == BoundForm::kPresent) {
      parts.push_back(absl::StrCat("max=", max_attr));
    }
  }
  return absl::StrJoin(parts, " ");
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
  if (CellForm(cell) == OperatorForm::kVariadic && inputs.size() > 2)
    features.push_back("variadic");
  if (axis && *axis < 0) features.push_back("negative_axis");
  if (keepdims) features.push_back(*keepdims != 0 ? "keepdims" : "no_keepdims");
  if (select_last_index.value_or(0) != 0) features.push_back("select_last_index");
  if (CellForm(cell) == OperatorForm::kOther) {
    if (min_form == BoundForm::kSkipped || max_form == BoundForm::kSkipped) {
      features.push_back("skipped_bound");
    }
    if (min_form == BoundForm::kAbsent || max_form == BoundForm::kAbsent) {
      features.push_back("missing_bound");
    }
  }
  return features;
}

rc::Gen<ExploreCase> ExploreCaseGen(std::vector<ExploreCell> cells) {
  return gen::mapcat(Pick(std::move(cells)), [](const ExploreCell& cell) {
    switch (CellForm(cell)) {
      case OperatorForm::kVariadic: return VariadicGen(cell);
      case OperatorForm::kArgReduce: return ArgReduceGen(cell);
      case OperatorForm::kOther: break;
    }
    return ClipGen(cell);
  });
}

absl::StatusOr<BuiltCase> BuildCase(const ExploreCase& c) {
  BuiltCase built;
  onnx::ModelProto& model = built.model;
  model.set_ir_version(IrVersionForOpset(c.cell.version));
  model.set_producer_name("onnx-conform explore");
  onnx::OperatorSetIdProto* opset = model.add_opset_import();
  opset->set_domain("");
  opset->set_version(c.cell.version);
  onnx::GraphProto* graph = model.mutable_graph();
  graph->set_name("explore");
  onnx::NodeProto* node = graph->add_node();
  node->set_op_type(c.cell.op);
  const E type = c.cell.type;

  auto add_input = [&](const std::string& name, const TensorSpec& spec) -> absl::Status {
    node->add_input(name);
    *graph->add_input() = ValueInfo(name, type, &spec.shape);
    absl::StatusOr<Tensor> tensor = ToTensor(spec, type);
    if (!tensor.ok()) return tensor.status();
    built.inputs.push_back(*std::move(tensor));
    return absl::OkStatus();
  };
  auto int_attr = [&](const char* name, std::optional<int64_t> value) {
    if (!value) return;
    onnx::AttributeProto* a = node->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(*value);
  };
  auto float_attr = [&](const char* name, BoundForm form, float value) {
    if (form != BoundForm::kPresent) return;
    onnx::AttributeProto* a = node->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(value);
  };

  E output_type = type;
  const OperatorForm form = CellForm(c.cell);
  if (form == OperatorForm::kVariadic) {
    for (size_t i = 0; i < c.inputs.size(); ++i) {
      if (absl::Status s = add_input(absl::StrCat("x", i), c.inputs[i]); !s.ok()) return s;
    }
  } else if (form == OperatorForm::kArgReduce) {
    if (absl::Status s = add_input("data", c.inputs.at(0)); !s.ok()) return s;
    int_attr("axis", c.axis);
    int_attr("keepdims", c.keepdims);
    int_attr("select_last_index", c.select_last_index);
    output_type = E::kInt64;
  } else {
    if (absl::Status s = add_input("input", c.inputs.at(0)); !s.ok()) return s;
    if (c.cell.version < 11) {
      float_attr("min", c.min_form, c.min_attr);
      float_attr("max", c.max_form, c.max_attr);
    } else {
      const bool max_named = c.max_form != BoundForm::kAbsent;
      if (c.min_form == BoundForm::kPresent) {
        if (absl::Status s = add_input("min", c.min_input); !s.ok()) return s;
      } else if (c.min_form == BoundForm::kSkipped || max_named) {
        node->add_input("");
      }
      if (c.max_form == BoundForm::kPresent) {
        if (absl::Status s = add_input("max", c.max_input); !s.ok()) return s;
      } else if (c.max_form == BoundForm::kSkipped) {
        node->add_input("");
      }
    }
  }
  node->add_output("output");
  *graph->add_output() = ValueInfo("output", output_type, nullptr);
  return built;
}

}  // namespace onnx_conform
