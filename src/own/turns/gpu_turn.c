/* gpu_turn.c — a check's turns on a shared GPU, asked of the class's gate
 * (gpu_turn.h says the words), or taken through the node's lock files where
 * the check is a Slurm step that no gate reaches (gpu_lock.h).  One
 * connection a process, used by one thread at a time: the check's own, or,
 * while a timed run waits for its turn alone, the relay's. */
#define _GNU_SOURCE
#include "own/turns/gpu_turn.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/i18n.h"
#include "core/clock.h"
#include "own/turns/gpu_lock.h"

static int gate = -1;
static char lock_held; /* through the lock files: the kind of turn held, 0 none */
static double alone_limit_s = RV_TURN_ALONE_LIMIT_S;

void rv_turn_set_alone_limit(double seconds) { alone_limit_s = seconds; }

int rv_turn_use_gate(int fd, char *err, size_t errlen)
{
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode)) {
        snprintf(err, errlen, _("--gpu-gate-fd %d: not a connection to a class's GPU gate"), fd);
        return -1;
    }
    gate = fd;
    return 0;
}

int rv_turn_use_lock(const char *dir, char *err, size_t errlen)
{
    char key[256];
    gpu_lock_key(key, sizeof key);
    return gpu_lock_open(dir, key, err, errlen);
}

int rv_turn_have_gate(void) { return gate >= 0 || gpu_lock_is_open(); }

/* The gate gone: every turn from now on is given at once (the class that
 * held it has stopped, and with it everything it would have run beside). */
static int lost(void)
{
    if (gate >= 0) close(gate);
    gate = -1;
    return -1;
}

/* Waits for the byte `want` from the gate; 1 when *quit came first (the
 * request stays open), 0 on it, -1 when the gate is gone. */
static int await(char want, const int *quit)
{
    for (;;) {
        struct pollfd p = {gate, POLLIN, 0};
        int n = poll(&p, 1, quit ? 100 : -1);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return lost();
        if (n == 0) {
            if (quit && __atomic_load_n(quit, __ATOMIC_RELAXED)) return 1;
            continue;
        }
        char c;
        ssize_t got = read(gate, &c, 1);
        if (got < 0 && errno == EINTR) continue;
        if (got != 1) return lost();
        if (c == want) return 0;
        /* a 'G' answered before a cancel reached the gate: passed over */
    }
}

static int say(char c) { return gate >= 0 && write(gate, &c, 1) == 1 ? 0 : lost(); }

/* Asks for a turn of kind 'S' or 'X'; 0 given, 1 quit while waiting (the
 * request cancelled), -1 the gate gone. */
static int ask(char kind, const int *quit)
{
    if (gpu_lock_is_open()) {
        int rc = gpu_lock_take(kind, quit);
        if (!rc) lock_held = kind;
        return rc;
    }
    if (gate < 0) return 0;
    if (say(kind)) return -1;
    int rc = await('G', quit);
    if (rc == 1 && (say('R') || await('K', NULL))) return -1;
    return rc;
}

/* What is held given back to the gate. */
static void rv_turn_give(void)
{
    if (lock_held) gpu_lock_give(lock_held), lock_held = 0;
    if (gate >= 0 && !say('R')) await('K', NULL);
}

/* What this process's runs waited for their turns, in ms: [0] shared, [1]
 * the GPU alone (rv_turn_waited: check --summary says where its time went). */
static long waited_ms[2];

void rv_turn_waited(double *shared_s, double *alone_s)
{
    *shared_s = __atomic_load_n(&waited_ms[0], __ATOMIC_RELAXED) * 1e-3;
    *alone_s = __atomic_load_n(&waited_ms[1], __ATOMIC_RELAXED) * 1e-3;
}

/* A turn asked for the run (kind 'S' or 'X'), its wait not counted against
 * the run's limit: 0 given, 1 the run ended first, -1 the gate gone. */
static int ask_for_run(rv_turn_relay *r, char kind)
{
    double t0 = rv_mono_s();
    __atomic_store_n(&r->pause_began, (long)(t0 * 1e3), __ATOMIC_RELAXED);
    int rc = ask(kind, &r->quit);
    long ms = (long)((rv_mono_s() - t0) * 1e3);
    __atomic_add_fetch(&waited_ms[kind == 'X'], ms, __ATOMIC_RELAXED);
    long waited = __atomic_load_n(&r->paused_ms, __ATOMIC_RELAXED) + ms;
    __atomic_store_n(&r->paused_ms, waited, __ATOMIC_RELAXED);
    __atomic_store_n(&r->pause_began, 0L, __ATOMIC_RELAXED);
    return rc;
}

