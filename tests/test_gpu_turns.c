#define _GNU_SOURCE
/* test_gpu_turns.c — a class's GPU shared by several checks: the gate
 * (src/class/gpu_gate.c) gives shared turns side by side, the GPU alone to
 * one at a time and before any new shared turn, takes back what a closed
 * connection held and ends a connection that speaks out of turn; a check's
 * relay (src/own/turns/gpu_turn.c) gives a timed run the GPU alone once its
 * driver asks over fd 4, does not count its wait against its time limit
 * (and the check's tally of its waits, rv_turn_waited, holds it),
 * and stops it when its time alone runs out; a traced run's shared turn
 * lasts from its driver's 's' to its 'e', not to the run's end, a run
 * may take several (the tracer's, one for its kernels at a time) and a timed
 * run asking between them is not kept waiting, and one that keeps a timed
 * run waiting past the limit is told its time is up and stopped, memcheck's
 * run (whose turn the check asks) too; a traced run's start is held by the
 * check until its tracer says 'i', and a run that never says it is stopped
 * the same way; the gate keeps how long a check's student launch() has run
 * on the host alone (its driver's 'h' and 'd', passed on by the relay), and
 * a run whose launch() does so for RV_TURN_HOST_ALONE_S gets the least share
 * of the CPU (its sandbox's cgroup cpu.weight 1, where there is one), and
 * for RV_TURN_HOST_STOP_S is stopped; a run whose GPU work asked after
 * launch() returned holds its turns RV_TURN_OUTSIDE_STOP_S is stopped; the
 * check's own work on the GPU (rv_turn_shared_work) waits for a timed run
 * alone, and a timed run asking waits for it. */
#include <glob.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "core/clock.h"
#include "class/gpu_gate.h"
#include "own/turns/gpu_turn.h"
#include "own/base/proc.h"
#include "own/sandbox/sandbox.h"

/* The byte the gate sent within ms milliseconds, 0 for none, -1 closed. */
static int heard(int fd, int ms)
{
    struct pollfd p = {fd, POLLIN, 0};
    if (poll(&p, 1, ms) <= 0) return 0;
    char c;
    return read(fd, &c, 1) == 1 ? c : -1;
}

static int ask(int fd, char c)
{
    return write(fd, &c, 1) == 1;
}

static void policy(gpu_gate *g)
{
    int a = gpu_gate_connect(g), b = gpu_gate_connect(g), c = gpu_gate_connect(g), d = gpu_gate_connect(g);
    CHECK(a >= 0 && b >= 0 && c >= 0 && d >= 0, "four connections");
    ask(a, 'S');
    CHECK(heard(a, 2000) == 'G', "a shared turn is given");
    ask(b, 'S');
    CHECK(heard(b, 2000) == 'G', "a second shared turn is given beside the first");
    ask(c, 'X');
    CHECK(heard(c, 300) == 0, "the GPU alone waits while shared turns run");
    ask(d, 'S');
    CHECK(heard(d, 300) == 0, "a new shared turn waits behind a turn alone asked for");
    ask(a, 'R');
    CHECK(heard(a, 2000) == 'K', "a turn given back is answered");
    CHECK(heard(c, 300) == 0, "still one shared turn running: no turn alone");
    close(b);   /* a check that ended: its turn goes with it */
    CHECK(heard(c, 2000) == 'G', "the last shared turn gone, the GPU alone is given");
    CHECK(heard(d, 300) == 0, "no shared turn while one is alone");
    ask(c, 'R');
    CHECK(heard(c, 2000) == 'K', "the turn alone given back");
    CHECK(heard(d, 2000) == 'G', "then the shared turn waiting");
    ask(d, 'R');
    heard(d, 2000);
    ask(a, 'Q');
    CHECK(heard(a, 2000) == -1, "a word out of turn ends the connection");
    gpu_gate_stats st;
    gpu_gate_stats_of(g, &st);
    CHECK(st.alone_turns == 1 && st.shared_turns == 3, "the turns counted: %ld alone, %ld shared", st.alone_turns,
          st.shared_turns);
    CHECK(st.alone_wait_s > 0.3, "the turn alone waited %.2f s", st.alone_wait_s);
    close(a), close(c), close(d);
}

typedef struct later {
    int fd;
    double after_s;
} later;

static void *close_later(void *arg)
{
    later *l = arg;
    struct timespec t = {(time_t)l->after_s, (long)((l->after_s - (time_t)l->after_s) * 1e9)};
    nanosleep(&t, NULL);
    close(l->fd);
    return NULL;
}

static int in_sandbox;   /* the runs inside the sandbox, as a class's are */

