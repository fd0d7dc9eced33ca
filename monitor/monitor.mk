# monitor/monitor.mk -- build fragment (see the top-level Makefile)
