* impld control statements for RDEMO (see README.md and impld(1)):
*   ORDER name,name,...     these CSECTs first, in this order
* A * in column 1 starts a comment.
