/* gpu_turn.h — a check's turns on a GPU that other checks share at once (a
 * class's GPU: src/class/gpu_gate.c keeps the turns, and gives each check a
 * connection to it as `check --gpu-gate-fd FD`).
 *
 * The student's program, run by the driver (src/tracer/driver.cu), asks
 * for its turns over fd 4, which check relays to the gate: a traced run
 * holds a shared turn from its start until its tracer has taken fd 4 (the
 * check's, rv_turn_relay_hold_start), then while any GPU work of its may be
 * running, asked by its tracer (src/tracer/turns.h) from a kernel's launch,
 * a copy's or a memset's start until the work queued has run, so a run may
 * take and give back several (others trace beside it; the student's host
 * code, the tracer's work on the CPU and its files are outside); a timed
 * run, once its context
 * is made, the GPU alone until its results are written (its teardown,
 * like another's start, runs beside): the times students compare are never
 * taken beside another program's kernels.  The waits are not counted
 * against the run's time limit; the time alone is capped.  memcheck's
 * run, which asks nothing, holds a shared turn while it runs, asked by the
 * check (rv_turn_relay_hold_shared).  Without a gate (a check outside a
 * class) every turn is given at once.
 *
 * The words on the gate's connection, one byte each: 'S' asks for a shared
 * turn, 'X' for the GPU alone, the gate answers 'G' once it is given; 'R'
 * gives back what is held or cancels what is asked, and is answered 'K'.  A
 * connection that closes gives back all it held.  The gate may also send
 * 'T' to a shared turn that has kept a turn alone waiting too long (its
 * time is up: src/class/gpu_gate.h); the relay then stops that run, as it
 * stops a run past its time alone; 'H' and 'D', unanswered, say that the
 * run's student launch() was called and has returned.  The driver's (or the
 * tracer's), on fd 4: 's' (a shared turn) and 'r' (ready to be timed: the
 * GPU alone), each answered 'g' (go); 'e' gives back what it holds,
 * unanswered; 'i', the tracer's once it has taken fd 4, ends the shared turn
 * the check held for the run's start (rv_turn_relay_hold_start); 'h' and 'd',
 * unanswered, the driver's in a traced run as it calls the student's
 * launch() and as it returns, passed on as 'H' and 'D' (the class lets no
 * slot of its GPU be kept by host code alone: src/class/gpu_gate.h). */
#ifndef RV_OWN_GPU_TURN_H
#define RV_OWN_GPU_TURN_H

#include <pthread.h>
#include <stddef.h>

#include "own/base/proc.h"

/* The longest a timed run may keep the GPU to itself (tests shorten it). */
#define RV_TURN_ALONE_LIMIT_S 15.0
void rv_turn_set_alone_limit(double seconds);
/* The longest a shared turn may keep a turn alone waiting before the class's
 * gate says its time is up: twice the longest whole traced run of the corpus
 * (2.4 s, on the H100 and the H200: assets/logs/corpus-*.txt), of which its
 * turn is only a part. */
#define RV_TURN_SHARED_LIMIT_S 5.0
/* How long a run's student launch() may run on the host alone (holding and
 * asking no turn of the GPU) before it is taken for a launch() that forks,
 * spins or sleeps: its sandbox then gets the least share of the CPU
 * (rv_proc_ctl's low_cpu) and, in a class, its check keeps no slot of the
 * GPU (src/class/submit_queue.h).  An honest launch() holds a turn for each
 * kernel and runs milliseconds between them; under a class of 300 on an
 * H200 none was ever past it (docs/class-design.md). */
#define RV_TURN_HOST_ALONE_S   2.0
/* ... and past this, on a class's GPU, the run is stopped (relay->host_stopped):
 * whatever its host code forks, spins or holds goes with it, rather than
 * living on at the least share until its time limit, while the class's
 * checks queue behind what it still takes of the machine.  Two and a half
 * times the share's mark, which no honest check of the class's benchmark
 * reached (docs/class-design.md). */
#define RV_TURN_HOST_STOP_S    5.0
/* How long a run, once its launch() has first been called, may hold shared
 * turns that it asked outside launch() (relay->outside_stopped past it, on
 * a class's GPU): work the student's host code queues from a thread of its
 * own or at exit, after launch() has returned.  An honest run asks such
 * turns only for the driver's reading back of the sum and the tracer's of
 * what it counted, milliseconds each; a kernel queued inside launch() and
 * run after it returns is launch()'s, not counted. */
#define RV_TURN_OUTSIDE_STOP_S 2.0

/* The gate of this process: fd, a connection the class gave (checked to be
 * a socket).  0, or -1 with why in err. */
int rv_turn_use_gate(int fd, char *err, size_t errlen);
/* The node's lock files in dir for this process's turns, where no gate can
 * be had (a check run as a Slurm step: `check --gpu-lock DIR`, gpu_lock.h).
 * 0, or -1 with why in err. */
int rv_turn_use_lock(const char *dir, char *err, size_t errlen);
/* 1 when this process has a gate (or the lock files). */
int rv_turn_have_gate(void);
/* What this process's runs have waited so far for their turns: shared
 * turns (traced runs, memcheck's), and the GPU alone (timed runs: the one
 * stage a machine's checks take one at a time).  0 where no turn was waited
 * for, or without a gate. */
