# monitor per (a storage-alteration watchpoint), csm by PER and the ISR, bad specs
monitor per sa,range=RESULT
run
info monitors
counters
monitor off per
monitor csm 50,per
run
report
monitor csm 50,data
monitor per xx
monitor per gra
monitor csm 5,per,data
monitor off csm
