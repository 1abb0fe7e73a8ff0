/* proc.h — running another program for `reducevis trace`: argv as given (no
 * shell ever sees a file name), its output to a file, a time limit after
 * which it and everything it started are killed. */
#ifndef RV_OWN_PROC_H
#define RV_OWN_PROC_H

#include <stddef.h>

#include "core/status.h" /* rv_fail and the statuses its callers return */

/* How a run ended. */
typedef enum rv_proc_end { RV_PROC_EXITED, RV_PROC_SIGNALED, RV_PROC_TIMED_OUT, RV_PROC_CANNOT_START } rv_proc_end;

typedef struct rv_proc_result {
    rv_proc_end end;
    int status;     /* exit status, or the signal */
    double seconds; /* wall time */
} rv_proc_result;

/* Runs argv[0] (found on PATH) with argv, the environment plus `env` (NULL or
 * "NAME=value" strings ending with NULL), stdout and stderr into the file
 * `log` (NULL: /dev/null), for at most `limit_s` seconds; then the whole
 * process group is killed.  Returns the result. */
rv_proc_result rv_proc_run(char *const argv[], char *const env[], const char *log, double limit_s);
/* The same, also killed (RV_PROC_TIMED_OUT) as soon as *stop, read without
 * a lock from another thread, is non-zero. */
rv_proc_result rv_proc_run_until(char *const argv[], char *const env[], const char *log, double limit_s,
                                 const int *stop);

/* What a caller steers of a run besides its limit (each read without a lock
 * from another thread): a descriptor the program is given as fd
 * RV_PROC_PASS_FD (a turn on the GPU is asked for and given over it:
 * gpu_turn.h), a flag that stops it as a time limit would, and the time it
 * spent waiting on the caller, which its limit does not count. */
#define RV_PROC_PASS_FD 4
typedef struct rv_proc_ctl {
    int pass_fd;             /* -1: none                                    */
    const int *stop;         /* NULL, or stopped once non-zero              */
    const long *paused_ms;   /* NULL, or milliseconds not counted, and    */
    const long *pause_began; /* NULL, or when a pause still going on began
                                 (CLOCK_MONOTONIC ms; 0 none): not counted  */
    int nice;                /* 0, or a lower priority (nice(2)) for it    */
    int death_signal;        /* 0, or the signal it gets when the thread
                                 that started it ends, the caller killed
                                 (PR_SET_PDEATHSIG): srun, told so, ends its
                                 Slurm job rather than leave it running     */
    const int *low_cpu;      /* NULL, or once non-zero a sandboxed run
                                 gets the least share of the CPU
                                 (rv_box_lower_cpu)                          */
} rv_proc_ctl;

/* rv_proc_run_until steered by ctl (NULL: as rv_proc_run). */
rv_proc_result rv_proc_run_ctl(char *const argv[], char *const env[], const char *log, double limit_s,
                               const rv_proc_ctl *ctl);
/* The seconds of ctl's pauses so far (0 without any). */
double rv_proc_paused_s(const rv_proc_ctl *ctl);

/* Runs argv as rv_proc_run does and gives its stdout and stderr together
 * as a malloc'd NUL-terminated string (NULL when it cannot be run or read:
 * *res says how it ended).  For the tools the CLI asks (ncu,
 * compute-sanitizer, itself): no shell, so no path needs quoting. */
char *rv_proc_output(char *const argv[], double limit_s, rv_proc_result *res);

/* The file `path` into a malloc'd NUL-terminated string (NULL on failure). */
char *rv_read_text(const char *path, size_t *len);

/* What the program under trace left in its folder (a file it could have
 * replaced, by a link or a folder, or made huge): the text of a regular
 * file of fewer than `cap` bytes, not through a link, NUL-free, into buf.
 * Returns 0, 1 when there is no such file, -1 when it is something else
 * (not regular, too large), -2 when it holds a NUL byte. */
int rv_read_regular(const char *path, char *buf, size_t cap);

/* Looks for `name` on PATH and in /usr/local/cuda/bin; writes the path found.
 * Returns 1 if found. */
int rv_find_program(const char *name, char *out, size_t outlen);

/* Removes the folder `dir` and all it holds (rm -rf, links not followed).
 * 0, or -1 when something stayed. */
int rv_remove_tree(const char *dir);

#endif
