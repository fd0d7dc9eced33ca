# run CYCLES and continue CYCLES stop at the cycle limit
run 40
continue 30
x cycles
