/* gpu_turn.h — a check's turns on a GPU that other checks share at once (a
 * class's GPU: src/class/gpu_gate.c keeps the turns, and gives each check a
 * connection to it as `check --gpu-gate-fd FD`).
 *
 * A run that uses the GPU (the traced run, memcheck) holds a shared turn
 * while it runs: others run beside it.  A timed run holds a shared turn
 * while it starts (its context, its buffers), then, once its driver says
 * over fd 4 that it is ready to time (the GPU idle, nothing of its own left
 * running), the GPU alone until it ends: the times students compare are
 * never taken beside another program.  Its wait for that turn is not
 * counted against its time limit; its time alone is capped.  Without a
 * gate (a check outside a class) every turn is given at once.
 *
 * The words on the gate's connection, one byte each: 'S' asks for a shared
 * turn, 'X' for the GPU alone, the gate answers 'G' once it is given; 'R'
 * gives back what is held or cancels what is asked, and is answered 'K'.  A
 * connection that closes gives back all it held.  The driver's, on fd 4:
 * 'r' (ready to be timed), answered 'g' (go). */
#ifndef RV_OWN_GPU_TURN_H
#define RV_OWN_GPU_TURN_H

#include <pthread.h>
#include <stddef.h>

#include "proc.h"

/* The longest a timed run may keep the GPU to itself (tests shorten it). */
#define RV_TURN_ALONE_LIMIT_S 15.0
void rv_turn_set_alone_limit(double seconds);

/* The gate of this process: fd, a connection the class gave (checked to be
 * a socket).  0, or -1 with why in err. */
int rv_turn_use_gate(int fd, char *err, size_t errlen);
/* 1 when this process has a gate. */
int rv_turn_have_gate(void);

/* A shared turn, given back by rv_turn_give.  0 (given at once without a
 * gate), or -1 when the gate is gone (then the run goes on without one). */
int rv_turn_shared(void);
void rv_turn_give(void);

/* A timed run's turns: rv_turn_relay_start takes the shared one and makes
 * the descriptor the run gets as fd 4 (relay->ctl, for rv_proc_run_ctl or
 * the sandbox); a thread answers the driver's 'r' with the GPU alone and
 * stops the run (relay->overtime) past RV_TURN_ALONE_LIMIT_S of it.
 * rv_turn_relay_end, once the run is over, gives all back.  Without a gate
 * the relay does nothing and ctl passes nothing. */
typedef struct rv_turn_relay {
    int mine, theirs;          /* a socket pair: ours, and the run's fd 4   */
    pthread_t thread;
    int started, quit;
    int overtime;              /* its time alone ran out: stopped           */
    long paused_ms;            /* waited for the GPU alone                  */
    long pause_began;          /* CLOCK_MONOTONIC ms the wait began; 0 none */
    double alone_s;            /* how long it had the GPU alone             */
    rv_proc_ctl ctl;
} rv_turn_relay;

/* 0, or -1 with why in err (the run is then not started). */
int rv_turn_relay_start(rv_turn_relay *r, char *err, size_t errlen);
void rv_turn_relay_end(rv_turn_relay *r);
/* The environment entry that tells the driver its fd ("RV_GPU_TURN_FD=4"),
 * or NULL without a gate. */
const char *rv_turn_relay_env(const rv_turn_relay *r);

#endif
