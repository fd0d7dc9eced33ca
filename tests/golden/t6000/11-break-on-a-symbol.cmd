# break on a symbol, a source line, an address; hit counts; delete
break ADDUP
break loop.s:35
break X'010030'
run
continue
continue
info break
delete 1
delete 9
continue
info break
delete all
info break
