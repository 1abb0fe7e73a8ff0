/* record.h — a recording of one GPU: what `reducevis record` makes, and how
 * it keeps what it makes honest.
 *
 * A recording is a folder laid out like the bundled assets/ (traces/,
 * results/, logs/) plus recording.json, its manifest.  The plan is a list of
 * jobs read off the version table (a trace of every version with two data
 * patterns, the bench at N = 2^25, the sweep (L2 warm, then flushed) unless quick, verify where
 * Nsight Compute is); each job is one `reducevis` command that writes one
 * file.  A runner (the real one starts the command; tests pass a fake) writes
 * the file under a temporary name, `<file>.part`, which no reader picks up;
 * only a job that succeeded is renamed to its real name.  The manifest is
 * rewritten (also through a temporary name) before and after every job, so
 * that at any moment, interrupted or killed, it says "partial" and names
 * what is missing until the last job is done and it says "complete".
 * Pure C, no CUDA: tested in CI with a fake runner.
 */
#ifndef RV_RECORD_H
#define RV_RECORD_H

#include <signal.h>
#include <stddef.h>

#define RV_RECORD_MANIFEST    "recording.json"
#define RV_RECORD_FORMAT      "reducevis-recording"
#define RV_RECORD_PART        ".part" /* the temporary name's suffix          */
#define RV_RECORD_MAX_JOBS    64
#define RV_RECORD_MAX_ARGS    12
#define RV_RECORD_INTERRUPTED (-2) /* a runner's answer: stopped by a signal */

typedef enum rv_job_state {
    RV_JOB_PENDING, /* not started yet                          */
    RV_JOB_RUNNING, /* started; a manifest that still says so was cut off in it */
    RV_JOB_DONE,    /* its file is complete, under its real name */
    RV_JOB_FAILED,  /* the command failed; no file              */
    RV_JOB_SKIPPED, /* not possible here (no Nsight Compute)    */
    RV_JOB_NOT_RUN  /* the recording stopped before it          */
} rv_job_state;

typedef struct rv_record_job {
    char what[64];                     /* for people: "capture v3, data ones"       */
    char path[256];                    /* its file, inside the recording            */
    char log[256];                     /* where its command's output goes, likewise */
    char args[RV_RECORD_MAX_ARGS][48]; /* `reducevis` arguments; the runner adds -o FILE */
    int nargs;
    double estimate_s; /* a guess of its time, for the first estimate */
    rv_job_state state;
    double seconds; /* how long it took                          */
    char why[512];  /* FAILED, SKIPPED, NOT_RUN: the reason      */
} rv_record_job;

typedef struct rv_recording {
    char dir[1024];   /* the recording's folder                    */
    char device[256]; /* "NVIDIA H100 80GB HBM3"                   */
    char slug[128];   /* "nvidia-h100-80gb-hbm3": names its files  */
    int quick;        /* 1: no sweep                               */
    char started[32]; /* UTC, ISO 8601                             */
    rv_record_job jobs[RV_RECORD_MAX_JOBS];
    int njobs;
} rv_recording;

/* Runs one job: writes its file at tmp_path (and its output into log_path).
 * Returns 0, -1 with the reason in err, or RV_RECORD_INTERRUPTED. */
typedef int (*rv_record_runner)(void *ctx, const rv_record_job *job, const char *tmp_path, const char *log_path,
                                char *err, size_t errlen);

/* Told before each job (job = its index) and once at the end (job = njobs),
 * with seconds spent and an estimate of the seconds left. */
typedef void (*rv_record_progress)(void *ctx, const rv_recording *rec, int job, double spent_s, double left_s);

/* "NVIDIA H100 80GB HBM3" -> "nvidia-h100-80gb-hbm3" (lower case, runs of
 * anything else than letters and digits made one '-'); "gpu" if nothing is left. */
void rv_record_slug(const char *device, char *slug, size_t len);

/* $XDG_DATA_HOME/reducevis/SLUG, else $HOME/.local/share/reducevis/SLUG.
 * Returns 0, or -1 with a message when neither is set. */
int rv_record_default_dir(const char *slug, char *dir, size_t len, char *err, size_t errlen);

/* Fills rec with the plan for `device` in `dir`: every version of the table
 * captured with ones and random:1 at its default block size, the bench, the
 * sweep warm and cold (unless quick), verify (skipped with a note unless have_ncu). */
void rv_record_plan(rv_recording *rec, const char *device, const char *dir, int quick, int have_ncu);

/* Adds to the plan a waves run of every version (`trace --kernel V --waves`,
 * waves/SLUG-V.rvt: which SM ran each block, and when, stamped in the
 * version's kernel with its cost measured; docs/waves.md),
 * skipped with a note unless have_tracer (the Compute Sanitizer tracer was
 * built and its library found). */
void rv_record_plan_waves(rv_recording *rec, int have_tracer, const char *why_not);

/* Makes the folders.  A folder that already holds a recording (its manifest
 * or any file the plan would write) is refused unless force, which removes
 * those files first.  Returns 0, or -1 with a message. */
int rv_record_prepare(rv_recording *rec, int force, char *err, size_t errlen);

/* Runs every pending job in turn through `run` and renames its file into
 * place when it succeeded; a failed job is noted and the next one runs; once
 * *stop is set (a signal) or a runner answers RV_RECORD_INTERRUPTED, the
 * jobs left are marked not run.  Returns 0 when every job that could run is
 * done (the manifest says complete), 1 when the recording is partial, -1
 * when the manifest could not be written (message in err). */
int rv_record_run(rv_recording *rec, rv_record_runner run, void *run_ctx, rv_record_progress progress,
                  void *progress_ctx, volatile sig_atomic_t *stop, char *err, size_t errlen);

/* Writes recording.json (through recording.json.part).  0, or -1 with a message. */
int rv_record_write_manifest(const rv_recording *rec, char *err, size_t errlen);

/* How many jobs are in state s. */
int rv_record_count(const rv_recording *rec, rv_job_state s);

/* "done", "failed", ... as the manifest writes them. */
const char *rv_record_state_name(rv_job_state s);

#endif
