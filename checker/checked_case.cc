#include "checker/checked_case.h"

#include <algorithm>
#include <set>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "caseio/case_files.h"
#include "caseio/case_loader.h"
#include "checker/checker.h"
#include "checker/data_repairs.h"
#include "checker/model_versions.h"
#include "checker/registry.h"
#include "checker/rules.h"
#include "checker/subject.h"
#include "tensor/value_proto.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

// Reader messages start with the path, which a diagnostic names apart.
std::string WithoutPath(const absl::Status& status, const fs::path& path) {
  absl::string_view message = status.message();
  absl::ConsumePrefix(&message, absl::StrCat(path.string(), ": "));
  return std::string(message);
}

// The rule a layout problem breaks. `in_data_set`: found in a data set
// folder rather than in the case folder.
absl::string_view RuleOf(const LayoutProblem& problem, bool in_data_set) {
  switch (problem.kind) {
    case LayoutProblemKind::kNoModel: return rules::kModelRead;
    case LayoutProblemKind::kNoDataSet: return rules::kDataSetMissing;
    case LayoutProblemKind::kUnreadable:
      return in_data_set ? rules::kDataFileNames : rules::kDataSetMissing;
    case LayoutProblemKind::kDataSetOutsideCase:
      return rules::kDataDecode;  // its files cannot be read as the case's
    case LayoutProblemKind::kDataSetName:
    case LayoutProblemKind::kDataSetNotADirectory:
    case LayoutProblemKind::kDuplicateNumber:
    case LayoutProblemKind::kDataFileName:
    case LayoutProblemKind::kNumberingGap: return rules::kDataFileNames;
  }
  return rules::kDataFileNames;
}

// Rules that say a file cannot be read as the layout says (the case is an
// error), rather than that what it holds breaks a rule (invalid).
bool IsReadingRule(absl::string_view rule) {
  return rule == rules::kModelRead || rule == rules::kDataDecode || rule == rules::kDataFileNames ||
         rule == rules::kDataSetMissing;
}

// Rules a backend cannot see broken: they concern the expected outputs'
// count or how files are named, never the model or the inputs it is given.
bool IsInvisibleRule(absl::string_view rule) {
  return rule == rules::kDataOutputCount || rule == rules::kDataSetMissing ||
         rule == rules::kDataFileNames;
}

std::string Describe(const Diagnostic& d) {
  return d.file.empty() ? d.message : absl::StrCat(d.file, ": ", d.message);
}

// Reads every file of the case and checks what it read.
class CaseReader {
 public:
  explicit CaseReader(CheckedCase& c) : c_(c) {}

  // model.onnx and the case folder's own layout problems.
  void ReadModel() {
    const fs::path& model_file = c_.layout.model_file;
    bool model_listed = true;
    for (const LayoutProblem& problem : c_.layout.problems) {
      if (problem.kind == LayoutProblemKind::kNoModel) model_listed = false;
    }
    if (model_listed) {
      absl::StatusOr<onnx::ModelProto> model = ReadCaseModel(c_.dir);
      if (model.ok()) {
        c_.model = *std::move(model);
        Append(CheckModel(*c_.model, model_file.string()), model_diagnostics_);
      } else {
        model_error_ = std::string(model.status().message());
        Report(rules::kModelRead, model_file, WithoutPath(model.status(), model_file));
      }
    } else {
      model_error_ = absl::StrCat(model_file.string(), ": no such file");
    }
    for (const LayoutProblem& problem : c_.layout.problems) {
      Report(RuleOf(problem, /*in_data_set=*/false), problem.file, problem.message);
    }
  }

  // Every data set. Files of sequence, map or optional graph values hold
  // SequenceProto, MapProto or OptionalProto.
  void ReadData() {
    if (c_.model.has_value()) {
      for (const onnx::ValueInfoProto* fed : FedGraphInputs(c_.model->graph())) {
        input_kinds_.push_back(KindOfType(fed->type()));
      }
      for (const onnx::ValueInfoProto& output : c_.model->graph().output()) {
        output_kinds_.push_back(KindOfType(output.type()));
      }
    }
    for (const DataSetLayout& listed : c_.layout.data_sets) ReadDataSet(listed);
  }

  const std::string& model_error() const { return model_error_; }
  const std::vector<Diagnostic>& model_diagnostics() const { return model_diagnostics_; }

 private:
  void Report(absl::string_view rule, const fs::path& file, std::string message) {
    c_.diagnostics.push_back(MakeDiagnostic(rule, file.string(), "", "", std::move(message)));
  }
  void Append(std::vector<Diagnostic> more, std::vector<Diagnostic>& also) {
    for (Diagnostic& d : more) {
      also.push_back(d);
      c_.diagnostics.push_back(std::move(d));
    }
  }

