/* gpu_gate.h — the turns on one GPU of a class: several students' checks
 * run on it side by side, and the timed calls take it alone.
 *
 * Each check the class starts gets a connection (gpu_gate_connect) as
 * `check --gpu-gate-fd 4`, and asks over it, one byte at a time, for a
 * shared turn while a run of its uses the GPU, or for the GPU alone while
 * its timed calls run (src/own/turns/gpu_turn.h says the words).  Turns alone come
 * first: while one is asked for, no shared turn starts, the shared ones
 * running end, and then the turns alone are given one after another in the
 * order asked; the shared ones waiting start once none is asked for.  A
 * shared turn that keeps a turn alone waiting for RV_TURN_SHARED_LIMIT_S
 * is told its time is up ('T'), and its check stops that run.  A
 * connection that closes (its check ended, however) gives back what it held.
 * A check also says when its student's launch() begins and returns ('H',
 * 'D', unanswered): the time it then spends holding and asking no turn is
 * the student's host code alone (gpu_gate_host_s), which the class does not
 * let keep a slot of the GPU.
 *
 * Only the class's own check processes hold a connection: a student's
 * program never sees one (check relays its driver's one question).  One
 * thread a gate; pure C, POSIX threads and poll. */
#ifndef RV_GPU_GATE_H
#define RV_GPU_GATE_H

#include <stdio.h>

typedef struct gpu_gate gpu_gate;

/* What the gate saw, since it was made. */
typedef struct gpu_gate_stats {
    double busy_s;  /* some turn was held (the GPU in use)              */
    double alone_s; /* a turn alone was held                            */
    long shared_turns, alone_turns;
    double alone_wait_s; /* all the turns alone waited, together             */
    double alone_wait_max_s;
    long shared_stopped;      /* shared turns told their time was up            */
    double shared_s;          /* all the shared turns held, together            */
    double shared_held_max_s; /* the longest shared turn given back         */
} gpu_gate_stats;

/* A gate whose thread runs from now on; each turn's line ("GPU S|X asked
 * given given-back": the GPU as `gpu` names it, CLOCK_REALTIME seconds)
 * goes to log (NULL: none), a file the gate does not close.  NULL + err when
 * no thread or pipe can be made. */
gpu_gate *gpu_gate_new(const char *gpu, FILE *log, char *err, size_t errlen);
/* Stops the thread and closes every connection. */
void gpu_gate_free(gpu_gate *g);

/* A new connection for one check: the descriptor to give it (close-on-exec:
 * rv_proc_ctl's pass_fd), closed by the caller once the check has ended;
 * -1 when none can be made.  _id also says the connection's id (never
 * given twice) for gpu_gate_host_s. */
int gpu_gate_connect(gpu_gate *g);
int gpu_gate_connect_id(gpu_gate *g, long *id);
/* How long connection id has been in its student's launch() ('H' without
 * 'D' since) holding and asking no turn, since the later of its 'H' and its
 * last turn given back: seconds, 0 when it holds or asks one, is outside
 * launch() or is closed. */
double gpu_gate_host_s(gpu_gate *g, long id);

void gpu_gate_stats_of(gpu_gate *g, gpu_gate_stats *st);
/* Another limit for RV_TURN_SHARED_LIMIT_S (tests shorten it). */
void gpu_gate_set_shared_limit(gpu_gate *g, double seconds);

#endif
