#include "runners/reports/markup.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "runners/reports/report.h"

namespace onnx_conform {

std::string HtmlEscape(absl::string_view raw) {
  const std::string text = EscapeNonUtf8(raw, /*escape_backslash=*/false);
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\n':
      case '\t': out.push_back(c); break;
      default:
        // A terminal escape or other control byte from a report is shown,
        // never passed to the page.
        if (byte < 0x20 || byte == 0x7f) {
          absl::StrAppendFormat(&out, "\\x%02x", byte);
        } else {
          out.push_back(c);
        }
    }
  }
  return out;
}

std::string MarkdownText(absl::string_view raw) {
  const std::string text = EscapeNonUtf8(raw, /*escape_backslash=*/false);
  auto is_word = [&text](size_t i) {
    return i < text.size() && (absl::ascii_isalnum(text[i]) || (text[i] & 0x80) != 0);
  };
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      absl::StrAppendFormat(&out, "\\\\x%02x", byte);
      continue;
    }
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '_':  // within a word it is no emphasis (min_v13_float stays as it is)
        if (i > 0 && is_word(i - 1) && is_word(i + 1)) {
          out.push_back(c);
          break;
        }
        [[fallthrough]];
      case '\\':
      case '`':
      case '*':
      case '[':
      case ']':
      case '#':
      case '|':
      case '~':
        out.push_back('\\');
        out.push_back(c);
        break;
      default: out.push_back(c);
    }
  }
  return out;
}

std::string MarkdownFence(absl::string_view text) {
  return absl::StrCat(
      "```\n", absl::StrReplaceAll(ForTerminal(text, /*keep_newlines=*/true), {{"```", "'''"}}),
      "\n```\n");
}

std::string MarkdownCode(absl::string_view text) {
  return absl::StrCat(
      "`", absl::StrReplaceAll(ForTerminal(text, /*keep_newlines=*/false), {{"`", "'"}}), "`");
}

}  // namespace onnx_conform
