/* status.c — the one formatter of a failure's message (status.h). */
#include "core/status.h"

#include <stdarg.h>
#include <stdio.h>

int rv_fail(char *err, size_t errlen, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return code;
}

void rv_cmd_error(const char *cmd, const char *msg) { fprintf(stderr, "reducevis %s: %s\n", cmd, msg); }
