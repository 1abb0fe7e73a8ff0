/* sandbox_argv.h — the command line that runs one command of a student's
 * file in a bubblewrap sandbox: what it sees (read-only binds of the system
 * and the toolkit, the GPU's device nodes, a private /tmp and /dev/shm, the
 * work folder), the environment it gets, its resource limits and, as root,
 * the user it becomes.  sandbox.c runs it and watches it. */
#ifndef RV_OWN_SANDBOX_ARGV_H
#define RV_OWN_SANDBOX_ARGV_H

#include <stddef.h>

#include "own/sandbox/sandbox_limits.h"

#define RV_SANDBOX_MAX_ARGS 512

typedef struct rv_sandbox_args {
    char *v[RV_SANDBOX_MAX_ARGS]; /* NULL-terminated, for execv          */
    int n;
    char *owned[RV_SANDBOX_MAX_ARGS]; /* strings made here, freed with them  */
    int nowned;
    int full; /* past RV_SANDBOX_MAX_ARGS: refused   */
} rv_sandbox_args;

/* The whole command line: bwrap, its rules, prlimit's limits, setpriv as
 * user `uid` where root, then argv.  0, or -1 when a helper is missing or
 * the line is too long (why in `why`); free it with rv_sandbox_args_free. */
int rv_sandbox_args_build(rv_sandbox_args *a, const char *bwrap, const rv_sandbox_job *job, char *const argv[],
                          char *const env[], int uid, char *why, size_t whylen);
void rv_sandbox_args_free(rv_sandbox_args *a);

/* `name` found in the caller's PATH, into out: 1, or 0. */
int rv_sandbox_find_on_path(const char *name, char *out, size_t len);

#endif
