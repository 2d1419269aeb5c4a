
BoutputJö¿ö¿ô¿@@@