/* check_opts.h — `reducevis check`'s options as one table: each row an
 * option as opts.h reads it and the lines of the usage that take it, so
 * that the row says whether tracing a file takes it; the usage and --help
 * are made from the table (check_opts.c). */
#ifndef CHECK_OPTS_H
#define CHECK_OPTS_H

#include "core/opts.h"
#include "tracing_opts.h" /* the options of tracing it shares with trace */

enum {
    OPT_EXERCISE = 1,
    OPT_TRACE,
    OPT_BUILD_ONLY,
    OPT_BUILT,
    OPT_BUILD_CACHE,
    OPT_PREPARE_CACHE,
    OPT_SAVE_TRACE,
    OPT_SUMMARY,
    OPT_REPLAY,
    OPT_GPU_GATE,
    OPT_MARK_REUSE,
    OPT_GPU_LOCK,
    OPT_WAVES_INTO,
    OPT_NOT_OURS
};

/* check's command line for rv_opts_begin: the table's options, its usage,
 * its --help. */
const rv_command_opts *check_command(void);

/* Whether o, an option of check_command()'s table, is one of tracing a
 * file alone: a trace given (--trace) or a run kept (--replay) is judged
 * without it, as it was recorded. */
int check_tracing_only(const rv_opt *o);

/* Whether o goes with --waves-into (the waves run alone, judging
 * nothing): the .cu file's build and how to run it, where to write. */
int check_on_waves_line(const rv_opt *o);

#endif
