# disasm at the IA and at a symbol
step
disasm
disasm ADDUP 3
disasm NOSUCH
