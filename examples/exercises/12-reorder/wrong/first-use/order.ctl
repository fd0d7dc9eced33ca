* The CSECTs in the order the reference string first names them:
* the order the program needs them in.
ORDER RMAIN,RINIT,ROPEN,RSCAN,RTOKEN,RUTIL,RLOOK,RCOUNT
ORDER RSTATS,RDUMP,RCLOSE
