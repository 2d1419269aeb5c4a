#include "runners/audit/audit_report.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "checker/schema_printer.h"
#include "google/protobuf/util/json_util.h"
#include "runners/audit/audit_intro.h"
#include "runners/audit/audit_report.pb.h"

namespace onnx_conform {
namespace {

// Escapes a Markdown table cell: '|' and line breaks.
std::string MarkdownCell(absl::string_view text) {
  return absl::StrReplaceAll(text, {{"|", "\\|"}, {"\r\n", " "}, {"\n", " "}});
}

std::string TypesText(const std::vector<ElementType>& types) {
  return types.empty() ? "all" : TypeNames(types);
}

// Behaviour and converter findings that differ only in their type.
struct Row {
  const Finding* first = nullptr;
  std::vector<ElementType> types;
  std::vector<int> targets;         // converter rows: the target opsets merged
  std::vector<const Finding*> all;  // every finding merged, for every type's values
};

// The detail with the finding's own type name blanked, so that two types'
// details that differ only in naming their type group together.
std::string DetailShape(const Finding& f) {
  std::string shape = f.detail;
  for (ElementType t : f.types) {
    shape = absl::StrReplaceAll(shape, {{ElementTypeName(t), "{type}"}});
  }
  return shape;
}

// A merged row's detail: one text when every type's detail reads the same
// (up to the type's name), else each group of types with its own values.
std::string RowDetail(const Row& row) {
  std::vector<std::pair<std::string, std::vector<const Finding*>>> groups;
  for (const Finding* f : row.all) {
    const std::string shape = DetailShape(*f);
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == shape; });
    if (it == groups.end()) {
      groups.push_back({shape, {f}});
    } else {
      it->second.push_back(f);
    }
  }
  if (groups.size() <= 1) return row.first->detail;
  std::vector<std::string> parts;
  for (const auto& [shape, members] : groups) {
    std::vector<ElementType> types;
    for (const Finding* f : members) {
      for (ElementType t : f->types) {
        if (std::find(types.begin(), types.end(), t) == types.end()) types.push_back(t);
      }
    }
    parts.push_back(absl::StrCat(TypesText(types), ": ", members.front()->detail));
  }
  return absl::StrJoin(parts, " / ");
}

std::vector<Row> MergeByType(const std::vector<const Finding*>& findings) {
  std::vector<Row> rows;
  std::map<std::tuple<FindingKind, int, int, std::string, std::string>, size_t> index;
  for (const Finding* f : findings) {
    auto key = std::tuple(f->kind, f->from_opset, f->to_opset, f->scenario, f->change);
    auto [it, inserted] = index.try_emplace(key, rows.size());
    if (inserted) rows.push_back({f, {}, {}, {}});
    Row& row = rows[it->second];
    row.all.push_back(f);
    for (ElementType t : f->types) {
      if (std::find(row.types.begin(), row.types.end(), t) == row.types.end()) {
        row.types.push_back(t);
      }
    }
  }
  return rows;
}

// Converter rows that differ only in the target opset (same source, case,
// change and types) become one row listing the targets.
std::vector<Row> MergeByTarget(std::vector<Row> rows) {
  std::vector<Row> merged;
  std::map<std::tuple<FindingKind, int, std::string, std::string, std::vector<ElementType>>, size_t>
      index;
  for (Row& row : rows) {
    const Finding& f = *row.first;
    auto key = std::tuple(f.kind, f.from_opset, f.scenario, f.change, row.types);
    auto [it, inserted] = index.try_emplace(key, merged.size());
    if (inserted) {
      row.targets = {f.to_opset};
      merged.push_back(std::move(row));
    } else {
      merged[it->second].targets.push_back(f.to_opset);
    }
  }
  return merged;
}

std::string SchemaWhat(const Finding& f) {
  return f.name.empty() ? f.aspect : absl::StrCat(f.aspect, " `", f.name, "`");
}

void AppendSchemaTable(std::string& out, const std::vector<const Finding*>& findings) {
  if (findings.empty()) {
    absl::StrAppend(&out, "No schema change.\n\n");
    return;
  }
  absl::StrAppend(&out, "| what | change | difference | detail |\n|---|---|---|---|\n");
  for (const Finding* f : findings) {
    absl::StrAppend(&out, "| ", MarkdownCell(SchemaWhat(*f)), " | ", MarkdownCell(f->change), " | ",
                    MarkdownCell(f->difference), " | ", MarkdownCell(f->detail), " |\n");
  }
  absl::StrAppend(&out, "\n");
}

