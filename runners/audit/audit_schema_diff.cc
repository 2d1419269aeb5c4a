#include "runners/audit/audit_schema_diff.h"

#include <algorithm>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "checker/schema_printer.h"

namespace onnx_conform {
namespace {

// ---- Printing declarations ----

std::string AttrTypeName(AttrType type) { return onnx::AttributeProto::AttributeType_Name(type); }

// "optional input 'min' of type T at position 1".
std::string DescribeParam(absl::string_view what, const FormalParameter& param, size_t position) {
  std::string text = absl::StrCat(OptionName(param.option), " ", what, " '", param.name,
                                  "' of type ", param.TypeString(), " at position ", position);
  if (param.option == kVariadic && param.min_arity != 1) {
    absl::StrAppend(&text, " (at least ", param.min_arity, ")");
  }
  return text;
}

// "FLOAT, default -3.40282347e+38" / "INT, required" / "INTS, optional without default".
std::string DescribeAttr(const AttributeSpec& attr) {
  std::string text = AttrTypeName(attr.type);
  if (attr.required) return absl::StrCat(text, ", required");
  if (std::holds_alternative<std::monostate>(attr.default_value)) {
    return absl::StrCat(text, ", optional without default");
  }
  return absl::StrCat(text, ", default ", FormatAttrValue(attr.default_value));
}

// ---- Texts compared sentence by sentence ----

// A sentence as compared: without its final period, case folded, so that
// "List of tensors for Min" and "List of tensors for min." are one sentence.
std::string SentenceKey(absl::string_view sentence) {
  return absl::AsciiStrToLower(absl::StripSuffix(absl::StripAsciiWhitespace(sentence), "."));
}

std::vector<std::string> Sentences(absl::string_view text) {
  std::vector<std::string> sentences;
  for (absl::string_view part : absl::StrSplit(text, ". ", absl::SkipWhitespace())) {
    std::string sentence(absl::StripAsciiWhitespace(part));
    if (!absl::EndsWith(sentence, ".")) sentence += ".";
    sentences.push_back(std::move(sentence));
  }
  return sentences;
}

// Sentences of `a` missing from `b`, by key.
std::vector<std::string> SentencesMissing(absl::string_view a, absl::string_view b) {
  std::vector<std::string> missing;
  std::vector<std::string> b_keys;
  for (const std::string& s : Sentences(b)) b_keys.push_back(SentenceKey(s));
  for (const std::string& s : Sentences(a)) {
    if (std::find(b_keys.begin(), b_keys.end(), SentenceKey(s)) == b_keys.end()) {
      missing.push_back(s);
    }
  }
  return missing;
}

// "removes 'X'; adds 'Y'", or empty when the texts say the same.
std::string TextChange(absl::string_view from, absl::string_view to) {
  std::vector<std::string> parts;
  std::vector<std::string> removed = SentencesMissing(from, to);
  std::vector<std::string> added = SentencesMissing(to, from);
  auto quoted = [](const std::vector<std::string>& sentences) {
    return absl::StrJoin(sentences, " ", [](std::string* out, const std::string& s) {
      absl::StrAppend(out, "\"", s, "\"");
    });
  };
  if (!removed.empty()) parts.push_back(absl::StrCat("removes ", quoted(removed)));
  if (!added.empty()) parts.push_back(absl::StrCat("adds ", quoted(added)));
  return absl::StrJoin(parts, "; ");
}

// ---- The diff ----

class SchemaDiff {
 public:
  SchemaDiff(const OpSchema& from, const OpSchema& to) : from_(from), to_(to) {}

  std::vector<Finding> Run() {
    DiffTypeConstraints();
    DiffParams("input", from_.inputs(), to_.inputs());
    DiffArity("input arity", from_.min_inputs(), from_.max_inputs(), to_.min_inputs(),
              to_.max_inputs());
    DiffParams("output", from_.outputs(), to_.outputs());
    DiffArity("output arity", from_.min_outputs(), from_.max_outputs(), to_.min_outputs(),
              to_.max_outputs());
    DiffAttributes();
    DiffRules();
    DiffFlags();
    return std::move(findings_);
  }

