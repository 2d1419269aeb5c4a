#include "caseio/case_layout.h"

#include <map>
#include <system_error>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

constexpr absl::string_view kDataSetPrefix = "test_data_set_";
constexpr absl::string_view kDataFileSuffix = ".pb";

absl::string_view DataFilePrefix(DataFileKind kind) {
  return kind == DataFileKind::kInput ? "input_" : "output_";
}

// The N of `<prefix>N<suffix>`, or nullopt when `name` has another form.
std::optional<int64_t> NumberedName(absl::string_view name, absl::string_view prefix,
                                    absl::string_view suffix) {
  if (!absl::ConsumePrefix(&name, prefix) || !absl::ConsumeSuffix(&name, suffix)) {
    return std::nullopt;
  }
  if (name.empty() || name.size() > 9) return std::nullopt;
  for (char c : name) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  int64_t number = 0;
  if (!absl::SimpleAtoi(name, &number)) return std::nullopt;
  return number;
}

// Calls `visit` on each entry of `dir`; the error that ended the listing early.
// (A range-for would throw on a failed increment instead.)
template <typename Visit>
std::error_code ForEachEntry(const fs::path& dir, Visit visit) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) visit(*it);
  return ec;
}

LayoutProblem Unlistable(const fs::path& dir, const std::error_code& ec) {
  return {LayoutProblemKind::kUnreadable, dir, absl::StrCat("cannot list: ", ec.message())};
}

// The data files of one kind found in a data set, by K.
struct NumberedFiles {
  std::map<int64_t, fs::path> by_number;
  std::vector<LayoutProblem> problems;  // names, then duplicates, in listing order
};

void AddDataFile(DataFileKind kind, const fs::path& dir, const fs::path& path,
                 NumberedFiles& files) {
  const std::string name = path.filename().string();
  const absl::string_view prefix = DataFilePrefix(kind);
  std::optional<int64_t> k = ParseDataFileName(kind, name);
  if (!k.has_value()) {
    files.problems.push_back(
        {LayoutProblemKind::kDataFileName, path,
         absl::StrCat("not a tensor file name of the form ", prefix, "K", kDataFileSuffix)});
    return;
  }
  // input_1.pb and input_01.pb: which one feeds input 1 is anybody's guess.
  if (const auto [it, inserted] = files.by_number.emplace(*k, path); !inserted) {
    files.problems.push_back({LayoutProblemKind::kDuplicateNumber, dir,
                              absl::StrCat(it->second.filename().string(), " and ", name,
                                           " are both ", DataFileName(kind, *k))});
  }
}

// The files of `files` in K order up to the first gap, which is a problem.
std::vector<fs::path> InOrder(DataFileKind kind, const fs::path& dir, NumberedFiles& files) {
  std::vector<fs::path> ordered;
  for (const auto& [k, path] : files.by_number) {
    const int64_t expected = static_cast<int64_t>(ordered.size());
    if (k != expected) {
      const absl::string_view prefix = DataFilePrefix(kind);
      files.problems.push_back(
          {LayoutProblemKind::kNumberingGap, dir / DataFileName(kind, expected),
           absl::StrCat("missing (found ", path.filename().string(), "; ", prefix, "K",
                        kDataFileSuffix, " must be numbered from 0 without gaps)")});
      break;
    }
    ordered.push_back(path);
  }
  return ordered;
}

