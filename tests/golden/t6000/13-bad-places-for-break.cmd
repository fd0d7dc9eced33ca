# bad places for break
break loop.s:999
break other.s:3
break NOSUCH
break
