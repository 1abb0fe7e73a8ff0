/* gpu_gate.c — one GPU's turns (gpu_gate.h): a thread polls every check's
 * connection and gives turns, the GPU alone before any shared one, tells a
 * shared turn that keeps a turn alone waiting too long that its time is up,
 * and keeps how long each check's student code has run on the host alone. */
#define _GNU_SOURCE
#include "gpu_gate.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "core/i18n.h"
#include "core/clock.h"
#include "own/turns/gpu_turn.h"

enum { GATE_MAX = 512 }; /* connections at once: a class's checks, with room */

typedef struct client {
    int fd;
    long id;     /* gpu_gate_connect_id's: never used twice          */
    char asked;  /* 0, or the turn asked for: 'S' or 'X'             */
    char held;   /* 0, or the turn held                              */
    int told;    /* its shared turn was told 'T'                     */
    int in_host; /* between its 'H' and 'D': in the student's launch() */
    double asked_at, held_at;
    double host_from;  /* its last 'H'                                   */
    double quiet_from; /* its last turn given back, or its connection    */
} client;

struct gpu_gate {
    pthread_mutex_t mu; /* guards the list and the figures                  */
    int wake[2];        /* a byte here: a new connection, or stop           */
    client c[GATE_MAX];
    int n, stop;
    long next_id;
    pthread_t thread;
    FILE *log;
    char gpu[64];          /* its name in the log                              */
    int shared, alone;     /* turns held now                                   */
    double busy_from;      /* when the GPU last went from no turn to some      */
    double shared_limit_s; /* a shared turn's longest while a turn alone waits */
    gpu_gate_stats st;
};

static void answer(client *c, char byte)
{
    if (send(c->fd, &byte, 1, MSG_DONTWAIT | MSG_NOSIGNAL) != 1) {
        /* a check that reads nothing is ended; its turn goes with it */
        shutdown(c->fd, SHUT_RDWR);
    }
}

/* A turn given (under the mutex). */
static void give(gpu_gate *g, client *c, double t)
{
    if (!g->shared && !g->alone) g->busy_from = t;
    c->held = c->asked, c->asked = 0, c->held_at = t;
    if (c->held == 'X') {
        g->alone++, g->st.alone_turns++;
        double w = t - c->asked_at;
        g->st.alone_wait_s += w;
        if (w > g->st.alone_wait_max_s) g->st.alone_wait_max_s = w;
    } else {
        g->shared++, g->st.shared_turns++;
    }
    answer(c, 'G');
}

/* What c held given back (under the mutex). */
static void take_back(gpu_gate *g, client *c, double t)
{
    if (!c->held) return;
    if (g->log) fprintf(g->log, "%s %c %.3f %.3f %.3f\n", g->gpu, c->held, c->asked_at, c->held_at, t), fflush(g->log);
    if (c->held == 'X') {
        g->alone--, g->st.alone_s += t - c->held_at;
    } else {
        g->shared--, g->st.shared_s += t - c->held_at;
        if (t - c->held_at > g->st.shared_held_max_s) g->st.shared_held_max_s = t - c->held_at;
    }
    if (!g->shared && !g->alone) g->st.busy_s += t - g->busy_from;
    c->held = 0, c->told = 0, c->quiet_from = t;
}

/* A turn alone waits for the shared turns held: each that has lasted
 * shared_limit_s since the later of its start and the wait's is told 'T'
 * once (its check stops that run: gpu_turn.h).  An honest traced run gives
 * its turn back within a second or two; one that keeps it (a kernel that
 * runs on, a run whose kernels' end its tracer could not follow, memcheck's
 * run of a launch() that waits on the host) would hold every timed run of
 * the class, and the shared turns that wait behind them, for its whole time
 * limit.  The time until the next is due, or -1 for none (under the mutex). */
static double time_up(gpu_gate *g, const client *alone, double t)
{
    double next = -1;
    for (int i = 0; i < g->n; i++) {
        client *c = &g->c[i];
        if (c->held != 'S' || c->told) continue;
        double since = c->held_at > alone->asked_at ? c->held_at : alone->asked_at;
        double left = since + g->shared_limit_s - t;
        if (left <= 0) {
            c->told = 1, g->st.shared_stopped++;
            answer(c, 'T');
        } else if (next < 0 || left < next) {
            next = left;
        }
    }
    return next;
}

/* Every turn that can be given now, the GPU alone first (under the mutex);
 * the seconds until a shared turn's time will be up, or -1. */
static double grant(gpu_gate *g)
{
    double t = rv_wall_s();
    for (;;) {
        client *first = NULL;
        for (int i = 0; i < g->n; i++)
            if (g->c[i].asked == 'X' && (!first || g->c[i].asked_at < first->asked_at)) first = &g->c[i];
        if (!first) break;
        if (g->alone) return -1;                    /* one alone at a time */
        if (g->shared) return time_up(g, first, t); /* and only on an idle GPU */
        give(g, first, t);
    }
    if (g->alone) return -1;
    for (int i = 0; i < g->n; i++)
        if (g->c[i].asked == 'S') give(g, &g->c[i], t);
    return -1;
}

/* One byte from a check: 0, or -1 when the connection is to be closed (a
 * word out of turn: the class's own checks never send one). */
static int hear(gpu_gate *g, client *c, char byte)
{
    if (byte == 'H' || byte == 'D') { /* the student's launch() begins, or has returned */
        if (byte == 'H') c->host_from = rv_wall_s();
        c->in_host = byte == 'H';
        return 0;
    }
    if (byte == 'R') {
        take_back(g, c, rv_wall_s());
        c->asked = 0;
        answer(c, 'K');
        return 0;
    }
    if ((byte != 'S' && byte != 'X') || c->asked || c->held) return -1;
    c->asked = byte, c->asked_at = rv_wall_s();
    return 0;
}