/* The run stopped as a time limit would stop it (the sandbox reads
 * overtime), why (one of relay's flags, or NULL) kept for its message. */
static void stop_run(rv_turn_relay *r, int *why)
{
    if (why) *why = 1;
    __atomic_store_n(&r->overtime, 1, __ATOMIC_RELAXED);
}

/* The shared turns asked outside launch() held so far, the one held now
 * included; with end, that one is over (given back) and added up. */
static double outside_held(rv_turn_relay *r, int end)
{
    double now = r->outside_from ? rv_mono_s() - r->outside_from : 0;
    if (end) r->outside_s += now, r->outside_from = 0;
    return r->outside_s + (end ? 0 : now);
}

/* The relay's thread: the driver's words answered ('s' a shared turn, 'r'
 * the GPU alone, 'e' given back), the time alone watched, until the run
 * ends.  Anything else, or a word out of turn, is passed over: the run is
 * the student's program. */
static void *relay_loop(void *arg)
{
    rv_turn_relay *r = arg;
    double alone_since = 0;
    while (!__atomic_load_n(&r->quit, __ATOMIC_RELAXED)) {
        /* while a shared turn is held, the gate may say its time is up */
        struct pollfd p[2] = {{r->mine, POLLIN, 0}, {gate, POLLIN, 0}};
        int n = poll(p, r->held == 'S' && gate >= 0 ? 2 : 1, 100);
        if (r->held == 'X' && rv_mono_s() - alone_since > alone_limit_s) {
            stop_run(r, NULL);
            break;
        }
        double host_s = r->in_launch && !r->held ? rv_mono_s() - r->host_from : 0;
        if (host_s >= RV_TURN_HOST_ALONE_S && !r->low_cpu)
            __atomic_store_n(&r->low_cpu, 1, __ATOMIC_RELAXED); /* the sandbox's watch lowers it */
        if (host_s >= RV_TURN_HOST_STOP_S) {
            stop_run(r, &r->host_stopped);
            break;
        }
        if (outside_held(r, 0) >= RV_TURN_OUTSIDE_STOP_S) {
            stop_run(r, &r->outside_stopped);
            break;
        }
        /* through the lock files, the time is up when a turn alone's wait says so */
        if (r->held == 'S' && lock_held && gpu_lock_time_up(RV_TURN_SHARED_LIMIT_S)) {
            stop_run(r, &r->time_up);
            break;
        }
        if (n > 0 && r->held == 'S' && gate >= 0 && (p[1].revents & (POLLIN | POLLHUP))) {
            char c;
            ssize_t got = read(gate, &c, 1);
            if (got == 1 && c == 'T') {
                stop_run(r, &r->time_up);
                break;
            }
            if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN)) lost(); /* the turn goes with it */
        }
        if (n <= 0 || !(p[0].revents & POLLIN)) continue;
        char c;
        if (read(r->mine, &c, 1) != 1) break; /* the run is over */
        if (c == 'h' || c == 'd') { /* launch() called, or returned: the gate keeps how long host code alone runs */
            r->in_launch = c == 'h';
            r->launched |= r->in_launch;
            r->host_from = rv_mono_s();
            if (gate >= 0) say(c == 'h' ? 'H' : 'D');
            continue;
        }
        if (c == 'i' && __atomic_load_n(&r->start_hold, __ATOMIC_RELAXED)) {
            /* the tracer has fd 4: the start's turn ends, unless the run holds one of its own */
            __atomic_store_n(&r->start_hold, 0, __ATOMIC_RELAXED);
            if (r->held == 'S' && !r->run_shared) rv_turn_give(), r->held = 0;
            r->run_shared = 0;
            continue;
        }
        if (r->held == 'S' && __atomic_load_n(&r->start_hold, __ATOMIC_RELAXED) && (c == 's' || c == 'e')) {
            /* inside the start's turn: the run's own is answered at once, and
               its 'e' gives back nothing before the tracer has said 'i' */
            r->run_shared = c == 's';
            if (c == 's' && write(r->mine, "g", 1) != 1) break;
            continue;
        }
        if (c == 'e' && r->held) {
            if (r->held == 'X') r->alone_s += rv_mono_s() - alone_since;
            outside_held(r, 1);
            rv_turn_give();
            r->held = 0;
            r->host_from = rv_mono_s();
            continue;
        }
        if (c != 's' && c != 'r' && c != 'e') {
            if (r->on_word && r->on_word(r->word_arg, r->mine, c) < 0) break;
            continue;
        }
        /* a shared turn while none is held; one turn alone a run */
        if (!((c == 's' && !r->held) || (c == 'r' && r->held != 'X' && !r->was_alone))) continue;
        if (r->held) rv_turn_give(), r->held = 0;
        outside_held(r, 1);
        __atomic_store_n(&r->start_hold, 0, __ATOMIC_RELAXED); /* a turn alone asked: the start's ends */
        r->run_shared = 0;
        char kind = c == 's' ? 'S' : 'X';
        if (ask_for_run(r, kind) == 1) break;
        r->held = kind;
        if (kind == 'X') alone_since = rv_mono_s(), r->was_alone = 1;
        /* GPU work the student's host code queued after launch() returned */
        if (kind == 'S' && r->launched && !r->in_launch) r->outside_from = rv_mono_s();
        if (write(r->mine, "g", 1) != 1) break;
    }
    if (r->held == 'X') r->alone_s += rv_mono_s() - alone_since;
    return NULL;
}

