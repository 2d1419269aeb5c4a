#include "runners/reports/report.h"

#include <algorithm>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/type_resolver_util.h"
#include "runners/reports/report.pb.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

std::string ValidUtf8(absl::string_view text) { return EscapeNonUtf8(text, false); }

// The words of the summary line, in the order statuses are listed.
absl::string_view SummaryWord(CaseStatus status) {
  switch (status) {
    case CaseStatus::kPass: return "passed";
    case CaseStatus::kFail: return "failed";
    default: return StatusName(status);
  }
}

}  // namespace

std::string EscapeNonUtf8(absl::string_view text, bool escape_backslash) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char lead = static_cast<unsigned char>(text[i]);
    size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // range of the second byte
    if (lead < 0x80) {
      length = 1;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;   // overlong
      if (lead == 0xED) high = 0x9F;  // surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;   // overlong
      if (lead == 0xF4) high = 0x8F;  // above U+10FFFF
    }
    bool valid = length > 0 && i + length <= text.size();
    for (size_t k = 1; valid && k < length; ++k) {
      const unsigned char c = static_cast<unsigned char>(text[i + k]);
      valid = k == 1 ? (c >= low && c <= high) : (c >= 0x80 && c <= 0xBF);
    }
    if (valid && escape_backslash && lead == '\\') {
      out.append("\\\\");
      ++i;
    } else if (valid) {
      out.append(text.data() + i, length);
      i += length;
    } else {
      absl::StrAppend(&out, "\\x", absl::Hex(lead, absl::kZeroPad2));
      ++i;
    }
  }
  return out;
}