/* A "timed run": asks for its turn over fd 4, then says what it got. */
static rv_proc_result timed_run(const char *dir, const char *then, double limit_s, rv_turn_relay *r)
{
    char err[200], script[600];
    snprintf(script, sizeof script, "printf r >&4; head -c1 <&4 > %s/got.txt; %s", dir, then);
    char *argv[] = {"/bin/sh", "-c", script, NULL};
    CHECK(rv_turn_relay_start(r, err, sizeof err) == 0, "the relay starts: %s", err);
    char *env[] = {(char *)rv_turn_relay_env(r), NULL};
    rv_sandbox_job job = {.work = dir, .step = RV_SANDBOX_RUN, .ctl = &r->ctl};
    rv_proc_result res = in_sandbox ? rv_sandbox_run(&job, argv, env, NULL, limit_s)
                                    : rv_proc_run_ctl(argv, env, NULL, limit_s, &r->ctl);
    rv_turn_relay_end(r);
    return res;
}

static void relay(gpu_gate *g, const char *dir)
{
    char err[200], path[300], got[8] = "";
    CHECK(rv_turn_use_gate(gpu_gate_connect(g), err, sizeof err) == 0, "the check's gate: %s", err);
    int other = gpu_gate_connect(g);
    ask(other, 'S');
    CHECK(heard(other, 2000) == 'G', "another check traces");
    later l = {other, 1.5};
    pthread_t t;
    pthread_create(&t, NULL, close_later, &l);
    rv_turn_relay r;
    double shared0, alone0, shared1, alone1;
    rv_turn_waited(&shared0, &alone0);
    rv_proc_result res = timed_run(dir, "true", 1.0, &r);
    pthread_join(t, NULL);
    rv_turn_waited(&shared1, &alone1);
    snprintf(path, sizeof path, "%s/got.txt", dir);
    FILE *f = fopen(path, "r");
    if (f) got[fread(got, 1, sizeof got - 1, f)] = 0, fclose(f);
    CHECK(res.end == RV_PROC_EXITED && res.status == 0, "the run waited 1.5 s for the GPU alone with a 1 s limit "
          "and was not stopped (end %d)", (int)res.end);
    CHECK(!strcmp(got, "g"), "the driver was told to go: '%s'", got);
    CHECK(r.paused_ms >= 1200, "its wait was not counted: %ld ms", r.paused_ms);
    CHECK(alone1 - alone0 >= 1.2 && alone1 - alone0 <= r.paused_ms * 1e-3 + 0.01 && shared1 == shared0,
          "the check's waits for the GPU alone say it (check --summary): %.3f s, none for a shared turn (%.3f s)",
          alone1 - alone0, shared1 - shared0);
    CHECK(!r.overtime && r.alone_s >= 0, "not over its time alone");
    /* what the run held is back: the GPU alone is given at once */
    int next = gpu_gate_connect(g);
    ask(next, 'X');
    CHECK(heard(next, 2000) == 'G', "the GPU is free once the timed run ended");
    ask(next, 'R');
    heard(next, 2000);
    close(next);
    rv_turn_set_alone_limit(0.5);
    double t0 = (double)time(NULL);
    res = timed_run(dir, "sleep 20", 30, &r);
    CHECK(res.end == RV_PROC_TIMED_OUT && r.overtime, "a run that keeps the GPU alone past its limit is stopped");
    CHECK((double)time(NULL) - t0 < 10, "and soon");
    rv_turn_set_alone_limit(RV_TURN_ALONE_LIMIT_S);
}

typedef struct asker {
    int fd;
    double asked_at, given_at;
} asker;

typedef struct later_ask {
    asker *k;
    double after_s, hold_s;
} later_ask;

static void nap(double s)
{
    struct timespec t = {(time_t)s, (long)((s - (time_t)s) * 1e9)};
    nanosleep(&t, NULL);
}

/* Another check's timed run: asks for the GPU alone after_s in, keeps it
 * hold_s. */
static void *ask_alone_after(void *arg)
{
    later_ask *w = arg;
    nap(w->after_s);
    w->k->asked_at = rv_mono_s();
    ask(w->k->fd, 'X');
    if (heard(w->k->fd, 10000) == 'G') w->k->given_at = rv_mono_s();
    nap(w->hold_s);
    ask(w->k->fd, 'R');
    heard(w->k->fd, 2000);
    return NULL;
}

/* argv run under relay r while w's timed run asks for the GPU alone; the
 * relay ended and the asker's connection closed after.  *t0, *t1: the run's
 * start and end. */
static rv_proc_result run_beside(char *argv[], char *env[], rv_turn_relay *r, later_ask *w, double *t0, double *t1)
{
    pthread_t t;
    *t0 = rv_mono_s();
    pthread_create(&t, NULL, ask_alone_after, w);
    rv_proc_result res = rv_proc_run_ctl(argv, env, NULL, 30, &r->ctl);
    *t1 = rv_mono_s();
    rv_turn_relay_end(r);
    pthread_join(t, NULL);
    close(w->k->fd);
    return res;
}

