#define _GNU_SOURCE
/* test_tracer_turns.c — the traced run's turns as the tracer asks them
 * (src/tracer/turns.c), without a GPU: the Sanitizer's stream wait is a
 * stand-in that returns when the test says the stream's kernels have run,
 * and the test is the relay at the other end of fd 4.  A shared turn is
 * asked when a kernel begins, kept while a kernel is queued and not run,
 * given back once every stream it was queued on has run it, whether or not
 * the program ever waits, and asked for nothing while only host code runs;
 * a stream is not destroyed while the tracer's thread waits on it (200 ms
 * at most); where a wait fails, a destroyed stream's wait is dropped or a
 * stream is being captured, the turn is kept to the end of the run. */
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "turns.h"

enum { STREAMS = 16 };

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int ran[STREAMS];       /* the stream's kernels have run (the test says so) */
static int waits[STREAMS];     /* the tracer's thread waited on it */
static int fail_waits, on_own_thread = -1;

static Sanitizer_StreamHandle stream(int k)
{
    return (Sanitizer_StreamHandle)(uintptr_t)(k + 1);
}

/* sanitizerStreamSynchronize's stand-in: returns once stream k has run. */
static SanitizerResult fake_sync(Sanitizer_StreamHandle s)
{
    int k = (int)(uintptr_t)s - 1;
    pthread_mutex_lock(&mu);
    on_own_thread = rv_turns_own_thread();
    waits[k]++;
    pthread_cond_broadcast(&cv);
    while (!ran[k]) pthread_cond_wait(&cv, &mu);
    int fail = fail_waits;
    pthread_mutex_unlock(&mu);
    return fail ? SANITIZER_ERROR_INVALID_PARAMETER : SANITIZER_SUCCESS;
}

/* sanitizerGetStream's and cuStreamIsCapturing's: stream k is CUstream k,
 * being captured where capture[k]. */
static int capture[STREAMS];

static SanitizerResult fake_get_stream(Sanitizer_StreamHandle s, CUstream *cu)
{
    *cu = (CUstream)s;
    return SANITIZER_SUCCESS;
}

static CUresult fake_is_capturing(CUstream cu, CUstreamCaptureStatus *st)
{
    *st = capture[(int)(uintptr_t)cu - 1] ? CU_STREAM_CAPTURE_STATUS_ACTIVE : CU_STREAM_CAPTURE_STATUS_NONE;
    return CUDA_SUCCESS;
}

/* What the turns said last (RV_TRACER_DEBUG's lines). */
static char said[200];

static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&mu);
    vsnprintf(said, sizeof said, fmt, ap);
    pthread_mutex_unlock(&mu);
    va_end(ap);
}

static int said_so(const char *part)
{
    pthread_mutex_lock(&mu);
    int yes = strstr(said, part) != NULL;
    pthread_mutex_unlock(&mu);
    return yes;
}

static void run(int k)
{
    pthread_mutex_lock(&mu);
    ran[k] = 1;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&mu);
}

/* The tracer's thread waits on stream k (within 2 s): 1, else 0. */
static int waited_on(int k)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 2;
    pthread_mutex_lock(&mu);
    int rc = 0;
    while (!waits[k] && rc == 0) rc = pthread_cond_timedwait(&cv, &mu, &until);
    int w = waits[k];
    pthread_mutex_unlock(&mu);
    return w > 0;
}

/* The byte the tracer said within ms milliseconds, 0 for none. */
static int heard(int fd, int ms)
{
    struct pollfd p = {fd, POLLIN, 0};
    if (poll(&p, 1, ms) <= 0) return 0;
    char c;
    return read(fd, &c, 1) == 1 ? c : -1;
}

/* A kernel begins: the relay's 'g' is there before it is asked. */
static int begin(int relay)
{
    if (write(relay, "g", 1) != 1) return 0;
    rv_turns_begin();
    return 1;
}

static const CUcontext ctx = (CUcontext)(uintptr_t)0x1000;

typedef struct {
    Sanitizer_StreamHandle s;
    int done;
} destroy_arg;

static void *destroy(void *arg)
{
    destroy_arg *d = arg;
    rv_turns_destroying(ctx, d->s);
    __atomic_store_n(&d->done, 1, __ATOMIC_RELAXED);
    return NULL;
}

/* The tracer's turns started on a fresh descriptor: the test's end of it. */
static int start(void)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) return -1;
    char v[16];
    snprintf(v, sizeof v, "%d", sv[1]);
    setenv("RV_GPU_TURN_FD", v, 1);
    rv_turns_ops ops = {.sync = fake_sync, .get_stream = fake_get_stream, .is_capturing = fake_is_capturing,
                        .say = say};
    rv_turns_init(&ops);
    CHECK(!getenv("RV_GPU_TURN_FD"), "the tracer took RV_GPU_TURN_FD: the driver asks nothing itself");
    CHECK(fcntl(sv[1], F_GETFD) & FD_CLOEXEC, "and fd 4 closes on exec: a program the student starts gets none");
    CHECK(!rv_turns_own_thread(), "the program's thread is not the tracer's");
    return sv[0];
}

