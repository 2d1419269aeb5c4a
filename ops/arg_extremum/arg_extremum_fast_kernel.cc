// FastArgMin and FastArgMax: their loops, one for both (Extreme,
// reference/semantics.h; ops/arg_extremum/arg_extremum_fast_kernel.h).
#include "ops/arg_extremum/arg_extremum_fast_kernel.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "ops/arg_extremum/arg_reduce_loop.h"
#include "reference/element_bits.h"
#include "reference/fast/kernels.h"
#include "reference/op_support.h"
#include "reference/semantics.h"
#include "tensor/vector_isa.h"

namespace onnx_conform {
namespace {

// What the loops keep of a value: float16/bfloat16 as their rank key
// (HalfRankKey: each element is converted once, then compared as an
// integer), every other type as stored. RankedAhead is AheadForArg on
// what is kept.
template <typename T>
using Ranked = std::conditional_t<kIsHalfType<T>, int16_t, Stored<T>>;

template <Extreme E, typename T>
ONNX_CONFORM_ELEMENT_RULE Ranked<T> Rank(Stored<T> stored) {
  if constexpr (kIsHalfType<T>) {
    return HalfRankKey<E>(Load<T>(stored));
  } else {
    return stored;
  }
}

template <Extreme E, typename T>
ONNX_CONFORM_ELEMENT_RULE bool RankedAhead(Ranked<T> a, Ranked<T> b) {
  if constexpr (kIsHalfType<T>) {
    return a < b;
  } else {
    return AheadForArg<E>(Load<T>(a), Load<T>(b));
  }
}

// One candidate against a position's extreme so far (`current`, at index
// `at`). With kTiesMove, taken unless strictly behind (of equal values the
// one visited last wins), else only when strictly ahead (the one visited
// first wins). Branch-free selects, so that the loops below vectorize.
template <Extreme E, bool kTiesMove, typename T, typename Index>
ONNX_CONFORM_ELEMENT_RULE void TakeIfBetter(Ranked<T> candidate, Index k, Ranked<T>& current,
                                            Index& at) {
  const bool take =
      kTiesMove ? !RankedAhead<E, T>(current, candidate) : RankedAhead<E, T>(candidate, current);
  current = take ? candidate : current;
  at = take ? k : at;
}

// The rows of [n, width] are visited from row 0 down, or with kFromLastRow
// from row n - 1 up; among equal values the one visited last wins exactly
// when that is the one select_last_index asks for.
template <bool kFromLastRow>
int64_t StartRow(int64_t n) {
  return kFromLastRow ? n - 1 : 0;
}

// The rows of [n, width] other than StartRow, in visiting order, against
// best and index (which start as that row and its index), for `width`
// independent positions. With kFourRows, four rows per pass, so best and
// index are read and written once for four. The index is as narrow as n
// allows (SSE2 cannot select 64-bit lanes by a narrower comparison). Each
// position's best and index are held in locals across its rows: GCC 12
// vectorizes the loops only so.
template <Extreme E, bool kSelectLast, bool kFromLastRow, bool kFourRows, typename T,
          typename Index>
inline __attribute__((always_inline)) void ArgDownLoop(const Stored<T>* data, int64_t n,
                                                       int64_t width, Ranked<T>* best,
                                                       Index* index) {
  constexpr bool kTiesMove = kSelectLast != kFromLastRow;
  constexpr int64_t kStep = kFromLastRow ? -1 : 1;
  int64_t visit = 1;
  for (; kFourRows && visit + 4 <= n; visit += 4) {
    const int64_t k = StartRow<kFromLastRow>(n) + kStep * visit;
    const Stored<T>* r0 = data + k * width;
    const Stored<T>* r1 = r0 + kStep * width;
    const Stored<T>* r2 = r1 + kStep * width;
    const Stored<T>* r3 = r2 + kStep * width;
    const Index k0 = static_cast<Index>(k);
    const Index k1 = static_cast<Index>(k + kStep);
    const Index k2 = static_cast<Index>(k + 2 * kStep);
    const Index k3 = static_cast<Index>(k + 3 * kStep);
    for (int64_t i = 0; i < width; ++i) {
      Ranked<T> current = best[i];
      Index at = index[i];
      TakeIfBetter<E, kTiesMove, T>(Rank<E, T>(r0[i]), k0, current, at);
      TakeIfBetter<E, kTiesMove, T>(Rank<E, T>(r1[i]), k1, current, at);
      TakeIfBetter<E, kTiesMove, T>(Rank<E, T>(r2[i]), k2, current, at);
      TakeIfBetter<E, kTiesMove, T>(Rank<E, T>(r3[i]), k3, current, at);
      best[i] = current;
      index[i] = at;
    }
  }
  for (; visit < n; ++visit) {
    const int64_t k = StartRow<kFromLastRow>(n) + kStep * visit;
    const Stored<T>* row = data + k * width;
    const Index kk = static_cast<Index>(k);
    for (int64_t i = 0; i < width; ++i) {
      Ranked<T> current = best[i];
      Index at = index[i];
      TakeIfBetter<E, kTiesMove, T>(Rank<E, T>(row[i]), kk, current, at);
      best[i] = current;
      index[i] = at;
    }
  }
}

// ArgDownLoop with the widest vectors the CPU has (tensor/vector_isa.h).
template <Extreme E, bool kSelectLast, bool kFromLastRow, bool kFourRows, typename T,
          typename Index>
void ArgDown(const Stored<T>* data, int64_t n, int64_t width, Ranked<T>* best, Index* index) {
  RunWithWidestVectors(
      [](const Stored<T>* data, int64_t n, int64_t width, Ranked<T>* best, Index* index)
          ONNX_CONFORM_VECTOR_LOOP {
            ArgDownLoop<E, kSelectLast, kFromLastRow, kFourRows, T>(data, n, width, best, index);
          },
      data, n, width, best, index);
}

// data viewed as [outer, n, inner]; out as [outer, inner]. Rows of `inner`
// contiguous elements are compared at once (rows outer, positions inner), so
// memory is read in order. Index holds any k < n. For the first index the
// rows are visited from the last one up, so that ties always move: in the
// other order, the rule for float types tests the running minimum for NaN,
// which GCC 12 vectorizes with masked loads, slower than this way (bench/).
template <Extreme E, bool kSelectLast, typename Index, typename T>
void ArgAcross(const Stored<T>* data, int64_t outer, int64_t n, int64_t inner, int64_t* out) {
  constexpr bool kFromLastRow = !kSelectLast;
  std::vector<Ranked<T>> best(static_cast<size_t>(inner));
  std::vector<Index> index(static_cast<size_t>(inner));
  const int64_t start = StartRow<kFromLastRow>(n);
  for (int64_t o = 0; o < outer; ++o) {
    const Stored<T>* slab = data + o * n * inner;
    std::transform(slab + start * inner, slab + (start + 1) * inner, best.begin(), Rank<E, T>);
    std::fill(index.begin(), index.end(), static_cast<Index>(start));
    ArgDown<E, kSelectLast, kFromLastRow, true, T>(slab, n, inner, best.data(), index.data());
    std::copy(index.begin(), index.end(), out + o * inner);
  }
}

// Positions of a contiguous row followed at once by ArgOfRow: enough
// that the compiler vectorizes the step instead of unrolling it to scalars.
constexpr int64_t kLanes = 64;

// The arg extreme of one contiguous row of n elements. The row is read as
// [n / kLanes, kLanes] and reduced down that first axis like ArgAcross
// (so the loop vectorizes), then the lanes' results and the tail are
// merged by the same order: the value most ahead, and among equal ones the
// first (or last) index. Index holds any n / kLanes.
template <Extreme E, bool kSelectLast, typename Index, typename T>
int64_t ArgOfRow(const Stored<T>* row, int64_t n) {
  Ranked<T> best_value = Rank<E, T>(row[0]);
  int64_t best_index = 0;
  int64_t done = 1;
  if (n >= 2 * kLanes) {
    const int64_t blocks = n / kLanes;
    Ranked<T> best[kLanes];
    Index block[kLanes] = {};
    std::transform(row, row + kLanes, best, Rank<E, T>);
    // In order: read backwards, the blocks of a row are slower for 64-bit
    // types (bench/).
    ArgDown<E, kSelectLast, false, false, T>(row, blocks, kLanes, best, block);
    best_value = best[0];
    best_index = int64_t{block[0]} * kLanes;
    for (int64_t lane = 1; lane < kLanes; ++lane) {
      const Ranked<T> value = best[lane];
      const int64_t index = int64_t{block[lane]} * kLanes + lane;
      const bool ahead = RankedAhead<E, T>(value, best_value);
      const bool equal = !ahead && !RankedAhead<E, T>(best_value, value);
      if (ahead || (equal && (kSelectLast ? index > best_index : index < best_index))) {
        best_value = value;
        best_index = index;
      }
    }
    done = blocks * kLanes;
  }
  for (int64_t j = done; j < n; ++j) {
    const Ranked<T> value = Rank<E, T>(row[j]);
    const bool take =
        kSelectLast ? !RankedAhead<E, T>(best_value, value) : RankedAhead<E, T>(value, best_value);
    if (take) {
      best_value = value;
      best_index = j;
    }
  }
  return best_index;
}

template <Extreme E, bool kSelectLast, typename Index, typename T>
void ArgInto(const Stored<T>* data, int64_t outer, int64_t n, int64_t inner, int64_t* out) {
  if (inner == 1) {  // the last axis: each row is reduced on its own
    for (int64_t o = 0; o < outer; ++o) {
      out[o] = ArgOfRow<E, kSelectLast, Index, T>(data + o * n, n);
    }
  } else {
    ArgAcross<E, kSelectLast, Index, T>(data, outer, n, inner, out);
  }
}

// The narrowest index type that holds every index below n (narrow indices
// keep more positions per vector register).
template <Extreme E, bool kSelectLast, typename T>
void ArgInto(const Stored<T>* data, int64_t outer, int64_t n, int64_t inner, int64_t* out) {
  if (n <= std::numeric_limits<int16_t>::max()) {
    ArgInto<E, kSelectLast, int16_t, T>(data, outer, n, inner, out);
  } else if (n <= std::numeric_limits<int32_t>::max()) {
    ArgInto<E, kSelectLast, int32_t, T>(data, outer, n, inner, out);
  } else {
    ArgInto<E, kSelectLast, int64_t, T>(data, outer, n, inner, out);
  }
}

template <Extreme E>
absl::StatusOr<Tensor> FastArgExtreme(const BoundNode& node, NodeInputs inputs) {
  const Tensor& data = *inputs[0];
  const ArgReduceAttributes a = ArgReduceAttributesOf(node, data.rank());
  absl::StatusOr<Tensor> out =
      Tensor::Create(ElementType::kInt64, ArgReduceOutputShape(data.shape(), a));
  if (!out.ok() || out->element_count() == 0) return out;
  // Named fields, not structured bindings: clang 14 cannot capture those.
  const AxisSplit split = SplitAtAxis(data.shape(), a.axis);
  const int64_t outer = split.outer, n = split.n, inner = split.inner;
  VisitNumericType(data.type(), [&]<typename T>(TypeTag<T>) {
    int64_t* indices = out->data<int64_t>().data();
    if (a.select_last_index) {
      ArgInto<E, true, T>(StoredData<T>(data), outer, n, inner, indices);
    } else {
      ArgInto<E, false, T>(StoredData<T>(data), outer, n, inner, indices);
    }
  });
  return out;
}

}  // namespace

absl::StatusOr<Tensor> FastArgMin(const BoundNode& node, NodeInputs inputs, Tensor*) {
  return FastArgExtreme<Extreme::kMin>(node, inputs);
}

absl::StatusOr<Tensor> FastArgMax(const BoundNode& node, NodeInputs inputs, Tensor*) {
  return FastArgExtreme<Extreme::kMax>(node, inputs);
}

}  // namespace onnx_conform
