/* submit_queue.h — the students' kernels sent to the class: a bounded queue,
 * a pool of workers compiling them at once on the CPU (`reducevis check FILE
 * --exercise N --sandbox --build-only DIR`) and, on every GPU, workers
 * judging the compiled ones side by side (`... --built DIR`), whose timed
 * calls take their GPU alone (gpu_gate.h), and every submission and its
 * result kept under the class's folder.
 *
 * Bounds: a source is at most SUBMIT_MAX_BYTES; a student has at most one
 * submission waiting or running; the queue holds at most SUBMIT_MAX_QUEUED.
 * A student's file is never compiled or run outside the sandbox: where none
 * can be made (rv_sandbox_possible), the queue is closed and says why.
 *
 * Kept: DIR/submissions/ID.cu (the source, written before the student is
 * told it was taken), DIR/submissions/ID.work (its build and run),
 * DIR/submissions/ID.txt (what check printed), DIR/submissions/ID.json
 * (check's summary: the verdict, the rules, the speed against the version
 * to beat), DIR/submissions/ID.rvt (the trace judged, from the GPU's run;
 * untrusted: it came out of the student's program), DIR/cache (the version
 * to beat, compiled once), and one
 * JSON line per event in DIR/submissions.jsonl, flushed at once, so a killed
 * server loses none of them.  Pure C and POSIX threads. */
#ifndef RV_SUBMIT_QUEUE_H
#define RV_SUBMIT_QUEUE_H

#include <stddef.h>
#include <stdio.h>
#include "room.h"
#include "room_export.h"
#include "slurm.h"
#include "trace_pages.h"
#include "own/turns/gpu_turn.h"

#define SUBMIT_MAX_BYTES     (256 * 1024) /* one source file                        */
#define SUBMIT_MAX_QUEUED    256          /* waiting at once, all students          */
#define SUBMIT_OUTPUT_MAX    (16 * 1024)  /* check's output kept for the page       */
#define SUBMIT_MAX_COMPILERS 64           /* compile workers, at most               */
#define SUBMIT_MAX_SLOTS     32           /* checks side by side on one GPU, at most */
#define SUBMIT_DEFAULT_SLOTS 6            /* ... by default: docs/class.md measures  */
/* A check running longer than this no longer holds one of its GPU's slots:
 * another worker may start beside it, up to twice the slots in all.  A check
 * takes 2 to 3 s under a class's load on the H100 (assets/logs); one that
 * runs on (a launch() that spins, sleeps or forks on the host until its time
 * limit, or a kernel that never ends) would hold its slot for 30 s. */
#define SUBMIT_OVERDUE_S     8.0
/* Nor does a check whose student's launch() has run RV_TURN_HOST_ALONE_S
 * on the host holding and asking no turn of the GPU (gpu_gate_host_s): it
 * forks, spins or sleeps, and the GPU may judge another beside it. */
#define SUBMIT_HOST_LET_GO_S RV_TURN_HOST_ALONE_S

typedef struct submit_queue submit_queue;

typedef enum submit_status {
    SUBMIT_OK = 0,
    SUBMIT_CLOSED,       /* no sandbox here: no submissions               */
    SUBMIT_TOO_LARGE,    /* over SUBMIT_MAX_BYTES                          */
    SUBMIT_BAD_EXERCISE, /* not 1 .. RV_NUM_EXERCISES                      */
    SUBMIT_BUSY,         /* this student's last one is still waiting       */
    SUBMIT_FULL,         /* SUBMIT_MAX_QUEUED are waiting                  */
    SUBMIT_NOT_TEXT,     /* empty, or holds NUL bytes                      */
    SUBMIT_NO_DISK,      /* it could not be kept                           */
} submit_status;

/* What status means, in one sentence of the class's language. */
const char *submit_status_text(submit_status s);

