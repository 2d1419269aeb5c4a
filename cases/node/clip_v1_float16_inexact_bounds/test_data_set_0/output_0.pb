
BoutputJš@š@›@µE¶E¶Eš@¶E