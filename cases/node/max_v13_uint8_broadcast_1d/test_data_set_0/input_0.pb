Bdata_0J
