/* turns.c — a traced run's shared turns, asked by the tracer around the
 * GPU's work only (turns.h says when).  One mutex keeps the turn's state
 * and the descriptor: the launching threads ask for the turn under it, and
 * the tracer's thread gives it back under it, so the words on fd 4 never
 * interleave and a turn is never given back while a launch is asking.  A
 * copy's, a memset's or a stream memory operation's stream is known when
 * it starts but the work is queued only before its call returns, so each
 * thread keeps its open work (and how deep in API calls it is) itself. */
#define _GNU_SOURCE
#include "turns.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Streams waited on at most at once: a stream already waiting is not added
 * again (its wait, made later, covers every kernel queued on it before). */
#define FENCES      64
/* Copies, memsets and stream memory operations one API call of a thread
 * may start before it returns (a 2D copy or a batch of copies is several). */
#define OPEN        16
/* At the program's end, how long its GPU work is waited for. */
#define EXIT_WAIT_S 2

typedef struct {
    CUcontext ctx;
    Sanitizer_StreamHandle s;
} fence;

static struct {
    int on; /* the descriptor taken and the thread running */
    int fd;
    pthread_mutex_t mu;
    pthread_cond_t cv; /* a stream to wait on, or a wait done          */
    int held;          /* the shared turn is held                      */
    int begun;         /* kernels begun, not yet queued on their stream */
    int kept;          /* an end that cannot be followed: kept to the run's end */
    fence q[FENCES];   /* streams to wait on, oldest first             */
    int n;
    fence now; /* the one the thread waits on, while waiting   */
    int waiting;
    rv_turns_ops ops;
} W = {.fd = -1, .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

static __thread int own_thread;
/* This thread's depth in the program's API calls, and the work it started
 * inside them, queued on its stream once the call it started in returns. */
static __thread int api_depth;
static __thread struct {
    CUcontext ctx;
    Sanitizer_StreamHandle s;
    int depth;
} open_work[OPEN];
static __thread int nopen;

#define SAY(...) (W.ops.say ? W.ops.say(__VA_ARGS__) : (void)0)

/* The turn kept to the end of the run (under the mutex), and why. */
static void keep(const char *why)
{
    if (!W.kept) SAY("turn kept to the end of the run: %s", why);
    W.kept = 1;
}

int rv_turns_own_thread(void) { return own_thread; }

/* The relay gone (the run is being stopped): no word more. */
static void lost(void) { W.fd = -1; }

/* A shared turn asked and given (under the mutex): 's', answered 'g'. */
static void ask(void)
{
    char c = 's';
    ssize_t n;
    while ((n = write(W.fd, &c, 1)) < 0 && errno == EINTR) {}
    if (n != 1) {
        lost();
        return;
    }
    while ((n = read(W.fd, &c, 1)) < 0 && errno == EINTR) {}
    if (n != 1 || c != 'g') {
        lost();
        return;
    }
    W.held = 1;
    SAY("shared turn given");
}

static void give_back(void)
{
    char c = 'e';
    ssize_t n;
    while ((n = write(W.fd, &c, 1)) < 0 && errno == EINTR) {}
    if (n != 1) lost();
    W.held = 0;
    SAY("shared turn given back");
}

/* 1 when stream s is being captured into a graph, or that cannot be told:
 * a wait on it would end the program's capture (the graph's kernels are
 * followed when the graph is launched).  Without the calls to ask, 0. */
static int capturing(Sanitizer_StreamHandle s)
{
    if (!W.ops.get_stream || !W.ops.is_capturing) return 0;
    CUstream cu;
    CUstreamCaptureStatus st;
    return W.ops.get_stream(s, &cu) != SANITIZER_SUCCESS || W.ops.is_capturing(cu, &st) != CUDA_SUCCESS ||
           st != CU_STREAM_CAPTURE_STATUS_NONE;
}

/* The tracer's thread: waits for each stream a kernel was queued on, in
 * turn, and gives the turn back once none is left and no launch is under
 * way.  Its own waits are the Sanitizer's (callable from a tool); the
 * callbacks they set off on this thread are passed over (tool.c). */
static void *wait_loop(void *arg)
{
    (void)arg;
    own_thread = 1;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL); /* the program's signals are the program's threads' */
    pthread_mutex_lock(&W.mu);
    for (;;) {
        while (!W.n) {
            if (W.held && !W.begun && !W.kept && W.fd >= 0) give_back();
            pthread_cond_wait(&W.cv, &W.mu);
        }
        W.now = W.q[0];
        memmove(&W.q[0], &W.q[1], (size_t)(W.n - 1) * sizeof W.q[0]);
        W.n--;
        W.waiting = 1;
        pthread_mutex_unlock(&W.mu);
        int ok = (!W.ops.set_ctx || W.ops.set_ctx(W.now.ctx) == CUDA_SUCCESS) && !capturing(W.now.s) &&
                 W.ops.sync(W.now.s) == SANITIZER_SUCCESS;
        pthread_mutex_lock(&W.mu);
        W.waiting = 0;
        /* whether its kernels ended is not known */
        if (!ok) keep("a stream's wait failed, or it is being captured");
        pthread_cond_broadcast(&W.cv);
    }
    return NULL;
}

