* The CSECTs RDEMO uses all the time, together: in every 10000-cycle
* interval of impprof --csm (RMAIN RSCAN RTOKEN RLOOK RCOUNT RUTIL),
* in the order of the reference string's loop.  The rest -- used
* once, or every 100th line, or never -- follow in input order.
ORDER RMAIN,RSCAN,RTOKEN,RUTIL,RLOOK,RCOUNT