std::string ForTerminal(absl::string_view raw, bool keep_newlines) {
  // Bytes that are not UTF-8 first (a lone 0x9b is CSI to an 8-bit
  // terminal), then C0, DEL and C1 (U+0080-U+009F, C2 80-C2 9F in UTF-8).
  const std::string text = ValidUtf8(raw);
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte < 0x20 && !(keep_newlines && byte == '\n')) || byte == 0x7f) {
      absl::StrAppendFormat(&out, "\\x%02x", byte);
    } else if (byte == 0xc2 && i + 1 < text.size() &&
               static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
      absl::StrAppendFormat(&out, "\\u%04x", static_cast<unsigned char>(text[i + 1]));
      ++i;
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

std::string ConsoleLine(const CaseResult& result) {
  std::string line = absl::StrFormat("%-11s %s", StatusName(result.status),
                                     ForTerminal(result.name, /*keep_newlines=*/false));
  if (!result.message.empty() && result.status != CaseStatus::kPass) {
    absl::StrAppend(&line, "\n            ",
                    absl::StrReplaceAll(ForTerminal(result.message, /*keep_newlines=*/true),
                                        {{"\n", "\n            "}}));
  }
  return line;
}

std::map<std::string, int> SummaryCounts(const std::vector<CaseResult>& results) {
  std::map<std::string, int> counts;
  for (CaseStatus status : kAllStatuses) counts[std::string(StatusName(status))] = 0;
  for (const CaseResult& result : results) ++counts[std::string(StatusName(result.status))];
  return counts;
}

std::map<std::string, int> DivergentReadingCounts(const std::vector<CaseResult>& results) {
  std::map<std::string, int> counts;
  for (const CaseResult& result : results) {
    // Divergent, or listed as a known divergence (xfail): counted either way.
    if (result.status != CaseStatus::kDivergent && result.status != CaseStatus::kXfail) continue;
    for (const std::string& reading : result.readings) ++counts[reading];
  }
  return counts;
}

std::string ReadingsLine(const std::vector<CaseResult>& results) {
  std::vector<std::string> parts;
  for (const auto& [reading, count] : DivergentReadingCounts(results)) {
    parts.push_back(absl::StrCat(count, " follow ", reading));
  }
  if (parts.empty()) return "";
  return absl::StrCat("divergent by reading: ", absl::StrJoin(parts, ", "));
}

std::string SummaryLine(const std::vector<CaseResult>& results) {
  std::map<std::string, int> counts = SummaryCounts(results);
  std::string line;
  for (CaseStatus status : kAllStatuses) {
    const int count = counts[std::string(StatusName(status))];
    if (count == 0 && status != CaseStatus::kPass && status != CaseStatus::kFail) continue;
    absl::StrAppend(&line, line.empty() ? "" : ", ", count, " ", SummaryWord(status));
  }
  return line;
}

report::CaseReport ToCaseReport(const CaseResult& result) {
  report::CaseReport c;
  c.set_name(ValidUtf8(result.name));
  c.set_path(ValidUtf8(result.path));
  c.set_op(ValidUtf8(result.op));
  c.set_opset(static_cast<int32_t>(result.opset));
  c.set_status(std::string(StatusName(result.status)));
  c.set_message(ValidUtf8(result.message));
  c.set_types(ValidUtf8(result.types));
  c.set_seconds(result.seconds);
  c.set_op_version(static_cast<int32_t>(result.op_version));
  c.set_backend(ValidUtf8(result.backend));
  c.set_runtime(ValidUtf8(result.runtime));
  c.set_expectation(ValidUtf8(result.expectation));
  c.set_negative(result.negative);
  for (const std::string& reading : result.readings) c.add_readings(ValidUtf8(reading));
  for (const OutputErrors& errors : result.output_errors) {
    report::OutputErrors& out = *c.add_output_errors();
    out.set_data_set(ValidUtf8(errors.data_set));
    out.set_output(ValidUtf8(errors.output));
    out.set_max_abs_error(errors.stats.max_abs);
    for (int64_t i : errors.stats.max_abs_index) out.add_max_abs_index(i);
    out.set_max_rel_error(errors.stats.max_rel);
    out.set_max_ulp(errors.stats.max_ulp);
    out.set_nonfinite_mismatches(errors.stats.nonfinite_mismatches);
    out.set_tolerance(ValidUtf8(errors.tolerance));
  }
  if (const FailureSignature& s = result.signature; !s.empty()) {
    report::FailureSignature& out = *c.mutable_signature();
    out.set_op(ValidUtf8(s.op));
    out.set_version(static_cast<int32_t>(s.version));
    out.set_type(ValidUtf8(s.type));
    out.set_kind(ValidUtf8(s.kind));
    out.set_rule(ValidUtf8(s.rule));
    for (const std::string& f : s.features) out.add_features(ValidUtf8(f));
    out.set_cause(ValidUtf8(s.Cause()));
  }
  return c;
}

absl::StatusOr<CaseResult> FromCaseReport(const report::CaseReport& c) {
  std::optional<CaseStatus> status = StatusFromName(c.status());
  if (!status.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat("unknown status '", c.status(), "'"));
  }
  CaseResult result;
  result.name = c.name();
  result.path = c.path();
  result.op = c.op();
  result.opset = c.opset();
  result.status = *status;
  result.message = c.message();
  result.types = c.types();
  result.seconds = c.seconds();
  result.op_version = c.op_version();
  result.backend = c.backend();
  result.runtime = c.runtime();
  result.expectation = c.expectation();
  result.negative = c.negative();
  result.readings.assign(c.readings().begin(), c.readings().end());
  for (const report::OutputErrors& in : c.output_errors()) {
    result.output_errors.push_back(
        {.data_set = in.data_set(),
         .output = in.output(),
         .stats = {.max_abs = in.max_abs_error(),
                   .max_abs_index = {in.max_abs_index().begin(), in.max_abs_index().end()},
                   .max_rel = in.max_rel_error(),
                   .max_ulp = in.max_ulp(),
                   .nonfinite_mismatches = in.nonfinite_mismatches()},
         .tolerance = in.tolerance()});
  }
  if (c.has_signature()) {
    const report::FailureSignature& in = c.signature();
    result.signature = {.op = in.op(),
                        .version = in.version(),
                        .type = in.type(),
                        .kind = in.kind(),
                        .rule = in.rule(),
                        .features = {in.features().begin(), in.features().end()}};
  }
  return result;
}

