// `onnx-conform show CASE [--backend=SPEC]`: one case for a person: its
// case.json metadata, the spec quote, every data set's inputs and expected
// outputs, and with --backend what the backend returned and the elements
// that differ.
//
//   onnx-conform show cases/node/min_v13_float_nan --backend="exec:node adapter.js"
#include "runners/cli/show_command.h"

#include <map>
#include <optional>
#include <ostream>
#include <type_traits>
#include <variant>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "caseio/case_layout.h"
#include "caseio/case_metadata.h"
#include "checker/checked_case.h"
#include "checker/model_versions.h"
#include "checker/schema_printer.h"
#include "google/protobuf/util/json_util.h"
#include "runners/backends/backend.h"
#include "runners/cli/cli.h"
#include "runners/harness/case_runner.h"
#include "runners/harness/diff.h"
#include "runners/harness/policy.h"
#include "runners/harness/verdict.h"
#include "runners/reports/report.h"
#include "tensor/resource_limits.h"

namespace onnx_conform {
namespace {

constexpr char kShowUsage[] =
    "usage: onnx-conform show [--backend=reference|exec:COMMAND] [--timeout=SECONDS] CASE\n"
    "Prints a case: its case.json metadata, the spec quote, each data set's inputs and\n"
    "expected outputs; with --backend, the backend's outputs and the elements that differ.\n"
    "With --backend, the verdict `run` gives the case (its status and cause) ends the output.\n"
    "Exit status: 0 when shown (and, with --backend, the verdict is one that does not fail\n"
    "a run, as run decides), 1 otherwise, 2 for a usage error.\n";

constexpr int64_t kShownElements = 32;

int Fail(std::ostream& err, absl::string_view message, int code) {
  err << "onnx-conform show: " << message << "\n";
  if (code == kExitUsage) err << kShowUsage;
  return code;
}

// "float [2,3]: 1, 2, nan, ..." (the first kShownElements values).
std::string TensorLine(const Tensor& tensor) {
  std::vector<std::string> values;
  for (int64_t i = 0; i < tensor.element_count() && i < kShownElements; ++i) {
    values.push_back(FormatElement(tensor, i));
  }
  if (tensor.element_count() > kShownElements) {
    values.push_back(absl::StrCat("... (", tensor.element_count(), " elements)"));
  }
  return absl::StrCat(ElementTypeName(tensor.type()), " [", absl::StrJoin(tensor.shape(), ","),
                      "]: ", absl::StrJoin(values, ", "));
}

// The K-th tensor's name, else the stem of its file ("output_1").
std::string NameOr(const std::vector<std::string>& names, size_t k, DataFileKind kind) {
  return k < names.size() && !names[k].empty() ? names[k]
                                               : DataFileStem(kind, static_cast<int64_t>(k));
}

// An attribute's value as the node gives it: "axis=1", "min=-1".
std::string AttributeText(const onnx::AttributeProto& a) {
  switch (a.type()) {
    case onnx::AttributeProto::INT: return absl::StrCat(a.name(), "=", a.i());
    case onnx::AttributeProto::FLOAT: return absl::StrCat(a.name(), "=", a.f());
    case onnx::AttributeProto::INTS:
      return absl::StrCat(a.name(), "=[", absl::StrJoin(a.ints(), ","), "]");
    default:
      return absl::StrCat(a.name(), " (", onnx::AttributeProto::AttributeType_Name(a.type()), ")");
  }
}

// The attributes a node's schema declares but the node does not set: their
// defaults, or that they are not set (Clip-1's bounds).
std::vector<std::string> UnsetAttributes(const BoundNode& node) {
  std::vector<std::string> texts;
  for (const AttributeSpec& spec : node.schema().attributes()) {
    if (node.HasAttribute(spec.name)) continue;
    std::string value = std::visit(
        [&spec](const auto& v) -> std::string {
          using V = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<V, std::monostate>) {
            return "";
          } else if constexpr (std::is_same_v<V, std::vector<int64_t>>) {
            return absl::StrCat("[", absl::StrJoin(v, ","), "]");
          } else if constexpr (std::is_same_v<V, int64_t> || std::is_same_v<V, float>) {
            return absl::StrCat(v);
          } else {
            return AttrValueToString(spec.default_value);  // strings, lists, protos
          }
        },
        spec.default_value);
    texts.push_back(value.empty() ? absl::StrCat(spec.name, " not set")
                                  : absl::StrCat(spec.name, "=", value, " (default)"));
  }
  return texts;
}

// The model's opset and its nodes, each with its operator version (when the
// registry binds it) and every attribute: those the node sets, then the
// defaults of those it does not: "node 'n' ArgMin-13(x) -> y: axis=1,
// keepdims=1 (default), select_last_index=0 (default)".
std::string ModelLines(const CheckedCase& c) {
  const onnx::ModelProto& model = *c.model;
  std::string lines = absl::StrCat("model: opset ", DefaultDomainOpset(model).value_or(0),
                                   " of the default domain, IR ", model.ir_version(), "\n");
  for (int n = 0; n < model.graph().node_size(); ++n) {
    const onnx::NodeProto& node = model.graph().node(n);
    const BoundNode* bound = nullptr;
    if (c.graph.has_value()) {
      for (const BoundNode& b : c.graph->nodes) {
        if (b.index() == n) bound = &b;
      }
    }
    std::vector<std::string> attributes;
    for (const onnx::AttributeProto& a : node.attribute()) attributes.push_back(AttributeText(a));
    if (bound != nullptr) {
      for (std::string& unset : UnsetAttributes(*bound)) attributes.push_back(std::move(unset));
    }
    absl::StrAppend(&lines, "  node '", node.name(), "' ", node.op_type(),
                    bound != nullptr ? absl::StrCat("-", bound->version()) : "", "(",
                    absl::StrJoin(node.input(), ", "), ") -> ", absl::StrJoin(node.output(), ", "),
                    attributes.empty() ? "" : absl::StrCat(": ", absl::StrJoin(attributes, ", ")),
                    "\n");
  }
  return lines;
}

// A backend that keeps every outcome it passes on, to show after the verdict.
class RecordingBackend : public Backend {
 public:
  explicit RecordingBackend(Backend& inner) : inner_(inner) {}
  std::string name() const override { return inner_.name(); }
  std::string Identity() override { return inner_.Identity(); }
  BackendOutcome Run(const CheckedCase& c, size_t data_set) override {
    BackendOutcome outcome = inner_.Run(c, data_set);
    outcomes_[{&c, data_set}] = outcome;
    return outcome;
  }
  const BackendOutcome* Outcome(const CheckedCase& c, size_t data_set) const {
    auto it = outcomes_.find({&c, data_set});
    return it == outcomes_.end() ? nullptr : &it->second;
  }

