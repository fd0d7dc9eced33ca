# help: the list from the command table, help for one command, by prefix
help step
help dis
help
