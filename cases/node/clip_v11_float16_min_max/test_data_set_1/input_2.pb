
BmaxJ€H