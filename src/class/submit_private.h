/* submit_private.h — the queue's insides, for the files that make up the
 * queue (submit_queue.c: taking, compiling and judging; submit_check.c: one
 * check as a child process; submit_report.c: what the pages and the results
 * are told).  Nothing outside
 * src/class/submit_*.c includes it. */
#ifndef RV_SUBMIT_PRIVATE_H
#define RV_SUBMIT_PRIVATE_H

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include "class_gpus.h"
#include "gpu_gate.h"
#include "slurm.h"
#include "submit_queue.h"
#include "trace_pages.h"
#include "core/json.h"

/* What check's summary said of a judged kernel's speed: its time, its
 * bandwidth and its share of the version to beat's speed in the same run
 * (0: not said), and whether its trace was kept (DIR/submissions/ID.rvt). */
typedef struct verdict_speed {
    double ms, gbps, percent; /* ms: the median of the timed calls        */
    int traced;
    int verified;      /* check's summary said "verified": every
                                  rule judged and held, on data it drew
                                  itself (the board ranks only these)        */
    char node_gpu[96]; /* the GPU's model check said it ran on ("gpu"
                                  of its summary; "" not said): on Slurm, the
                                  node's, which the class did not pick        */
} verdict_speed;

/* A submission's way: waiting for a compile worker, compiling, compiled and
 * waiting for the GPU, running on it, done (judged, or failed to compile). */
typedef enum state { QUEUED, COMPILING, COMPILED, RUNNING, DONE } state;

/* A judged kernel's grid, in a class started with --waves: recorded by a
 * run of its own after the verdict (submit_queue.c says when), so that the
 * verdict never waits for it. */
typedef enum grid_state { GRID_NONE, GRID_WAITING, GRID_RUNNING, GRID_DONE } grid_state;

typedef struct sub {
    int id, student, exercise;
    state st;
    int exit_code;             /* check's; -1 when it was stopped             */
    double at, started, ended; /* CLOCK_REALTIME seconds: taken, on the GPU
                                  (or out of the compile that failed), done   */
    double compile_s;          /* its compile, seconds                        */
    int gpu;                   /* the GPU it ran on (an index of q->gpus), or -1 */
    long gate_id;              /* its connection to the GPU's gate, while running
                                  (gpu_gate_connect_id); 0 none               */
    const char *let_go;        /* why it stopped holding its GPU's slot while it
                                  ran ("overdue", "host"), first time; NULL    */
    verdict_speed speed;       /* from check's summary, once judged          */
    int retried;               /* it went back to the queue once: the machine
                                  refused its check a process or memory, or
                                  Slurm lost or ended its job step            */
    char *output;              /* at most SUBMIT_OUTPUT_MAX bytes, once done   */
    grid_state grid;           /* its grid's run, in a class with --waves     */
    int grid_gpu;              /* the GPU its grid's run holds a slot of      */
} sub;

/* One worker on one GPU. */
typedef struct gpu_worker {
    struct submit_queue *q;
    int gpu; /* an index of q->gpus                         */
} gpu_worker;

struct submit_queue {
    pthread_mutex_t mu;
    pthread_cond_t work, compiled; /* a submission to compile; one to run      */
    char dir[PATH_MAX], exe[1024];
    char why_closed[600];
    FILE *log;
    sub *s;
    int ns, cap, stop;
    int open_n, queued, ready; /* not done; waiting to compile; to run       */
    int grids_waiting;         /* judged kernels whose grid waits for a GPU   */
    int ncompilers, nthreads;
    pthread_t threads[SUBMIT_MAX_COMPILERS + 2 * CLASS_MAX_GPUS * SUBMIT_MAX_SLOTS];
    class_gpu gpus[CLASS_MAX_GPUS];                            /* the GPUs judging (class_gpus.h)       */
    gpu_gate *gates[CLASS_MAX_GPUS];                           /* their turns (gpu_gate.h)              */
    FILE *turns;                                               /* DIR/gpu-turns.txt: each turn, each GPU      */
    int ngpus, slots;                                          /* checks side by side on each                 */
    gpu_worker workers[2 * CLASS_MAX_GPUS * SUBMIT_MAX_SLOTS]; /* slots, and as many spares */
    int preparing;                                             /* the version to beat is being compiled       */
    int prepare_started;
    pthread_t prepare;
    trace_pages *pages; /* the judged kernels' traces as lesson pages  */
    slurm_opts slurm;   /* partition[0]: each GPU check a Slurm job
                                  step (slurm.h); else on this machine's GPUs */
    int waves;          /* each judged kernel's grid recorded after its verdict (--waves) */
};

