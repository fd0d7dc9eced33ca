/*
 * home.h -- where the running IMP program lives, and what lies beside it.
 *
 * The tools find each other and the guest runtime relative to their own
 * executable, so a build tree (bin/impas beside vm/host/runtime) and an
 * installation (PREFIX/bin/impas beside PREFIX/share/imp/runtime) both
 * work without configuration.
 */
#ifndef IMP_HOME_H
#define IMP_HOME_H

#include <stddef.h>

/* The directory of the running executable into buf; 0, or -1 if unknown. */
int home_bindir(char *buf, size_t size);

/* The program name beside us if it is executable there, else name itself
   (to be looked up on PATH). */
void home_tool(const char *name, char *buf, size_t size);

/*
 * The guest runtime (COPY members IMPSVC, IMPFCB, IMPPSA, REGS and the
 * runtime source imprt.s): $IMP_RUNTIME if set, else
 * BINDIR/../share/imp/runtime when installed, BINDIR/../vm/host/runtime in a
 * build tree.  0 with the directory in buf, or
 * -1 if neither holds IMPSVC.s.
 */
int home_runtime(char *buf, size_t size);

/*
 * The macro library shipped with IMP (members SAVE.mac, RETURN.mac, ...):
 * BINDIR/../share/imp/maclib when installed, BINDIR/../asm/maclib in a
 * build tree.  0 with the directory in buf, or -1 if neither holds
 * SAVE.mac.  ($IMP_MACLIB, a list of folders searched before it, is the
 * caller's to read.)
 */
int home_maclib(char *buf, size_t size);

#endif