/* A traced run's shared turn lasts from its 's' to its 'e', not to its end:
 * a timed run waiting for the GPU alone starts once it is given back. */
static void shared_run(gpu_gate *g, const char *dir)
{
    char err[200], script[600];
    CHECK(rv_turn_use_gate(gpu_gate_connect(g), err, sizeof err) == 0, "the check's gate: %s", err);
    asker k = {gpu_gate_connect(g), 0, 0};
    later_ask w = {&k, 0.5, 0};
    /* 'r' after 'e' of a traced run is a word out of turn for no one: passed
       over like any other stray byte */
    snprintf(script, sizeof script, "printf s >&4; head -c1 <&4 > %s/got.txt; sleep 1.5; printf 'xe' >&4; sleep 2",
             dir);
    char *argv[] = {"/bin/sh", "-c", script, NULL};
    rv_turn_relay r;
    CHECK(rv_turn_relay_start(&r, err, sizeof err) == 0, "the relay starts: %s", err);
    char *env[] = {(char *)rv_turn_relay_env(&r), NULL};
    double t0, t1;
    rv_proc_result res = run_beside(argv, env, &r, &w, &t0, &t1);
    CHECK(res.end == RV_PROC_EXITED && res.status == 0, "the traced run ran");
    CHECK(k.given_at > 0 && k.given_at - t0 > 1.2, "the GPU alone waited for the shared turn (%.2f s in)",
          k.given_at - t0);
    CHECK(k.given_at > 0 && k.given_at < t1 - 1.0, "and was given at its 'e', %.2f s before the run ended",
          t1 - k.given_at);
}

/* A traced run whose tracer asks a shared turn for each kernel and gives it
 * back once the kernel has run (src/tracer/turns.h): three turns, host code
 * between them.  The relay takes every one; a timed run that asks while
 * only host code runs gets the GPU at once, not at the run's end; a kernel
 * that begins while it holds the GPU waits, that wait not counted against
 * the run; the gate counts three short shared turns and stops none. */
static void kernel_turns(gpu_gate *g, const char *dir)
{
    char err[200], script[900], path[300], got[8] = "";
    CHECK(rv_turn_use_gate(gpu_gate_connect(g), err, sizeof err) == 0, "the check's gate: %s", err);
    gpu_gate_stats st0, st1;
    gpu_gate_stats_of(g, &st0);
    asker k = {gpu_gate_connect(g), 0, 0};
    snprintf(script, sizeof script,
             "k() { printf s >&4; head -c1 <&4 >> %s/got.txt; sleep 0.2; printf e >&4; }; "
             "k; sleep 1.5; k; sleep 0.5; k", dir);
    snprintf(path, sizeof path, "%s/got.txt", dir);
    remove(path);
    char *argv[] = {"/bin/sh", "-c", script, NULL};
    rv_turn_relay r;
    CHECK(rv_turn_relay_start(&r, err, sizeof err) == 0, "the relay starts: %s", err);
    char *env[] = {(char *)rv_turn_relay_env(&r), NULL};
    /* asks 0.7 s in, while the run's host code runs; keeps the GPU 2 s,
       over the run's second kernel (about 1.9 s in) */
    later_ask w = {&k, 0.7, 2.0};
    double t0, t1;
    rv_proc_result res = run_beside(argv, env, &r, &w, &t0, &t1);
    FILE *f = fopen(path, "r");
    if (f) got[fread(got, 1, sizeof got - 1, f)] = 0, fclose(f);
    gpu_gate_stats_of(g, &st1);
    CHECK(res.end == RV_PROC_EXITED && res.status == 0 && !r.overtime, "the traced run ran (end %d)", (int)res.end);
    CHECK(!strcmp(got, "ggg"), "each of its three turns was given: '%s'", got);
    CHECK(k.given_at > 0 && k.given_at - k.asked_at < 0.5, "a timed run asking while only its host code ran got the "
          "GPU in %.2f s", k.given_at - k.asked_at);
    CHECK(k.given_at > 0 && t1 - k.given_at > 1.0, "%.2f s before the traced run ended", t1 - k.given_at);
    CHECK(r.paused_ms >= 400, "its second kernel waited for the GPU alone, not counted: %ld ms", r.paused_ms);
    CHECK(st1.shared_turns - st0.shared_turns == 3, "the gate gave %ld shared turns",
          st1.shared_turns - st0.shared_turns);
    CHECK(st1.shared_s - st0.shared_s < 2.0, "held %.2f s in all, not the run's %.2f s", st1.shared_s - st0.shared_s,
          t1 - t0);
    CHECK(st1.shared_stopped == st0.shared_stopped, "and none was told its time was up");
    remove(path);
}

