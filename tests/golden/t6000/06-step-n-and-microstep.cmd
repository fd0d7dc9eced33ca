# step N and microstep N show where the machine is
step 3
microstep 2
microstep
