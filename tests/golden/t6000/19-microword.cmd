# microword: the current one and one by address
microword
microword 0
microword 99999
