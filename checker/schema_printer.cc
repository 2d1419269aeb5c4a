#include "checker/schema_printer.h"

#include <algorithm>
#include <climits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "checker/registry.h"

namespace onnx_conform {

std::string OptionName(ParamOption option) {
  switch (option) {
    case ParamOption::kSingle: return "single";
    case ParamOption::kOptional: return "optional";
    case ParamOption::kVariadic: return "variadic";
  }
  return "single";
}

std::string RangeText(int min, int max) {
  if (min == max) return absl::StrCat(min);
  return absl::StrCat(min, " to ", max);
}

std::string TypeNames(std::span<const ElementType> types) {
  return absl::StrJoin(types, ", ", [](std::string* out, ElementType type) {
    absl::StrAppend(out, ElementTypeName(type));
  });
}

namespace {

void AppendParams(std::string* out, const std::vector<FormalParameter>& params) {
  for (const FormalParameter& p : params) {
    std::string option = p.option == kSingle ? "" : OptionName(p.option);
    if (p.option == kVariadic && p.min_arity != 1) {
      absl::StrAppend(&option, ", at least ", p.min_arity);
    }
    absl::StrAppend(out, "- `", p.name, "` (", option, option.empty() ? "" : ", ", p.TypeString(),
                    "): ", p.description, "\n");
  }
}

std::string JsonParams(const std::vector<FormalParameter>& params) {
  std::vector<std::string> items;
  for (const FormalParameter& p : params) {
    items.push_back(absl::StrCat(
        "{\"name\": ", JsonString(p.name), ", \"type\": ", JsonString(p.TypeString()),
        ", \"option\": ", JsonString(OptionName(p.option)), ", \"min_arity\": ", p.min_arity,
        ", \"description\": ", JsonString(p.description), "}"));
  }
  return absl::StrCat("[", absl::StrJoin(items, ", "), "]");
}

std::string JsonTypes(std::span<const ElementType> types) {
  return absl::StrCat("[",
                      absl::StrJoin(types, ", ",
                                    [](std::string* out, ElementType type) {
                                      absl::StrAppend(out, JsonString(ElementTypeName(type)));
                                    }),
                      "]");
}

std::string JsonDefault(const AttrValue& value) {
  if (std::holds_alternative<std::monostate>(value)) return "null";
  if (std::holds_alternative<std::shared_ptr<const onnx::AttributeProto>>(value)) {
    return JsonString(AttrValueToString(value));
  }
  return AttrValueToString(value);
}

std::string JsonStrings(const std::vector<std::string>& texts) {
  return absl::StrCat("[",
                      absl::StrJoin(texts, ", ",
                                    [](std::string* out, const std::string& text) {
                                      absl::StrAppend(out, JsonString(text));
                                    }),
                      "]");
}

std::string OriginName(SchemaOrigin origin) {
  switch (origin) {
    case SchemaOrigin::kSuite: return "suite";
    case SchemaOrigin::kOnnx: return "onnx";
    case SchemaOrigin::kModelFunction: return "model-function";
  }
  return "suite";
}

// The types a constraint allows as the texts print them: element types for
// the suite's own schemas, ONNX's type strings for ONNX's.
std::string ConstraintTypes(const TypeConstraintSpec& c) {
  if (c.type_strings.empty()) return TypeNames(c.allowed);
  return absl::StrJoin(c.type_strings, ", ");
}

std::string ParamSummary(const FormalParameter& p) {
  return absl::StrCat("'", p.name, "' (", p.option == kSingle ? "" : OptionName(p.option),
                      p.option == kSingle ? "" : ", ", p.TypeString(), ")");
}

void DiffParams(const char* what, const std::vector<FormalParameter>& older,
                const std::vector<FormalParameter>& newer, std::vector<std::string>& out) {
  for (size_t i = 0; i < std::max(older.size(), newer.size()); ++i) {
    if (i >= older.size()) {
      out.push_back(absl::StrCat(what, " ", i, " added: ", ParamSummary(newer[i])));
    } else if (i >= newer.size()) {
      out.push_back(absl::StrCat(what, " ", i, " removed: ", ParamSummary(older[i])));
    } else if (ParamSummary(older[i]) != ParamSummary(newer[i])) {
      out.push_back(absl::StrCat(what, " ", i, ": ", ParamSummary(older[i]), " becomes ",
                                 ParamSummary(newer[i])));
    }
  }
}

std::string AttrSummary(const AttributeSpec& a) {
  return absl::StrCat(onnx::AttributeProto::AttributeType_Name(a.type), ", ",
                      a.required ? "required"
                      : std::holds_alternative<std::monostate>(a.default_value)
                          ? "no default"
                          : absl::StrCat("default ", AttrValueToString(a.default_value)));
}

template <typename T>
std::vector<T> Minus(std::span<const T> a, std::span<const T> b) {
  std::vector<T> out;
  for (const T& t : a) {
    if (std::find(b.begin(), b.end(), t) == b.end()) out.push_back(t);
  }
  return out;
}

// The types one constraint allows and the other does not: by ONNX's type
// strings when both have them, else by element type.
std::string TypesMinus(const TypeConstraintSpec& a, const TypeConstraintSpec& b) {
  if (!a.type_strings.empty() && !b.type_strings.empty()) {
    return absl::StrJoin(Minus<std::string>(a.type_strings, b.type_strings), ", ");
  }
  return TypeNames(Minus<ElementType>(a.allowed, b.allowed));
}

}  // namespace

std::vector<std::string> SchemaChanges(const OpSchema& older, const OpSchema& newer) {
  std::vector<std::string> out;
  for (const TypeConstraintSpec& c : newer.type_constraints()) {
    const TypeConstraintSpec* before = older.FindTypeConstraint(c.type_param);
    if (before == nullptr) {
      out.push_back(absl::StrCat("type parameter ", c.type_param, " added"));
      continue;
    }
    const std::string added = TypesMinus(c, *before);
    const std::string removed = TypesMinus(*before, c);
    if (!added.empty()) out.push_back(absl::StrCat(c.type_param, " also allows ", added));
    if (!removed.empty()) {
      out.push_back(absl::StrCat(c.type_param, " no longer allows ", removed));
    }
  }
  if (older.min_inputs() != newer.min_inputs() || older.max_inputs() != newer.max_inputs()) {
    out.push_back(absl::StrCat("inputs: ", RangeText(older.min_inputs(), older.max_inputs()),
                               " becomes ", RangeText(newer.min_inputs(), newer.max_inputs())));
  }
  DiffParams("input", older.inputs(), newer.inputs(), out);
  DiffParams("output", older.outputs(), newer.outputs(), out);
  for (const AttributeSpec& a : older.attributes()) {
    const AttributeSpec* after = newer.FindAttribute(a.name);
    if (after == nullptr) {
      out.push_back(absl::StrCat("attribute '", a.name, "' removed"));
    } else if (AttrSummary(a) != AttrSummary(*after)) {
      out.push_back(absl::StrCat("attribute '", a.name, "': ", AttrSummary(a), " becomes ",
                                 AttrSummary(*after)));
    }
  }
  for (const AttributeSpec& a : newer.attributes()) {
    if (older.FindAttribute(a.name) == nullptr) {
      out.push_back(absl::StrCat("attribute '", a.name, "' added (", AttrSummary(a), ")"));
    }
  }
  for (const std::string& rule : older.rules()) {
    if (std::find(newer.rules().begin(), newer.rules().end(), rule) == newer.rules().end()) {
      out.push_back(absl::StrCat("rule dropped: ", rule));
    }
  }
  for (const std::string& rule : newer.rules()) {
    if (std::find(older.rules().begin(), older.rules().end(), rule) == older.rules().end()) {
      out.push_back(absl::StrCat("rule added: ", rule));
    }
  }
  if (older.has_shape_inference() != newer.has_shape_inference()) {
    out.push_back(newer.has_shape_inference() ? "ONNX shape inference added"
                                              : "ONNX shape inference removed");
  }
  if (older.has_function() != newer.has_function()) {
    out.push_back(newer.has_function() ? "also defined as a function"
                                       : "no longer defined as a function");
  }
  if (older.deprecated() != newer.deprecated()) {
    out.push_back(newer.deprecated() ? "deprecated" : "no longer deprecated");
  }
  return out;
}

std::string JsonString(absl::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += absl::StrFormat("\\u%04x", static_cast<int>(c));
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string AttrValueToString(const AttrValue& value) {
  const auto float_text = [](std::string* out, float f) {
    absl::StrAppend(out, absl::StrFormat("%.9g", f));
  };
  if (const auto* i = std::get_if<int64_t>(&value)) return absl::StrCat(*i);
  if (const auto* f = std::get_if<float>(&value)) return absl::StrFormat("%.9g", *f);
  if (const auto* ints = std::get_if<std::vector<int64_t>>(&value)) {
    return absl::StrCat("[", absl::StrJoin(*ints, ", "), "]");
  }
  if (const auto* text = std::get_if<std::string>(&value)) return JsonString(*text);
  if (const auto* floats = std::get_if<std::vector<float>>(&value)) {
    return absl::StrCat("[", absl::StrJoin(*floats, ", ", float_text), "]");
  }
  if (const auto* texts = std::get_if<std::vector<std::string>>(&value)) {
    return JsonStrings(*texts);
  }
  if (const auto* proto = std::get_if<std::shared_ptr<const onnx::AttributeProto>>(&value)) {
    return absl::StrCat("a ", onnx::AttributeProto::AttributeType_Name((*proto)->type()), " value");
  }
  return "";
}

std::string SchemaToText(const OpSchema& s) {
  std::string out = absl::StrCat("## ", s.Name(), "\n\n");
  absl::StrAppend(&out, "Domain ", s.domain().empty() ? "\"\" (ai.onnx)" : s.domain(), ", opsets ",
                  s.since_version(), " and up until the next version. Shape inference: ",
                  s.has_shape_inference() ? "yes" : "no",
                  ". Function: ", s.has_function() ? "yes" : "no", ".\n\n");
  if (s.onnx_defined()) {
    absl::StrAppend(
        &out, "From ONNX ", OnnxSchemasRelease(),
        "'s definitions, not the suite's own texts: checked by the generic rules "
        "(arity, types, attributes) only; the suite does not cover it.",
        s.deprecated() ? " Deprecated: ONNX's checker rejects a node of this version." : "",
        "\n\n");
  }
  absl::StrAppend(&out, s.summary(), "\n\n");
  absl::StrAppend(&out, "Inputs (", RangeText(s.min_inputs(), s.max_inputs()), "):\n");
  AppendParams(&out, s.inputs());
  absl::StrAppend(&out, "\nOutputs (", RangeText(s.min_outputs(), s.max_outputs()), "):\n");
  AppendParams(&out, s.outputs());
  absl::StrAppend(&out, "\nAttributes:", s.attributes().empty() ? " none\n" : "\n");
  for (const AttributeSpec& a : s.attributes()) {
    std::string presence = a.required ? "required"
                           : std::holds_alternative<std::monostate>(a.default_value)
                               ? "optional, no default"
                               : absl::StrCat("default ", AttrValueToString(a.default_value));
    absl::StrAppend(&out, "- `", a.name, "` (", onnx::AttributeProto::AttributeType_Name(a.type),
                    ", ", presence, "): ", a.description, "\n");
  }
  absl::StrAppend(&out, "\nType constraints:\n");
  for (const TypeConstraintSpec& c : s.type_constraints()) {
    absl::StrAppend(&out, "- `", c.type_param, "` in {", ConstraintTypes(c), "}: ", c.description,
                    "\n");
  }
  if (!s.rules().empty()) {
    absl::StrAppend(&out, "\nRules:\n");
    for (const std::string& rule : s.rules()) absl::StrAppend(&out, "- ", rule, "\n");
  }
  return out;
}

std::string SchemasToJson(std::span<const OpSchema* const> schemas) {
  std::vector<std::string> items;
  for (const OpSchema* s : schemas) {
    std::vector<std::string> attrs;
    for (const AttributeSpec& a : s->attributes()) {
      attrs.push_back(absl::StrCat("{\"name\": ", JsonString(a.name), ", \"type\": ",
                                   JsonString(onnx::AttributeProto::AttributeType_Name(a.type)),
                                   ", \"required\": ", a.required ? "true" : "false",
                                   ", \"default\": ", JsonDefault(a.default_value),
                                   ", \"description\": ", JsonString(a.description), "}"));
    }
    std::vector<std::string> constraints;
    for (const TypeConstraintSpec& c : s->type_constraints()) {
      constraints.push_back(absl::StrCat(
          "{\"type_param\": ", JsonString(c.type_param), ", \"allowed\": ", JsonTypes(c.allowed),
          c.type_strings.empty()
              ? ""
              : absl::StrCat(", \"allowed_type_strings\": ", JsonStrings(c.type_strings)),
          ", \"description\": ", JsonString(c.description), "}"));
    }
    std::vector<std::string> rules;
    for (const std::string& rule : s->rules()) rules.push_back(JsonString(rule));
    items.push_back(absl::StrCat(
        "{\"domain\": ", JsonString(s->domain()), ", \"op_type\": ", JsonString(s->op_type()),
        ", \"since_version\": ", s->since_version(),
        ", \"origin\": ", JsonString(OriginName(s->origin())), ", \"deprecated\": ",
        s->deprecated() ? "true" : "false", ", \"summary\": ", JsonString(s->summary()),
        ", \"min_inputs\": ", s->min_inputs(), ", \"max_inputs\": ", s->max_inputs(),
        ", \"min_outputs\": ", s->min_outputs(), ", \"max_outputs\": ", s->max_outputs(),
        ", \"inputs\": ", JsonParams(s->inputs()), ", \"outputs\": ", JsonParams(s->outputs()),
        ", \"attributes\": [", absl::StrJoin(attrs, ", "), "], \"type_constraints\": [",
        absl::StrJoin(constraints, ", "), "], \"rules\": [", absl::StrJoin(rules, ", "),
        "], \"shape_inference\": ", s->has_shape_inference() ? "true" : "false",
        ", \"function\": ", s->has_function() ? "true" : "false", "}"));
  }
  return absl::StrCat("{\"schemas\": [\n  ", absl::StrJoin(items, ",\n  "), "\n]}\n");
}

}  // namespace onnx_conform