 private:
  Finding& Add(std::string aspect, std::string name, std::string change, std::string detail,
               Applicability applies) {
    return findings_.emplace_back(Finding{.kind = FindingKind::kSchemaChange,
                                          .op_type = to_.op_type(),
                                          .from_version = from_.since_version(),
                                          .to_version = to_.since_version(),
                                          .from_opset = from_.since_version(),
                                          .to_opset = to_.since_version(),
                                          .aspect = std::move(aspect),
                                          .name = std::move(name),
                                          .change = std::move(change),
                                          .detail = std::move(detail),
                                          .applies = applies});
  }

  void DiffTypeConstraints() {
    for (const TypeConstraintSpec& a : from_.type_constraints()) {
      const TypeConstraintSpec* b = to_.FindTypeConstraint(a.type_param);
      if (b == nullptr) {
        Add("type", a.type_param, "removed",
            absl::StrCat("type parameter ", a.type_param, " (", TypeNames(a.allowed),
                         ") no longer exists"),
            Applicability::kAlways)
            .types = a.allowed;
        continue;
      }
      std::vector<ElementType> added, removed;
      for (ElementType t : b->allowed) {
        if (std::find(a.allowed.begin(), a.allowed.end(), t) == a.allowed.end()) added.push_back(t);
      }
      for (ElementType t : a.allowed) {
        if (std::find(b->allowed.begin(), b->allowed.end(), t) == b->allowed.end()) {
          removed.push_back(t);
        }
      }
      if (!added.empty()) {
        // A type added concerns no existing (valid) node.
        Add("type", a.type_param, "added",
            absl::StrCat(a.type_param, " also allows ", TypeNames(added), " (", from_.Name(), ": ",
                         TypeNames(a.allowed), ")"),
            Applicability::kNever)
            .types = added;
      }
      if (!removed.empty()) {
        Add("type", a.type_param, "removed",
            absl::StrCat(a.type_param, " no longer allows ", TypeNames(removed), " (", to_.Name(),
                         ": ", TypeNames(b->allowed), ")"),
            Applicability::kNodeType)
            .types = removed;
      }
    }
    for (const TypeConstraintSpec& b : to_.type_constraints()) {
      if (from_.FindTypeConstraint(b.type_param) != nullptr) continue;
      Add("type", b.type_param, "added",
          absl::StrCat("new type parameter ", b.type_param, " allowing ", TypeNames(b.allowed)),
          Applicability::kAlways)
          .types = b.allowed;
    }
  }

  static const FormalParameter* FindParam(const std::vector<FormalParameter>& params,
                                          absl::string_view name, size_t* position) {
    for (size_t i = 0; i < params.size(); ++i) {
      if (params[i].name == name) {
        *position = i;
        return &params[i];
      }
    }
    return nullptr;
  }

  void DiffParams(absl::string_view what, const std::vector<FormalParameter>& from,
                  const std::vector<FormalParameter>& to) {
    const bool inputs = what == "input";
    for (size_t i = 0; i < from.size(); ++i) {
      const FormalParameter& a = from[i];
      size_t j = 0;
      const FormalParameter* b = FindParam(to, a.name, &j);
      if (b == nullptr) {
        // An input that becomes an attribute is reported with the attribute.
        if (inputs && to_.FindAttribute(a.name) != nullptr &&
            from_.FindAttribute(a.name) == nullptr) {
          continue;
        }
        Add(std::string(what), a.name, "removed",
            absl::StrCat(DescribeParam(what, a, i), " no longer exists"),
            Applicability::kNodeUsesInput);
        continue;
      }
      std::vector<std::string> changes;
      if (i != j) changes.push_back(absl::StrCat("position ", i, " -> ", j));
      if (a.option != b->option) {
        changes.push_back(absl::StrCat(OptionName(a.option), " -> ", OptionName(b->option)));
      }
      if (a.option == kVariadic && b->option == kVariadic && a.min_arity != b->min_arity) {
        changes.push_back(absl::StrCat("at least ", a.min_arity, " -> at least ", b->min_arity));
      }
      if (a.TypeString() != b->TypeString()) {
        changes.push_back(absl::StrCat("type ", a.TypeString(), " -> ", b->TypeString()));
      }
      if (!changes.empty()) {
        Add(std::string(what), a.name, "changed",
            absl::StrCat(what, " '", a.name, "': ", absl::StrJoin(changes, ", ")),
            Applicability::kNodeUsesInput);
      }
      if (std::string text = TextChange(a.description, b->description); !text.empty()) {
        Add(std::string(what), a.name, "description changed",
            absl::StrCat("the description of ", what, " '", a.name, "' ", text),
            Applicability::kNodeUsesInput);
      }
    }
    for (size_t j = 0; j < to.size(); ++j) {
      const FormalParameter& b = to[j];
      size_t i = 0;
      if (FindParam(from, b.name, &i) != nullptr) continue;
      if (inputs && from_.FindAttribute(b.name) != nullptr &&
          to_.FindAttribute(b.name) == nullptr) {
        continue;  // reported as the attribute moving to an input
      }
      // A required parameter added concerns every node; an optional one none.
      Add(std::string(what), b.name, "added", absl::StrCat(DescribeParam(what, b, j), " added"),
          b.option == kSingle ? Applicability::kAlways : Applicability::kNever);
    }
  }

