/*
 * parse.c -- runs the reentrant scanner and the pure parser over one
 * source file held in memory.
 */
#include "masm.h"
#include "parser.h"
#define YYSTYPE MCYYSTYPE
#define YYLTYPE MCYYLTYPE
#include "lexer.h"

int masm_parse_file(struct masm *m, int file)
{
    yyscan_t scanner;
    if (mcyylex_init_extra(m, &scanner) != 0)
        return -1;
    const char *text = m->files[file].text;
    YY_BUFFER_STATE b = mcyy_scan_string(text, scanner);
    m->eof_nl = 0;
    int rc = mcyyparse(scanner, m, file);
    mcyy_delete_buffer(b, scanner);
    mcyylex_destroy(scanner);
    return rc;
}
