/* sandbox_limits.h — what one sandboxed command is (a compile or a run of the
 * student's program, its work folder, what it is shown) and the limits each
 * step has: what the sandbox's parts (sandbox.c runs it, sandbox_argv.c
 * writes its command line, sandbox_box.c its cgroups) all read, apart from
 * the code that runs it, so that none of them calls another back. */
#ifndef RV_OWN_SANDBOX_LIMITS_H
#define RV_OWN_SANDBOX_LIMITS_H

#include <stddef.h>
#include <stdint.h>

#include "own/base/proc.h"

/* What runs: a compile (nvcc, and nvdisasm reading what the program made), or
 * the student's program itself (traced, timed, under compute-sanitizer). */
typedef enum rv_sandbox_step { RV_SANDBOX_COMPILE, RV_SANDBOX_RUN } rv_sandbox_step;

typedef struct rv_sandbox_limits {
    double cpu_s;          /* CPU seconds of one process (RLIMIT_CPU)                    */
    uint64_t mem_bytes;    /* one process's own memory: heap and private maps (RLIMIT_DATA) */
    uint64_t file_bytes;   /* the largest file it may write (RLIMIT_FSIZE)               */
    uint64_t work_bytes;   /* how much the work folder may grow, all files together      */
    uint64_t tmp_bytes;    /* the private /tmp (a tmpfs of this size)                    */
    uint64_t shm_bytes;    /* the private /dev/shm (likewise)                            */
    uint64_t output_bytes; /* its stdout and stderr together; past it, it is stopped     */
    int nproc;             /* processes and threads of its user (RLIMIT_NPROC), which
                               is the sandbox's own (sandbox_box.h)                       */
    int box_tasks;         /* its cgroup's pids.max: nproc and bwrap's own processes     */
    uint64_t box_bytes;    /* its cgroup's memory.max: all its processes together, and
                               what they keep in its /tmp and /dev/shm                    */
    int box_cpus;          /* its cgroup's cpu.max: the CPUs all its threads together
                               may keep busy                                              */
    int nofile;            /* open files of one process (RLIMIT_NOFILE)                  */
    uint64_t gpu_bytes;    /* the GPUs' memory its processes may hold together (NVML's
                               count, where its cgroup says which are its: gpu_memory.h);
                               past it, it is stopped                                    */
    int gpu_procs;         /* ... and how many of its processes may be on a GPU at once,
                               each with a context; past it, it is stopped               */
} rv_sandbox_limits;

/* The limits of a step; `input_bytes` (the floats the program reads) is added
 * to a run's memory, which holds them. */
rv_sandbox_limits rv_sandbox_limits_of(rv_sandbox_step step, uint64_t input_bytes);

#define RV_SANDBOX_MAX_SHOW 6

typedef struct rv_sandbox_job {
    const char *work;                      /* absolute path: the only writable folder, and the one
                                  it starts in                                        */
    const char *show[RV_SANDBOX_MAX_SHOW]; /* more files and folders shown read-only
                                  at their own paths (NULL entries skipped)           */
    rv_sandbox_step step;
    uint64_t input_bytes;   /* see rv_sandbox_limits_of                            */
    const rv_proc_ctl *ctl; /* NULL, or what the caller steers (proc.h): fd 4
                                  inside, a stop flag, time its limit skips       */
} rv_sandbox_job;

#endif
