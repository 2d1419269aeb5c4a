// The JSON Lines run log: one line per result, written as each case ends,
// read back for --resume even when a kill cut the last line short.
#include "runners/reports/run_log.h"

#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <memory>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "runners/reports/output_file.h"
#include "runners/reports/report.h"
#include "testing/backend_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

fs::path TempFile(const std::string& name) {
  const fs::path path = fs::path(testing::TempDir()) / name;
  fs::remove(path);
  return path;
}

CaseResult Sample(const std::string& name, CaseStatus status) {
  CaseResult r;
  r.name = name;
  r.path = "/cases/" + name;
  r.op = "Clip";
  r.opset = 12;
  r.op_version = 12;
  r.types = "float16";
  r.status = status;
  r.message = "line one\nline \"two\"";
  r.seconds = 0.25;
  r.backend = "exec:adapter";
  r.expectation = "ort.expect:4: fail: NaN bound";
  return r;
}

TEST(RunLogTest, OneSelfContainedLinePerResult) {
  const std::string line = ResultToJsonLine(Sample("clip_nan", CaseStatus::kXfail));
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_THAT(line, HasSubstr("\"status\":\"xfail\""));
  EXPECT_THAT(line, HasSubstr("\"op_version\":12"));
  EXPECT_THAT(line, HasSubstr("\"backend\":\"exec:adapter\""));
  absl::StatusOr<CaseResult> back = ResultFromJsonLine(line);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->name, "clip_nan");
  EXPECT_EQ(back->path, "/cases/clip_nan");
  EXPECT_EQ(back->status, CaseStatus::kXfail);
  EXPECT_EQ(back->message, "line one\nline \"two\"");
  EXPECT_EQ(back->op, "Clip");
  EXPECT_EQ(back->opset, 12);
  EXPECT_EQ(back->op_version, 12);
  EXPECT_EQ(back->types, "float16");
  EXPECT_EQ(back->seconds, 0.25);
  EXPECT_EQ(back->expectation, "ort.expect:4: fail: NaN bound");
}

TEST(RunLogTest, BadLinesAreRejected) {
  EXPECT_FALSE(ResultFromJsonLine("{\"name\":\"a\",\"path\":\"/a\",\"status\":\"great\"}").ok());
  EXPECT_FALSE(ResultFromJsonLine("{\"name\":\"a\",\"pa").ok());
  EXPECT_FALSE(ResultFromJsonLine("{}").ok());
}

TEST(RunLogTest, AppendsAcrossOpeningsAndReadsBack) {
  const fs::path path = TempFile("appends.jsonl");
  {
    absl::StatusOr<std::unique_ptr<RunLog>> log = RunLog::Open(path);
    ASSERT_TRUE(log.ok()) << log.status();
    ASSERT_TRUE((*log)->Append(Sample("a", CaseStatus::kPass)).ok());
    // On disk before the log is closed: a kill now loses nothing.
    EXPECT_EQ(ReadText(path), ResultToJsonLine(Sample("a", CaseStatus::kPass)) + "\n");
  }
  {
    absl::StatusOr<std::unique_ptr<RunLog>> log = RunLog::Open(path);
    ASSERT_TRUE(log.ok());
    ASSERT_TRUE((*log)->Append(Sample("b", CaseStatus::kCrash)).ok());
  }
  absl::StatusOr<LoggedResults> logged = ReadRunLog(path);
  ASSERT_TRUE(logged.ok());
  ASSERT_EQ(logged->results.size(), 2u);
  EXPECT_EQ(logged->results[0].name, "a");
  EXPECT_EQ(logged->results[1].status, CaseStatus::kCrash);
  EXPECT_TRUE(logged->skipped.empty());
}