void AppendCaseTable(std::string& out, const std::vector<const Finding*>& findings,
                     bool with_versions) {
  absl::StrAppend(
      &out, with_versions ? "| kind | conversion | case | types | change | difference | detail |\n"
                            "|---|---|---|---|---|---|---|\n"
                          : "| kind | case | types | change | difference | detail |\n"
                            "|---|---|---|---|---|---|\n");
  std::vector<Row> rows = MergeByType(findings);
  if (with_versions) rows = MergeByTarget(std::move(rows));
  for (const Row& row : rows) {
    const Finding& f = *row.first;
    absl::StrAppend(&out, "| ", FindingKindName(f.kind), " | ");
    if (with_versions) {
      absl::StrAppend(&out, "opset ", f.from_opset, " -> ", absl::StrJoin(row.targets, ", "),
                      " | ");
    }
    absl::StrAppend(&out, MarkdownCell(f.scenario), " | ", TypesText(row.types), " | ",
                    MarkdownCell(f.change), " | ", MarkdownCell(f.difference), " | ",
                    MarkdownCell(RowDetail(row)), " |\n");
  }
  absl::StrAppend(&out, "\n");
}

std::map<FindingKind, int> CountKinds(const std::vector<Finding>& findings) {
  std::map<FindingKind, int> counts;
  for (FindingKind kind : OperatorFindingKinds()) counts[kind] = 0;
  for (const Finding& f : findings) ++counts[f.kind];
  return counts;
}

bool IsConverterKind(FindingKind kind) {
  return kind == FindingKind::kConverterFailed || kind == FindingKind::kConverterInvalid ||
         kind == FindingKind::kConverterOutputChange;
}

std::string PairTitle(const std::string& op, const OpsetPair& pair) {
  std::string title = absl::StrCat(op, "-", pair.from_version, " -> ", op, "-", pair.to_version);
  if (pair.from_opset != pair.from_version || pair.to_opset != pair.to_version) {
    absl::StrAppend(&title, " (opset ", pair.from_opset, " -> ", pair.to_opset, ")");
  }
  return title;
}

void AppendOperator(std::string& out, const OperatorAudit& audit) {
  absl::StrAppend(&out, "## ", audit.op_type, "\n\n");
  for (const OpsetPair& pair : audit.pairs) {
    absl::StrAppend(&out, "### ", PairTitle(audit.op_type, pair), "\n\n");
    std::vector<const Finding*> schema, behaviour;
    const Finding* not_compared = nullptr;
    for (const Finding& f : audit.findings) {
      if (f.from_opset != pair.from_opset || f.to_opset != pair.to_opset) continue;
      if (f.kind == FindingKind::kSchemaChange) schema.push_back(&f);
      if (f.kind == FindingKind::kValidityChange || f.kind == FindingKind::kOutputChange) {
        behaviour.push_back(&f);
      }
      if (f.kind == FindingKind::kNotCompared && f.aspect == "case") not_compared = &f;
    }
    absl::StrAppend(&out, "Schema:\n\n");
    AppendSchemaTable(out, schema);
    absl::StrAppend(&out, "Behaviour:\n\n");
    if (not_compared != nullptr) {
      absl::StrAppend(&out, "**Not compared**: ", not_compared->change, ": ",
                      MarkdownCell(not_compared->detail), ".\n\n");
    } else if (behaviour.empty()) {
      absl::StrAppend(&out, "No case changes validity or outputs.\n\n");
    } else {
      AppendCaseTable(out, behaviour, false);
    }
  }
  std::vector<const Finding*> converter;
  const Finding* not_converted = nullptr;
  for (const Finding& f : audit.findings) {
    if (IsConverterKind(f.kind)) converter.push_back(&f);
    if (f.kind == FindingKind::kNotCompared && f.aspect == "converter") not_converted = &f;
  }
  absl::StrAppend(&out, "### ", audit.op_type, ": ONNX's version converter\n\n");
  if (not_converted != nullptr) {
    absl::StrAppend(&out, "**Not audited**: ", not_converted->change, ": ",
                    MarkdownCell(not_converted->detail), ".\n\n");
  } else if (audit.conversions == 0) {
    absl::StrAppend(&out, "No conversion: the opsets compared are the same.\n\n");
  } else if (converter.empty()) {
    absl::StrAppend(&out, audit.conversions,
                    " conversions of the cases valid at their version: every converted model is "
                    "valid and gives the same outputs.\n\n");
  } else {
    absl::StrAppend(&out, audit.conversions,
                    " conversions of the cases valid at their version:\n\n");
    AppendCaseTable(out, converter, true);
  }
  if (!audit.skipped.empty()) {
    absl::StrAppend(&out,
                    "Cases not compared (they cannot be written at one of the versions):\n\n");
    for (const std::string& s : audit.skipped) absl::StrAppend(&out, "- ", MarkdownCell(s), "\n");
    absl::StrAppend(&out, "\n");
  }
}