void rv_turns_exit(void)
{
    if (!W.on) return;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += EXIT_WAIT_S;
    pthread_mutex_lock(&W.mu);
    while ((W.n || W.waiting) && pthread_cond_timedwait(&W.cv, &W.mu, &until) == 0) {}
    /* still running: the waits that end from here on may end because CUDA
       is torn down, not because the work is done, so they give nothing
       back; the process's end closes the descriptor, and its check gives
       the turn back once the process is gone */
    if (W.n || W.waiting || W.begun) keep("the program ended while its GPU work ran");
    pthread_mutex_unlock(&W.mu);
}

static void at_exit(void) { rv_turns_exit(); }

void rv_turns_init(const rv_turns_ops *ops)
{
    const char *v = getenv("RV_GPU_TURN_FD");
    if (!v || !ops || !ops->sync) return;
    int fd = atoi(v);
    if (fd < 0 || fcntl(fd, F_GETFD) < 0) return;
    W.ops = *ops;
    /* the context the stream is of, made current on the thread that waits;
       whether the stream is being captured */
    void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (cuda && !W.ops.set_ctx) *(void **)&W.ops.set_ctx = dlsym(cuda, "cuCtxSetCurrent");
    if (cuda && !W.ops.is_capturing) *(void **)&W.ops.is_capturing = dlsym(cuda, "cuStreamIsCapturing");
    pthread_t t;
    if (pthread_create(&t, NULL, wait_loop, NULL) != 0) return; /* the driver asks, for the whole run */
    pthread_detach(t);
    atexit(at_exit);
    W.fd = fd;
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    unsetenv("RV_GPU_TURN_FD"); /* the driver (driver.cu's turn()) leaves the turns to the tracer */
    W.on = 1;
    /* the check held a shared turn from the program's start until now
       (gpu_turn.h's 'i'): from here on the tracer asks them */
    char c = 'i';
    ssize_t n;
    pthread_mutex_lock(&W.mu);
    while ((n = write(fd, &c, 1)) < 0 && errno == EINTR) {}
    if (n != 1) lost();
    pthread_mutex_unlock(&W.mu);
    SAY("the GPU's turns asked by the tracer, for each kernel, copy and memset, on fd %d", fd);
}

void rv_turns_begin(void)
{
    if (!W.on || own_thread) return;
    pthread_mutex_lock(&W.mu);
    W.begun++;
    if (!W.held && W.fd >= 0) ask(); /* the launch waits here, its wait not counted against the run */
    pthread_mutex_unlock(&W.mu);
}

/* Work begun is on stream s (under the mutex): the stream handed to the
 * tracer's thread. */