TEST(RunLogTest, ALineCutShortByAKillIsSkippedAndClosed) {
  const fs::path path = TempFile("cut.jsonl");
  const std::string whole = ResultToJsonLine(Sample("a", CaseStatus::kPass));
  const std::string cut = ResultToJsonLine(Sample("b", CaseStatus::kFail)).substr(0, 30);
  WriteText(path, whole + "\n" + cut);
  absl::StatusOr<LoggedResults> logged = ReadRunLog(path);
  ASSERT_TRUE(logged.ok());
  ASSERT_EQ(logged->results.size(), 1u);
  ASSERT_EQ(logged->skipped.size(), 1u);
  EXPECT_THAT(logged->skipped[0], HasSubstr("cut.jsonl:2: not a case result"));

  // Appending after it starts a new line, so the next result stays readable.
  absl::StatusOr<std::unique_ptr<RunLog>> log = RunLog::Open(path);
  ASSERT_TRUE(log.ok());
  ASSERT_TRUE((*log)->Append(Sample("c", CaseStatus::kTimeout)).ok());
  logged = ReadRunLog(path);
  ASSERT_TRUE(logged.ok());
  ASSERT_EQ(logged->results.size(), 2u);
  EXPECT_EQ(logged->results[1].name, "c");
}

TEST(RunLogTest, ACaseLoggedTwiceKeepsItsLastResult) {
  const fs::path path = TempFile("twice.jsonl");
  WriteText(path, ResultToJsonLine(Sample("a", CaseStatus::kCrash)) + "\n" +
                      ResultToJsonLine(Sample("b", CaseStatus::kPass)) + "\n" +
                      ResultToJsonLine(Sample("a", CaseStatus::kPass)) + "\n");
  absl::StatusOr<LoggedResults> logged = ReadRunLog(path);
  ASSERT_TRUE(logged.ok());
  ASSERT_EQ(logged->results.size(), 2u);
  EXPECT_EQ(logged->results[0].name, "a");
  EXPECT_EQ(logged->results[0].status, CaseStatus::kPass);
}

TEST(RunLogTest, PathsAreKeyedByTheirExactBytes) {
  // The byte 0xFF, the same spelled out as four characters, and a backslash:
  // three folders, three keys, each read back as its own bytes.
  CaseResult byte = Sample("a", CaseStatus::kFail);
  byte.path = "/cases/case_\xff";
  CaseResult spelled = Sample("b", CaseStatus::kPass);
  spelled.path = "/cases/case_\\xff";
  CaseResult backslash = Sample("c", CaseStatus::kError);
  backslash.path = "/cases/case_\\\\";
  const fs::path path = TempFile("bytes.jsonl");
  WriteText(path, ResultToJsonLine(byte) + "\n" + ResultToJsonLine(spelled) + "\n" +
                      ResultToJsonLine(backslash) + "\n");
  absl::StatusOr<LoggedResults> logged = ReadRunLog(path);
  ASSERT_TRUE(logged.ok()) << logged.status();
  EXPECT_THAT(logged->skipped, ::testing::IsEmpty());
  ASSERT_EQ(logged->results.size(), 3u);
  EXPECT_EQ(logged->results[0].path, byte.path);
  EXPECT_EQ(logged->results[0].status, CaseStatus::kFail);
  EXPECT_EQ(logged->results[1].path, spelled.path);
  EXPECT_EQ(logged->results[1].status, CaseStatus::kPass);
  EXPECT_EQ(logged->results[2].path, backslash.path);
}

TEST(RunLogTest, ALineWhoseKeyIsAmbiguousIsSkipped) {
  // As an older log wrote them: a lone backslash, \x without two hex
  // digits, an escaped byte that needs no escape (\x41 is "A").
  const fs::path path = TempFile("ambiguous.jsonl");
  std::string text;
  for (const char* key : {R"(/cases/a\q)", R"(/cases/a\x4)", R"(/cases/\x41)", R"(/cases/a\)"}) {
    report::CaseReport line = ToCaseReport(Sample("a", CaseStatus::kPass));
    line.set_path(key);
    std::string json;
    ASSERT_TRUE(google::protobuf::util::MessageToJsonString(line, &json).ok());
    text += json + "\n";
  }
  WriteText(path, text);
  absl::StatusOr<LoggedResults> logged = ReadRunLog(path);
  ASSERT_TRUE(logged.ok()) << logged.status();
  EXPECT_THAT(logged->results, ::testing::IsEmpty());
  ASSERT_EQ(logged->skipped.size(), 4u);
  EXPECT_THAT(logged->skipped[0], HasSubstr("ambiguous"));
}

