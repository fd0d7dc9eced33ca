# uback N: back by microwords
step 2
x upc
microstep 3
uback 3
x upc
