// `onnx-conform show CASE [--backend=SPEC]`: one case for a person: its
// case.json metadata, the spec quote, every data set's inputs and expected
// outputs, and with --backend what the backend returned and the elements
// that differ.
//
//   onnx-conform show cases/node/min_v13_float_nan --backend="exec:node adapter.js"
#include "runners/cli/show_command.h"

#include <ostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "caseio/case_files.h"
#include "caseio/case_layout.h"
#include "caseio/case_loader.h"
#include "cases/case_metadata.h"
#include "google/protobuf/util/json_util.h"
#include "runners/backends/backend.h"
#include "runners/cli/cli.h"
#include "runners/harness/diff.h"
#include "runners/reports/report.h"

namespace onnx_conform {
namespace {

constexpr char kShowUsage[] =
    "usage: onnx-conform show [--backend=reference|exec:COMMAND] [--timeout=SECONDS] CASE\n"
    "Prints a case: its case.json metadata, the spec quote, each data set's inputs and\n"
    "expected outputs; with --backend, the backend's outputs and the elements that differ.\n"
    "Exit status: 0 when shown (and, with --backend, every output matched), 1 otherwise,\n"
    "2 for a usage error.\n";

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

}  // namespace

absl::StatusOr<ShowOptions> ParseShowOptions(const std::vector<std::string>& args) {
  ShowOptions options;
  if (WantsHelp(args)) {
    options.help = true;
    return options;
  }
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
  if (!options.ok()) return Fail(err, options.status().message(), kExitUsage);
  if (options->help) {
    out << kShowUsage;
    return kExitOk;
  }
  const std::filesystem::path dir = options->case_dir;

  absl::StatusOr<std::optional<CaseMetadata>> metadata = ReadCaseMetadata(dir);
  if (!metadata.ok()) return Fail(err, metadata.status().message(), kExitFailed);
  absl::StatusOr<LoadedCase> loaded = LoadCase(dir);
  if (!loaded.ok()) return Fail(err, loaded.status().message(), kExitFailed);

  out << "case " << ForTerminal(loaded->name, false) << " (" << dir.string() << ")\n";
  if (metadata->has_value()) {
    CaseMetadata shown = **metadata;
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

  std::unique_ptr<Backend> backend;
  if (!options->backend.empty()) {
    BackendOptions backend_options;
    backend_options.timeout_seconds = options->timeout_seconds;
    absl::StatusOr<std::unique_ptr<Backend>> made = MakeBackend(options->backend, backend_options);
    if (!made.ok()) return Fail(err, made.status().message(), kExitUsage);
    backend = *std::move(made);
  }
  bool all_matched = true;
  for (const DataSet& data_set : loaded->data_sets) {
    out << "\n" << data_set.dir.filename().string() << ":\n";
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
    if (backend == nullptr) continue;
    const BackendOutcome outcome = backend->Run(*loaded, data_set);
    if (outcome.kind != BackendOutcome::Kind::kOk) {
      out << "  " << backend->name() << ": did not run it: " << ForTerminal(outcome.message, true)
          << "\n";
      all_matched = false;
      continue;
    }
    for (size_t k = 0; k < outcome.outputs.size(); ++k) {
      const std::string name = NameOr(data_set.output_names, k, DataFileKind::kOutput);
      out << "  " << backend->name() << " " << ForTerminal(name, false) << ": "
          << TensorLine(outcome.outputs[k]) << "\n";
      if (k >= data_set.outputs.size()) continue;
      const TensorDiff diff =
          DiffTensors(data_set.outputs[k], outcome.outputs[k], Tolerance::Exact());
      if (diff.matches()) {
        out << "    matches the expected output bit for bit\n";
      } else {
        all_matched = false;
        out << "    " << ForTerminal(diff.Describe(name), true) << "\n";
      }
    }
    if (outcome.outputs.size() != data_set.outputs.size()) {
      all_matched = false;
      out << "  " << outcome.outputs.size() << " outputs, " << data_set.outputs.size()
          << " expected\n";
    }
  }
  return all_matched ? kExitOk : kExitFailed;
}

}  // namespace onnx_conform