 private:
  Backend& inner_;
  std::map<std::pair<const CheckedCase*, size_t>, BackendOutcome> outcomes_;
};

}  // namespace

absl::StatusOr<ShowOptions> ParseShowOptions(const std::vector<std::string>& args) {
  ShowOptions options;
  options.help = WantsHelp(args);
  if (options.help) return options;
  std::vector<std::string> cases;
  FlagSet flags;
  flags.Add("backend", &options.backend)
      .Add("timeout", &options.timeout_seconds)
      .Positionals(&cases);
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  if (cases.size() != 1) return absl::InvalidArgumentError("give exactly one CASE");
  options.case_dir = cases.front();
  return options;
}

int ShowCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<ShowOptions> options = ParseShowOptions(args);
  if (std::optional<int> code = ExitBeforeRunning(options, "show", kShowUsage, out, err)) {
    return *code;
  }
  const std::filesystem::path dir = options->case_dir;
  // Held to run's default limits (docs/security.md), as every command is.
  ScopedResourceBudget budget(ResourceLimits{});
  std::shared_ptr<const CheckedCase> c = OpenCase({.dir = dir});
  if (c->standing == CaseStanding::kUnreadable) {
    return Fail(err, c->standing_message, kExitFailed);
  }

  out << "case " << ForTerminal(c->name, false) << " (" << dir.string() << ")\n";
  if (c->metadata.has_value()) {
    CaseMetadata shown = *c->metadata;
    const std::string quote = shown.spec_quote();
    shown.clear_spec_quote();
    google::protobuf::util::JsonPrintOptions json_options;
    json_options.add_whitespace = true;
    json_options.preserve_proto_field_names = true;
    std::string json;
    (void)google::protobuf::util::MessageToJsonString(shown, &json, json_options);
    out << "metadata (case.json):\n" << ForTerminal(json, true);
    if (!quote.empty()) out << "spec quote:\n  " << ForTerminal(quote, true) << "\n";
  } else {
    out << "metadata: none (no case.json)\n";
  }
  if (c->model.has_value()) out << ForTerminal(ModelLines(*c), true);
  if (std::optional<CaseVerdict> standing = StandingVerdict(*c)) {
    out << "the suite: " << StatusName(standing->status) << ": "
        << ForTerminal(standing->message, true) << "\n";
  }

  std::unique_ptr<Backend> backend;
  if (!options->backend.empty()) {
    BackendOptions backend_options;
    backend_options.timeout_seconds = options->timeout_seconds;
    absl::StatusOr<std::unique_ptr<Backend>> made = MakeBackend(options->backend, backend_options);
    if (!made.ok()) return Fail(err, made.status().message(), kExitUsage);
    backend = *std::move(made);
  }
  // The verdict is run's own (RunCase), on outcomes kept to show them.
  std::optional<RecordingBackend> recording;
  std::optional<CaseResult> verdict;
  if (backend != nullptr) {
    recording.emplace(*backend);
    verdict = RunCase(*c, *recording);
  }
  for (size_t index = 0; index < c->data_sets.size(); ++index) {
    const CheckedDataSet& data_set = c->data_sets[index];
    out << "\n" << data_set.files.dir.filename().string() << ":\n";
    for (size_t k = 0; k < data_set.inputs.size(); ++k) {
      out << "  input  "
          << ForTerminal(NameOr(data_set.input_names, k, DataFileKind::kInput), false) << ": "
          << TensorLine(data_set.inputs[k]) << "\n";
    }
    for (size_t k = 0; k < data_set.outputs.size(); ++k) {
      out << "  expected "
          << ForTerminal(NameOr(data_set.output_names, k, DataFileKind::kOutput), false) << ": "
          << TensorLine(data_set.outputs[k]) << "\n";
    }
    if (!recording.has_value()) continue;
    const BackendOutcome* outcome = recording->Outcome(*c, index);
    if (outcome == nullptr) {
      out << "  " << backend->name() << ": not run (the verdict was reached before)\n";
      continue;
    }
    if (outcome->kind != BackendOutcome::Kind::kOk) {
      out << "  " << backend->name() << ": did not run it: " << ForTerminal(outcome->message, true)
          << "\n";
      continue;
    }
    for (size_t k = 0; k < outcome->outputs.size(); ++k) {
      const std::string name = NameOr(data_set.output_names, k, DataFileKind::kOutput);
      out << "  " << backend->name() << " " << ForTerminal(name, false) << ": "
          << TensorLine(outcome->outputs[k]) << "\n";
    }
    if (c->standing != CaseStanding::kRunnable) continue;
    // Each output's differing elements, under the expected outputs' match classes.
    const OutputsJudgement judgement = JudgeOutputs(*c, index, outcome->outputs, CaseTolerance(*c));
    if (judgement.kind == OutputsJudgement::Kind::kMatch) {
      out << "    matches the expected outputs (as run judges them)\n";
    } else if (judgement.kind == OutputsJudgement::Kind::kDivergent) {
      out << "    divergent: " << ForTerminal(DescribeDivergence(judgement), true) << "\n";
    }
    for (const std::string& problem : judgement.problems) {
      out << "    " << ForTerminal(problem, true) << "\n";
    }
  }
  if (!verdict.has_value()) return kExitOk;
  out << "\nverdict (as run gives it): " << StatusName(verdict->status);
  if (!verdict->signature.empty())
    out << "; cause: " << ForTerminal(verdict->signature.Cause(), false);
  out << "\n";
  return FailsRun(verdict->status) ? kExitFailed : kExitOk;
}

}  // namespace onnx_conform
