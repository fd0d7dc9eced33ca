# back further than the start is an error
step 2
back 5
