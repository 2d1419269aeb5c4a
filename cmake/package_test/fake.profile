# What the fake backend claims: Min-13 on double only, so its "unsupported"
# float case is allowed.
Min  13  double