absl::StatusOr<std::vector<CaseResult>> ParseJsonReport(absl::string_view json,
                                                        absl::string_view source) {
  report::RunReport run;
  if (auto parsed = google::protobuf::util::JsonStringToMessage(
          google::protobuf::StringPiece(json.data(), json.size()), &run);
      !parsed.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": not a JSON report of onnx-conform run: ", parsed.ToString()));
  }
  std::vector<CaseResult> results;
  for (int i = 0; i < run.cases_size(); ++i) {
    absl::StatusOr<CaseResult> result = FromCaseReport(run.cases(i));
    if (!result.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ": case ", i + 1, ": ", result.status().message()));
    }
    if (result->backend.empty()) result->backend = run.backend();
    results.push_back(*std::move(result));
  }
  return results;
}

absl::StatusOr<std::vector<CaseResult>> ReadJsonReportFile(const std::string& path) {
  // A regular file (a FIFO would block, /dev/zero never end), size first.
  absl::StatusOr<std::string> text = ReadFileBytes(path, int64_t{1} << 30);
  if (!text.ok()) return text.status();
  return ParseJsonReport(*text, path);
}

void SortForReports(std::vector<CaseResult>& results) {
  auto key = [](const CaseResult& r) {
    return std::tie(r.backend, r.name, r.op, r.op_version, r.types, r.negative, r.path);
  };
  std::stable_sort(results.begin(), results.end(),
                   [&](const CaseResult& a, const CaseResult& b) { return key(a) < key(b); });
}

std::string CommonBackend(const std::vector<CaseResult>& results) {
  if (results.empty()) return "";
  for (const CaseResult& r : results) {
    if (r.backend != results.front().backend) return "";
  }
  return results.front().backend;
}

std::string JsonReport(const std::vector<CaseResult>& results, const PageFacts& facts) {
  report::RunReport run;
  run.set_suite_version(ValidUtf8(facts.suite_version));
  run.set_date(ValidUtf8(facts.run_date));
  run.set_command_line(ValidUtf8(facts.command_line));
  for (const CaseResult& result : results) *run.add_cases() = ToCaseReport(result);
  run.set_backend(CommonBackend(results));
  if (!results.empty() && std::all_of(results.begin(), results.end(), [&](const CaseResult& r) {
        return r.runtime == results.front().runtime;
      })) {
    run.set_runtime(ValidUtf8(results.front().runtime));
  }
  for (const auto& [status, count] : SummaryCounts(results))
    (*run.mutable_summary())[status] = count;
  for (const auto& [reading, count] : DivergentReadingCounts(results)) {
    (*run.mutable_divergent_readings())[ValidUtf8(reading)] = count;
  }
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.always_print_primitive_fields = true;
  options.preserve_proto_field_names = true;
  // Map fields (summary, divergent_readings) in key order: protobuf's own
  // serialization lists them in hash order, which differs from one map to
  // the next, and a report must not differ by run (docs/ci.md).
  std::string binary;
  {
    google::protobuf::io::StringOutputStream stream(&binary);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    run.SerializeToCodedStream(&coded);
  }
  static google::protobuf::util::TypeResolver* const resolver =
      google::protobuf::util::NewTypeResolverForDescriptorPool(
          "type.googleapis.com", google::protobuf::DescriptorPool::generated_pool());
  std::string json;
  (void)google::protobuf::util::BinaryToJsonString(
      resolver, "type.googleapis.com/" + run.GetDescriptor()->full_name(), binary, &json, options);
  return json;
}

}  // namespace onnx_conform
