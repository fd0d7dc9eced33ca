# until a symbol, an address, a source line
until ADDUP
until X'010026'
until loop.s:40
info break
