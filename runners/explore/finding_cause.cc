// What makes two findings one cause (runners/explore/finding_cause.h).
#include "runners/explore/finding_cause.h"

#include <bit>
#include <cstdint>
#include <functional>
#include <optional>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "runners/explore/explore_scenario.h"

namespace onnx_conform {
namespace {

using E = ElementType;

// The type's sign bit, largest finite and smallest normal magnitudes (bits).
struct FloatBits {
  uint64_t sign, max_finite, min_normal;
};
std::optional<FloatBits> BitsOfType(E type) {
  switch (type) {
    case E::kFloat16: return FloatBits{0x8000, 0x7BFF, 0x0400};
    case E::kBFloat16: return FloatBits{0x8000, 0x7F7F, 0x0080};
    case E::kFloat: return FloatBits{0x80000000, 0x7F7FFFFF, 0x00800000};
    case E::kDouble: return FloatBits{0x8000000000000000, 0x7FEFFFFFFFFFFFFF, 0x0010000000000000};
    default: return std::nullopt;
  }
}

// Whether `bits` is of the special class `name`.
bool OfClass(E type, const std::string& name, uint64_t bits) {
  if (!BitsOfType(type)) return false;
  const absl::string_view kind = ValueKindOf(type, bits);
  return kind == name;
}

// Ordinary values, as bits of `type`: 1, -1, 2 and the largest finite.
std::vector<uint64_t> OrdinaryValues(E type) {
  const std::vector<uint64_t> simple = SimpleValues(type);
  return {simple[1], simple[2], simple[3], BitsOfType(type)->max_finite};
}

// Calls `visit` with the type and bits of every element of the case,
// FLOAT attributes (Clip-1/6's bounds) included.
void ForEachValue(ExploreCase& c, const std::function<void(E, uint64_t&)>& visit) {
  for (uint64_t* slot : c.ElementBits()) visit(c.cell.type, *slot);
  for (uint32_t* slot : c.FloatAttributeBits()) {
    uint64_t bits = *slot;
    visit(E::kFloat, bits);
    *slot = static_cast<uint32_t>(bits);
  }
}

}  // namespace

std::vector<std::string> CauseStructure(const ExploreCase& c) {
  std::vector<std::string> s;
  ScenarioOf(c.cell.op)->AddCauseStructure(c, s);
  for (const ChainNode& n : c.chain) s.push_back("then " + n.op);
  return s;
}

std::vector<SpecialValues> SpecialValueVariants(const ExploreCase& c) {
  std::vector<SpecialValues> variants;
  for (const std::string name : {"nan", "zero", "denormal", "inf"}) {
    SpecialValues v{.name = name};
    for (size_t rotation = 0; rotation < 4; ++rotation) {
      ExploreCase ordinary = c;
      size_t held = 0;
      ForEachValue(ordinary, [&](E type, uint64_t& bits) {
        if (!OfClass(type, name, bits)) return;
        const std::vector<uint64_t> values = OrdinaryValues(type);
        bits = values[(held++ + rotation) % values.size()];
      });
      if (held == 0) break;
      v.ordinary.push_back(std::move(ordinary));
    }
    if (!v.ordinary.empty()) variants.push_back(std::move(v));
  }
  return variants;
}

std::vector<StructureVariant> StructureVariants(const ExploreCase& c) {
  std::vector<StructureVariant> variants;
  auto add = [&](std::string name, auto edit) {
    ExploreCase without = c;
    edit(without);
    variants.push_back({std::move(name), std::move(without)});
  };
  for (const std::string& feature : CauseStructure(c)) {
    std::vector<ExploreCase> without;
    ScenarioOf(c.cell.op)->AddCasesWithout(c, feature, without);
    for (ExploreCase& w : without) variants.push_back({feature, std::move(w)});
  }
  // Each further node bypassed, the last first.
  for (size_t k = c.chain.size(); k-- > 0;) {
    add("then " + c.chain[k].op,
        [k](ExploreCase& w) { w.chain.erase(w.chain.begin() + static_cast<std::ptrdiff_t>(k)); });
  }
  return variants;
}

std::vector<ExploreCase> ScrambledData(const ExploreCase& c, int count) {
  const std::vector<uint64_t> simple = SimpleValues(c.cell.type);
  std::vector<ExploreCase> out;
  for (int k = 1; k <= count; ++k) {
    ExploreCase scrambled = c;
    uint64_t state = 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(k);
    for (TensorSpec& t : scrambled.inputs) {
      for (uint64_t& bits : t.bits) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;  // an LCG
        bits = simple[(state >> 33) % simple.size()];
      }
    }
    out.push_back(std::move(scrambled));
  }
  return out;
}

bool GroupsByStructure(const std::string& kind) {
  for (const char* k : {"values", "shape", "element-type", "output-count", "adapter-error",
                        "refused-as-invalid", "bad-output", "crash", "timeout"}) {
    if (kind == k) return true;
  }
  return false;
}

std::string CauseKey(const std::string& op, const std::string& kind, const std::string& part,
                     const std::vector<std::string>& structure,
                     const std::vector<std::string>& needed_values) {
  if (!GroupsByStructure(kind)) {
    return part.empty() ? absl::StrCat(op, " ", kind) : absl::StrCat(op, " ", kind, " ", part);
  }
  std::string key = absl::StrCat(op, " ", structure.empty() ? kind : "failure");
  if (!structure.empty()) absl::StrAppend(&key, " with ", absl::StrJoin(structure, ", "));
  if (!needed_values.empty()) absl::StrAppend(&key, " on ", absl::StrJoin(needed_values, ", "));
  return key;
}

}  // namespace onnx_conform
