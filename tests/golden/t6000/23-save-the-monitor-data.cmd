# save the monitor data file impprof reads
monitor ias 500
run
save prof.dat
save /nonexistent/dir/x
save
