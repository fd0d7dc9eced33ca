# quit stops reading commands
quit
print 1
