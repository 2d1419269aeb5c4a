// case.json text: protobuf's JSON parser and ValidateCaseMetadata; what
// parses must print and parse back to the same message.
#include "caseio/case_metadata.h"
#include "fuzz/fuzz_targets.h"
#include "google/protobuf/util/message_differencer.h"

namespace onnx_conform::fuzz {

int FuzzCaseMetadata(const uint8_t* data, size_t size) {
  std::string_view json(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<CaseMetadata> metadata = ParseCaseMetadata(json, "case.json");
  if (!metadata.ok()) return 0;
  absl::StatusOr<CaseMetadata> again = ParseCaseMetadata(CaseMetadataToJson(*metadata), "again");
  if (!again.ok()) FuzzFinding(std::string(again.status().message()));
  if (!google::protobuf::util::MessageDifferencer::Equals(*metadata, *again)) {
    FuzzFinding("case.json changed in a print/parse round trip");
  }
  return 0;
}

}  // namespace onnx_conform::fuzz
