# abbreviations: a unique prefix runs the command; a one-letter synonym wins
br ADDUP
cont
s
c
b LOOP+4
