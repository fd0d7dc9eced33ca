#include <stdio.h>
#include "mon.h"
#include "screen.h"
int screen_main(struct mon *m, int n, char **files, const char **pre, int npre)
{
    (void)m; (void)n; (void)files; (void)pre; (void)npre;
    fprintf(stderr, "impmon: the screen is not built yet\n");
    return 2;
}