/* A traced run whose launch() keeps its shared turn (sleeps on the host, as
 * a hostile one does): nothing happens while no timed run waits; once one
 * does, the gate tells it its time is up after the limit, the relay stops
 * it, and the timed run gets the GPU. */
static void time_up(gpu_gate *g, const char *dir)
{
    char err[200], script[600];
    CHECK(rv_turn_use_gate(gpu_gate_connect(g), err, sizeof err) == 0, "the check's gate: %s", err);
    gpu_gate_set_shared_limit(g, 0.5);
    asker k = {gpu_gate_connect(g), 0, 0};
    snprintf(script, sizeof script, "printf s >&4; head -c1 <&4 > %s/got.txt; sleep 1; touch %s/alone-no-one; sleep 20",
             dir, dir);
    char *argv[] = {"/bin/sh", "-c", script, NULL};
    rv_turn_relay r;
    CHECK(rv_turn_relay_start(&r, err, sizeof err) == 0, "the relay starts: %s", err);
    char *env[] = {(char *)rv_turn_relay_env(&r), NULL};
    pthread_t t;
    double t0 = rv_mono_s();
    later_ask w = {&k, 1.5, 0};
    pthread_create(&t, NULL, ask_alone_after, &w);
    rv_proc_result res = rv_proc_run_ctl(argv, env, NULL, 30, &r.ctl);
    double t1 = rv_mono_s();
    rv_turn_relay_end(&r);
    pthread_join(t, NULL);
    close(k.fd);
    char path[300];
    snprintf(path, sizeof path, "%s/alone-no-one", dir);
    CHECK(access(path, F_OK) == 0, "a shared turn held 1 s past the limit, with no timed run waiting, went on");
    remove(path);
    CHECK(r.time_up && r.overtime && res.end != RV_PROC_EXITED, "once a timed run waited, the run was told its time "
          "was up and stopped (time_up %d, end %d)", r.time_up, (int)res.end);
    CHECK(t1 - t0 < 5, "soon: %.2f s after it started", t1 - t0);
    CHECK(k.given_at > 0 && k.given_at - k.asked_at < 3, "the timed run got the GPU %.2f s after it asked",
          k.given_at - k.asked_at);
    gpu_gate_stats st;
    gpu_gate_stats_of(g, &st);
    CHECK(st.shared_stopped == 1, "the gate counts one shared turn stopped: %ld", st.shared_stopped);
    gpu_gate_set_shared_limit(g, RV_TURN_SHARED_LIMIT_S);
}

/* memcheck's run asks nothing: the check holds its shared turn for it
 * (rv_turn_relay_hold_shared), the run gets no fd 4, and once a timed run
 * has waited past the limit the gate's 'T' stops it as any shared turn. */
static void held_for_run(gpu_gate *g, const char *dir)
{
    char err[200], script[600], path[300];
    CHECK(rv_turn_use_gate(gpu_gate_connect(g), err, sizeof err) == 0, "the check's gate: %s", err);
    gpu_gate_set_shared_limit(g, 0.5);
    asker k = {gpu_gate_connect(g), 0, 0};
    snprintf(path, sizeof path, "%s/had-fd4", dir);
    snprintf(script, sizeof script, "if [ -e /proc/self/fd/4 ]; then touch %s; fi; sleep 20", path);
    char *argv[] = {"/bin/sh", "-c", script, NULL};
    rv_turn_relay r;
    CHECK(rv_turn_relay_start(&r, err, sizeof err) == 0, "the relay starts: %s", err);
    CHECK(rv_turn_relay_hold_shared(&r) == 0 && r.held == 'S', "the check holds the run's shared turn");
    later_ask w = {&k, 0.3, 0};
    double t0, t1;
    rv_proc_result res = run_beside(argv, NULL, &r, &w, &t0, &t1);
    CHECK(access(path, F_OK) != 0, "the run got no fd 4");
    remove(path);
    CHECK(r.time_up && res.end != RV_PROC_EXITED && t1 - t0 < 5, "told its time was up and stopped, %.2f s in "
          "(time_up %d, end %d)", t1 - t0, r.time_up, (int)res.end);
    CHECK(k.given_at > 0 && k.given_at - k.asked_at < 3, "the timed run got the GPU %.2f s after it asked",
          k.given_at - k.asked_at);
    gpu_gate_set_shared_limit(g, RV_TURN_SHARED_LIMIT_S);
}

/* A traced run's start: the check holds a shared turn for it
 * (rv_turn_relay_hold_start) until its tracer says 'i'; the run's own 's'
 * meanwhile is answered at once and its 'e' gives nothing back; a turn of
 * its own held when 'i' comes lasts to its 'e'.  A timed run asking before
 * then waits for it, and is given the GPU once it ends, not at the run's
 * end. */
