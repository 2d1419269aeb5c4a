// Explore's structural and value shrinking (runners/explore/shrink.h).
#include "runners/explore/shrink.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <type_traits>
#include <utility>

#include "runners/explore/explore_scenario.h"

namespace onnx_conform {
namespace {

// The tensor with only the indices `keep` of axis `axis`; the axis removed
// when `remove` (then `keep` holds one index).
TensorSpec Slice(const TensorSpec& t, size_t axis, const std::vector<int64_t>& keep, bool remove) {
  int64_t outer = 1, inner = 1;
  for (size_t i = 0; i < axis; ++i) outer *= t.shape[i];
  for (size_t i = axis + 1; i < t.shape.size(); ++i) inner *= t.shape[i];
  const int64_t dim = t.shape[axis];
  TensorSpec out;
  out.shape = t.shape;
  if (remove) {
    out.shape.erase(out.shape.begin() + static_cast<std::ptrdiff_t>(axis));
  } else {
    out.shape[axis] = static_cast<int64_t>(keep.size());
  }
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t d : keep) {
      const auto from = t.bits.begin() + (o * dim + d) * inner;
      out.bits.insert(out.bits.end(), from, from + inner);
    }
  }
  return out;
}

// Whether a step's further inputs broadcast with the data: a Less+Where's,
// and those of a step whose scenario says so.
bool OperandsBroadcast(const ChainNode& n) {
  if (n.IsLessWhere()) return true;
  const ExploreScenario* scenario = ScenarioOf(n.op);
  return scenario != nullptr && scenario->StepOperandsBroadcast();
}

// The tensors that broadcast together: the data inputs and the further
// inputs of the chain's steps that broadcast.
template <typename Case,
          typename T = std::conditional_t<std::is_const_v<Case>, const TensorSpec, TensorSpec>>
std::vector<T*> Broadcasting(Case& c) {
  std::vector<T*> tensors;
  for (auto& t : c.inputs) tensors.push_back(&t);
  for (auto& n : c.chain) {
    if (!OperandsBroadcast(n)) continue;
    for (auto& t : n.operands) tensors.push_back(&t);
  }
  return tensors;
}

// The rank the data inputs broadcast to.
size_t OutputRank(const ExploreCase& c) {
  size_t rank = 0;
  for (const TensorSpec* t : Broadcasting(c)) rank = std::max(rank, t->shape.size());
  return rank;
}

// The broadcast dimension of output axis `a`: an input's that is not 1.
int64_t OutputDim(const ExploreCase& c, size_t a, size_t rank) {
  int64_t dim = 1;
  for (const TensorSpec* tp : Broadcasting(c)) {
    const TensorSpec& t = *tp;
    if (a + t.shape.size() < rank) continue;
    const int64_t d = t.shape[a + t.shape.size() - rank];
    if (d != 1) dim = d;
  }
  return dim;
}

// The case with the indices `keep` of output axis `a` kept in every
// input that spans it (or the axis removed, keeping index 0); nullopt when
// nothing changes.
std::optional<ExploreCase> SliceOutputAxis(const ExploreCase& c, size_t a,
                                           const std::vector<int64_t>& keep, bool remove) {
  const size_t rank = OutputRank(c);
  const int64_t dim = OutputDim(c, a, rank);
  ExploreCase s = c;
  for (TensorSpec* tp : Broadcasting(s)) {
    TensorSpec& t = *tp;
    if (a + t.shape.size() < rank) continue;
    const size_t local = a + t.shape.size() - rank;
    if (remove) {
      if (t.shape[local] == 0) return std::nullopt;
      t = Slice(t, local, {0}, true);
    } else if (t.shape[local] == dim && dim > 1) {
      t = Slice(t, local, keep, false);
    }
  }
  if (remove && !ScenarioOf(c.cell.op)->RemoveAxis(c, static_cast<int64_t>(a),
                                                   static_cast<int64_t>(rank), s)) {
    return std::nullopt;
  }
  if (!remove && s.inputs == c.inputs && s.chain == c.chain) return std::nullopt;
  return s;
}

// Appends a copy of `c` with `edit` applied: one candidate.
template <typename Edit>
void AddEdited(const ExploreCase& c, std::vector<ExploreCase>& out, Edit edit) {
  ExploreCase s = c;
  edit(s);
  out.push_back(std::move(s));
}

