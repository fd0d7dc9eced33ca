# load and source
load loop.s
source script.imp
source missing.imp
load missing.s
step