static double start_turn(gpu_gate *g, const char *dir, const char *script_fmt)
{
    char err[200], script[600], path[300], got[8] = "";
    CHECK(rv_turn_use_gate(gpu_gate_connect(g), err, sizeof err) == 0, "the check's gate: %s", err);
    asker k = {gpu_gate_connect(g), 0, 0};
    snprintf(path, sizeof path, "%s/got.txt", dir);
    remove(path);
    snprintf(script, sizeof script, script_fmt, path);
    char *argv[] = {"/bin/sh", "-c", script, NULL};
    rv_turn_relay r;
    CHECK(rv_turn_relay_start(&r, err, sizeof err) == 0, "the relay starts: %s", err);
    CHECK(rv_turn_relay_hold_start(&r) == 0 && r.held == 'S', "the check holds the run's start");
    char *env[] = {(char *)rv_turn_relay_env(&r), NULL};
    CHECK(env[0] != NULL, "and the run gets fd 4 all the same");
    later_ask w = {&k, 0.3, 0};
    double t0, t1;
    rv_proc_result res = run_beside(argv, env, &r, &w, &t0, &t1);
    FILE *f = fopen(path, "r");
    if (f) got[fread(got, 1, sizeof got - 1, f)] = 0, fclose(f);
    remove(path);
    CHECK(res.end == RV_PROC_EXITED && res.status == 0 && !r.overtime, "the traced run ran (end %d)", (int)res.end);
    CHECK(!strcmp(got, "g"), "its own 's' was answered at once: '%s'", got);
    CHECK(k.given_at > 0 && t1 - k.given_at > 1.0, "the timed run got the GPU %.2f s before the run ended",
          t1 - k.given_at);
    return k.given_at > 0 ? k.given_at - t0 : 0;
}

static void start_held(gpu_gate *g, const char *dir)
{
    double at = start_turn(g, dir, "printf s >&4; head -c1 <&4 > %s; printf e >&4; sleep 1; printf i >&4; sleep 1.5");
    CHECK(at > 0.8, "the run's 'e' before its tracer's 'i' gave nothing back: the timed run waited to %.2f s", at);
    at = start_turn(g, dir, "sleep 0.2; printf s >&4; head -c1 <&4 > %s; printf i >&4; sleep 1; printf e >&4; "
                            "sleep 1.5");
    CHECK(at > 1.0, "a turn of the run's own held at the 'i' lasted to its 'e': the timed run waited to %.2f s", at);
}

/* A run that keeps its tracer out never says 'i': the start's turn is held
 * its whole run, and once a timed run waits past the limit the gate's 'T'
 * stops it. */
static void start_never_handed(gpu_gate *g, const char *dir)
{
    char err[200];
    CHECK(rv_turn_use_gate(gpu_gate_connect(g), err, sizeof err) == 0, "the check's gate: %s", err);
    gpu_gate_set_shared_limit(g, 0.5);
    asker k = {gpu_gate_connect(g), 0, 0};
    char *argv[] = {"/bin/sh", "-c", "printf e >&4; sleep 20", NULL};
    rv_turn_relay r;
    CHECK(rv_turn_relay_start(&r, err, sizeof err) == 0, "the relay starts: %s", err);
    CHECK(rv_turn_relay_hold_start(&r) == 0, "the check holds the run's start");
    char *env[] = {(char *)rv_turn_relay_env(&r), NULL};
    later_ask w = {&k, 0.3, 0};
    double t0, t1;
    rv_proc_result res = run_beside(argv, env, &r, &w, &t0, &t1);
    CHECK(r.time_up && res.end != RV_PROC_EXITED && t1 - t0 < 5, "a run whose tracer never took fd 4 held the "
          "start's turn, was told its time was up and stopped, %.2f s in", t1 - t0);
    CHECK(k.given_at > 0 && k.given_at - k.asked_at < 3, "the timed run got the GPU %.2f s after it asked",
          k.given_at - k.asked_at);
    gpu_gate_set_shared_limit(g, RV_TURN_SHARED_LIMIT_S);
    (void)dir;
}

/* The gate keeps how long a check's student launch() has run on the host
 * alone: from its 'H' or its last turn given back, while it holds and asks
 * none; nothing outside launch() ('D'), nothing for a closed connection or
 * an unknown id. */
