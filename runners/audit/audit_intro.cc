#include "runners/audit/audit_intro.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/registry.h"

namespace onnx_conform {
namespace {

constexpr char kBeforeClarifications[] =
    "What changes for each operator between its versions, for someone moving a model from one "
    "opset to another, and whether ONNX's own version converter (libonnx, "
    "`onnx::version_conversion::ConvertVersion`) gets it right. Every finding has a kind:\n"
    "\n"
    "- **schema-change**: types, inputs, outputs, attributes, rules or texts differ in the suite's "
    "schema registry (`checker/`).\n"
    "- **validity-change**: one of the audit's cases is valid at one version and invalid (or valid "
    "only with a warning that the text leaves the result unstated) at the other, by the suite's "
    "checker.\n"
    "- **output-change**: a case valid at both versions gives other outputs on the reference under "
    "each version (a node whose form changes between the versions, as Clip's bounds do, is "
    "rewritten: `ops/<family>/*_audit.cc`).\n"
    "- **converter-failed**, **converter-invalid**, **converter-output-change**: ONNX's converter "
    "throws on a valid model, or the converted model fails the suite's checker (for a model, also "
    "ONNX's checker with strict shape inference), or it gives other outputs on the reference than "
    "the original model.\n"
    "- **not-compared**: the audit could not judge a change: no case could be compared between "
    "two versions, or none went through the converter (an operator without an audit scenario of "
    "its own in `ops/operators.def`, unless `--cases` gives a case library holding its cases). It "
    "is never an all-clear: `onnx-conform audit` then exits 3.\n"
    "\n"
    "The cases are the audit's own (`runners/audit/audit_cases.cc`): each way of using the "
    "operator that a "
    "version change can affect, over each element type a version allows, with the type's extremes, "
    "infinities and NaN. Rows that differ only in the element type are merged, and so are "
    "converter rows that differ only in the target opset; where the types' values differ, the "
    "detail gives each type's (`onnx-conform audit --json` lists every finding). Each finding also "
    "says which kind of difference it is:\n"
    "\n"
    "- **version change**: the operator's texts differ between the two versions.\n"
    "- **text clarification (ONNX 1.N)**: a sentence ONNX added later to an old version's text "
    "without a new version number; a reader of an older release did not see it (";
// Then the clarified versions, as the schemas declare them (OpSchema::ClarifiedIn).

constexpr char kStricterReading[] =
    ").\n"
    "- **suite's stricter reading**: the suite reads a loose text strictly (";
// Then the versions read strictly (OpSchema::ReadStrictly).

constexpr char kAfterStricterReading[] =
    "); other tools may accept such a model.\n"
    "\n"
    "Where an operator text is silent the reference follows the suite's documented resolution "
    "(`reference/semantics.h`, `docs/semantics.md`). `onnx-conform audit --cases=cases/node` adds "
    "the suite's case library to the audit's own cases.\n"
    "\n"
    "`onnx-conform audit --model=FILE [--to=B]` audits one model instead, from its own opset to B, "
    "where two kinds of finding say the audit could not judge the upgrade:\n"
    "\n"
    "- **original-invalid**: the model fails the suite's checker (with its declared shapes) or "
    "ONNX's at its own opset: one finding per node, with the rule (`docs/rules.md`); ONNX's "
    "converter is then not audited.\n"
    "- **not-compared**: a comparison the audit needs could not be made: the model runs at neither "
    "opset on an input set, the original does not run where the converted model should be compared "
    "with it, or a node alone cannot be built or run.\n"
    "\n"
    "What it does with the model:\n"
    "\n"
    "- **Graphs, subgraphs, functions.** Every node of every graph and subgraph (If branches, Loop "
    "and Scan bodies) and of every model-local function (FunctionProto), named by its name or "
    "index after its graph path: `'cond'.then_branch: 'clip'`, `function 'local::ClipFn': "
    "'inner'`. A function's body is typed as its first call gives its inputs, with the attributes "
    "it takes from the call, and once more for each call with other input types (`function "
    "'local::ClipFn' as called by 'second': 'inner'`); the nodes calling it are noted. A function "
    "that calls itself, "
    "directly or through others (`local::F -> local::G -> local::F`, in its body or a subgraph "
    "of it), calls nested more than 32 deep, or calls whose expansion makes more than 100000 "
    "nodes are refused before anything runs (exit 2, the functions named): a function's body is "
    "expanded at each call, and ONNX's function shape inference would not end, overflow its "
    "stack or run for hours. Nodes of the suite's operators "
    "(`onnx-conform schema` lists them) are audited fully; any other operator by its schema change "
    "in ONNX's registry and by the converted model's validity; the report lists what it could not "
    "audit rather than giving an all-clear.\n"
    "- **ONNX's converter** is checked without data: ONNX's checker with strict shape inference "
    "and the suite's checks of each node of the suite's operators. When it throws, the node it "
    "stops at is named (it looks each operator up in ONNX's registry by name, so a custom operator "
    "or a call of a model-local function stops it; it converts no function body).\n"
    "- **Data.** Behaviour and outputs are compared when the reference runs every node (the "
    "suite's operators, Constant, Identity), on values generated from the declared types and "
    "shapes and, added to them, on each test_data_set_N of the model's folder (when FILE is a case "
    "folder's model.onnx). The generated values are the type's edge values (+-0, +-inf, NaN, "
    "lowest and max and their neighbours, the smallest normal and denormal values, float's and "
    "float16's extremes, each known bound of the model and its neighbours), spread over elements "
    "and over as many data sets as it takes for every input, a scalar too, to meet each of them; "
    "each input starts elsewhere in them, so that two inputs never hold one value at one place "
    "(a downstream Min(x, z) cannot give z's value wherever x's node changes) and their pairs "
    "vary. A "
    "symbolic dimension takes one value in every input that names it: the one `--shape=NAME=DIMS` "
    "gives through any input, else the folder's first data set's, else the smallest size from 3 "
    "up (at most 64) that lets every input naming it hold its type's edge values. A `--shape` "
    "for no input "
    "the data feeds, of another rank, against a fixed dimension, or giving one symbolic dimension "
    "two values is a usage error.\n"
    "- **Node by node, always.** Each node of the suite's operators whose version changes is also "
    "compared alone, on the sets of generated values of its inputs' types and shapes (known "
    "values kept), in every graph (each If branch on its own) and for every function signature. "
    "When the whole model runs at both opsets and its outputs do not show a change the node shows "
    "alone, the finding says \"masked on these inputs\": a downstream node (a Min with another "
    "input) or the inputs tried hid it, and other inputs would show it; it is never an "
    "all-clear. A model the reference cannot run whole (another operator, a subgraph, a function "
    "call) is compared node by node only.\n"
    "- **What a runtime at the target may compute.** Each node of the suite's operators whose "
    "version changes is also run alone as its target version's function body, where the model's "
    "version has none (Clip-13), and under each named reading (`docs/semantics.md`) that applies "
    "at the target version only; an output-change \"under\" a reading says this node's inputs let "
    "it differ (a float Clip without max moving to Clip-13: +inf passes under the body, where "
    "Clip-6 and Clip-11 clip it to float's max()). The texts about min > max are shown only for a "
    "Clip that can have min > max: both bounds given, and not both known in order as the node "
    "sees them (float attributes rounded to the node's type: 1.0001 and 1.0 are equal in "
    "float16).\n"
    "- **`--to`** defaults to the newest opset here, never a downgrade; an opset beyond the newest "
    "the suite or ONNX's registry (libonnx) knows is a usage error.\n"
    "- **`--write=FILE`** writes the converted model with the converter's Clip bounds repaired, "
    "once it passes both checkers (and gives the original's outputs where the reference runs it), "
    "without the Constants the converter added that nothing reads; the tensors the original keeps "
    "as external data stay external, in FILE.data next to FILE.\n"
    "\n"
    "Exit codes of `onnx-conform audit`, for a CI:\n"
    "\n"
    "| code | meaning |\n"
    "|---|---|\n"
    "| 0 | no failing finding, and the audit could judge the upgrade |\n"
    "| 1 | the upgrade changes behaviour: a finding of a kind in `--fail-on=KINDS` is present "
    "(with `--model` the default is converter-failed, converter-invalid, output-change and "
    "converter-output-change; without, none) |\n"
    "| 2 | bad usage: an unknown flag or bad value, an unreadable model, an opset beyond the "
    "newest known, a `--shape` that names no input or contradicts the model, a `--write` file that "
    "cannot be written |\n"
    "| 3 | could not audit: no failing finding, but an original-invalid or not-compared finding, "
    "or a `--write` with nothing to write |\n"
    "\n"
    "Each operator's versions, pair by pair:\n";

// "Clip-13: ONNX 1.18, \"min > max\", and ONNX 1.13, ...; ArgMin-11: ...": each
// version with clarifications, the release of each and the first phrase
// that tells it.
std::string ClarifiedVersions() {
  std::vector<std::string> versions;
  for (const OpSchema* schema : AllSchemas()) {
    if (schema->clarifications().empty()) continue;
    std::vector<std::string> releases;
    for (const OpSchema::Clarification& c : schema->clarifications()) {
      releases.push_back(absl::StrCat(
          "ONNX ", c.release, c.markers.empty() ? "" : absl::StrCat(", \"", c.markers[0], "\"")));
    }
    versions.push_back(absl::StrCat(schema->Name(), ": ", absl::StrJoin(releases, ", and ")));
  }
  return versions.empty() ? "none here" : absl::StrJoin(versions, "; ");
}

// "ArgMin-1, ArgMax-1": each version the suite reads more strictly.
std::string StrictlyReadVersions() {
  std::vector<std::string> versions;
  for (const OpSchema* schema : AllSchemas()) {
    if (!schema->strict_readings().empty()) versions.push_back(schema->Name());
  }
  return versions.empty() ? "none here" : absl::StrJoin(versions, ", ");
}

}  // namespace

std::string AuditIntro() {
  return absl::StrCat(kBeforeClarifications, ClarifiedVersions(), kStricterReading,
                      StrictlyReadVersions(), kAfterStricterReading);
}

}  // namespace onnx_conform
