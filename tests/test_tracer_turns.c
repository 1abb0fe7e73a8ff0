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
 * stream is being captured, the turn is kept to the end of the run.  A copy
 * or a memset asks the turn when it starts and is followed once the API
 * call it started in returns; work outside any call, or managed memory,
 * keeps the turn.  The handovers: the tracer says 'i' once it has the
 * descriptor (the check's turn from the program's start ends there), and
 * at the program's end its work is waited for, 2 s at most, the turn kept
 * if it still runs. */
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

enum { STREAMS = 24 };

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
    CHECK(heard(sv[0], 2000) == 'i', "the tracer says it has the descriptor: the check's turn since the start ends");
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

static int waits_on(int k)
{
    pthread_mutex_lock(&mu);
    int w = waits[k];
    pthread_mutex_unlock(&mu);
    return w;
}

/* Copies and memsets: a turn from their start until their stream has run
 * them, followed from the return of the call that queued them (a copy of
 * cudaMemcpyAsync seen inside the driver's call it makes; a memset on
 * another stream in the same call), and never from their start: there the
 * work is not yet on its stream, and a wait would end at once. */
static void copies(int relay)
{
    rv_turns_api(1);   /* cudaMemcpyAsync */
    rv_turns_api(1);   /* cuMemcpyAsync, inside it */
    CHECK(write(relay, "g", 1) == 1, "the relay's answer");
    rv_turns_work(ctx, stream(11));
    CHECK(heard(relay, 2000) == 's', "a copy starts: a shared turn is asked");
    rv_turns_work(ctx, stream(12));   /* a memset on stream 12 in the same call: held, nothing asked */
    usleep(200 * 1000);
    CHECK(!waits_on(11) && !waits_on(12), "not followed while the call that queues them goes on");
    rv_turns_api(0);
    CHECK(waited_on(11) || waited_on(12), "the driver's call returned: its work is followed");
    rv_turns_api(0);
    run(11);
    CHECK(heard(relay, 300) == 0, "the copy has run, the memset not: the turn is kept");
    run(12);
    CHECK(heard(relay, 2000) == 'e', "both have run: the turn given back, though the program never waited");

    /* the depth counts calls, not work: a call inside the work's call that
       returns first does not hand it over */
    rv_turns_api(1);
    CHECK(write(relay, "g", 1) == 1, "the relay's answer");
    rv_turns_work(ctx, stream(13));
    CHECK(heard(relay, 2000) == 's', "a memset starts: a shared turn is asked");
    rv_turns_api(1);
    rv_turns_api(0);
    usleep(200 * 1000);
    CHECK(!waits_on(13), "a call made and returned inside the memset's call hands nothing over");
    run(13);
    CHECK(heard(relay, 300) == 0, "nor gives the turn back: the memset's call is under way");
    rv_turns_api(0);
    CHECK(heard(relay, 2000) == 'e', "its call returned, its stream has run: given back");
    CHECK(heard(relay, 300) == 0, "and nothing is asked while only host code runs");
}

/* Work whose queueing cannot be followed keeps the turn: a copy outside
 * any API call the tracer saw. */
static void outside_a_call(int relay)
{
    CHECK(write(relay, "g", 1) == 1, "the relay's answer");
    rv_turns_work(ctx, stream(14));
    CHECK(heard(relay, 2000) == 's', "a copy outside any call: a turn is asked");
    run(14);
    CHECK(heard(relay, 500) == 0, "and kept to the end of the run");
    CHECK(said_so("GPU work outside an API call"), "saying why: %s", said);
}

/* Managed memory: the turn from its allocation to the run's end. */
static void managed(int relay)
{
    CHECK(write(relay, "g", 1) == 1, "the relay's answer");
    rv_turns_hold("managed memory");
    CHECK(heard(relay, 2000) == 's', "managed memory allocated: a turn is asked");
    CHECK(begin(relay), "a kernel");
    rv_turns_queued(ctx, stream(15));
    run(15);
    CHECK(heard(relay, 500) == 0, "its kernel has run, the turn is kept: the pages move when touched");
}

/* The program's end: work still running when it ends keeps the turn (its
 * waits may end because CUDA is torn down), work that ends within the 2 s
 * is waited for and the turn given back. */
static void the_end(int relay)
{
    rv_turns_api(1);
    CHECK(write(relay, "g", 1) == 1, "the relay's answer");
    rv_turns_work(ctx, stream(16));   /* an atexit function's copy */
    CHECK(heard(relay, 2000) == 's', "a copy from an atexit function asks the turn");
    rv_turns_api(0);
    CHECK(waited_on(16), "and is followed");
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    rv_turns_exit();
    clock_gettime(CLOCK_MONOTONIC, &b);
    double s = (double)(b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9;
    CHECK(s > 1.5 && s < 3.5, "the end waits for it, 2 s at most (%.2f s)", s);
    run(16);
    CHECK(heard(relay, 500) == 0, "still running at the end: the turn is kept, not given back by a late wait");
    CHECK(said_so("the program ended while its GPU work ran"), "saying why: %s", said);
}

static void *run_later(void *arg)
{
    usleep(300 * 1000);
    run((int)(intptr_t)arg);
    return NULL;
}

static void the_end_waits(int relay)
{
    rv_turns_api(1);
    CHECK(write(relay, "g", 1) == 1, "the relay's answer");
    rv_turns_work(ctx, stream(17));
    CHECK(heard(relay, 2000) == 's', "a copy from a thread asks the turn");
    rv_turns_api(0);
    pthread_t t;
    pthread_create(&t, NULL, run_later, (void *)(intptr_t)17);
    rv_turns_exit();
    CHECK(waits_on(17) && heard(relay, 2000) == 'e', "the end waited for it to run, and the turn was given back");
    pthread_join(t, NULL);
}

/* Each scenario in a process of its own: a turn kept stays kept. */
int main(void)
{
    void (*scenario[])(int) = {given_back, wait_fails, destroyed_running, captured, copies, outside_a_call, managed,
                               the_end, the_end_waits};
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
