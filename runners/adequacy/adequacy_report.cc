#include "runners/adequacy/adequacy_report.h"

#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "checker/schema_printer.h"
#include "runners/reports/markup.h"

namespace onnx_conform {
namespace {

std::string Versions(const Bug& bug) { return absl::StrJoin(BugVersions(bug), ","); }

std::string Percent(int part, int whole) {
  return whole == 0 ? "-" : absl::StrFormat("%d%%", (100 * part + whole / 2) / whole);
}

// What a set did to a bug, in a few words: the first killing case, or the outcome.
std::string Verdict(const BugResult& r) {
  if (r.outcome == BugOutcome::kKilled) {
    std::string more =
        r.killers.size() > 1 ? absl::StrCat(" (+", r.killers.size() - 1, " more)") : "";
    return absl::StrCat("killed by ", r.killers[0].case_name, more);
  }
  if (r.outcome == BugOutcome::kDivergent) {
    return absl::StrCat("divergent on ", r.divergent_cases[0]);
  }
  return std::string(BugOutcomeName(r.outcome));
}

std::string Score(const AdequacyReport& report) {
  return absl::StrCat(report.Killed(), " of ", report.Counted(), " bugs killed");
}

}  // namespace

std::string RenderCatalogue(const std::vector<const Bug*>& bugs) {
  std::string out;
  for (const Bug* bug : bugs) {
    absl::StrAppendFormat(&out, "%-44s %-7s %-10s versions %-12s types %s\n    %s\n", bug->name,
                          bug->op, BugKindName(bug->kind), Versions(*bug), bug->types.name,
                          bug->doc);
  }
  return out;
}

std::string RenderAdequacyText(const AdequacyReport& report) {
  std::string out =
      absl::StrCat("adequacy: ", report.cases, " cases, ", report.bugs.size(), " mutants\n");
  for (const BugResult& r : report.bugs) {
    std::string kind =
        r.bug->kind == BugKind::kBug ? "" : absl::StrCat(" [", BugKindName(r.bug->kind), "]");
    absl::StrAppendFormat(&out, "%-14s %s%s (%s-%s, %s)", BugOutcomeName(r.outcome), r.bug->name,
                          kind, r.bug->op, Versions(*r.bug), r.bug->types.name);
    if (r.outcome == BugOutcome::kKilled) {
      absl::StrAppend(&out, ": ", Verdict(r), ": ", r.killers[0].status, ": ",
                      r.killers[0].message);
    } else if (r.outcome == BugOutcome::kDivergent) {
      absl::StrAppend(&out, ": ", Verdict(r));
    }
    absl::StrAppend(&out, "\n");
  }
  absl::StrAppend(&out, "per operator version (bugs killed by its cases / bugs that apply):\n");
  for (const VersionShare& v : report.versions) {
    absl::StrAppendFormat(&out, "  %s-%d: %d/%d (%s), %d cases\n", v.op, v.version, v.killed,
                          v.bugs, Percent(v.killed, v.bugs), v.cases);
  }
  const std::vector<const BugResult*> survivors = report.Survivors();
  if (!survivors.empty()) {
    absl::StrAppend(&out, "surviving bugs (the cases this set is missing):\n");
    for (const BugResult* r : survivors) {
      absl::StrAppend(&out, "  ", r->bug->name, " (", BugOutcomeName(r->outcome),
                      "): ", r->bug->doc, "\n");
    }
  }
  if (!report.failing_on_reference.empty()) {
    absl::StrAppend(&out, report.failing_on_reference.size(),
                    " cases fail on the reference itself and kill nothing:\n");
    for (const std::string& line : report.failing_on_reference) {
      absl::StrAppend(&out, "  ", line, "\n");
    }
  }
  for (const BugResult* r : report.Problems()) {
    absl::StrAppend(&out, "problem: ", r->bug->name, ": ", r->problem, "\n");
  }
  absl::StrAppend(&out, Score(report), " (", Percent(report.Killed(), report.Counted()), ")\n");
  return out;
}

std::string RenderAdequacyJson(const AdequacyReport& report) {
  std::vector<std::string> bugs;
  for (const BugResult& r : report.bugs) {
    std::vector<std::string> killers, divergent;
    for (const Killer& k : r.killers) {
      killers.push_back(absl::StrCat("{\"case\": ", JsonString(k.case_name),
                                     ", \"status\": ", JsonString(k.status),
                                     ", \"message\": ", JsonString(k.message), "}"));
    }
    for (const std::string& d : r.divergent_cases) divergent.push_back(JsonString(d));
    bugs.push_back(absl::StrCat(
        "    {\"name\": ", JsonString(r.bug->name), ", \"op\": ", JsonString(r.bug->op),
        ", \"kind\": ", JsonString(BugKindName(r.bug->kind)), ", \"versions\": [", Versions(*r.bug),
        "], \"types\": ", JsonString(r.bug->types.name), ", \"doc\": ", JsonString(r.bug->doc),
        ", \"outcome\": ", JsonString(BugOutcomeName(r.outcome)), ", \"planted\": ", r.planted,
        ", \"exercised\": ", r.exercised, ", \"problem\": ", JsonString(r.problem),
        ",\n     \"killers\": [", absl::StrJoin(killers, ", "), "], \"divergent\": [",
        absl::StrJoin(divergent, ", "), "]}"));
  }
  std::vector<std::string> versions;
  for (const VersionShare& v : report.versions) {
    versions.push_back(absl::StrCat("    {\"op\": ", JsonString(v.op), ", \"version\": ", v.version,
                                    ", \"cases\": ", v.cases, ", \"bugs\": ", v.bugs,
                                    ", \"killed\": ", v.killed, "}"));
  }
  std::vector<std::string> failing;
  for (const std::string& line : report.failing_on_reference) failing.push_back(JsonString(line));
  return absl::StrCat("{\"cases\": ", report.cases, ", \"failing_on_reference\": [",
                      absl::StrJoin(failing, ", "), "], \"counted\": ", report.Counted(),
                      ", \"killed\": ", report.Killed(), ",\n  \"bugs\": [\n",
                      absl::StrJoin(bugs, ",\n"), "\n  ],\n  \"versions\": [\n",
                      absl::StrJoin(versions, ",\n"), "\n  ]\n}\n");
}

std::string RenderAdequacyMarkdown(const std::vector<NamedAdequacy>& sets) {
  std::string out = "## Adequacy: planted backend bugs\n\n";
  absl::StrAppend(&out,
                  "Generated by `onnx-conform adequacy --markdown`: each bug of the catalogue "
                  "planted in the reference, one at a time, and every case of a set run on it "
                  "as `run` judges. Killed: a case fails or errors on it (the first such case "
                  "named); survived: it computes something else but every case passes; not "
                  "exercised: no case makes it compute anything else. Mutants that follow a "
                  "named reading must come out divergent, and equivalent ones are declared; "
                  "neither is counted.\n\n");
  absl::StrAppend(&out, "| set | cases | bugs killed |\n|---|---:|---:|\n");
  for (const auto& [name, report] : sets) {
    absl::StrAppend(&out, "| ", MarkdownText(name), " | ", report->cases, " | ", report->Killed(),
                    " of ", report->Counted(), " (", Percent(report->Killed(), report->Counted()),
                    ") |\n");
  }
  absl::StrAppend(&out, "\n| bug | operator | versions | types | kind |");
  std::string rule = "|---|---|---|---|---|";
  for (const auto& [name, report] : sets) {
    absl::StrAppend(&out, " ", MarkdownText(name), " |");
    absl::StrAppend(&rule, "---|");
  }
  absl::StrAppend(&out, "\n", rule, "\n");
  if (sets.empty()) return out;
  for (size_t i = 0; i < sets[0].second->bugs.size(); ++i) {
    const Bug& bug = *sets[0].second->bugs[i].bug;
    absl::StrAppend(&out, "| ", MarkdownCode(bug.name), " | ", bug.op, " | ", Versions(bug), " | ",
                    bug.types.name, " | ", BugKindName(bug.kind), " |");
    for (const auto& [name, report] : sets) {
      absl::StrAppend(&out, " ", MarkdownText(Verdict(report->bugs[i])), " |");
    }
    absl::StrAppend(&out, "\n");
  }
  absl::StrAppend(&out,
                  "\nPer operator version: bugs killed by a case of that version / bugs "
                  "that apply to it.\n\n| operator version |");
  std::string version_rule = "|---|";
  std::map<std::pair<std::string, int64_t>, std::vector<std::string>> shares;
  for (size_t k = 0; k < sets.size(); ++k) {
    absl::StrAppend(&out, " ", MarkdownText(sets[k].first), " |");
    absl::StrAppend(&version_rule, "---:|");
    for (const VersionShare& v : sets[k].second->versions) {
      std::vector<std::string>& row = shares[{v.op, v.version}];
      row.resize(sets.size(), "no case");
      row[k] = absl::StrCat(v.killed, "/", v.bugs, " (", Percent(v.killed, v.bugs), ")");
    }
  }
  absl::StrAppend(&out, "\n", version_rule, "\n");
  for (const auto& [key, row] : shares) {
    absl::StrAppend(&out, "| ", key.first, "-", key.second, " | ", absl::StrJoin(row, " | "),
                    " |\n");
  }
  for (const auto& [name, report] : sets) {
    absl::StrAppend(&out, "\n### Surviving bugs: ", MarkdownText(name), "\n\n");
    const std::vector<const BugResult*> survivors = report->Survivors();
    if (survivors.empty()) absl::StrAppend(&out, "None.\n");
    for (const BugResult* r : survivors) {
      absl::StrAppend(&out, "- ", MarkdownCode(r->bug->name), " (", BugOutcomeName(r->outcome),
                      "): ", MarkdownText(r->bug->doc), "\n");
    }
  }
  absl::StrAppend(&out, "\n### The bugs\n\n");
  for (const BugResult& r : sets[0].second->bugs) {
    absl::StrAppend(&out, "- ", MarkdownCode(r.bug->name), ": ", MarkdownText(r.bug->doc), "\n");
  }
  return out;
}

}  // namespace onnx_conform
