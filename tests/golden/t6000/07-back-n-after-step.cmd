# back N after step: the registers as they were
step 12
x R4
back 3
x R4
x insns
