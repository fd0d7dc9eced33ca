# counters and opcodes after a run
run
counters
opcodes 4
