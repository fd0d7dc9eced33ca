/*
 * roff.h -- text for generated manual pages.
 */
#ifndef IMP_ROFF_H
#define IMP_ROFF_H

#include <stdio.h>

/* Write s as roff text: backslashes and hyphens escaped, and a leading
   dot or quote protected so the line is never taken for a request. */
void roff_text(FILE *out, const char *s);

#endif