// A node's optional inputs left out, then its attributes unset, each in
// turn; `drawn` finds the node in a copy of the case.
template <typename Drawn>
void AddSimplerDrawn(const ExploreCase& c, std::vector<ExploreCase>& out, Drawn drawn) {
  ExploreCase probe = c;
  const NodeDraw& node = drawn(probe);
  for (size_t i = 0; i < node.optional_inputs.size(); ++i) {
    if (node.optional_inputs[i].form == InputForm::kAbsent) continue;
    AddEdited(c, out,
              [&](ExploreCase& s) { drawn(s).optional_inputs[i].form = InputForm::kAbsent; });
  }
  for (size_t i = 0; i < node.ints.size(); ++i) {
    if (!node.ints[i].value) continue;
    AddEdited(c, out, [&](ExploreCase& s) { drawn(s).ints[i].value.reset(); });
  }
  for (size_t i = 0; i < node.floats.size(); ++i) {
    if (!node.floats[i].bits) continue;
    AddEdited(c, out, [&](ExploreCase& s) { drawn(s).floats[i].bits.reset(); });
  }
}

// Each FLOAT attribute set towards 0, 1, -1, in turn (values that are not
// element bits, so AddValues does not move them).
void AddSimplerFloatAttributes(const ExploreCase& c, std::vector<ExploreCase>& out) {
  ExploreCase probe = c;
  const std::vector<uint32_t*> slots = probe.FloatAttributeBits();
  for (size_t i = 0; i < slots.size(); ++i) {
    for (float v : {0.0f, 1.0f, -1.0f}) {
      const uint32_t target = std::bit_cast<uint32_t>(v);
      if (*slots[i] == target) break;
      AddEdited(c, out, [&](ExploreCase& s) { *s.FloatAttributeBits()[i] = target; });
    }
  }
}

void AddStructural(const ExploreCase& c, std::vector<ExploreCase>& out) {
  for (size_t k = 0; k < c.chain.size(); ++k) {  // bypass a node of the chain
    AddEdited(c, out, [k](ExploreCase& s) {
      s.chain.erase(s.chain.begin() + static_cast<std::ptrdiff_t>(k));
    });
  }
  // A step as Identity: one node, no operand, where any node will do (a
  // runtime that spoils every graph of two nodes). Where the step gave its
  // operand's value (a Less+Where or a Min that picked b), the data takes
  // that value too, so that Identity passes on what showed the bug.
  for (size_t k = 0; k < c.chain.size(); ++k) {
    if (c.chain[k].op == "Identity") continue;
    auto as_identity = [k](ExploreCase& s) {
      ChainNode identity;
      identity.op = "Identity";
      identity.output_too = s.chain[k].output_too;
      s.chain[k] = std::move(identity);
    };
    AddEdited(c, out, as_identity);
    if (c.chain[k].operands.empty() || c.chain[k].operands[0].bits.empty()) continue;
    AddEdited(c, out, [&](ExploreCase& s) {
      const uint64_t operand = s.chain[k].operands[0].bits[0];
      for (TensorSpec& t : s.inputs) std::fill(t.bits.begin(), t.bits.end(), operand);
      as_identity(s);
    });
  }
  for (size_t k = 0; k < c.chain.size(); ++k) {
    if (!c.chain[k].output_too) continue;
    AddEdited(c, out, [k](ExploreCase& s) { s.chain[k].output_too = false; });
  }
  for (size_t k = 0; k < c.chain.size(); ++k) {  // a chain node's further inputs and attributes
    const ChainNode& n = c.chain[k];
    if (ScenarioOf(n.op) != nullptr && !n.operands.empty()) {
      AddEdited(c, out, [k](ExploreCase& s) { s.chain[k].operands.clear(); });
    }
    AddSimplerDrawn(c, out, [k](ExploreCase& s) -> NodeDraw& { return s.chain[k].node; });
    // A Less+Where towards Clip-13's order, Where(Less(v, b), b, v).
    for (bool ChainNode::*order : {&ChainNode::less_b_first, &ChainNode::where_v_first}) {
      if (n.*order) AddEdited(c, out, [&](ExploreCase& s) { s.chain[k].*order = false; });
    }
  }
  if (c.inputs.size() > static_cast<size_t>(std::max(1, MinInputs(c.cell)))) {
    for (size_t k = c.inputs.size(); k-- > 0;) {  // a data input dropped, the last first
      AddEdited(c, out, [k](ExploreCase& s) {
        s.inputs.erase(s.inputs.begin() + static_cast<std::ptrdiff_t>(k));
      });
    }
  }
  AddSimplerDrawn(c, out, [](ExploreCase& s) -> NodeDraw& { return s.node; });
  const size_t rank = OutputRank(c);
  for (size_t a = 0; a < rank; ++a) {
    if (auto s = SliceOutputAxis(c, a, {0}, /*remove=*/true)) out.push_back(*std::move(s));
  }
  for (size_t a = 0; a < rank; ++a) {
    const int64_t dim = OutputDim(c, a, rank);
    if (dim <= 1) continue;
    // Down to one index, each in turn; then without one index, each in turn.
    for (int64_t j = 0; j < dim; ++j) {
      if (auto s = SliceOutputAxis(c, a, {j}, false)) out.push_back(*std::move(s));
    }
    for (int64_t j = 0; j < dim && dim > 2; ++j) {
      std::vector<int64_t> keep;
      for (int64_t i = 0; i < dim; ++i) {
        if (i != j) keep.push_back(i);
      }
      if (auto s = SliceOutputAxis(c, a, keep, false)) out.push_back(*std::move(s));
    }
  }
}

