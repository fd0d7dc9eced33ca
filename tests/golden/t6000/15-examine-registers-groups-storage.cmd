# examine registers, groups, storage
step 2
x
x gr
x R15
x GR15
x psw
x cr
x CR14
x RESULT
x LOOP,20
x X'FFFFFF'
examine R3
