#include "caseio/case_loader.h"

#include <algorithm>
#include <system_error>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"

namespace onnx_conform {

namespace fs = std::filesystem;

// Whatever model.onnx is (a file, a folder, a FIFO, a dangling link), the
// folder is a case: reading it says what is wrong, the run lists it.
bool HasModelEntry(const fs::path& dir, std::error_code& ec) {
  const fs::file_type type = fs::symlink_status(dir / kModelFileName, ec).type();
  if (type == fs::file_type::not_found) ec.clear();
  return type != fs::file_type::not_found && type != fs::file_type::none;
}

bool IsCaseDir(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir, ec) && HasModelEntry(dir, ec);
}

namespace {

// Whether `path` is `tree` or lies below it (both canonical).
bool Within(const fs::path& path, const fs::path& tree) {
  auto [tree_end, path_it] = std::mismatch(tree.begin(), tree.end(), path.begin(), path.end());
  return tree_end == tree.end();
}

// Appends the cases below `dir` (a folder, not a case) to `found`. A
// symbolic link to a folder is followed once: not when it leads into a tree
// already walked (`walked`, canonical: the root and every link followed so
// far) or holding one (an ancestor), which stops every loop. Cases found through a link keep the
// link's path, so that they are named and confined as their folder there.
absl::Status WalkCaseTree(const fs::path& dir, std::vector<fs::path>& walked,
                          std::vector<fs::path>& found) {
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  if (ec) return absl::DataLossError(absl::StrCat(dir.string(), ": ", ec.message()));
  std::vector<fs::path> links;
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) return absl::DataLossError(absl::StrCat(dir.string(), ": ", ec.message()));
    if (!it->is_directory(ec)) continue;  // a dangling link is no folder either
    if (it->is_symlink(ec)) {
      links.push_back(it->path());  // after this tree, so that its own cases come first
      continue;
    }
    // Only "no model.onnx here" means not a case; any other failure to look
    // (a path over PATH_MAX, an I/O error) would silently drop a case.
    std::error_code model_ec;
    const bool has_model = HasModelEntry(it->path(), model_ec);
    if (model_ec && model_ec != std::errc::no_such_file_or_directory) {
      return absl::DataLossError(
          absl::StrCat((it->path() / kModelFileName).string(), ": ", model_ec.message()));
    }
    if (has_model) {
      found.push_back(it->path());
      it.disable_recursion_pending();  // a case's data sets hold no cases
    }
  }
  // A failed increment ends the walk: without this check the cases not yet
  // reached would be dropped silently.
  if (ec) return absl::DataLossError(absl::StrCat(dir.string(), ": ", ec.message()));
  for (const fs::path& link : links) {
    std::error_code link_ec;
    const fs::path target = fs::canonical(link, link_ec);
    if (link_ec) continue;  // dangling or a loop of links: nothing to find
    if (std::any_of(walked.begin(), walked.end(), [&](const fs::path& tree) {
          return Within(target, tree) || Within(tree, target);
        })) {
      continue;  // its cases are found once already, or it loops back up
    }
    walked.push_back(target);
    if (IsCaseDir(link)) {
      found.push_back(link);
      continue;
    }
    if (absl::Status status = WalkCaseTree(link, walked, found); !status.ok()) return status;
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<fs::path>> FindCaseDirs(const fs::path& root) {
  std::error_code ec;
  if (!fs::exists(root, ec)) {
    return absl::NotFoundError(absl::StrCat(root.string(), ": no such file or directory"));
  }
  if (!fs::is_directory(root, ec) && root.filename() == kModelFileName) {
    return std::vector<fs::path>{root.parent_path().empty() ? fs::path(".") : root.parent_path()};
  }
  if (IsCaseDir(root)) return std::vector<fs::path>{root};
  if (!fs::is_directory(root, ec)) {
    return absl::InvalidArgumentError(
        absl::StrCat(root.string(), ": neither a case directory nor a folder of cases"));
  }
  std::vector<fs::path> walked = {fs::canonical(root, ec)};
  if (ec) return absl::DataLossError(absl::StrCat(root.string(), ": ", ec.message()));
  std::vector<fs::path> found;
  if (absl::Status status = WalkCaseTree(root, walked, found); !status.ok()) return status;
  std::sort(found.begin(), found.end());
  return found;
}

absl::StatusOr<std::vector<fs::path>> FindCasesIn(const fs::path& path) {
  absl::StatusOr<std::vector<fs::path>> found = FindCaseDirs(path);
  if (!found.ok() || !found->empty()) return found;
  std::error_code ec;
  if (fs::exists(path / "node.pb", ec)) {
    return absl::NotFoundError(absl::StrCat(
        path.string(),
        ": holds no case (no model.onnx): node.pb is the node-test layout of ONNX 1.0 to 1.1.0, "
        "which "
        "records no opset; the layout of later releases (model.onnx, test_data_set_N/) is read"));
  }
  return absl::NotFoundError(absl::StrCat(path.string(), ": holds no case (no model.onnx)"));
}

std::string CaseName(const fs::path& dir) {
  const fs::path normal = dir.lexically_normal();
  const std::string name = normal.filename().string();
  return name.empty() ? normal.parent_path().filename().string() : name;
}

}  // namespace onnx_conform