  // One file as read: its value (null when it did not decode) and name.
  struct ReadFile {
    fs::path path;
    std::unique_ptr<Tensor> tensor;
    std::string name;
  };

  void ReadDataSet(const DataSetLayout& listed) {
    for (const LayoutProblem& problem : listed.problems) {
      Report(RuleOf(problem, /*in_data_set=*/true), problem.file, problem.message);
    }
    std::vector<ReadFile> inputs = ReadAll(listed.input_files, input_kinds_);
    std::vector<ReadFile> outputs = ReadAll(listed.output_files, output_kinds_);
    // With a gap or a bad name, files no longer match graph values by
    // position: comparing them would only repeat the layout finding.
    if (c_.model.has_value() && listed.problems.empty()) {
      Repair(inputs, outputs);
      DataSetView view{listed.dir, {}, {}};
      for (const ReadFile& f : inputs) {
        view.inputs.push_back({f.path, f.tensor.get(), f.name});
      }
      for (const ReadFile& f : outputs) {
        view.outputs.push_back({f.path, f.tensor.get(), f.name});
      }
      for (Diagnostic& d : CheckDataSet(*c_.model, view, c_.layout.model_file.string())) {
        c_.diagnostics.push_back(std::move(d));
      }
    }
    CheckedDataSet data_set{.files = listed, .decoded = listed.problems.empty()};
    const auto keep = [&](std::vector<ReadFile>& files, std::vector<Tensor>& tensors,
                          std::vector<std::string>& names) {
      for (ReadFile& f : files) {
        names.push_back(std::move(f.name));
        if (f.tensor == nullptr) {
          data_set.decoded = false;
          continue;
        }
        tensors.push_back(std::move(*f.tensor));
      }
    };
    keep(inputs, data_set.inputs, data_set.input_names);
    keep(outputs, data_set.outputs, data_set.output_names);
    c_.data_sets.push_back(std::move(data_set));
  }

  // What ONNX's generators wrote against the data rules of a valid test
  // (checker/data_repairs.h): repaired, with a warning each.
  void Repair(std::vector<ReadFile>& inputs, std::vector<ReadFile>& outputs) {
    const auto refs = [](std::vector<ReadFile>& files) {
      std::vector<DataFileRef> out;
      for (ReadFile& f : files) out.push_back({f.path, f.tensor.get()});
      return out;
    };
    for (Diagnostic& d : RepairGeneratorDefects(*c_.model, refs(inputs), refs(outputs))) {
      c_.repaired = true;
      c_.diagnostics.push_back(std::move(d));
    }
  }

  // Each file decoded as the kind its graph value declares (a tensor past
  // the graph's values: the data checker reports the count). A data type
  // the suite does not know is no verdict on the case (TYPE-UNKNOWN).
  std::vector<ReadFile> ReadAll(const std::vector<fs::path>& paths,
                                const std::vector<Tensor::Kind>& kinds) {
    std::vector<ReadFile> files;
    for (const fs::path& path : paths) {
      ReadFile& file = files.emplace_back();
      file.path = path;
      const size_t k = files.size() - 1;
      absl::StatusOr<DataFileContents> read =
          ReadCaseDataFile(c_.dir, path, k < kinds.size() ? kinds[k] : Tensor::Kind::kTensor);
      if (!read.ok()) {
        Report(absl::IsUnimplemented(read.status()) ? rules::kTypeUnknown : rules::kDataDecode,
               path, WithoutPath(read.status(), path));
        continue;
      }
      file.name = std::move(read->name);
      file.tensor = std::make_unique<Tensor>(std::move(read->value));
    }
    return files;
  }

  CheckedCase& c_;
  std::string model_error_;
  std::vector<Diagnostic> model_diagnostics_;
  std::vector<Tensor::Kind> input_kinds_;  // of each fed graph input's files
  std::vector<Tensor::Kind> output_kinds_;
};

// The labels: from the model, case.json having the last word.
void Label(CheckedCase& c) {
  CaseLabels& labels = c.labels;
  if (c.model.has_value()) {
    labels.op = CaseSubject(*c.model, c.name);
    labels.opset = DefaultDomainOpset(*c.model).value_or(0);
    labels.op_version = ResolveOperatorVersion(labels.op, labels.opset).value_or(0);
  }
  if (c.metadata.has_value()) {
    labels.op = c.metadata->operator_();
    labels.op_version = c.metadata->version();
    if (c.metadata->types_size() > 0) labels.types = absl::StrJoin(c.metadata->types(), ",");
  }
  if (!labels.types.empty()) return;
  std::vector<std::string> types;
  const auto add = [&](const std::string& name) {
    if (std::find(types.begin(), types.end(), name) == types.end()) types.push_back(name);
  };
  if (!c.data_sets.empty()) {
    for (const Tensor& input : c.data_sets.front().inputs) {
      add(input.is_tensor() ? std::string(ElementTypeName(input.type())) : ValueTypeString(input));
    }
  } else if (c.model.has_value()) {
    // Data left unread (the model decided the standing): the declared types.
    for (const onnx::ValueInfoProto* input : FedGraphInputs(c.model->graph())) {
      const int32_t declared = input->type().tensor_type().elem_type();
      if (std::optional<ElementType> type = ElementTypeFromProto(declared);
          type.has_value() && *type != ElementType::kUndefined) {
        add(std::string(ElementTypeName(*type)));
      }
    }
  }
  labels.types = absl::StrJoin(types, ",");
}