/* "pass", "fail", "error", or "" while not done. */
const char *submit_verdict_of(const sub *s);
/* The speed's fields of a JSON object (null where not said), "mark", "trace",
 * and "node_gpu" where check said which GPU it ran on. */
void submit_json_speed(FILE *f, const verdict_speed *v);
/* "queued", "compiling", "compiled", "running" or "done". */
const char *submit_state_name(state st);

/* A number of check's summary (or of a log line), where it is one and
 * sane (0 < it < most); else 0 (submit_check.c). */
double submit_summary_num(const rv_json *o, const char *key, double most);
/* A GPU's model from a summary's (or a log line's) string member key, into
 * out: printable ASCII only, at most 95 bytes, else "". */
void submit_summary_gpu(const rv_json *o, const char *key, char *out, size_t len);

/* ---- one check, as a child process (submit_check.c) ---- */

/* check's command line for one stage of a submission: its compile
 * (--build-only) into DIR/submissions/ID.work, or the GPU's run of what that
 * left (--built); or the class's build cache filled.  argv points into the
 * struct. */
typedef struct check_cmd {
    char src[PATH_MAX + 64], work[PATH_MAX + 64], cache[PATH_MAX + 64], ex[16];
    char summary[PATH_MAX + 64], trace[PATH_MAX + 64], mark[PATH_MAX + 64];
    char verdict_trace[PATH_MAX + 64]; /* a grid's run: the trace it adds the grid to */
    char *argv[32];
} check_cmd;

/* Submission id's stage: gpu -1 its compile, else its run on GPU gpu (an
 * index of q->gpus), the verdict's or (grid) its grid's: check
 * --waves-into the verdict's trace, its words and that trace with the grid
 * into ID.grid.*; gated: the check gets its GPU's gate as fd 4. */
void submit_check_argv(const submit_queue *q, int id, int exercise, int gpu, int grid, int gated, check_cmd *c);

/* The longest one stage of a check may run: compile, traced run, timed runs. */
enum { SUBMIT_RUN_LIMIT_S = 240 };

/* Runs one stage of check (the mutex released): its compile (gpu -1), or
 * its run on GPU gpu (an index of q->gpus; with Slurm, a job step on any
 * node); its output, as the student sees it, its exit status (-1 when it
 * was stopped), its summary's speed, and into `refused` why the machine
 * refused it, or why Slurm lost or ended its step, *cluster then 1, or why
 * its step's node could not run it (as check said there), *cluster then 2
 * ("" and 0 when none of these).  gate: the connection to the GPU's gate
 * the check gets as fd 4 (gpu_gate_connect_id's, closed here), or -1. */
char *submit_run_check(submit_queue *q, int id, int exercise, int gpu, int gate, int *exit_code, verdict_speed *speed,
                       char *refused, size_t refusedlen, int *cluster);
/* A judged kernel's grid recorded on GPU gpu (gate as submit_run_check's):
 * the waves run alone of the build its verdict ran (check --waves-into),
 * added to the verdict's trace, which is then put in the place of the
 * verdict's (the page is drawn again from it).  Nothing is judged again.
 * 1 when the trace was replaced, 0 when not (check's words in ID.grid.txt
 * say why). */
int submit_run_grid(submit_queue *q, int id, int exercise, int gpu, int gate);
/* The version to beat compiled into the class's build cache, in the
 * sandbox as the checks that use it compile; stopping the class stops it. */
void submit_prepare_cache(submit_queue *q);
/* Submission id's work folder (DIR/submissions/ID.work): its build, and
 * what its checks' runs leave. */
void submit_work_path(const submit_queue *q, int id, char *buf, size_t len);
/* A submission's work folder, once judged: its program and the 128 MiB
 * input it ran on would fill the teacher's disk over a day of classes;
 * its source and check's words are what is kept. */
void submit_drop_work(const submit_queue *q, int id);

/* A class resumed: the kernels of an earlier run of it, read back from its
 * log at path (at most `most`); those that were not done when it stopped
 * wait again, from the start.  One compiled but not run is compiled again
 * rather than run from the build it kept: that folder may be half written
 * by the kill, and a compile costs the CPU only, while the GPU runs the
 * others.  Lines cut short by a kill are passed over (submit_resume.c). */
void submit_resume(submit_queue *q, const char *path, int most);

#endif