/* How a class judges (its options). */
typedef struct submit_options {
    int compilers;    /* compile workers; 0: the cores less one, at least 1 */
    int slots;        /* checks side by side on each GPU; 0: the default */
    const char *gpus; /* --gpus LIST (class_gpus.h); NULL: every GPU     */
    slurm_opts slurm; /* --slurm PARTITION ...: partition[0] 0 for none;
                                  else each GPU check is a job step there, and
                                  `slots` of them run at once (slurm.h)         */
    int waves;        /* --waves: each judged kernel's grid recorded too,
                                  after its verdict, while no kernel waits
                                  for one (check --waves run again on its
                                  build: the student's program once more,
                                  and the judged calls again under the
                                  patch for its cost); 0: none             */
} submit_options;

/* A queue keeping its files under dir (made if need be), judging with the
 * program exe (absolute; reducevis itself), its kernels' trace pages drawn
 * with font (the class's --font; NULL: the export's default).  Starts its
 * workers: the compile workers, and on each GPU `slots` workers running
 * checks side by side, their turns kept by the GPU's gate (gpu_gate.h);
 * unless no sandbox can be made: then the queue is closed
 * (submit_queue_why_closed).  NULL + err when the folder cannot be made or
 * --gpus names no GPU here. */
submit_queue *submit_queue_new(const char *dir, const char *exe, const char *font, const submit_options *opt, char *err,
                               size_t errlen);
/* Stops the workers (running checks are let finish) and frees the queue. */
void submit_queue_free(submit_queue *q);

/* NULL when submissions are taken, else why not (one sentence). */
const char *submit_queue_why_closed(const submit_queue *q);

/* The student whose judged kernel `id` is, where its trace was kept
 * (DIR/submissions/ID.rvt); else -1. */
int submit_queue_trace_owner(submit_queue *q, int id);
/* The judged kernels' traces as lesson pages (trace_pages.h). */
trace_pages *submit_queue_pages(submit_queue *q);

/* Student `student` (its number; token identifies it) sends text for
 * exercise.  *id gets the submission's number. */
submit_status submit_queue_add(submit_queue *q, int student, int exercise, const char *text, size_t len, int *id);

/* The student's latest submission as JSON: {"open":..,"why":..,"latest":
 * {"id","exercise","state":"queued|compiling|compiled|running|done",
 * "position" (in line for a compiler when queued, for the GPU when
 * compiled), "verdict","exit","waited_s" (until on the GPU),"judged_s" (on
 * the GPU),"compile_s","beside" (the version its trace is first shown
 * beside: rv_exercise_beside),"output"}}.  A malloc'd string, or NULL. */
char *submit_queue_student_json(submit_queue *q, int student);
/* The source of student's last kernel for exercise (read from
 * DIR/submissions/ID.cu), malloc'd with its length in *len; NULL when
 * there is none (then the exercise's start file is theirs). */
char *submit_queue_last_source(submit_queue *q, int student, int exercise, size_t *len);
/* A student's name for the teacher's list: 1 and buf filled, or 0 where
 * none is to be given (the names hidden).  The queue knows students by
 * number only; the room knows their names (room_student_name). */
typedef int (*submit_name_fn)(void *ctx, int student, char *buf, size_t len);
/* Every submission (newest last, without the output) for the teacher; each
 * with "name" beside "student" where name_of (may be NULL) gives one. */
char *submit_queue_teacher_json(submit_queue *q, submit_name_fn name_of, void *ctx);
/* The teacher's window (it never waits): the newest judged kernels whose
 * trace was kept, newest first, at most max of them into rows; their
 * count, or -1 when the queue is busy at this moment (ask again). */
int submit_queue_traced_try(submit_queue *q, room_kernel *rows, int max);
/* Where submission id's trace is kept: DIR/submissions/ID.rvt. */
void submit_queue_trace_path(const submit_queue *q, int id, char *buf, size_t len);
/* Every submission as a row of the class's results (room_set_kernels: q is
 * the queue); the count, or -1 out of memory. */
int submit_queue_kernels(void *q, room_kernel **rows);
/* One row per submission: id, student, exercise, state, verdict, exit,
 * seconds waited, judged and compiling, ms, gbps, percent_of_mark.  0, or
 * -1 when writing failed. */
int submit_queue_write_csv(submit_queue *q, FILE *f);

#endif
