# The end-to-end job of `onnx-conform run` on the Min case, done the Python
# way, for bench/run.sh's side-by-side timing only (the suite never runs
# Python): load the model and tensors with onnx, check the model, np.minimum,
# compare with the expected output (NaN equal to NaN).
import sys

import numpy as np
import onnx
from onnx import numpy_helper


def main(case_dir):
    model = onnx.load(f"{case_dir}/model.onnx")
    onnx.checker.check_model(model)
    data = f"{case_dir}/test_data_set_0"
    a = numpy_helper.to_array(onnx.load_tensor(f"{data}/input_0.pb"))
    b = numpy_helper.to_array(onnx.load_tensor(f"{data}/input_1.pb"))
    expected = numpy_helper.to_array(onnx.load_tensor(f"{data}/output_0.pb"))
    actual = np.minimum(a, b)
    same = actual.shape == expected.shape and np.array_equal(actual, expected, equal_nan=True)
    print("pass" if same else "fail")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
