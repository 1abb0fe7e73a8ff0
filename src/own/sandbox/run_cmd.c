/* run_cmd.c — one command of a student's file, as it is or in the sandbox
 * (run_cmd.h), as the options of its trace say. */
#include "own/sandbox/run_cmd.h"

rv_proc_result rv_own_run_cmd(const rv_own_opts *o, const char *work, rv_sandbox_step step, const char *const *show,
                              char *const argv[], char *const env[], const char *log, double limit_s)
{
    return rv_own_run_ctl(o, work, step, show, argv, env, log, limit_s, NULL);
}

rv_proc_result rv_own_run_ctl(const rv_own_opts *o, const char *work, rv_sandbox_step step, const char *const *show,
                              char *const argv[], char *const env[], const char *log, double limit_s,
                              const rv_proc_ctl *ctl)
{
    if (!o->sandbox) return rv_proc_run_ctl(argv, env, log, limit_s, ctl);
    rv_sandbox_job job = {.work = work, .step = step, .input_bytes = o->n * sizeof(float), .ctl = ctl};
    for (int i = 0; show && i < RV_SANDBOX_MAX_SHOW && show[i]; i++) job.show[i] = show[i];
    return rv_sandbox_run(&job, argv, env, log, limit_s);
}
