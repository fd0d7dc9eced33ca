# monitor: every monitor at once, the CSECT monitor, bad specifications
monitor csm
monitor ias 200
monitor ias-window LOOP/8
monitor iifm BCT
monitor glean ia+op,every=100
run
monitor
report
monitor ias-window
monitor glean bogus
monitor iifm ZZZ
monitor off zap
