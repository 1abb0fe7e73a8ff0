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

/* What runs: a compile (nvcc, and nvdisasm reading what the program made), or
 * the student's program itself (traced, timed, under compute-sanitizer). */
typedef enum rv_sandbox_step { RV_SANDBOX_COMPILE, RV_SANDBOX_RUN } rv_sandbox_step;

typedef struct rv_sandbox_limits {
    double   cpu_s;         /* CPU seconds of one process (RLIMIT_CPU)                    */
    uint64_t mem_bytes;     /* one process's own memory: heap and private maps (RLIMIT_DATA) */
    uint64_t file_bytes;    /* the largest file it may write (RLIMIT_FSIZE)               */
    uint64_t work_bytes;    /* how much the work folder may grow, all files together      */
    uint64_t tmp_bytes;     /* the private /tmp (a tmpfs of this size)                    */
    uint64_t shm_bytes;     /* the private /dev/shm (likewise)                            */
    uint64_t output_bytes;  /* its stdout and stderr together; past it, it is stopped     */
    int      nproc;         /* processes and threads of its user (RLIMIT_NPROC), which
                               is the sandbox's own (sandbox_box.h)                       */
    int      box_tasks;     /* its cgroup's pids.max: nproc and bwrap's own processes     */
    uint64_t box_bytes;     /* its cgroup's memory.max: all its processes together, and
                               what they keep in its /tmp and /dev/shm                    */
    int      box_cpus;      /* its cgroup's cpu.max: the CPUs all its threads together
                               may keep busy                                              */
    int      nofile;        /* open files of one process (RLIMIT_NOFILE)                  */
} rv_sandbox_limits;

/* The limits of a step; `input_bytes` (the floats the program reads) is added
 * to a run's memory, which holds them. */
rv_sandbox_limits rv_sandbox_limits_of(rv_sandbox_step step, uint64_t input_bytes);

#define RV_SANDBOX_MAX_SHOW 6

typedef struct rv_sandbox_job {
    const char *work;          /* absolute path: the only writable folder, and the one
                                  it starts in                                        */
    const char *show[RV_SANDBOX_MAX_SHOW]; /* more files and folders shown read-only
                                  at their own paths (NULL entries skipped)           */
    rv_sandbox_step step;
    uint64_t input_bytes;      /* see rv_sandbox_limits_of                            */
    const rv_proc_ctl *ctl;    /* NULL, or what the caller steers (proc.h): fd 4
                                  inside, a stop flag, time its limit skips       */
} rv_sandbox_job;

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
