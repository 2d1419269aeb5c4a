// Explore's own shrinking, after RapidCheck's shrink tree: structural and
// value steps RapidCheck cannot take because its shapes and values are
// drawn together (a smaller shape draws new values). Each step is one
// simpler case; Shrink takes the first that still shows the finding and
// starts again, until none does or the budget is spent.
//
//   std::vector<ExploreCase> steps = SimplerCases(c);  // simplest first
//   int used = ShrinkCase(c, [&](const ExploreCase& s) { return Shows(s); }, 2000);
//
// Steps, in order: drop a graph node (bypass it; a Less+Where step goes
// whole); make a node Identity; drop a step's further inputs, leave out
// its optional inputs, unset its attributes; put a Less+Where in Clip-13's
// order; drop a data input the node does not need; leave out the first
// node's optional inputs (Clip's bounds) and unset its attributes; drop a
// dimension (keeping index 0 of it); make a dimension 1 or one shorter;
// then values: each element (given optional inputs included) towards the
// type's simple values (0, 1, -1, 2) and towards a value the case already
// holds (fewer distinct values), and each FLOAT attribute towards 0, 1,
// -1; last, a node bypassed with one value set to another the case holds.
#ifndef ONNX_CONFORM_RUNNERS_EXPLORE_SHRINK_H_
#define ONNX_CONFORM_RUNNERS_EXPLORE_SHRINK_H_

#include <functional>
#include <vector>

#include "runners/explore/explore_case.h"

namespace onnx_conform {

// The candidate cases one step simpler than `c`, simplest first.
std::vector<ExploreCase> SimplerCases(const ExploreCase& c);

// For a case where its text says nothing (its scenario's Unstated: Clip's
// min > max before 13), the stated cases nearest it (Clip: one bound
// dropped, and the data set to one of the type's edge values, every
// element alike). Empty for any other case.
std::vector<ExploreCase> StatedCases(const ExploreCase& c);

// Replaces `c` by simpler cases that `shows` accepts, greedily, at most
// `max_steps` tries; returns the tries used.
int ShrinkCase(ExploreCase& c, const std::function<bool(const ExploreCase&)>& shows, int max_steps);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_EXPLORE_SHRINK_H_
