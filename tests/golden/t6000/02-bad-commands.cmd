# bad commands: unknown, ambiguous, bad counts
zap
mi
st
step 0
step -1