audit::Finding ToProto(const Finding& f) {
  audit::Finding p;
  p.set_kind(std::string(FindingKindName(f.kind)));
  p.set_operator_(f.op_type);
  p.set_from_version(f.from_version);
  p.set_to_version(f.to_version);
  p.set_from_opset(f.from_opset);
  p.set_to_opset(f.to_opset);
  p.set_aspect(f.aspect);
  p.set_name(f.name);
  p.set_change(f.change);
  p.set_detail(f.detail);
  for (ElementType t : f.types) p.add_types(std::string(ElementTypeName(t)));
  p.set_scenario(f.scenario);
  p.set_node(f.node);
  p.set_concerns(f.concerns);
  p.set_difference(f.difference);
  return p;
}

}  // namespace

std::string AuditMarkdown(const std::vector<OperatorAudit>& audits) {
  std::string out = "# Opset upgrade audit\n\n";
  absl::StrAppend(&out, AuditIntro(), "\n");
  absl::StrAppend(&out, "| operator | versions | ");
  for (FindingKind kind : OperatorFindingKinds()) {
    absl::StrAppend(&out, FindingKindName(kind), " | ");
  }
  absl::StrAppend(&out, "\n|---|---|");
  for (size_t i = 0; i < OperatorFindingKinds().size(); ++i) absl::StrAppend(&out, "---|");
  absl::StrAppend(&out, "\n");
  for (const OperatorAudit& audit : audits) {
    std::vector<std::string> pairs;
    for (const OpsetPair& pair : audit.pairs) {
      pairs.push_back(absl::StrCat(pair.from_version, " -> ", pair.to_version));
    }
    absl::StrAppend(&out, "| ", audit.op_type, " | ", absl::StrJoin(pairs, ", "), " | ");
    for (const auto& [kind, count] : CountKinds(audit.findings)) {
      absl::StrAppend(&out, count, " | ");
    }
    absl::StrAppend(&out, "\n");
  }
  absl::StrAppend(&out, "\n");
  for (const OperatorAudit& audit : audits) AppendOperator(out, audit);
  return out;
}

std::string ModelAuditMarkdown(const ModelAudit& audit) {
  std::string out = absl::StrCat("# Opset upgrade audit: ", audit.file, "\n\nFrom opset ",
                                 audit.from_opset, " to opset ", audit.to_opset,
                                 audit.downgrade ? " (a downgrade, as asked)" : "", ".\n\n");
  if (audit.nodes.empty()) {
    absl::StrAppend(&out,
                    "No node's operator version changes (every graph, subgraph and function).\n\n");
  }
  for (const NodeChange& node : audit.nodes) {
    absl::StrAppend(&out, "## Node ", node.node, ": ", node.op_type, "-", node.from_version,
                    " -> ");
    if (node.to_version == 0) {
      absl::StrAppend(&out, "none (the operator does not exist at opset ", audit.to_opset, ")\n\n");
      continue;
    }
    absl::StrAppend(&out, node.op_type, "-", node.to_version);
    if (node.type.has_value()) absl::StrAppend(&out, " (", ElementTypeName(*node.type), ")");
    if (!node.in_suite) absl::StrAppend(&out, ", by ONNX's registry");
    absl::StrAppend(&out, "\n\n");
    std::vector<const Finding*> schema;
    for (const Finding& f : audit.findings) {
      if (f.node == node.node && f.kind == FindingKind::kSchemaChange) schema.push_back(&f);
    }
    AppendSchemaTable(out, schema);
  }
  absl::StrAppend(&out, "## The model\n\n");
  if (!audit.data.empty()) {
    absl::StrAppend(&out, "Run with inputs from ",
                    absl::StrReplaceAll(audit.data, {{"generated", "generated values"}}), ".\n\n");
  }
  std::vector<const Finding*> model;
  bool converter_findings = false, behaviour_findings = false;
  for (const Finding& f : audit.findings) {
    if (f.aspect != "model") continue;
    model.push_back(&f);
    converter_findings |= IsConverterKind(f.kind);
    behaviour_findings |= !IsConverterKind(f.kind);
  }
  // An all-clear only for what was established.
  if (audit.behaviour_compared && !behaviour_findings) {
    absl::StrAppend(&out, "Same validity and outputs at both opsets.\n\n");
  }
  if (audit.converter_audited && !converter_findings) {
    absl::StrAppend(&out, audit.behaviour_compared
                              ? "ONNX's converter gives a valid model with the same outputs.\n\n"
                              : "ONNX's converter gives a model that passes ONNX's checker with "
                                "strict shape inference and the suite's checks of its "
                                "nodes of the suite's operators; its outputs were not "
                                "compared.\n\n");
  }
  if (!model.empty()) {
    absl::StrAppend(&out,
                    "| kind | node | operator | concerns | difference | change | detail |\n"
                    "|---|---|---|---|---|---|---|\n");
    for (const Finding* f : model) {
      const std::string op = f->op_type.empty()
                                 ? ""
                                 : absl::StrCat(f->op_type, "-", f->from_version, " -> ",
                                                f->op_type, "-", f->to_version);
      absl::StrAppend(&out, "| ", FindingKindName(f->kind), " | ", MarkdownCell(f->node), " | ",
                      MarkdownCell(op), " | ", MarkdownCell(f->concerns), " | ",
                      MarkdownCell(f->difference), " | ", MarkdownCell(f->change), " | ",
                      MarkdownCell(f->detail), " |\n");
    }
    absl::StrAppend(&out, "\n");
  }
  if (!audit.not_audited.empty()) {
    absl::StrAppend(&out, "Not audited:\n\n");
    for (const std::string& s : audit.not_audited) {
      absl::StrAppend(&out, "- ", MarkdownCell(s), "\n");
    }
    absl::StrAppend(&out, "\n");
  }
  if (audit.repaired.has_value()) {
    absl::StrAppend(&out,
                    "The converted model, with the converter's known mistakes repaired (Clip "
                    "bounds given the input's type, the IR version raised), passes ONNX's "
                    "checker and the suite's",
                    audit.repaired_checked_on_data
                        ? " and gives the original's outputs on the audit's data"
                        : "",
                    ": `--write=FILE` writes it.\n\n");
  }
  for (const std::string& note : audit.notes) absl::StrAppend(&out, "Note: ", note, "\n\n");
  return out;
}

