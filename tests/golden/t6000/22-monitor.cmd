# monitor: configure (the machine resets), show, report, off
monitor ias 500
monitor pcs 1000
run
monitor
report
monitor off all
report
monitor ias 5
monitor zap 1