static void drop(gpu_gate *g, int i)
{
    take_back(g, &g->c[i], rv_wall_s());
    close(g->c[i].fd);
    g->c[i] = g->c[--g->n];
}

/* The connections' bytes read and answered (under the mutex); the seconds
 * until a shared turn's time will be up, or -1. */
static double serve(gpu_gate *g, const struct pollfd *p, int np)
{
    for (int k = np - 1; k >= 1; k--) { /* backwards: drop() moves the last one into place */
        if (!p[k].revents) continue;
        int i = k - 1;
        char buf[16];
        ssize_t got = recv(g->c[i].fd, buf, sizeof buf, MSG_DONTWAIT);
        if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
        int bad = got <= 0;
        for (ssize_t j = 0; j < got && !bad; j++) bad = hear(g, &g->c[i], buf[j]) != 0;
        if (bad) drop(g, i);
    }
    return grant(g);
}

static void *gate_loop(void *arg)
{
    gpu_gate *g = arg;
    struct pollfd *mine = calloc(GATE_MAX + 1, sizeof *mine);
    double due = -1; /* seconds until a shared turn's time is up */
    for (;;) {
        pthread_mutex_lock(&g->mu);
        int np = g->n + 1, stop = g->stop;
        mine[0] = (struct pollfd){g->wake[0], POLLIN, 0};
        for (int i = 0; i < g->n; i++) mine[i + 1] = (struct pollfd){g->c[i].fd, POLLIN, 0};
        pthread_mutex_unlock(&g->mu);
        if (stop || !mine) break;
        int wait_ms = due < 0 ? -1 : (int)(due * 1e3) + 10;
        if (poll(mine, (nfds_t)np, wait_ms) < 0 && errno != EINTR) break;
        if (mine[0].revents) {
            char drain[64];
            while (read(g->wake[0], drain, sizeof drain) > 0) {}
        }
        pthread_mutex_lock(&g->mu);
        due = serve(g, mine, np);
        pthread_mutex_unlock(&g->mu);
    }
    free(mine);
    return NULL;
}

static void wake(gpu_gate *g)
{
    if (write(g->wake[1], "w", 1) < 0) {} /* full: it is awake already */
}

gpu_gate *gpu_gate_new(const char *gpu, FILE *log, char *err, size_t errlen)
{
    gpu_gate *g = calloc(1, sizeof *g);
    if (!g || pipe2(g->wake, O_CLOEXEC | O_NONBLOCK) != 0) {
        snprintf(err, errlen, _("cannot make a pipe: %s"), strerror(errno));
        free(g);
        return NULL;
    }
    g->log = log;
    g->shared_limit_s = RV_TURN_SHARED_LIMIT_S;
    snprintf(g->gpu, sizeof g->gpu, "%s", gpu && *gpu ? gpu : "-");
    pthread_mutex_init(&g->mu, NULL);
    if (pthread_create(&g->thread, NULL, gate_loop, g) != 0) {
        snprintf(err, errlen, _("cannot start a thread: %s"), strerror(errno));
        close(g->wake[0]), close(g->wake[1]);
        pthread_mutex_destroy(&g->mu);
        free(g);
        return NULL;
    }
    return g;
}

void gpu_gate_free(gpu_gate *g)
{
    if (!g) return;
    pthread_mutex_lock(&g->mu);
    g->stop = 1;
    pthread_mutex_unlock(&g->mu);
    wake(g);
    pthread_join(g->thread, NULL);
    while (g->n) drop(g, g->n - 1);
    close(g->wake[0]), close(g->wake[1]);
    pthread_mutex_destroy(&g->mu);
    free(g);
}

int gpu_gate_connect(gpu_gate *g) { return gpu_gate_connect_id(g, NULL); }

int gpu_gate_connect_id(gpu_gate *g, long *id)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) return -1;
    pthread_mutex_lock(&g->mu);
    int ok = g->n < GATE_MAX;
    if (ok) g->c[g->n++] = (client){.fd = sv[0], .id = ++g->next_id, .quiet_from = rv_wall_s()};
    if (ok && id) *id = g->next_id;
    pthread_mutex_unlock(&g->mu);
    if (!ok) {
        close(sv[0]), close(sv[1]);
        return -1;
    }
    wake(g);
    return sv[1];
}

double gpu_gate_host_s(gpu_gate *g, long id)
{
    double s = 0;
    pthread_mutex_lock(&g->mu);
    for (int i = 0; i < g->n; i++) {
        const client *c = &g->c[i];
        if (c->id != id || !c->in_host || c->held || c->asked) continue;
        s = rv_wall_s() - (c->host_from > c->quiet_from ? c->host_from : c->quiet_from);
    }
    pthread_mutex_unlock(&g->mu);
    return s;
}

void gpu_gate_set_shared_limit(gpu_gate *g, double seconds)
{
    pthread_mutex_lock(&g->mu);
    g->shared_limit_s = seconds;
    pthread_mutex_unlock(&g->mu);
    wake(g);
}

void gpu_gate_stats_of(gpu_gate *g, gpu_gate_stats *st)
{
    pthread_mutex_lock(&g->mu);
    *st = g->st;
    if (g->shared || g->alone) st->busy_s += rv_wall_s() - g->busy_from; /* so far */
    pthread_mutex_unlock(&g->mu);
}
