// The default domain, a model's opset for it, and the IR version of an opset.
#include "checker/model_versions.h"

#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

onnx::ModelProto Importing(std::initializer_list<std::pair<const char*, int64_t>> imports) {
  onnx::ModelProto model;
  for (const auto& [domain, version] : imports) {
    onnx::OperatorSetIdProto* import = model.add_opset_import();
    import->set_domain(domain);
    import->set_version(version);
  }
  return model;
}

TEST(ModelVersionsTest, EmptyAndAiOnnxAreTheDefaultDomain) {
  EXPECT_TRUE(IsDefaultDomain(""));
  EXPECT_TRUE(IsDefaultDomain("ai.onnx"));
  EXPECT_FALSE(IsDefaultDomain("ai.onnx.ml"));
  EXPECT_FALSE(IsDefaultDomain("com.microsoft"));
}

TEST(ModelVersionsTest, DefaultDomainOpsetIsTheFirstImport) {
  EXPECT_EQ(DefaultDomainOpset(Importing({{"ai.onnx.ml", 3}, {"ai.onnx", 13}})), 13);
  EXPECT_EQ(DefaultDomainOpset(Importing({{"", 11}, {"ai.onnx", 13}})), 11);
  EXPECT_EQ(DefaultDomainOpset(Importing({{"ai.onnx.ml", 3}})), std::nullopt);
}

TEST(ModelVersionsTest, UnambiguousDefaultDomainOpsetRefusesTwoVersions) {
  EXPECT_EQ(*UnambiguousDefaultDomainOpset(Importing({{"", 13}, {"ai.onnx", 13}})), 13);
  absl::StatusOr<int64_t> two =
      UnambiguousDefaultDomainOpset(Importing({{"", 11}, {"ai.onnx", 13}}));
  EXPECT_EQ(two.status().message(),
            "model opset_import gives the default domain two versions: 11 and 13");
  absl::StatusOr<int64_t> none = UnambiguousDefaultDomainOpset(Importing({{"ai.onnx.ml", 3}}));
  EXPECT_EQ(none.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(ModelVersionsTest, SetDefaultDomainOpsetLeavesOtherDomains) {
  onnx::ModelProto model = Importing({{"", 6}, {"ai.onnx.ml", 3}, {"ai.onnx", 6}});
  SetDefaultDomainOpset(model, 16);
  EXPECT_EQ(model.opset_import(0).version(), 16);
  EXPECT_EQ(model.opset_import(1).version(), 3);
  EXPECT_EQ(model.opset_import(2).version(), 16);
}

// onnx/helper.py VERSION_TABLE.
TEST(ModelVersionsTest, IrVersionIsTheOneReleasedWithTheOpset) {
  EXPECT_EQ(IrVersionForOpset(1), 3);
  EXPECT_EQ(IrVersionForOpset(8), 3);
  EXPECT_EQ(IrVersionForOpset(9), 4);
  EXPECT_EQ(IrVersionForOpset(10), 5);
  EXPECT_EQ(IrVersionForOpset(11), 6);
  EXPECT_EQ(IrVersionForOpset(12), 7);
  EXPECT_EQ(IrVersionForOpset(14), 7);
  EXPECT_EQ(IrVersionForOpset(15), 8);
  EXPECT_EQ(IrVersionForOpset(17), 8);
  EXPECT_EQ(IrVersionForOpset(18), 8);
}

}  // namespace
}  // namespace onnx_conform