static void host_alone(gpu_gate *g)
{
    long id = 0, other = 0;
    int a = gpu_gate_connect_id(g, &id), b = gpu_gate_connect_id(g, &other);
    CHECK(a >= 0 && b >= 0 && id > 0 && other != id, "two connections, ids %ld and %ld", id, other);
    nap(0.3);
    CHECK(gpu_gate_host_s(g, id) == 0, "outside launch(), no host time: %.2f", gpu_gate_host_s(g, id));
    ask(a, 'H');
    nap(0.5);
    double in = gpu_gate_host_s(g, id);
    CHECK(in >= 0.4 && in < 1.5, "in launch(), holding no turn: %.2f s on the host alone", in);
    CHECK(gpu_gate_host_s(g, other) == 0, "the other connection's is its own: %.2f", gpu_gate_host_s(g, other));
    ask(a, 'S');
    CHECK(heard(a, 2000) == 'G', "a kernel's shared turn");
    nap(0.3);
    CHECK(gpu_gate_host_s(g, id) == 0, "holding it, none: %.2f", gpu_gate_host_s(g, id));
    ask(a, 'R');
    CHECK(heard(a, 2000) == 'K', "given back");
    nap(0.3);
    double after = gpu_gate_host_s(g, id);
    CHECK(after >= 0.2 && after < 0.45, "counted from the turn given back, not from 'H': %.2f s", after);
    ask(a, 'D');
    nap(0.1);
    CHECK(gpu_gate_host_s(g, id) == 0, "launch() returned: none");
    ask(a, 'H');
    close(a);
    nap(0.3);
    CHECK(gpu_gate_host_s(g, id) == 0 && gpu_gate_host_s(g, 999999) == 0, "none for a closed connection or an "
          "unknown id");
    close(b);
}

typedef struct sampler {
    gpu_gate *g;
    long id;
    double at[3], got[3]; /* seconds after the start, and host_s then */
} sampler;

static void *sample(void *arg)
{
    sampler *m = arg;
    double t0 = rv_mono_s();
    for (int k = 0; k < 3; k++) {
        nap(m->at[k] - (rv_mono_s() - t0));
        m->got[k] = gpu_gate_host_s(m->g, m->id);
    }
    return NULL;
}

/* A traced run's driver says 'h' and 'd' around the student's launch(): the
 * relay passes them to the gate, and says 'D' itself for a run that ended
 * inside launch(), as the check's own work goes on after it. */
static void launch_words(gpu_gate *g)
{
    char err[200];
    sampler m = {g, 0, {0.8, 1.4, 2.5}, {0}};
    CHECK(rv_turn_use_gate(gpu_gate_connect_id(g, &m.id), err, sizeof err) == 0, "the check's gate: %s", err);
    char *argv[] = {"/bin/sh", "-c", "printf h >&4; sleep 1; printf d >&4; sleep 0.6; printf h >&4; sleep 30", NULL};
    rv_turn_relay r;
    CHECK(rv_turn_relay_start(&r, err, sizeof err) == 0, "the relay starts: %s", err);
    char *env[] = {(char *)rv_turn_relay_env(&r), NULL};
    pthread_t t;
    pthread_create(&t, NULL, sample, &m);
    rv_proc_result res = rv_proc_run_ctl(argv, env, NULL, 3.0, &r.ctl);
    pthread_join(t, NULL);
    rv_turn_relay_end(&r);
    nap(0.2);
    CHECK(res.end == RV_PROC_TIMED_OUT, "the run ended at its limit, inside launch() (end %d)", (int)res.end);
    CHECK(m.got[0] >= 0.5, "its first launch() ran on the host alone, as the gate heard: %.2f s", m.got[0]);
    CHECK(m.got[1] == 0, "once it returned, none: %.2f", m.got[1]);
    CHECK(m.got[2] >= 0.5 && m.got[2] < 1.5, "the next counted from its own 'h': %.2f s", m.got[2]);
    CHECK(gpu_gate_host_s(g, m.id) == 0, "after the run, the relay said 'D': %.2f", gpu_gate_host_s(g, m.id));
}

/* The weight of this process's sandboxes' cgroups now ("" none, "?" more
 * than one): cgroup2's cpu.weight. */
static void box_weight(char *out, size_t len)
{
    char pattern[128];
    snprintf(pattern, sizeof pattern, "/sys/fs/cgroup/reducevis/sb-%d-*/cpu.weight", (int)getpid());
    glob_t g;
    out[0] = 0;
    if (glob(pattern, 0, NULL, &g) != 0) return;
    FILE *f = g.gl_pathc == 1 ? fopen(g.gl_pathv[0], "r") : NULL;
    if (g.gl_pathc > 1) snprintf(out, len, "?");
    if (f && fgets(out, (int)len, f)) out[strcspn(out, "\n")] = 0;
    if (f) fclose(f);
    globfree(&g);
}

typedef struct watcher {
    rv_turn_relay *r;
    double at[2];
    int low[2];
    char weight[2][16];
} watcher;

