# info: tasks, paging, monitors, symbols, registers; bad subcommand
info tasks
info paging
info monitors
info registers
info nothing
info
