/* tracing_opts.h — the options of tracing a student's file that `trace`
 * and `check` both take (--timeout, --no-time, --waves, --keep,
 * --sandbox, and the run's: --block-size, --n, --block, --data): the ids
 * of the first five, which both tables use, and the reading of all of them
 * in one place (tracing_opts.c).  Their rows stay each command's, whose
 * help says what they mean there. */
#ifndef TRACING_OPTS_H
#define TRACING_OPTS_H

#include "core/args.h"
#include "core/opts.h"
#include "own/base/opts.h"

enum {
    TRACING_OPT_TIMEOUT = 0x200,
    TRACING_OPT_NO_TIME,
    TRACING_OPT_WAVES,
    TRACING_OPT_KEEP,
    TRACING_OPT_SANDBOX,
};

/* Reads option id (p's value), one the command does not read itself: the
 * five into *o, a word as the file (one only) into o->file, the run's
 * options into *cfg (rv_config_apply).  0, or the status of a usage error,
 * already said. */
int tracing_opt(const rv_opts *p, int id, rv_own_opts *o, rv_config *cfg);

#endif