void rv_turn_waited(double *shared_s, double *alone_s);

/* A run's turns: rv_turn_relay_start makes the descriptor the run gets as
 * fd 4 (relay->ctl, for rv_proc_run_ctl or the sandbox); a thread answers
 * the driver's words and stops the run (relay->overtime) past
 * RV_TURN_ALONE_LIMIT_S alone, or when the gate says its shared turn's time
 * is up (relay->time_up too), and gives a run whose launch() runs
 * RV_TURN_HOST_ALONE_S on the host alone the least share of the CPU, and
 * stops it (relay->host_stopped, overtime too) at RV_TURN_HOST_STOP_S, and
 * one whose GPU work asked outside launch() holds its turns
 * RV_TURN_OUTSIDE_STOP_S (relay->outside_stopped).  rv_turn_relay_end,
 * once the run is over, gives all back.  Without a gate the relay does
 * nothing and ctl passes nothing. */
typedef struct rv_turn_relay {
    int mine, theirs; /* a socket pair: ours, and the run's fd 4   */
    pthread_t thread;
    int started, quit;
    char held;                                 /* 0, 'S' or 'X': the run's turn now          */
    int was_alone;                             /* it had its one turn alone                 */
    int overtime;                              /* its time alone ran out, or its shared
                                  turn's (time_up): stopped                 */
    int time_up;                               /* the gate said its shared turn kept a turn
                                  alone waiting too long                    */
    int start_hold;                            /* the shared turn held is the check's, for
                                  the run's start, until its tracer's 'i'   */
    int run_shared;                            /* meanwhile, the run's own 's' is held      */
    int in_launch;                             /* between the run's 'h' and 'd'            */
    double host_from;                          /* CLOCK_MONOTONIC s of its last 'h', or of a
                                  turn it gave back inside launch()         */
    int low_cpu;                               /* its launch() ran RV_TURN_HOST_ALONE_S on
                                  the host alone: the least share of the CPU
                                  (ctl.low_cpu)                              */
    int host_stopped;                          /* ... and RV_TURN_HOST_STOP_S: stopped
                                  (overtime too)                             */
    int launched;                              /* its launch() has been called               */
    double outside_s;                          /* shared turns asked outside launch(), held
                                  so far (those given back)                  */
    double outside_from;                       /* CLOCK_MONOTONIC s the one held now began,
                                  if asked outside launch(); 0 none          */
    int outside_stopped;                       /* they reached RV_TURN_OUTSIDE_STOP_S:
                                  stopped (overtime too)                     */
    long paused_ms;                            /* waited for the GPU alone                  */
    long pause_began;                          /* CLOCK_MONOTONIC ms the wait began; 0 none */
    double alone_s;                            /* how long it had the GPU alone             */
    int (*on_word)(void *arg, int fd, char c); /* the run's other words     */
    void *word_arg;
    rv_proc_ctl ctl;
} rv_turn_relay;

/* 0, or -1 with why in err (the run is then not started). */
int rv_turn_relay_start(rv_turn_relay *r, char *err, size_t errlen);
/* The same for a run that has more to say than its turns (the judge's
 * runner, judged_run.h): the line is made with or without a gate (without
 * one, every turn is given at once), and every other byte the run sends is
 * handed to on_word on the relay's thread with our end of the line, which
 * may read and answer more; on_word returns -1 to end the relay. */
int rv_turn_relay_start_line(rv_turn_relay *r, int (*on_word)(void *arg, int fd, char c), void *arg, char *err,
                             size_t errlen);
/* For a run that asks nothing (memcheck's): the check asks the run's shared
 * turn itself before the run starts, as its driver would, and the run then
 * gets no fd 4 (nothing it could give back); held until rv_turn_relay_end,
 * the gate's 'T' stopping the run as it stops any shared turn's.  0, or -1
 * when the relay did not answer. */
int rv_turn_relay_hold_shared(rv_turn_relay *r);
/* For a traced run: the check asks the run's shared turn itself before the
 * run starts, and holds it until the run's tracer says 'i' (it has taken
 * fd 4, and asks a turn for each piece of the GPU's work from then on): the
 * program's start, before CUDA loads the tracer, is covered, and a program
 * that keeps the tracer out holds the turn its whole run, the gate's 'T'
 * stopping it as any shared turn.  The run's own 's' and 'e' meanwhile are
 * answered at once and give nothing back.  0, or -1 when the relay did not
 * answer. */
int rv_turn_relay_hold_start(rv_turn_relay *r);
void rv_turn_relay_end(rv_turn_relay *r);
/* This process's own work on the GPU, not a run's (the GPC probe after a
 * check's waves run: src/cli/own_gpcs.c): done in a shared turn, as a
 * traced run's kernels are, so never beside another check's timed run;
 * asked, work(arg) called, given back.  Without a gate, work at once.
 * work's result, or -1 with why in err where no turn was given. */
int rv_turn_shared_work(int (*work)(void *arg), void *arg, char *err, size_t errlen);
/* The environment entry that tells the driver its fd ("RV_GPU_TURN_FD=4"),
 * or NULL without a gate. */
const char *rv_turn_relay_env(const rv_turn_relay *r);

#endif
