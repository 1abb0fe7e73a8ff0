/* status.h — how every part of reducevis fails: one set of named exit
 * statuses (what a command returns, and the own/ pipeline's own statuses
 * that a command turns into one of them), and one formatter that puts a
 * failure's message into a caller's buffer and returns its status.  A
 * decision reads the status, never the message's text. */
#ifndef RV_STATUS_H
#define RV_STATUS_H

#include <stddef.h>

typedef enum rv_exit {
    RV_EXIT_OK = 0,      /* success; a verdict's PASS                        */
    RV_EXIT_FAIL = 1,    /* a verdict's FAIL: a rule is broken               */
    RV_EXIT_USAGE = 1,   /* the command, an option or the file given is
                                wrong (the same status as FAIL: docs/guide.md) */
    RV_EXIT_RUNTIME = 2, /* nothing to judge: a tool, a GPU or a file
                                missing, a run or a kernel that failed         */
    /* the statuses of a student's file traced (own/), which a command turns
       into one of the above (cmd_trace.c, cmd_check.c): */
    RV_EXIT_NO_GPU_WORK = 3,  /* the program ran, and launch() started no kernel
                                on the GPU: nothing to trace, and a verdict    */
    RV_EXIT_UNREPLAYABLE = 4, /* the judge's runner cannot replay what launch()
                                queued without the student's host code        */
    RV_EXIT_FAULTED = 5       /* a kernel of the student's made an illegal access
                                in a judged call: a verdict, as what is not
                                replayed (judged_run.h)                        */
} rv_exit;

/* What a reader or a check returns where it fails with its message in err
 * (the trace file's reader, its checks). */
#define RV_FAILED (-1)

/* The message from fmt into err (cut to errlen); returns code: an
 * rv_exit, or RV_FAILED. */
int rv_fail(char *err, size_t errlen, int code, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* A command's failure said on stderr in the one form every command uses:
 * "reducevis CMD: MSG" (a usage error adds where to look: opts.h). */
void rv_cmd_error(const char *cmd, const char *msg);

#endif
