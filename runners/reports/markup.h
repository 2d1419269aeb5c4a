// The one way text from reports (case names, backends, operators, types,
// messages, titles: anything a case folder, an adapter or a report file
// may have written) reaches a page: as text that shows itself and nothing
// more. Every Markdown and HTML writer (runners/reports/scoreboard.h, the
// combined page of `merge`) uses these.
//
//   md += "### " + MarkdownText(result.name) + "\n\n" + MarkdownFence(result.message);
//   html += "<td>" + HtmlEscape(result.name) + "</td>";
#ifndef ONNX_CONFORM_RUNNERS_REPORTS_MARKUP_H_
#define ONNX_CONFORM_RUNNERS_REPORTS_MARKUP_H_

#include <string>

#include "absl/strings/string_view.h"

namespace onnx_conform {

// Markdown that shows `raw`: HTML escaped as HtmlEscape does (no tag, no
// entity), Markdown's punctuation backslash-escaped (no link, emphasis,
// heading or code span; a `|` never ends a table cell, a backslash before
// it included), and control characters, newlines included, as \xNN. Bytes
// that are not UTF-8 are \xNN too.
std::string MarkdownText(absl::string_view raw);

// `text` as a fenced code block ("```\n...\n```\n"), which Markdown shows
// verbatim: control bytes as \xNN (newlines kept), and no run of three
// backticks that would close the fence early.
std::string MarkdownFence(absl::string_view text);

// `text` (one line) as an inline code span: control bytes as \xNN, and a
// backtick, which would end the span, as a quote.
std::string MarkdownCode(absl::string_view text);

// `&`, `<`, `>` and `"` as entities, control bytes other than newline and
// tab as the text \xNN, bytes that are not UTF-8 escaped: text for HTML
// elements and double-quoted attribute values, whatever a report holds.
std::string HtmlEscape(absl::string_view text);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_REPORTS_MARKUP_H_
