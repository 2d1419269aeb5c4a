#include "checker/schema_printer.h"

#include <climits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace onnx_conform {
namespace {

std::string OptionName(ParamOption option) {
  switch (option) {
    case ParamOption::kSingle: return "single";
    case ParamOption::kOptional: return "optional";
    case ParamOption::kVariadic: return "variadic";
  }
  return "single";
}

std::string Bounds(int min, int max) {
  if (min == max) return absl::StrCat(min);
  return absl::StrCat(min, " to ", max);
}

std::string TypeNames(std::span<const ElementType> types) {
  return absl::StrJoin(types, ", ", [](std::string* out, ElementType type) {
    absl::StrAppend(out, ElementTypeName(type));
  });
}

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
    items.push_back(absl::StrCat("{\"name\": ", JsonString(p.name), ", \"type\": ",
                                 JsonString(p.TypeString()), ", \"option\": ",
                                 JsonString(OptionName(p.option)), ", \"min_arity\": ",
                                 p.min_arity, ", \"description\": ", JsonString(p.description),
                                 "}"));
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
  return AttrValueToString(value);
}

}  // namespace

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
  if (const auto* i = std::get_if<int64_t>(&value)) return absl::StrCat(*i);
  if (const auto* f = std::get_if<float>(&value)) return absl::StrFormat("%.9g", *f);
  if (const auto* ints = std::get_if<std::vector<int64_t>>(&value)) {
    return absl::StrCat("[", absl::StrJoin(*ints, ", "), "]");
  }
  return "";
}

std::string SchemaToText(const OpSchema& s) {
  std::string out = absl::StrCat("## ", s.Name(), "\n\n");
  absl::StrAppend(&out, "Domain \"\" (ai.onnx), opsets ", s.since_version(),
                  " and up until the next version. Shape inference: ",
                  s.has_shape_inference() ? "yes" : "no",
                  ". Function: ", s.has_function() ? "yes" : "no", ".\n\n");
  absl::StrAppend(&out, s.summary(), "\n\n");
  absl::StrAppend(&out, "Inputs (", Bounds(s.min_inputs(), s.max_inputs()), "):\n");
  AppendParams(&out, s.inputs());
  absl::StrAppend(&out, "\nOutputs (", Bounds(s.min_outputs(), s.max_outputs()), "):\n");
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
    absl::StrAppend(&out, "- `", c.type_param, "` in {", TypeNames(c.allowed), "}: ",
                    c.description, "\n");
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
      attrs.push_back(absl::StrCat(
          "{\"name\": ", JsonString(a.name), ", \"type\": ",
          JsonString(onnx::AttributeProto::AttributeType_Name(a.type)),
          ", \"required\": ", a.required ? "true" : "false", ", \"default\": ",
          JsonDefault(a.default_value), ", \"description\": ", JsonString(a.description), "}"));
    }
    std::vector<std::string> constraints;
    for (const TypeConstraintSpec& c : s->type_constraints()) {
      constraints.push_back(absl::StrCat("{\"type_param\": ", JsonString(c.type_param),
                                         ", \"allowed\": ", JsonTypes(c.allowed),
                                         ", \"description\": ", JsonString(c.description), "}"));
    }
    std::vector<std::string> rules;
    for (const std::string& rule : s->rules()) rules.push_back(JsonString(rule));
    items.push_back(absl::StrCat(
        "{\"domain\": ", JsonString(s->domain()), ", \"op_type\": ", JsonString(s->op_type()),
        ", \"since_version\": ", s->since_version(), ", \"summary\": ", JsonString(s->summary()),
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