int rv_turn_relay_start(rv_turn_relay *r, char *err, size_t errlen)
{
    return rv_turn_relay_start_line(r, NULL, NULL, err, errlen);
}

int rv_turn_relay_start_line(rv_turn_relay *r, int (*on_word)(void *arg, int fd, char c), void *arg, char *err,
                             size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->mine = r->theirs = -1;
    r->on_word = on_word, r->word_arg = arg;
    r->ctl = (rv_proc_ctl){.pass_fd = -1,
                           .stop = &r->overtime,
                           .paused_ms = &r->paused_ms,
                           .pause_began = &r->pause_began,
                           .low_cpu = &r->low_cpu};
    if (!rv_turn_have_gate() && !on_word) return 0;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        snprintf(err, errlen, _("cannot make a socket: %s"), strerror(errno));
        return -1;
    }
    r->mine = sv[0], r->theirs = sv[1];
    r->ctl.pass_fd = r->theirs;
    if (pthread_create(&r->thread, NULL, relay_loop, r) != 0) {
        rv_turn_relay_end(r);
        snprintf(err, errlen, _("cannot start a thread: %s"), strerror(errno));
        return -1;
    }
    r->started = 1;
    return 0;
}

int rv_turn_relay_hold_shared(rv_turn_relay *r)
{
    if (r->theirs < 0) return 0; /* no gate: nothing to ask */
    char c = 's';
    if (write(r->theirs, &c, 1) != 1 || read(r->theirs, &c, 1) != 1 || c != 'g') return -1;
    r->ctl.pass_fd = -1; /* the run gets no fd 4 */
    /* asked before the run: that wait is not the run's */
    __atomic_store_n(&r->paused_ms, 0L, __ATOMIC_RELAXED);
    return 0;
}

int rv_turn_relay_hold_start(rv_turn_relay *r)
{
    if (r->theirs < 0) return 0; /* no gate: nothing to ask */
    char c = 's';
    if (write(r->theirs, &c, 1) != 1 || read(r->theirs, &c, 1) != 1 || c != 'g') return -1;
    __atomic_store_n(&r->start_hold, 1, __ATOMIC_RELAXED); /* before the run starts, so before its 'i' */
    /* asked before the run: that wait is not the run's */
    __atomic_store_n(&r->paused_ms, 0L, __ATOMIC_RELAXED);
    return 0;
}

void rv_turn_relay_end(rv_turn_relay *r)
{
    __atomic_store_n(&r->quit, 1, __ATOMIC_RELAXED);
    if (r->mine >= 0) shutdown(r->mine, SHUT_RDWR);
    if (r->started) pthread_join(r->thread, NULL);
    r->started = 0;
    if (r->mine >= 0 && r->held) rv_turn_give(); /* shared, or alone: whichever it held */
    r->held = 0;
    if (r->in_launch && gate >= 0) say('D'); /* a run that ended inside launch(): the check's own work goes on */
    r->in_launch = 0;
    if (r->mine >= 0) close(r->mine);
    if (r->theirs >= 0) close(r->theirs);
    r->mine = r->theirs = -1;
}

int rv_turn_shared_work(int (*work)(void *arg), void *arg, char *err, size_t errlen)
{
    rv_turn_relay r;
    if (rv_turn_relay_start(&r, err, errlen)) return -1;
    if (rv_turn_relay_hold_shared(&r)) {
        rv_turn_relay_end(&r);
        snprintf(err, errlen, "%s", _("the class's gate gave no turn of the GPU"));
        return -1;
    }
    int rc = work(arg);
    rv_turn_relay_end(&r);
    return rc;
}

const char *rv_turn_relay_env(const rv_turn_relay *r)
{
#define RV_STR(x)  #x
#define RV_XSTR(x) RV_STR(x)
    return r->ctl.pass_fd >= 0 ? "RV_GPU_TURN_FD=" RV_XSTR(RV_PROC_PASS_FD) : NULL;
}
