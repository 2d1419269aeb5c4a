#include "checker/rules_doc.h"

#include "absl/strings/str_cat.h"
#include "checker/rules.h"

namespace onnx_conform {
namespace {

struct Example {
  absl::string_view rule;
  absl::string_view text;
};

constexpr Example kExamples[] = {
    {rules::kModelRead, "`model.onnx` holds random bytes, or the ModelProto has no graph."},
    {rules::kModelIrVersion, "A model without `ir_version`."},
    {rules::kModelOpsetImport, "A Min node in a model whose `opset_import` list is empty."},
    {rules::kModelOpsetDuplicate,
     "`opset_import` lists `\"\"` version 13 and `ai.onnx` version 12."},
    {rules::kModelOpsetVersion, "`opset_import { domain: \"\" version: 0 }`."},
    {rules::kGraphNoNode, "A graph whose only output is its input, with no node."},
    {rules::kGraphNameEmpty, "A graph output named `\"\"`."},
    {rules::kGraphInputUndefined,
     "`Min(a, nowhere)` where no graph input or node defines `nowhere`."},
    {rules::kGraphNodeOrder, "Node 0 is `Min(a, t) -> y` and node 1 is `Min(a) -> t`."},
    {rules::kGraphDuplicateOutput,
     "Two nodes both write `y`, or a node writes the graph input `a`."},
    {rules::kGraphOutputNotProduced, "A graph output `z` that no node produces."},
    {rules::kGraphValueType,
     "A graph input without a type or with `elem_type: 0` or `-1`; a sequence feeding Min, or "
     "Identity-13 (Identity-14 passes it through)."},
    {rules::kGraphInitializerInvalid, "A float initializer of dims `[]` holding two values."},
    {rules::kNodeSchemaUnknown,
     "A `Frobnicate` node (no operator of ONNX's); a Min node in domain `com.example` "
     "(reported as unsupported)."},
    {rules::kNodeSchemaDeprecated, "An Upsample node at opset 10 (Upsample-10 is deprecated)."},
    {rules::kNodeSchemaDeprecatedLater,
     "A GroupNormalization node at opset 18, as ONNX 1.13 to 1.15 test it (warning)."},
    {rules::kNodeInputArity,
     "ArgMin with two inputs; Clip at opset 6 with inputs `(x, min, max)`."},
    {rules::kNodeOutputArity, "Min with outputs `(y, extra)`."},
    {rules::kNodeEmptyInputNotOptional, "`Min(a, \"\")` or `Clip(\"\", min)`."},
    {rules::kNodeEmptyOutputNotOptional, "A Min node whose output is named `\"\"`."},
    {rules::kTypeParamMismatch,
     "Min-13 with a float input and a double input (ONNX's checker accepts it)."},
    {rules::kTypeNotAllowed, "Min at opset 8 over int32 (allowed from Min-12); Clip-13 over bool."},
    {rules::kTypeUndeclared,
     "`Min(t)` where `t` comes from an unsupported node and no value_info declares it."},
    {rules::kTypeUnknown,
     "A graph input of `elem_type: 99`; an input_0.pb of `data_type: 99` (reported as "
     "unsupported)."},
    {rules::kAttrUnknown, "`select_last_index` on ArgMin-11; `consumed_inputs` on Min-13."},
    {rules::kAttrDuplicate, "ArgMin with two `axis` attributes."},
    {rules::kAttrType,
     "ArgMin `axis` given as FLOAT; Clip-6 `min` given as INT; an attribute without `type`."},
    {rules::kAttrRequiredMissing,
     "A Constant node without `value` at opset 1 to 10 (Constant-1 and -9 require it)."},
    {rules::kAttrBoolValue, "ArgMin with `keepdims: 2` or `select_last_index: -1`."},
    {rules::kAttrConstantValue,
     "Constant-12 with both `value` and `value_float`, or with no attribute; a `value` tensor "
     "of 3 floats holding 4 bytes."},
    {rules::kShapeDimInvalid, "A graph input of shape `[-2]`."},
    {rules::kShapeEqualRequired, "Min-6 over shapes `[2, 3]` and `[3]`."},
    {rules::kShapeBroadcast, "Min-13 over shapes `[2, 3]` and `[2]`."},
    {rules::kOutputTypeInferred, "ArgMin whose output is declared float."},
    {rules::kOutputShapeInferred,
     "ArgMin over `[2, 3]` with default `axis: 0, keepdims: 1` whose output is declared `[2, 1]` "
     "(it is `[1, 3]`)."},
    {rules::kDataSetMissing, "A case directory with `model.onnx` and no `test_data_set_0/`."},
    {rules::kDataFileNames, "`input_0.pb` and `input_2.pb` without `input_1.pb`; `input_x.pb`."},
    {rules::kDataDecode,
     "`input_1.pb` holds random bytes, or a float tensor of dims `[2]` with 4 bytes of raw_data."},
    {rules::kDataInputCount, "One input file for a Min node with two graph inputs."},
    {rules::kDataOutputCount, "A data set without `output_0.pb`."},
    {rules::kDataType, "A double `input_1.pb` for a graph input declared float."},
    {rules::kDataShape,
     "`input_1.pb` of shape `[3]` for a graph input declared `[2]`; an expected Min output of "
     "shape `[2, 2]` for inputs `[2, 1]` and `[3]` (it is `[2, 3]`)."},
    {rules::kDataNameMismatch, "`input_1.pb` named `c` feeding graph input `b` (warning)."},
    {rules::kDataBfloat16AsUint16,
     "ONNX 1.12's test_cast_FLOAT_to_BFLOAT16: `output_0.pb` is uint16 for a bfloat16 output "
     "(warning)."},
    {rules::kDataShapeTypeOnly,
     "ONNX 1.13's test_castlike_FLOAT_to_BFLOAT16: `like` of shape `[1]`, declared `[3,4]` "
     "(warning)."},
};

// Whether `rule_id` is declared in an operator's folder.
bool IsOperatorRule(absl::string_view rule_id) {
#define ONNX_CONFORM_RULE_IS(constant, id, severity, summary, example) \
  if (rule_id == id) return true;
  ONNX_CONFORM_OPERATOR_RULES(ONNX_CONFORM_RULE_IS)
#undef ONNX_CONFORM_RULE_IS
  return false;
}

// One table row per rule that is (or is not) an operator's own.
void AppendRuleRows(bool operator_rules, std::string& out) {
  for (const Rule& rule : AllRules()) {
    if (IsOperatorRule(rule.id) != operator_rules) continue;
    absl::StrAppend(&out, "| `", rule.id, "` | ", SeverityName(rule.severity), " | ", rule.summary,
                    " | ", RuleExample(rule.id), " |\n");
  }
}

}  // namespace

absl::string_view RuleExample(absl::string_view rule_id) {
  for (const Example& example : kExamples) {
    if (example.rule == rule_id) return example.text;
  }
  // The operators' own rules carry their examples (ops/<family>/*_rules.h).
#define ONNX_CONFORM_RULE_EXAMPLE(constant, id, severity, summary, example) \
  if (rule_id == id) return example;
  ONNX_CONFORM_OPERATOR_RULES(ONNX_CONFORM_RULE_EXAMPLE)
#undef ONNX_CONFORM_RULE_EXAMPLE
  return "";
}

std::string RulesMarkdown() {
  std::string out =
      "# Checker rules\n\n"
      "<!-- Generated from checker/rules.h, ops/*/*_rules.h and checker/rules_doc.cc by\n"
      "     `oc_rules_doc`; checker_test fails when this file differs. Do not edit by hand. -->\n\n"
      "Every finding of `onnx-conform check` (and of the checker inside `run`) names one of\n"
      "these rules. Ids are stable: negative cases in `cases/invalid/` name the rule they\n"
      "break. Severities: **error** (the model or data breaks the operator text or ONNX's\n"
      "format; the case is invalid), **unsupported** (outside what the registry covers; the\n"
      "case is not supported, not invalid), **warning** (legal, but relies on behaviour the\n"
      "text leaves unstated).\n\n"
      "A line of output reads `path: severity [RULE-ID] node N, field: message`.\n\n"
      "| Rule | Severity | Meaning | Example |\n"
      "|---|---|---|---|\n";
  AppendRuleRows(/*operator_rules=*/false, out);
  absl::StrAppend(&out,
                  "\n## Rules of one operator's texts\n\n"
                  "Declared in the operator's folder (`ops/<family>/*_rules.h`).\n\n"
                  "| Rule | Severity | Meaning | Example |\n"
                  "|---|---|---|---|\n");
  AppendRuleRows(/*operator_rules=*/true, out);
  absl::StrAppend(
      &out,
      "\n## Notes\n\n"
      "- Symbolic dimensions (`dim_param`) and missing shapes are unknown, never errors.\n"
      "- Output inference is applied to every version, including Min-1 and Clip-1, for which\n"
      "  ONNX has no shape inference: their texts still state an element-wise result.\n"
      "- `check` on a case directory also reruns the node rules with the data set's actual\n"
      "  shapes and values, reporting only what the declarations left open.\n"
      "- Constant and Identity are validated as supporting operators (ONNX's version converter\n"
      "  writes Constant nodes): the same rules apply to them, and a Constant's value reaches\n"
      "  the nodes that read it as an initializer's would (Clip's bound rules see it). The\n"
      "  suite has no cases of its own for them. Identity-14 and -16 pass a sequence or an\n"
      "  optional through; the covered operator that reads it reports `GRAPH-VALUE-TYPE`.\n"
      "- Every other operator ONNX defines, in every domain (ai.onnx, ai.onnx.ml,\n"
      "  ai.onnx.preview, ai.onnx.preview.training), is checked against ONNX's definition\n"
      "  (`checker/onnx_schemas/onnx_schemas.textproto`, generated from the `onnx` package by\n"
      "  `checker/onnx_schemas/generate_onnx_schemas.py`) under the same generic rules:\n"
      "  arity, type constraints and bindings, attributes. Their outputs' element types are\n"
      "  inferred when an input binds their type parameter or the type is fixed; shapes are\n"
      "  not. Sequences, maps and optionals are checked by kind only (a sequence where a\n"
      "  schema takes one), never by their elements. A node calling a model-local function\n"
      "  (`ModelProto.functions`) is checked against its signature: arity and attribute\n"
      "  names, no types.\n");
  return out;
}

}  // namespace onnx_conform