// Whether the model alone decides a valid case's standing.
bool ModelDecides(const CheckedCase& c, const std::vector<Diagnostic>& model_diagnostics) {
  return !c.model.has_value() || OutOfScopeReason(*c.model).has_value() ||
         HasErrors(model_diagnostics) || IsUnsupported(model_diagnostics);
}

// A valid case's standing, in the order the suite decides it: what cannot
// be read, what is out of scope, what the model breaks, then the data.
void Stand(CheckedCase& c, const std::string& model_error,
           const std::vector<Diagnostic>& model_diagnostics) {
  const auto set = [&](CaseStanding standing, std::string message) {
    c.standing = standing;
    c.standing_message = std::move(message);
  };
  if (!c.model.has_value()) return set(CaseStanding::kUnreadable, model_error);
  if (std::optional<std::string> why = OutOfScopeReason(*c.model)) {
    return set(CaseStanding::kOutOfScope, *why);
  }
  const std::vector<Diagnostic>& model = model_diagnostics;
  if (HasErrors(model)) return set(CaseStanding::kInvalid, Findings(model, Severity::kError));
  if (IsUnsupported(model)) {
    return set(CaseStanding::kUnsupported, Findings(model, Severity::kUnsupported));
  }
  for (const Diagnostic& d : c.diagnostics) {
    if (d.severity == Severity::kError && IsReadingRule(d.rule)) {
      return set(CaseStanding::kUnreadable, Describe(d));
    }
  }
  if (HasErrors(c.diagnostics)) {
    return set(CaseStanding::kInvalid, Findings(c.diagnostics, Severity::kError));
  }
  // A data file of a type the suite does not know (TYPE-UNKNOWN).
  if (IsUnsupported(c.diagnostics)) {
    return set(CaseStanding::kUnsupported, Findings(c.diagnostics, Severity::kUnsupported));
  }
  absl::StatusOr<BoundGraph> bound = BindGraph(*c.model);
  if (!bound.ok()) return set(CaseStanding::kUnsupported, std::string(bound.status().message()));
  c.graph = *std::move(bound);
  c.standing = CaseStanding::kRunnable;
}

// A negative case: the rule it breaks and whether a backend can see it.
void StandNegative(CheckedCase& c) {
  c.standing = CaseStanding::kNegative;
  c.broken_rule = c.metadata->rule_id();
  std::set<std::string> expected_outputs;
  for (const DataSetLayout& listed : c.layout.data_sets) {
    for (const fs::path& file : listed.output_files) expected_outputs.insert(file.string());
  }
  for (const Diagnostic& d : c.diagnostics) {
    // A backend sees the model and the input files' contents, never the
    // expected outputs or how the files are named.
    if (d.rule == c.broken_rule && d.severity == Severity::kError &&
        !expected_outputs.contains(d.file) && !IsInvisibleRule(d.rule)) {
      c.breakage_visible = true;
    }
  }
}

}  // namespace

std::shared_ptr<const CheckedCase> FinishCase(std::shared_ptr<CheckedCase> c) {
  c->explanations_.resize(c->data_sets.size());
  return c;
}

std::vector<Diagnostic> CheckedCase::VisibleErrors(size_t index) const {
  std::set<std::string> seen;  // the files of data set `index` a backend gets
  seen.insert(layout.model_file.string());
  if (index < data_sets.size()) {
    seen.insert(data_sets[index].files.dir.string());
    for (const fs::path& file : data_sets[index].files.input_files) seen.insert(file.string());
  }
  std::vector<Diagnostic> visible;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity == Severity::kError && !IsInvisibleRule(d.rule) &&
        (d.file.empty() || seen.contains(d.file))) {
      visible.push_back(d);
    }
  }
  return visible;
}

