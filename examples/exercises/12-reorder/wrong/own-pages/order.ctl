* The hot CSECTs, each on a page boundary so that none of them is
* split across two pages.
ORDER RMAIN(P),RSCAN(P),RTOKEN(P),RLOOK(P),RCOUNT(P),RUTIL(P)