static void given_back(int relay)
{
    /* a launch() that launches one kernel, then works on the host and never waits */
    CHECK(begin(relay) && heard(relay, 2000) == 's', "a kernel begins: a shared turn is asked");
    rv_turns_queued(ctx, stream(0));
    CHECK(waited_on(0), "the tracer's thread waits on the kernel's stream");
    CHECK(on_own_thread == 1, "on its own thread (whose callbacks the tool passes over)");
    CHECK(heard(relay, 300) == 0, "no 'e' while the kernel is queued and not run");
    run(0);
    CHECK(heard(relay, 2000) == 'e', "the kernel has run: the turn is given back, though the program never waited");
    CHECK(heard(relay, 300) == 0, "and nothing is asked while only host code runs");

    /* two kernels on two streams: the turn lasts until both have run */
    CHECK(begin(relay) && heard(relay, 2000) == 's', "a kernel on stream 1 asks again");
    rv_turns_queued(ctx, stream(1));
    rv_turns_begin();   /* held: nothing asked */
    rv_turns_queued(ctx, stream(2));
    CHECK(heard(relay, 200) == 0, "a second kernel while the turn is held asks nothing");
    run(2);
    CHECK(heard(relay, 300) == 0, "stream 2 has run, stream 1 not: the turn is kept");
    run(1);
    CHECK(heard(relay, 2000) == 'e', "both have run: given back once");

    /* a kernel begun and not yet queued keeps the turn */
    CHECK(begin(relay) && heard(relay, 2000) == 's', "a kernel on stream 3");
    rv_turns_queued(ctx, stream(3));
    rv_turns_begin();
    run(3);
    CHECK(heard(relay, 300) == 0, "another launch under way: the turn is kept");
    rv_turns_queued(ctx, stream(4));
    run(4);
    CHECK(heard(relay, 2000) == 'e', "once it has run too: given back");

    /* a stream is not destroyed while the tracer's thread waits on it */
    CHECK(begin(relay) && heard(relay, 2000) == 's', "a kernel on stream 5");
    rv_turns_queued(ctx, stream(5));
    CHECK(waited_on(5), "waited on");
    destroy_arg d = {stream(5), 0};
    pthread_t t;
    pthread_create(&t, NULL, destroy, &d);
    usleep(60 * 1000);
    CHECK(!__atomic_load_n(&d.done, __ATOMIC_RELAXED), "stream 5's destruction waits for the tracer's wait on it");
    run(5);
    pthread_join(t, NULL);
    CHECK(d.done && heard(relay, 2000) == 'e', "then goes on, and the turn is given back");
    d = (destroy_arg){stream(6), 0};
    pthread_create(&t, NULL, destroy, &d);
    pthread_join(t, NULL);
    CHECK(d.done, "a stream nothing waits on is destroyed at once");
}

/* A wait that fails: whether the kernels ended is not known, the turn is
 * kept. */
static void wait_fails(int relay)
{
    fail_waits = 1;
    CHECK(begin(relay) && heard(relay, 2000) == 's', "a kernel on stream 7");
    rv_turns_queued(ctx, stream(7));
    run(7);
    CHECK(heard(relay, 500) == 0, "its wait failed: the turn is kept to the end of the run");
    CHECK(said_so("kept to the end of the run: a stream's wait failed"), "and says why: %s", said);
}

/* A stream destroyed while its kernel runs on: the destruction waits a
 * short while only, and the turn is kept. */
static void destroyed_running(int relay)
{
    CHECK(begin(relay) && heard(relay, 2000) == 's', "a kernel on stream 8, another queued on stream 9");
    rv_turns_queued(ctx, stream(8));
    rv_turns_begin();
    rv_turns_queued(ctx, stream(9));
    CHECK(waited_on(8), "stream 8 waited on");
    destroy_arg d = {stream(9), 0};
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    destroy(&d);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double s = (double)(b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9;
    CHECK(d.done && s > 0.1 && s < 1.5, "stream 9's destruction went on after %.2f s", s);
    run(8);
    run(9);
    CHECK(heard(relay, 500) == 0, "its wait dropped, the turn is kept to the end of the run");
    CHECK(said_so("a stream destroyed while its wait went on"), "and says why: %s", said);
    pthread_mutex_lock(&mu);
    int w9 = waits[9];
    pthread_mutex_unlock(&mu);
    CHECK(w9 == 0, "and the destroyed stream is never waited on");
}

/* A stream being captured into a graph is never waited on (the wait would
 * end the capture): the turn is kept. */
static void captured(int relay)
{
    capture[10] = 1;
    CHECK(begin(relay) && heard(relay, 2000) == 's', "a kernel on stream 10, which is being captured");
    rv_turns_queued(ctx, stream(10));
    run(10);
    CHECK(heard(relay, 500) == 0, "the turn is kept to the end of the run");
    pthread_mutex_lock(&mu);
    int w = waits[10];
    pthread_mutex_unlock(&mu);
    CHECK(w == 0, "and the stream was not waited on");
}

/* Each scenario in a process of its own: a turn kept stays kept. */
int main(void)
{
    void (*scenario[])(int) = {given_back, wait_fails, destroyed_running, captured};
    for (size_t i = 0; i < sizeof scenario / sizeof scenario[0]; i++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            int relay = start();
            if (relay >= 0) scenario[i](relay);
            int rc = check_report();
            fflush(stdout);
            _exit(rc);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "scenario %zu passed", i + 1);
    }
    return check_report();
}
