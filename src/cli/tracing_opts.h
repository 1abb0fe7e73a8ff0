/* tracing_opts.h — the options of tracing a student's file that `trace`
 * and `check` both take (--timeout, --no-time, --waves, --keep,
 * --sandbox): their ids, which both tables use, and their reading into the
 * trace's rv_own_opts in one place (tracing_opts.c).  Their rows stay each
 * command's, whose help says what they mean there. */
#ifndef TRACING_OPTS_H
#define TRACING_OPTS_H

#include "core/opts.h"
#include "own/base/opts.h"

enum {
    TRACING_OPT_TIMEOUT = 0x200,
    TRACING_OPT_NO_TIME,
    TRACING_OPT_WAVES,
    TRACING_OPT_KEEP,
    TRACING_OPT_SANDBOX,
};

/* What tracing_opt returns for an id that is none of them. */
#define TRACING_OPT_OTHER (-1)

/* Reads option id (p's value) into *o when it is one of the shared ones:
 * 0, or rv_opts_bad's status where its value is wrong; TRACING_OPT_OTHER
 * when it is another, left to the command. */
int tracing_opt(const rv_opts *p, int id, rv_own_opts *o);

#endif
