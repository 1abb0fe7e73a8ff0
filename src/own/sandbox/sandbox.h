/* sandbox.h — a student's file is hostile code: its compile, its runs and the
 * tools that read what it made each run inside a bubblewrap sandbox
 * (`trace --sandbox`, `check --sandbox`, the class).  The sandbox sees the
 * system's programs and libraries, the CUDA toolkit, the GPU and the few
 * reducevis files named to it, all read-only; it writes only in its work
 * folder and a small private /tmp and /dev/shm; it has no network, its own
 * processes, and limits on CPU time, memory, file size, processes, open
 * files, output, disk and wall-clock time.  docs/class.md's "Security: the sandbox" says the
 * same rules in words an administrator can check. */
#ifndef RV_OWN_SANDBOX_H
#define RV_OWN_SANDBOX_H

#include <stddef.h>
#include <stdint.h>

#include "own/base/proc.h"
#include "own/sandbox/sandbox_limits.h"

/* Whether a sandbox can be made here: 1, or 0 with why in one sentence
 * (bubblewrap missing, user namespaces turned off, ...).  Tried once a
 * process, by making one that runs /usr/bin/true. */
int rv_sandbox_possible(char *why, size_t len);

/* Runs argv (argv[0] an absolute path visible inside) in the sandbox, with a
 * clean environment plus `env` ("NAME=value", NULL-ended, or NULL), its
 * output into the file `log` (NULL: kept nowhere), for at most `limit_s`
 * seconds of wall-clock time, after which the whole sandbox is killed.  When
 * a limit stops it, a line saying which ends the log.  Afterwards nothing in
 * the work folder is a link, a device or a pipe (the caller reads those files
 * next, with more rights than the sandbox had). */
rv_proc_result rv_sandbox_run(const rv_sandbox_job *job, char *const argv[], char *const env[], const char *log,
                              double limit_s);

#endif