DataSetLayout ListDataSet(int64_t number, const fs::path& dir, const fs::path& case_dir) {
  DataSetLayout data_set;
  data_set.number = number;
  data_set.dir = dir;
  // A data set linked from outside the case would be read from there.
  if (absl::Status inside = CheckInsideDirectory(dir, case_dir); !inside.ok()) {
    absl::string_view message = inside.message();
    absl::ConsumePrefix(&message, absl::StrCat(dir.string(), ": "));
    data_set.problems.push_back({inside.code() == absl::StatusCode::kInvalidArgument
                                     ? LayoutProblemKind::kDataSetOutsideCase
                                     : LayoutProblemKind::kUnreadable,
                                 dir, std::string(message)});
    return data_set;
  }
  NumberedFiles inputs, outputs;
  const std::error_code ec = ForEachEntry(dir, [&](const fs::directory_entry& entry) {
    const std::string name = entry.path().filename().string();
    if (absl::StartsWith(name, DataFilePrefix(DataFileKind::kInput))) {
      AddDataFile(DataFileKind::kInput, dir, entry.path(), inputs);
    } else if (absl::StartsWith(name, DataFilePrefix(DataFileKind::kOutput))) {
      AddDataFile(DataFileKind::kOutput, dir, entry.path(), outputs);
    }
  });
  if (ec) data_set.problems.push_back(Unlistable(dir, ec));
  data_set.input_files = InOrder(DataFileKind::kInput, dir, inputs);
  data_set.output_files = InOrder(DataFileKind::kOutput, dir, outputs);
  for (NumberedFiles* files : {&inputs, &outputs}) {
    for (LayoutProblem& problem : files->problems) data_set.problems.push_back(std::move(problem));
  }
  return data_set;
}

}  // namespace

std::string DataSetDirName(int64_t n) { return absl::StrCat(kDataSetPrefix, n); }

std::string DataFileName(DataFileKind kind, int64_t k) {
  return absl::StrCat(DataFileStem(kind, k), kDataFileSuffix);
}

std::string DataFileStem(DataFileKind kind, int64_t k) {
  return absl::StrCat(DataFilePrefix(kind), k);
}

std::string DataFilePath(int64_t n, DataFileKind kind, int64_t k) {
  return absl::StrCat(DataSetDirName(n), "/", DataFileName(kind, k));
}

std::optional<int64_t> ParseDataSetDirName(absl::string_view name) {
  return NumberedName(name, kDataSetPrefix, "");
}

std::optional<int64_t> ParseDataFileName(DataFileKind kind, absl::string_view name) {
  return NumberedName(name, DataFilePrefix(kind), kDataFileSuffix);
}

CaseLayout ListCase(const fs::path& dir) {
  CaseLayout layout;
  layout.dir = dir;
  layout.model_file = dir / kModelFileName;
  std::error_code model_ec;
  if (fs::symlink_status(layout.model_file, model_ec).type() == fs::file_type::not_found) {
    // As the model reader words it (tensor/tensor_file.h).
    layout.problems.push_back({LayoutProblemKind::kNoModel, layout.model_file, "no such file"});
  }
  std::map<int64_t, fs::path> data_set_dirs;
  const std::error_code ec = ForEachEntry(dir, [&](const fs::directory_entry& entry) {
    const std::string name = entry.path().filename().string();
    if (!absl::StartsWith(name, kDataSetPrefix)) return;
    std::optional<int64_t> n = ParseDataSetDirName(name);
    if (!n.has_value()) {
      layout.problems.push_back(
          {LayoutProblemKind::kDataSetName, entry.path(),
           absl::StrCat("not a data set name of the form ", kDataSetPrefix, "N")});
      return;
    }
    std::error_code type_ec;  // a link loop or a dangling link is no folder either
    if (!entry.is_directory(type_ec)) {
      layout.problems.push_back({LayoutProblemKind::kDataSetNotADirectory, entry.path(),
                                 "a data set must be a directory"});
      return;
    }
    if (const auto [it, inserted] = data_set_dirs.emplace(*n, entry.path()); !inserted) {
      layout.problems.push_back({LayoutProblemKind::kDuplicateNumber, dir,
                                 absl::StrCat(it->second.filename().string(), " and ", name,
                                              " are both ", DataSetDirName(*n))});
    }
  });
  if (ec) layout.problems.push_back(Unlistable(dir, ec));
  if (data_set_dirs.empty()) {
    layout.problems.push_back({LayoutProblemKind::kNoDataSet, dir,
                               absl::StrCat("the case has no ", kDataSetPrefix, "N directory")});
  }
  for (const auto& [n, path] : data_set_dirs) {
    layout.data_sets.push_back(ListDataSet(n, path, dir));
  }
  return layout;
}

}  // namespace onnx_conform