// The order values shrink in: the simple values first, in their order,
// then the others by their bits; a value only moves down this order, so
// that shrinking ends.
std::pair<size_t, uint64_t> RankOf(const std::vector<uint64_t>& simple, uint64_t v) {
  const auto it = std::find(simple.begin(), simple.end(), v);
  return {static_cast<size_t>(it - simple.begin()), it == simple.end() ? v : 0};
}

void AddValues(const ExploreCase& c, std::vector<ExploreCase>& out) {
  ExploreCase probe = c;
  const std::vector<uint64_t*> slots = probe.ElementBits();
  const std::vector<uint64_t> simple = SimpleValues(c.cell.type);
  std::vector<uint64_t> held;  // distinct values, in order of first appearance
  for (uint64_t* slot : slots) {
    if (std::find(held.begin(), held.end(), *slot) == held.end()) held.push_back(*slot);
  }
  for (size_t i = 0; i < slots.size(); ++i) {
    const uint64_t current = *slots[i];
    std::vector<uint64_t> targets;
    for (uint64_t v : simple) {
      if (RankOf(simple, v) < RankOf(simple, current)) targets.push_back(v);
    }
    for (uint64_t v : held) {
      if (RankOf(simple, v) < RankOf(simple, current) &&
          std::find(targets.begin(), targets.end(), v) == targets.end()) {
        targets.push_back(v);
      }
    }
    for (uint64_t v : targets) AddEdited(c, out, [&](ExploreCase& s) { *s.ElementBits()[i] = v; });
  }
  AddSimplerFloatAttributes(c, out);
}

// A node bypassed and one value set to another the case holds: fewer
// nodes, so simpler, though the value may be less simple. Without it a
// case can stick where bypassing alone changes the finding's signature
// (Min -> Clip max 0 -> Max 0.5 expected 0.5: bypassing gives expected 0).
void AddBypassRetargeted(const ExploreCase& c, std::vector<ExploreCase>& out) {
  ExploreCase probe = c;
  std::vector<uint64_t> held;
  for (uint64_t* slot : probe.ElementBits()) {
    if (std::find(held.begin(), held.end(), *slot) == held.end()) held.push_back(*slot);
  }
  for (size_t k = 0; k < c.chain.size(); ++k) {
    ExploreCase bypassed = c;
    bypassed.chain.erase(bypassed.chain.begin() + static_cast<std::ptrdiff_t>(k));
    const size_t slots = bypassed.ElementBits().size();
    for (size_t i = 0; i < slots; ++i) {
      for (uint64_t v : held) {
        ExploreCase s = bypassed;
        uint64_t* slot = s.ElementBits()[i];
        if (*slot == v) continue;
        *slot = v;
        out.push_back(std::move(s));
      }
    }
  }
}

}  // namespace

std::vector<ExploreCase> SimplerCases(const ExploreCase& c) {
  std::vector<ExploreCase> out;
  AddStructural(c, out);
  AddValues(c, out);
  AddBypassRetargeted(c, out);
  return out;
}

std::vector<ExploreCase> StatedCases(const ExploreCase& c) {
  return ScenarioOf(c.cell.op)->StatedCases(c);
}

int ShrinkCase(ExploreCase& c, const std::function<bool(const ExploreCase&)>& shows,
               int max_steps) {
  int steps = 0;
  bool simpler = true;
  while (simpler && steps < max_steps) {
    simpler = false;
    for (ExploreCase& candidate : SimplerCases(c)) {
      if (++steps > max_steps) break;
      if (shows(candidate)) {
        c = std::move(candidate);
        simpler = true;
        break;
      }
    }
  }
  return std::min(steps, max_steps);
}

}  // namespace onnx_conform
