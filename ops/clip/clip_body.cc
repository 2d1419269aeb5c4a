// Clip-13's function body (ONNX 1.13 on), as ONNX's `*_expanded` node tests
// spell it:
//   no bound   output = Identity(input)
//   min only   output = Where(Less(input, min), min, input)
//   max only   output = Where(Less(max, input), max, input)
//   both       tmp = Where(Less(input, min), min, input)
//              output = Where(Less(max, tmp), max, tmp)
#include <string>
#include <vector>

#include "ops/clip/clip_kernel.h"
#include "reference/function_bodies.h"

namespace onnx_conform {

std::vector<onnx::NodeProto> ClipBody(const onnx::NodeProto& clip, const std::string& prefix) {
  const std::string& x = clip.input(0);
  const std::string min = clip.input_size() > 1 ? clip.input(1) : "";
  const std::string max = clip.input_size() > 2 ? clip.input(2) : "";
  const std::string& out = clip.output(0);
  std::vector<onnx::NodeProto> body;
  if (min.empty() && max.empty()) body.push_back(BodyNode("Identity", {x}, out));
  std::string so_far = x;
  if (!min.empty()) {
    const std::string below = prefix + "input_less_than_min";
    const std::string result = max.empty() ? out : prefix + "clipped_below";
    body.push_back(BodyNode("Less", {x, min}, below));
    body.push_back(BodyNode("Where", {below, min, x}, result));
    so_far = result;
  }
  if (!max.empty()) {
    const std::string above = prefix + "max_less_than_input";
    body.push_back(BodyNode("Less", {max, so_far}, above));
    body.push_back(BodyNode("Where", {above, max, so_far}, out));
  }
  return body;
}

}  // namespace onnx_conform
