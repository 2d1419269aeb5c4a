// Regular expressions users write (`run --filter`, `re:` lines of
// expectation files, which ship with adapters): RE2 syntax, matched in
// time linear in the text with bounded memory, never by backtracking. RE2
// has no backreferences and no lookaround (docs/backend-protocol.md).
//
//   absl::StatusOr<UserRegex> re = UserRegex::Compile("^test_(min|argmin)");
//   if (re.ok() && re->Search(name)) ...
#ifndef ONNX_CONFORM_RUNNERS_HARNESS_USER_REGEX_H_
#define ONNX_CONFORM_RUNNERS_HARNESS_USER_REGEX_H_

#include <cstddef>
#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace re2 {
class RE2;
}

namespace onnx_conform {

// Longest pattern taken (RE2 also refuses one whose compiled form needs
// more than its 8 MiB).
inline constexpr size_t kMaxUserRegexBytes = 64 * 1024;

class UserRegex {
 public:
  // InvalidArgument "bad regular expression '...': why" (the pattern cut
  // to 100 bytes) for a pattern RE2 cannot take.
  static absl::StatusOr<UserRegex> Compile(absl::string_view pattern);

  bool FullMatch(absl::string_view text) const;  // the whole text
  bool Search(absl::string_view text) const;     // anywhere in it

 private:
  explicit UserRegex(std::shared_ptr<const re2::RE2> re) : re_(std::move(re)) {}
  std::shared_ptr<const re2::RE2> re_;  // shared: copies are cheap
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_HARNESS_USER_REGEX_H_
