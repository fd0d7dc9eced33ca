# print expressions
print 1+2*3
print (1+2)*3 - X'10' / 2
print -5
print 0x10
print ADDUP
print ADDUP - LOOP
print R15 + 2
print 5/0
print (1+2
print X'1G'
print R4 +
print 12ab
print NOSUCH
