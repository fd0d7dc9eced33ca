# info: tasks, paging, monitors, symbols, registers, branches; bad subcommand
info tasks
info paging
info monitors
info registers
info nothing
info
info branches
until loop.s:40
info branches