static void *watch_low(void *arg)
{
    watcher *w = arg;
    double t0 = rv_mono_s();
    for (int k = 0; k < 2; k++) {
        nap(w->at[k] - (rv_mono_s() - t0));
        w->low[k] = __atomic_load_n(&w->r->low_cpu, __ATOMIC_RELAXED);
        box_weight(w->weight[k], sizeof w->weight[k]);
    }
    return NULL;
}

/* script run under a relay while a watcher looks at its low_cpu and its
 * sandbox's cpu.weight at `at` seconds. */
static double low_run(const char *dir, const char *script, double limit_s, watcher *w)
{
    double t0 = rv_mono_s();
    char err[200];
    char *argv[] = {"/bin/sh", "-c", (char *)script, NULL};
    CHECK(rv_turn_relay_start(w->r, err, sizeof err) == 0, "the relay starts: %s", err);
    char *env[] = {(char *)rv_turn_relay_env(w->r), NULL};
    pthread_t t;
    pthread_create(&t, NULL, watch_low, w);
    rv_sandbox_job job = {.work = dir, .step = RV_SANDBOX_RUN, .ctl = &w->r->ctl};
    if (in_sandbox)
        rv_sandbox_run(&job, argv, env, NULL, limit_s);
    else
        rv_proc_run_ctl(argv, env, NULL, limit_s, &w->r->ctl);
    pthread_join(t, NULL);
    rv_turn_relay_end(w->r);
    return rv_mono_s() - t0;
}

/* A run whose launch() runs RV_TURN_HOST_ALONE_S on the host alone gets the
 * least share of the CPU (in the sandbox, cpu.weight 1 where the CPU is
 * shared out per sandbox); one that holds a turn for its kernel, or whose
 * launch() returns sooner, does not. */
static void host_low_cpu(gpu_gate *g, const char *dir)
{
    char err[200];
    CHECK(rv_turn_use_gate(gpu_gate_connect(g), err, sizeof err) == 0, "the check's gate: %s", err);
    rv_turn_relay r;
    /* 1 s on the host, a kernel's turn of 2.5 s, 1 s more, returned: never 2 s alone */
    watcher w = {&r, {1.5, 4.6}, {0}, {""}};
    low_run(dir, "printf h >&4; sleep 1; printf s >&4; head -c1 <&4 >/dev/null; sleep 2.5; printf e >&4; sleep 1; "
            "printf d >&4; sleep 0.6", 10, &w);
    CHECK(!w.low[0] && !w.low[1] && !r.low_cpu && !r.host_stopped,
          "a launch() that holds a turn for its kernel keeps its share, and runs on");
    watcher v = {&r, {1.5, 2.7}, {0}, {""}};
    double took = low_run(dir, "printf h >&4; sleep 9", 15, &v);
    CHECK(!v.low[0] && v.low[1], "a launch() on the host alone gets the least share after %.0f s (%d at 1.5 s, "
          "%d at 2.7 s)", RV_TURN_HOST_ALONE_S, v.low[0], v.low[1]);
    CHECK(r.host_stopped && r.overtime && took >= RV_TURN_HOST_STOP_S && took < RV_TURN_HOST_STOP_S + 2.5,
          "and is stopped at %.0f s: stopped %d, after %.1f s of its 9", RV_TURN_HOST_STOP_S, r.host_stopped, took);
    if (in_sandbox && v.weight[0][0] && strcmp(v.weight[0], "?")) {
        CHECK(strcmp(v.weight[0], "1") != 0 && !strcmp(v.weight[1], "1"), "and its sandbox's cgroup cpu.weight "
              "1: %s at 1.5 s, %s at 2.7 s", v.weight[0], v.weight[1]);
    } else if (in_sandbox) {
        printf("the sandbox's cpu.weight not read: no cgroup2 of its own here\n");
    }
}

/* A run whose GPU work, asked outside launch() once launch() has been
 * called, holds its shared turns RV_TURN_OUTSIDE_STOP_S is stopped (a
 * student's thread or atexit function flooding the GPU); the driver's own
 * work before the first launch(), a kernel queued inside launch() that runs
 * on after it returns, and a short reading back after it are not counted. */
