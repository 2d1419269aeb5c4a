BmaxJ
