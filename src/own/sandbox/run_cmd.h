/* run_cmd.h — one command of a student's file (its compile, its runs, the
 * tools that read what it made), run as it is or inside the sandbox as its
 * options say: what the compile (nvcc/) and the runs (run/) share. */
#ifndef RV_OWN_RUN_CMD_H
#define RV_OWN_RUN_CMD_H

#include "own/base/opts.h"
#include "own/base/proc.h"
#include "own/sandbox/sandbox.h"

/* One command of the student's file (its compile, its runs, the tools that
 * read what it made): as it is, or inside the sandbox, which shows it the
 * files in `show` (up to RV_SANDBOX_MAX_SHOW, NULL-ended; NULL: none)
 * read-only besides the system and the toolkit (sandbox.h): the judge's
 * runner under the waves run's patch shows four. */
rv_proc_result rv_own_run_cmd(const rv_own_opts *o, const char *work, rv_sandbox_step step, const char *const *show,
                              char *const argv[], char *const env[], const char *log, double limit_s);
/* The same, steered by ctl (proc.h; NULL: as rv_own_run_cmd). */
rv_proc_result rv_own_run_ctl(const rv_own_opts *o, const char *work, rv_sandbox_step step, const char *const *show,
                              char *const argv[], char *const env[], const char *log, double limit_s,
                              const rv_proc_ctl *ctl);

#endif