TEST(RunLogTest, ConcurrentAppendsNeverInterleave) {
  const fs::path path = TempFile("concurrent.jsonl");
  absl::StatusOr<std::unique_ptr<RunLog>> log = RunLog::Open(path);
  ASSERT_TRUE(log.ok());
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        (void)(*log)->Append(Sample(absl::StrCat("t", t, "_", i), CaseStatus::kPass));
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  absl::StatusOr<LoggedResults> logged = ReadRunLog(path);
  ASSERT_TRUE(logged.ok());
  EXPECT_EQ(logged->results.size(), 200u);
  EXPECT_TRUE(logged->skipped.empty());
}

TEST(RunLogTest, AFifoIsRefusedWithoutBlocking) {
  // Opening a FIFO for writing waits for a reader: the log, the reports and
  // the scoreboards are opened without blocking and must be regular files.
  const fs::path fifo = TempFile("log.fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  auto opened = std::make_shared<std::promise<absl::Status>>();
  std::future<absl::Status> log_status = opened->get_future();
  std::thread([fifo, opened] {
    absl::StatusOr<std::unique_ptr<RunLog>> log = RunLog::Open(fifo);
    absl::Status report = WriteTextFile(fifo, "{}");
    opened->set_value(log.ok() ? report : log.status());
  }).detach();
  ASSERT_EQ(log_status.wait_for(std::chrono::seconds(2)), std::future_status::ready)
      << "opening a FIFO blocked";
  const absl::Status status = log_status.get();
  EXPECT_FALSE(status.ok());
  EXPECT_THAT(std::string(status.message()), HasSubstr("log.fifo"));
  EXPECT_FALSE(WriteTextFile(fifo, "{}").ok());
}

TEST(RunLogTest, MissingLogIsNotFound) {
  EXPECT_TRUE(absl::IsNotFound(ReadRunLog("/no/such/log.jsonl").status()));
  EXPECT_FALSE(RunLog::Open("/no/such/dir/log.jsonl").ok());
}

TEST(RunLogTest, TheHeaderIsWrittenOnceAndReadBackApart) {
  const fs::path path = TempFile("header.jsonl");
  report::RunLogHeader header;
  header.set_onnx_conform_run_log(1);
  header.set_backend("b");
  header.set_suite_version("1.0");
  for (int i = 0; i < 2; ++i) {
    absl::StatusOr<std::unique_ptr<RunLog>> log = RunLog::Open(path, &header);
    ASSERT_TRUE(log.ok()) << log.status();
    ASSERT_TRUE((*log)->Append(Sample(absl::StrCat("case", i), CaseStatus::kPass)).ok());
  }
  absl::StatusOr<LoggedResults> logged = ReadRunLog(path);
  ASSERT_TRUE(logged.ok()) << logged.status();
  ASSERT_TRUE(logged->header.has_value());
  EXPECT_EQ(logged->header->backend(), "b");
  EXPECT_EQ(logged->results.size(), 2u);
  EXPECT_THAT(logged->skipped, testing::IsEmpty());
  EXPECT_EQ(ReadText(path).find("onnx_conform_run_log"),
            ReadText(path).rfind("onnx_conform_run_log"));  // once

  EXPECT_TRUE(CheckRunLogHeader(path, header, header).ok());
  report::RunLogHeader newer = header;
  newer.set_suite_version("2.0");
  const absl::Status refused = CheckRunLogHeader(path, header, newer);
  EXPECT_EQ(refused.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(refused.message(), HasSubstr("suite version '1.0' (this run: '2.0')"));
}

}  // namespace
}  // namespace onnx_conform
