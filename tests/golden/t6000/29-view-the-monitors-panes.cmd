# view: each monitor's pane as text, mid-run and at the end; nothing on, off, unknown
view
monitor iifm all
view bht
monitor bht 3
monitor ias 300
monitor glean ia+op,every=400,buffer=96
monitor csm
break ADDUP
run
view
delete all
continue
view
view iifm bht
view zap