static void outside_work(gpu_gate *g, const char *dir)
{
    char err[200];
    CHECK(rv_turn_use_gate(gpu_gate_connect(g), err, sizeof err) == 0, "the check's gate: %s", err);
    rv_turn_relay r;
    watcher w = {&r, {0.1, 0.2}, {0}, {""}};
    double took = low_run(dir, "printf s >&4; head -c1 <&4 >/dev/null; sleep 2.5; printf e >&4; "
                          "printf h >&4; printf s >&4; head -c1 <&4 >/dev/null; printf d >&4; sleep 2.5; printf e >&4; "
                          "printf s >&4; head -c1 <&4 >/dev/null; sleep 0.3; printf e >&4; sleep 0.2", 15, &w);
    CHECK(!r.outside_stopped && !r.overtime && took > 5.4, "the driver's start, launch()'s kernel and a short "
          "reading back are not counted: stopped %d, after %.1f s of its 5.5", r.outside_stopped, took);
    took = low_run(dir, "printf h >&4; printf d >&4; printf s >&4; head -c1 <&4 >/dev/null; sleep 1.2; printf e >&4; "
                   "printf s >&4; head -c1 <&4 >/dev/null; sleep 6; printf e >&4", 15, &w);
    CHECK(r.outside_stopped && r.overtime && took >= RV_TURN_OUTSIDE_STOP_S && took < RV_TURN_OUTSIDE_STOP_S + 1.5,
          "GPU work asked after launch() returned is stopped at %.0f s of turns, added up: stopped %d, after %.1f s",
          RV_TURN_OUTSIDE_STOP_S, r.outside_stopped, took);
}

/* The check's own work on the GPU (rv_turn_shared_work: the GPC probe):
 * it waits while another check's timed run has the GPU alone, and a timed
 * run asking meanwhile waits for it. */
typedef struct own_work {
    double began, ended, hold_s;
} own_work;

static int do_work(void *arg)
{
    own_work *w = arg;
    w->began = rv_mono_s();
    nap(w->hold_s);
    w->ended = rv_mono_s();
    return 7;
}

typedef struct work_thread {
    own_work w;
    int rc;
    char err[200];
} work_thread;

static void *work_in_turn(void *arg)
{
    work_thread *t = arg;
    t->rc = rv_turn_shared_work(do_work, &t->w, t->err, sizeof t->err);
    return NULL;
}

static void check_work(gpu_gate *g)
{
    char err[200];
    int timed = gpu_gate_connect(g); /* another check's timed run */
    CHECK(rv_turn_use_gate(gpu_gate_connect(g), err, sizeof err) == 0, "the check's gate: %s", err);
    ask(timed, 'X');
    CHECK(heard(timed, 2000) == 'G', "the other check's timed run has the GPU alone");
    work_thread t = {{0, 0, 0.2}, 0, ""};
    pthread_t th;
    pthread_create(&th, NULL, work_in_turn, &t);
    nap(0.3);
    double freed = rv_mono_s();
    ask(timed, 'R');
    CHECK(heard(timed, 2000) == 'K', "the timed run gives the GPU back");
    pthread_join(th, NULL);
    CHECK(t.rc == 7 && t.w.began >= freed, "the check's own work waited for the timed run's end: began %.3f s "
          "after it (%d: %s)", t.w.began - freed, t.rc, t.err);
    /* a timed run asking while the work runs waits for it */
    work_thread u = {{0, 0, 0.3}, 0, ""};
    pthread_create(&th, NULL, work_in_turn, &u);
    nap(0.1);
    ask(timed, 'X');
    int early = heard(timed, 100);
    int given = early ? early : heard(timed, 2000);
    double at = rv_mono_s();
    pthread_join(th, NULL);
    CHECK(!early && given == 'G' && at >= u.w.ended - 0.01, "a timed run asking waits for the check's own work: "
          "%c early, given %.3f s after the work's end", early ? early : '-', at - u.w.ended);
    ask(timed, 'R');
    heard(timed, 2000);
    close(timed);
}

int main(void)
{
    char dir[] = "/tmp/rv-test-turns-XXXXXX", err[200];
    if (!mkdtemp(dir)) return 1;
    gpu_gate *g = gpu_gate_new("0", NULL, err, sizeof err);
    CHECK(g != NULL, "a gate: %s", err);
    CHECK(rv_turn_use_gate(0, err, sizeof err) != 0 && strstr(err, "--gpu-gate-fd 0"), "a descriptor that is not "
          "a socket is refused: %s", err);
    if (g) {
        policy(g);
        relay(g, dir);
        shared_run(g, dir);
        kernel_turns(g, dir);
        time_up(g, dir);
        held_for_run(g, dir);
        start_held(g, dir);
        start_never_handed(g, dir);
        host_alone(g);
        launch_words(g);
        host_low_cpu(g, dir);
        outside_work(g, dir);
        check_work(g);
        char why[300];
        if (rv_sandbox_possible(why, sizeof why)) {
            in_sandbox = 1;
            relay(g, dir);   /* fd 4 reaches the program inside */
            host_low_cpu(g, dir);
        } else {
            printf("the relay inside the sandbox not tried: %s\n", why);
        }
        gpu_gate_free(g);
    }
    char path[300];
    snprintf(path, sizeof path, "%s/got.txt", dir);
    remove(path);
    rmdir(dir);
    return check_report();
}
