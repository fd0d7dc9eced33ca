# stop when not running
stop
q
print 2