std::shared_ptr<const CheckedCase> OpenCase(const CaseRef& ref, const TwinOpener& open_twin,
                                            OpenDepth depth) {
  auto c = std::make_shared<CheckedCase>();
  c->dir = ref.dir;
  c->name = CaseName(ref.dir);
  absl::StatusOr<std::optional<CaseMetadata>> metadata =
      ref.metadata.has_value() ? *ref.metadata : ReadCaseMetadata(ref.dir);
  if (!metadata.ok()) {
    c->standing_message = std::string(metadata.status().message());
    return FinishCase(std::move(c));
  }
  c->metadata = *std::move(metadata);
  absl::StatusOr<std::optional<OnnxTestData>> test_data = ReadOnnxTestData(ref.dir);
  if (!test_data.ok()) {
    c->standing_message = std::string(test_data.status().message());
    return FinishCase(std::move(c));
  }
  c->onnx_test_data = *std::move(test_data);
  c->layout = ListCase(ref.dir);
  CaseReader reader(*c);
  reader.ReadModel();
  const bool negative = c->metadata.has_value() && c->metadata->expectation() == kExpectInvalid;
  // A valid case whose model decides its standing (unreadable, out of scope,
  // invalid, unsupported) is not read further unless asked: its data may be
  // of kinds the suite does not read, and change nothing.
  if (negative || depth == OpenDepth::kEveryFile || !ModelDecides(*c, reader.model_diagnostics())) {
    reader.ReadData();
  }
  if (negative) {
    StandNegative(*c);
    if (c->breakage_visible && !c->metadata->twin().empty()) {
      absl::StatusOr<fs::path> twin_dir = ResolveTwinDir(c->dir, c->metadata->twin());
      if (!twin_dir.ok()) {
        c->twin_error = std::string(twin_dir.status().message());
      } else {
        c->twin = open_twin ? open_twin(*twin_dir) : OpenCase({.dir = *twin_dir});
      }
    }
  } else {
    Stand(*c, reader.model_error(), reader.model_diagnostics());
  }
  Label(*c);
  return FinishCase(std::move(c));
}

std::shared_ptr<const CheckedCase> CheckInMemoryCase(std::string name, onnx::ModelProto model,
                                                     std::vector<InMemoryDataSet> data_sets,
                                                     std::optional<CaseMetadata> metadata,
                                                     const ExpectedOutputs& expect) {
  auto c = std::make_shared<CheckedCase>();
  c->name = std::move(name);
  c->metadata = std::move(metadata);
  c->layout.model_file = kModelFileName;
  const std::string model_file(kModelFileName);
  c->model = std::move(model);
  std::vector<Diagnostic> model_diagnostics = CheckModel(*c->model, model_file);
  c->diagnostics = model_diagnostics;
  const std::vector<const onnx::ValueInfoProto*> fed = FedGraphInputs(c->model->graph());
  for (size_t n = 0; n < data_sets.size(); ++n) {
    CheckedDataSet data_set{.files = {.number = static_cast<int64_t>(n),
                                      .dir = DataSetDirName(static_cast<int64_t>(n))},
                            .inputs = std::move(data_sets[n].inputs),
                            .outputs = std::move(data_sets[n].outputs),
                            .decoded = true};
    const bool has_outputs = !data_set.outputs.empty();
    DataSetView view{.dir = data_set.files.dir, .inputs_only = !has_outputs};
    for (size_t k = 0; k < data_set.inputs.size(); ++k) {
      const fs::path file =
          DataFilePath(static_cast<int64_t>(n), DataFileKind::kInput, static_cast<int64_t>(k));
      data_set.files.input_files.push_back(file);
      view.inputs.emplace_back(file, &data_set.inputs[k],
                               k < fed.size() ? fed[k]->name() : std::string());
    }
    for (size_t k = 0; k < data_set.outputs.size(); ++k) {
      const fs::path file =
          DataFilePath(static_cast<int64_t>(n), DataFileKind::kOutput, static_cast<int64_t>(k));
      data_set.files.output_files.push_back(file);
      view.outputs.emplace_back(file, &data_set.outputs[k], std::string());
    }
    if (!HasErrors(model_diagnostics)) {
      for (Diagnostic& d : CheckDataSet(*c->model, view, model_file)) {
        c->diagnostics.push_back(std::move(d));
      }
    }
    c->data_sets.push_back(std::move(data_set));
  }
  if (c->metadata.has_value() && c->metadata->expectation() == kExpectInvalid) {
    StandNegative(*c);
  } else {
    Stand(*c, "", model_diagnostics);
  }
  if (expect && c->standing == CaseStanding::kRunnable) {
    for (CheckedDataSet& data_set : c->data_sets) {
      if (!data_set.outputs.empty()) continue;
      absl::StatusOr<std::vector<Tensor>> outputs = expect(*c->graph, data_set.inputs);
      if (!outputs.ok()) {
        c->standing = CaseStanding::kUnreadable;
        c->standing_message = std::string(outputs.status().message());
        break;
      }
      data_set.outputs = *std::move(outputs);
    }
  }
  Label(*c);
  return FinishCase(std::move(c));
}

}  // namespace onnx_conform
