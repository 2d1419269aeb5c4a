#include "runners/harness/user_regex.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "re2/re2.h"

namespace onnx_conform {
namespace {

// At most `limit` bytes of `text` for a message, control bytes as '?'.
std::string Shown(absl::string_view text, size_t limit) {
  std::string shown(text.substr(0, limit));
  for (char& c : shown) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  return text.size() > limit ? shown + "..." : shown;
}

}  // namespace

absl::StatusOr<UserRegex> UserRegex::Compile(absl::string_view pattern) {
  if (pattern.size() > kMaxUserRegexBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad regular expression '", Shown(pattern, 100), "': ", pattern.size(),
                     " bytes, over the limit of ", kMaxUserRegexBytes));
  }
  RE2::Options options;
  options.set_log_errors(false);  // the error is returned, not printed
  auto re = std::make_shared<const RE2>(re2::StringPiece(pattern.data(), pattern.size()), options);
  if (!re->ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "bad regular expression '", Shown(pattern, 100), "': ", Shown(re->error(), 200),
        " (RE2 syntax: no backreferences or lookaround; docs/backend-protocol.md)"));
  }
  return UserRegex(std::move(re));
}

bool UserRegex::FullMatch(absl::string_view text) const {
  return RE2::FullMatch(re2::StringPiece(text.data(), text.size()), *re_);
}

bool UserRegex::Search(absl::string_view text) const {
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *re_);
}

}  // namespace onnx_conform
