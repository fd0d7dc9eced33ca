# watch storage and watch a register
watch RESULT
run
info break
delete 1
reset
until ADDUP
watch gr 3
continue
continue
watch gr 16