static void follow(CUcontext ctx, Sanitizer_StreamHandle s)
{
    if (W.begun) W.begun--;
    int i = 0;
    while (i < W.n && W.q[i].s != s) i++;
    if (!s || (i == W.n && W.n == FENCES))
        keep(s ? "too many streams" : "GPU work with no stream");
    else if (i == W.n)
        W.q[W.n++] = (fence){ctx, s};
    pthread_cond_broadcast(&W.cv);
}

void rv_turns_queued(CUcontext ctx, Sanitizer_StreamHandle s)
{
    if (!W.on || own_thread) return;
    pthread_mutex_lock(&W.mu);
    follow(ctx, s);
    pthread_mutex_unlock(&W.mu);
}

void rv_turns_work(CUcontext ctx, Sanitizer_StreamHandle s)
{
    if (!W.on || own_thread) return;
    pthread_mutex_lock(&W.mu);
    if (!W.held && W.fd >= 0) ask();
    /* outside any call the tracer saw begin, or more than a call keeps:
       when it is queued cannot be told */
    if (!api_depth)
        keep("GPU work outside an API call");
    else if (nopen == OPEN)
        keep("too much GPU work in one call");
    else {
        W.begun++;
        open_work[nopen].ctx = ctx, open_work[nopen].s = s, open_work[nopen].depth = api_depth;
        nopen++;
    }
    pthread_mutex_unlock(&W.mu);
}

void rv_turns_api(int enter)
{
    if (!W.on || own_thread) return;
    if (enter) {
        api_depth++;
        return;
    }
    if (api_depth > 0) api_depth--;
    if (!nopen || open_work[nopen - 1].depth <= api_depth) return;
    /* the call the work started in has returned: it is on its stream */
    pthread_mutex_lock(&W.mu);
    while (nopen && open_work[nopen - 1].depth > api_depth) {
        nopen--;
        follow(open_work[nopen].ctx, open_work[nopen].s);
    }
    pthread_mutex_unlock(&W.mu);
}

void rv_turns_hold(const char *why)
{
    if (!W.on || own_thread) return;
    pthread_mutex_lock(&W.mu);
    if (!W.held && W.fd >= 0) ask();
    keep(why);
    pthread_mutex_unlock(&W.mu);
}

void rv_turns_graph_node(void)
{
    if (!W.on || own_thread) return;
    pthread_mutex_lock(&W.mu);
    if (!W.begun) {
        if (!W.held && W.fd >= 0) ask();
        keep("a graph's kernel outside its graph's launch");
    }
    pthread_mutex_unlock(&W.mu);
}

static int waits_on(const fence *f, CUcontext ctx, Sanitizer_StreamHandle s) { return s ? f->s == s : f->ctx == ctx; }

void rv_turns_destroying(CUcontext ctx, Sanitizer_StreamHandle s)
{
    if (!W.on || own_thread) return;
    /* the thread reaches the stream in its order, and a stream the program
       has waited for is run at once; but the destroying call may hold a
       lock of CUDA's that the thread's wait needs, so it is waited for a
       short while only (never a deadlock), then its waits on the stream are
       dropped and the turn is kept to the run's end */
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 200 * 1000000L;
    if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
    pthread_mutex_lock(&W.mu);
    for (;;) {
        int busy = W.waiting && waits_on(&W.now, ctx, s);
        for (int i = 0; i < W.n && !busy; i++) busy = waits_on(&W.q[i], ctx, s);
        if (!busy) break;
        if (pthread_cond_timedwait(&W.cv, &W.mu, &until) != 0) {
            int k = 0;
            for (int i = 0; i < W.n; i++)
                if (!waits_on(&W.q[i], ctx, s)) W.q[k++] = W.q[i];
            W.n = k;
            keep("a stream destroyed while its wait went on");
            break;
        }
    }
    pthread_mutex_unlock(&W.mu);
}