  void DiffArity(absl::string_view what, int from_min, int from_max, int to_min, int to_max) {
    if (from_min == to_min && from_max == to_max) return;
    Add(std::string(what), "", "changed",
        absl::StrCat(from_.Name(), " takes ", RangeText(from_min, from_max), ", ", to_.Name(),
                     " takes ", RangeText(to_min, to_max)),
        Applicability::kAlways);
  }

  void DiffAttributes() {
    for (const AttributeSpec& a : from_.attributes()) {
      const AttributeSpec* b = to_.FindAttribute(a.name);
      if (b == nullptr) {
        size_t position = 0;
        const FormalParameter* input = FindParam(to_.inputs(), a.name, &position);
        if (input != nullptr && FindParam(from_.inputs(), a.name, &position) == nullptr) {
          // The node's value moves to an input; a default moves too (to the
          // input's own default), so a node without the attribute is concerned.
          Add("attribute", a.name, "moved to input",
              absl::StrCat("attribute '", a.name, "' (", DescribeAttr(a), ") becomes ",
                           DescribeParam("input", *input, position)),
              std::holds_alternative<std::monostate>(a.default_value)
                  ? Applicability::kNodeSetsAttribute
                  : Applicability::kAlways);
          continue;
        }
        Add("attribute", a.name, "removed",
            absl::StrCat("attribute '", a.name, "' (", DescribeAttr(a), ") no longer exists"),
            Applicability::kNodeSetsAttribute);
        continue;
      }
      if (a.type != b->type) {
        // The default changes type with it: one finding says both.
        Add("attribute", a.name, "retyped",
            absl::StrCat("attribute '", a.name, "': ", DescribeAttr(a), " -> ", DescribeAttr(*b)),
            Applicability::kAlways);
      } else if (a.required != b->required) {
        Add("attribute", a.name, b->required ? "now required" : "now optional",
            absl::StrCat("attribute '", a.name, "': ", DescribeAttr(a), " -> ", DescribeAttr(*b)),
            b->required ? Applicability::kNodeOmitsAttribute : Applicability::kNever);
      } else if (a.default_value != b->default_value) {
        Add("attribute", a.name, "default changed",
            absl::StrCat("attribute '", a.name, "' default: ", FormatAttrValue(a.default_value),
                         " -> ", FormatAttrValue(b->default_value)),
            Applicability::kNodeOmitsAttribute);
      }
      if (std::string text = TextChange(a.description, b->description); !text.empty()) {
        Add("attribute", a.name, "description changed",
            absl::StrCat("the description of attribute '", a.name, "' ", text),
            Applicability::kAlways);
      }
    }
    for (const AttributeSpec& b : to_.attributes()) {
      if (from_.FindAttribute(b.name) != nullptr) continue;
      size_t position = 0;
      const FormalParameter* input = FindParam(from_.inputs(), b.name, &position);
      if (input != nullptr && FindParam(to_.inputs(), b.name, &position) == nullptr) {
        Add("attribute", b.name, "moved to attribute",
            absl::StrCat(DescribeParam("input", *input, position), " becomes attribute '", b.name,
                         "' (", DescribeAttr(b), ")"),
            Applicability::kAlways);
        continue;
      }
      Add("attribute", b.name, "added",
          absl::StrCat("attribute '", b.name, "' (", DescribeAttr(b), ") added"),
          b.required ? Applicability::kAlways : Applicability::kNever);
    }
  }

