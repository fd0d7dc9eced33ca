# run to the end; continue after the end is an error; reset starts again
run
continue
reset
step
