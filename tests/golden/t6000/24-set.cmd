# set: list, change, errors
set
set max-cycles 100
run
set max-cycles 0
set echo maybe
set nope 1
set policy lru
set
info paging