  // A rule or text finding; one about an input exceeding another (every
  // sentence of it) concerns only the nodes that can give such values.
  void AddText(std::string aspect, std::string change, std::string detail,
               const std::vector<std::string>& sentences) {
    const OpSchema::ExceedingText* exceed = nullptr;
    for (const std::string& sentence : sentences) {
      exceed = ExceedingTextOf(sentence);
      if (exceed == nullptr) break;
    }
    Finding& f = Add(std::move(aspect), "", std::move(change), std::move(detail),
                     exceed != nullptr ? Applicability::kNodeMayExceed : Applicability::kAlways);
    if (exceed != nullptr) f.needs = {exceed->low, exceed->high};
  }

  // What either schema declares a sentence to be about an input exceeding
  // another (OpSchema::WhenExceeds), or nullptr.
  const OpSchema::ExceedingText* ExceedingTextOf(const std::string& sentence) const {
    for (const OpSchema* schema : {&from_, &to_}) {
      const std::optional<OpSchema::ExceedingText>& text = schema->exceeding_text();
      if (!text.has_value()) continue;
      for (const std::string& marker : text->markers) {
        if (absl::StrContains(sentence, marker)) return &*text;
      }
    }
    return nullptr;
  }

  void DiffRules() {
    auto contains = [](const std::vector<std::string>& rules, const std::string& rule) {
      return std::find(rules.begin(), rules.end(), rule) != rules.end();
    };
    for (const std::string& rule : from_.rules()) {
      if (!contains(to_.rules(), rule)) {
        AddText("rule", "removed", absl::StrCat(from_.Name(), ": ", rule), {rule});
      }
    }
    for (const std::string& rule : to_.rules()) {
      if (!contains(from_.rules(), rule)) {
        AddText("rule", "added", absl::StrCat(to_.Name(), ": ", rule), {rule});
      }
    }
    if (std::string text = TextChange(from_.summary(), to_.summary()); !text.empty()) {
      std::vector<std::string> sentences = SentencesMissing(from_.summary(), to_.summary());
      for (std::string& s : SentencesMissing(to_.summary(), from_.summary())) {
        sentences.push_back(std::move(s));
      }
      AddText("summary", "changed", absl::StrCat("the operator text ", text), sentences);
    }
  }

  void DiffFlags() {
    if (from_.has_shape_inference() != to_.has_shape_inference()) {
      Add("shape inference", "", to_.has_shape_inference() ? "added" : "removed",
          absl::StrCat("ONNX defines shape inference for ",
                       to_.has_shape_inference() ? to_.Name() : from_.Name(), " but not for ",
                       to_.has_shape_inference() ? from_.Name() : to_.Name()),
          Applicability::kAlways);
    }
    if (from_.has_function() != to_.has_function()) {
      Add("function", "", to_.has_function() ? "added" : "removed",
          absl::StrCat(to_.has_function() ? to_.Name() : from_.Name(),
                       " is also defined as a function (a body of other operators); ",
                       to_.has_function() ? from_.Name() : to_.Name(), " is not"),
          Applicability::kAlways);
    }
  }

  const OpSchema& from_;
  const OpSchema& to_;
  std::vector<Finding> findings_;
};

}  // namespace

std::string FormatAttrValue(const AttrValue& value) {
  if (std::holds_alternative<std::monostate>(value)) return "none";
  return AttrValueToString(value);
}

std::vector<Finding> DiffSchemas(const OpSchema& from, const OpSchema& to) {
  return SchemaDiff(from, to).Run();
}

}  // namespace onnx_conform
