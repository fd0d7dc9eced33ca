# break op= and break if
break op=BAL
break if R4 == 97
run
x R4
continue
info break
break op=NOPE
break if (R4 ==