std::string AuditJson(const std::vector<OperatorAudit>& audits, const ModelAudit* model) {
  audit::AuditReport report;
  std::map<std::string, int> summary;
  for (FindingKind kind : AllFindingKinds()) summary[std::string(FindingKindName(kind))] = 0;
  for (const OperatorAudit& a : audits) {
    audit::OperatorAudit* p = report.add_operators();
    p->set_operator_(a.op_type);
    for (const OpsetPair& pair : a.pairs) {
      audit::OpsetPair* q = p->add_pairs();
      q->set_from_opset(pair.from_opset);
      q->set_to_opset(pair.to_opset);
      q->set_from_version(pair.from_version);
      q->set_to_version(pair.to_version);
    }
    p->set_cases_compared(a.cases_compared);
    p->set_conversions(a.conversions);
    for (const Finding& f : a.findings) {
      *p->add_findings() = ToProto(f);
      ++summary[std::string(FindingKindName(f.kind))];
    }
    for (const std::string& s : a.skipped) p->add_skipped(s);
  }
  if (model != nullptr) {
    audit::ModelAudit* m = report.mutable_model();
    m->set_file(model->file);
    m->set_from_opset(model->from_opset);
    m->set_to_opset(model->to_opset);
    for (const NodeChange& node : model->nodes) {
      audit::NodeChange* n = m->add_nodes();
      n->set_node(node.node);
      n->set_operator_(node.op_type);
      n->set_from_version(node.from_version);
      n->set_to_version(node.to_version);
      if (node.type.has_value()) n->set_type(std::string(ElementTypeName(*node.type)));
      n->set_in_suite(node.in_suite);
    }
    for (const Finding& f : model->findings) {
      *m->add_findings() = ToProto(f);
      ++summary[std::string(FindingKindName(f.kind))];
    }
    m->set_data(model->data);
    m->set_converter_audited(model->converter_audited);
    m->set_behaviour_compared(model->behaviour_compared);
    m->set_downgrade(model->downgrade);
    for (const std::string& s : model->not_audited) m->add_not_audited(s);
    m->set_repaired(model->repaired.has_value());
    m->set_repaired_checked_on_data(model->repaired_checked_on_data);
    for (const std::string& note : model->notes) m->add_notes(note);
  }
  for (const auto& [kind, count] : summary) (*report.mutable_summary())[kind] = count;
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  std::string json;
  // Printing a message of a fixed, valid schema cannot fail.
  (void)google::protobuf::util::MessageToJsonString(report, &json, options);
  return json;
}

}  // namespace onnx_conform
