// driver.cu — the program `reducevis trace` builds around a student's file.
//
// The student's file holds a kernel and the function that launches it:
//
//     unsigned int launch(const float *in, float *out, unsigned int n,
//                         unsigned int block, cudaStream_t stream);
//
// which leaves partial sums in out[0 .. its return value) whose total is the
// sum of in[0 .. n).  This program calls it again on the partials until one
// is left (the bench's "whole reduction, every pass"), so any one-pass or
// single-pass kernel reduces the whole array.
//
//   driver trace DATA N BLOCK RESULT      one whole reduction, every call of
//                                         launch() armed for the tracer (which
//                                         records every kernel launch it makes),
//                                         on DATA made on the GPU (or IN, a file
//                                         of N floats, in DATA's place)
//   driver record DATA N BLOCK RESULT     as trace, on DATA made on the GPU
//                                         (the version to beat's recording of
//                                         what launch() queued, for the judge)
//   driver time DATA N BLOCK RESULT TOL   3 warm-up, then 20 timed whole
//                                         reductions, no tracer; every one's
//                                         sum checked (time_calls below, which
//                                         the judge's runner, judge.cu, shares)
//
// IN holds N floats (written by reducevis from its data patterns).  Traced
// or recorded, RV_TRACER_ARRAYS tells the tracer where in[], out[] and the
// stream are, and RV_TRACER_CALL_N each call's element count, so that its
// recording of what launch() queued (src/tracer/queued.h) can be replayed.  In time
// mode the host holds no input: each call's is made here, on the GPU, from
// DATA's stream of seeds (src/core/data.c's patterns, the same formula).
// RESULT gets `key value` lines: the sum, the first pass's partial count,
// where the arrays were for each call of launch() (to name global accesses),
// each timed call's sum, reference and times.  Exit 0; 3 with a message on
// stderr when CUDA or the student's launch fails.
#include <cuda_runtime.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

#include <unistd.h>

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream);

#ifdef RV_JUDGE_RUNNER
// The judge's runner (judge.cu) says a kernel's fault in a judged call as a
// verdict: it sets this, which is told the failure before the exit; and
// the call of time_calls under way (1 .., 0 before the first).
static void (*cuda_failed)(const char *what, int code);
static int timed_call;
#define RV_TIMED_CALL(c) (timed_call = (c))
#else
#define RV_TIMED_CALL(c) ((void)0)
#endif

static void die(const char *what, cudaError_t e)
{
#ifdef RV_JUDGE_RUNNER
    if (cuda_failed) cuda_failed(what, (int)e);
#endif
    fprintf(stderr, "%s: %s (%s)\n", what, cudaGetErrorString(e), cudaGetErrorName(e));
    exit(3);
}

static void check(cudaError_t e, const char *what)
{
    if (e != cudaSuccess) die(what, e);
}

// Room for the partials of m elements: one per 32 elements (a block has at
// least 32 threads, each summing at least one element), and one more.
static size_t slots(size_t m) { return (m + 31) / 32 + 1; }

struct arrays {
    float *in, *out[2];
    size_t n, nslots;
};

// The fd of this run's turns on a class's GPU (src/own/turns/gpu_turn.h),
// noted before CUDA starts, as a tracer takes its name with it; -1: none.
// 'h' as the student's launch() is called and 'd' once it returns, both
// unanswered, tell the class how long the run's host code keeps its check
// from the GPU: it lets no slot be kept by a launch() that forks, spins or
// sleeps (src/class/gpu_gate.h).  A launch() that writes a word of its own
// there can only give its slot up sooner, or keep it as long as any check.
static int turn_fd = -1;

static void tell_launch(char word)
{
    if (turn_fd >= 0 && write(turn_fd, &word, 1) != 1) turn_fd = -1;
}

// One whole reduction, queued on s; returns where its result will be.  The
// first launch's partial count goes to *first.  `wait`: check each launch as
// it ends (the traced run); the timed runs queue them all and wait once.
// `calls`: where to say, for each call, which arrays it was given.
static const float *reduce_all(const arrays &a, unsigned block, cudaStream_t s, bool arm, bool wait, unsigned *first,
                               FILE *calls = nullptr)
{
    const float *src = a.in;
    size_t m = a.n;
    int which = 0, call = 0;
    do {
        char k[16];
        snprintf(k, sizeof k, "%d", ++call);
        if (calls)
            fprintf(calls, "call %d in %llu %zu out %llu %zu\n", call, (unsigned long long)(uintptr_t)src, m,
                    (unsigned long long)(uintptr_t)a.out[which], a.nslots);
        if (arm) {
            char mk[24];
            snprintf(mk, sizeof mk, "%zu", m);
            setenv("RV_TRACER_CALL", k, 1);
            setenv("RV_TRACER_CALL_N", mk, 1);
            setenv("RV_TRACER_ARMED", "1", 1);
        }
        tell_launch('h');
        unsigned g = launch(src, a.out[which], (unsigned)m, block, s);
        tell_launch('d');
        if (arm) setenv("RV_TRACER_ARMED", "0", 1);
        check(cudaGetLastError(), "your launch failed to start a kernel");
        if (wait) check(cudaStreamSynchronize(s), "your kernel failed");
        if (first) { *first = g; first = nullptr; }
        if (g < 1 || g > slots(m) || (g >= m && m > 1)) {
            fprintf(stderr, "launch() returned %u partial sums for %zu elements: expected 1 .. %zu, fewer than the elements\n",
                    g, m, std::min(slots(m), m > 1 ? m - 1 : (size_t)1));
            exit(3);
        }
        src = a.out[which];
        m = g;
        which ^= 1;
    } while (m > 1);
    return src;
}

static float read_sum(const float *at)
{
    float sum;
    check(cudaMemcpy(&sum, at, sizeof sum, cudaMemcpyDeviceToHost), "your kernel failed");
    return sum;
}

// ---- time mode: every call checked, its window covering all it started ----
//
// Each call of the 23 (3 warm-ups, then 20 timed) gets an input of its own:
// made here on the GPU from its own seed (stream c of DATA, derive()), in
// one of up to 3 buffers taken in turn (so both its contents and its address
// differ from the call before), its reference summed in double before the
// call (a kernel that writes into in[] cannot change it), then the L2 cache
// cleared, so that nothing of the input is left warm by its making.  The
// window: the whole device idle first (cudaDeviceSynchronize), the start
// event, launch() on every pass, the end event, the whole device idle again
// and the sum read back; host clocks around the same.  Work launch() left
// on another stream, or running when it returned, is in the wall time: the
// time of a call is the larger of the events' time and the wall time less
// the latency an empty window shows (a probe before each call).
//
// Held (reducevis says so where the traced run's recording allows it:
// src/own/records/queue_shape.h): the window is queued while the GPU waits
// on a word in host memory, then let go, and the wall time starts there;
// so neither the events nor the wall hold the host's pace of queueing, and
// the student's launch() and the runner's replay of it are timed alike.  The
// first call, which checks each launch as it ends, is never held; where the
// GPU was let go by its own limit (launch() waited for the GPU after all, or
// the host stalled that long), the call is made again, not held, and the
// calls after it too.

// Its names live in a namespace of their own: a student's file may name a
// kernel of its own fill_input or window.  The judge's runner
// (src/tracer/judge.cu) shares them, and launches no kernel of this
// namespace from a recording.
namespace reducevis_driver {

// The patterns of src/core/data.c (keep the formulas equal).
enum { P_ONES, P_INDEX, P_MOD10, P_RANDOM, P_SIGNED, P_COUNT };
static const char *const pattern_names[P_COUNT] = {"ones", "index", "mod10", "random", "signed"};

struct pattern {
    int kind;
    unsigned long long seed;
};

// splitmix64, as data.c's mix()
__host__ __device__ static unsigned long long mix(unsigned long long x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static bool parse_pattern(const char *s, pattern *p)
{
    for (int k = 0; k < P_COUNT; k++) {
        size_t len = strlen(pattern_names[k]);
        if (strncmp(s, pattern_names[k], len)) continue;
        *p = pattern{k, 0};
        if (!s[len]) return true;
        if (k < P_RANDOM || s[len] != ':' || !isdigit((unsigned char)s[len + 1])) return false;
        char *end;
        errno = 0;
        p->seed = strtoull(s + len + 1, &end, 10);
        return !*end && !errno;
    }
    return false;
}

static void pattern_name(pattern p, char *buf, size_t len)
{
    if (p.kind >= P_RANDOM) snprintf(buf, len, "%s:%llu", pattern_names[p.kind], p.seed);
    else snprintf(buf, len, "%s", pattern_names[p.kind]);
}

// data.c's rv_data_derive(): stream k of p
static pattern derive(pattern p, unsigned long long k)
{
    if (p.kind >= P_RANDOM) p.seed = mix(p.seed ^ mix(k ^ 0xD1B54A32D192ED03ull));
    return p;
}

// Element i of pattern p.
__device__ static float pattern_value(pattern p, size_t i)
{
    unsigned long long bits = mix(p.seed ^ mix(i)) >> 40;   // 24 random bits
    return p.kind == P_ONES ? 1.0f : p.kind == P_INDEX ? (float)i : p.kind == P_MOD10 ? (float)(i % 10)
         : p.kind == P_RANDOM ? (float)bits * (1.0f / 16777216.0f)
                              : (float)((long long)bits - 8388608) * (1.0f / 8388608.0f);
}

__global__ void fill_input(pattern p, float *x, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        x[i] = pattern_value(p, i);
}

enum { REF_BLOCKS = 1024, REF_THREADS = 256 };

// Each block's sum of x and of |x|, in double: a chain of n / 2^18 a thread,
// then a tree (the host adds the 1024 partials).  x null: the values of p,
// made again here (the judge's runner: the reference never reads a buffer
// the student's kernels could write).
__global__ void reference_sums(const float *x, pattern p, size_t n, double *sum, double *mag)
{
    __shared__ double s[REF_THREADS], m[REF_THREADS];
    double t = 0, u = 0;
    for (size_t i = blockIdx.x * (size_t)REF_THREADS + threadIdx.x; i < n; i += (size_t)REF_BLOCKS * REF_THREADS) {
        double v = x ? x[i] : pattern_value(p, i);
        t += v;
        u += fabs(v);
    }
    s[threadIdx.x] = t;
    m[threadIdx.x] = u;
    __syncthreads();
    for (int k = REF_THREADS / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k) {
            s[threadIdx.x] += s[threadIdx.x + k];
            m[threadIdx.x] += m[threadIdx.x + k];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) { sum[blockIdx.x] = s[0]; mag[blockIdx.x] = m[0]; }
}

// Reads the scratch buffer (twice the L2 cache): what the input's making
// left in L2 is evicted, and the lines it leaves are clean.
__global__ void clear_l2(const float4 *scratch, size_t n4, float *sink)
{
    float acc = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n4; i += (size_t)gridDim.x * blockDim.x) {
        float4 v = scratch[i];
        acc += v.x + v.y + v.z + v.w;
    }
    if (acc == 12345.0f) *sink = acc;   // never (the scratch is zeros): keeps the reads
}

static double now_ms()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

// What time mode holds: the input buffers (each with its own out[] pair),
// the reference's partials, the L2 scratch, the stream and the events.
struct bench {
    arrays set[3];
    int nsets;
    double *ref_sum, *ref_mag;
    float4 *scratch;
    size_t scratch4;
    float *sink;
    cudaStream_t s;
    cudaEvent_t e0, e1;
    int *hold, *d_hold;   // held windows: [0] let go (host), [1] the GPU gave up waiting (device)
};

// As many input buffers as fit (3, else fewer), leaving room for what the
// student's launch() allocates: a quarter of the free memory, 512 MiB at least.
// A set's in[], out[0] and out[1] are one allocation, each at a multiple of
// 256 bytes (cudaMalloc's alignment) after the one before: where the traced
// run's out[0] began where its in[] ended (a pointer one past the end of
// in[] is then also out[0]'s start), the judged call's does too, and the
// judge's runner maps such a pointer to the same place either way
// (judge_map.h).
static size_t aligned256(size_t bytes) { return (bytes + 255) / 256 * 256; }

static void bench_make(bench &b, size_t n)
{
    size_t free_b = 0, total = 0;
    check(cudaMemGetInfo(&free_b, &total), "cudaMemGetInfo");
    size_t in_b = aligned256(n * sizeof(float)), out_b = aligned256(slots(n) * sizeof(float));
    size_t one = in_b + 2 * out_b, keep = std::max(free_b / 4, (size_t)512 << 20);
    b.nsets = 3;
    while (b.nsets > 1 && b.nsets * one + keep > free_b) b.nsets--;
    for (int k = 0; k < b.nsets; k++) {
        arrays &a = b.set[k];
        a.n = n;
        a.nslots = slots(n);
        char *set;
        check(cudaMalloc(&set, one), "cudaMalloc");
        a.in = (float *)set;
        a.out[0] = (float *)(set + in_b);
        a.out[1] = (float *)(set + in_b + out_b);
        check(cudaMemset(a.out[0], 0, 2 * out_b), "cudaMemset");
    }
    int dev, l2 = 0;
    check(cudaGetDevice(&dev), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev), "cudaDeviceGetAttribute");
    b.scratch4 = std::max((size_t)2 * l2, (size_t)16 << 20) / sizeof(float4);
    check(cudaMalloc(&b.scratch, b.scratch4 * sizeof(float4)), "cudaMalloc");
    check(cudaMemset(b.scratch, 0, b.scratch4 * sizeof(float4)), "cudaMemset");
    check(cudaMalloc(&b.sink, sizeof(float)), "cudaMalloc");
    check(cudaMalloc(&b.ref_sum, REF_BLOCKS * sizeof(double)), "cudaMalloc");
    check(cudaMalloc(&b.ref_mag, REF_BLOCKS * sizeof(double)), "cudaMalloc");
    // The pool cudaMallocAsync draws from keeps what launch() frees, from one
    // call to the next.  Every call here ends in a wait for the GPU, and at
    // its default release threshold (none kept) the pool would give the
    // memory back to the system at each of those waits, to be mapped again
    // by the next call's cudaMallocAsync: a host cost (0.04 to 0.08 ms a
    // call on the H200, docs/judge.md) that a program's loop of calls, which does
    // not wait for each, never pays.  The runner replays the allocations from
    // the same pool, so both sides time the same.
    cudaMemPool_t pool;
    if (cudaDeviceGetMemPool(&pool, dev) == cudaSuccess) {
        unsigned long long all = ~0ull;
        check(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &all), "cudaMemPoolSetAttribute");
    } else {
        (void)cudaGetLastError();   // no pools on this device: nothing to keep
    }
    check(cudaStreamCreate(&b.s), "cudaStreamCreate");
    check(cudaEventCreate(&b.e0), "cudaEventCreate");
    check(cudaEventCreate(&b.e1), "cudaEventCreate");
    check(cudaHostAlloc((void **)&b.hold, 2 * sizeof(int), cudaHostAllocMapped), "cudaHostAlloc");
    check(cudaHostGetDevicePointer((void **)&b.d_hold, b.hold, 0), "cudaHostGetDevicePointer");
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
}

// A held window's wait: one thread on the legacy default stream (which
// launch()'s stream, made blocking, waits for), until the host lets go or
// HOLD_LIMIT_NS have passed; then word[1] says it gave up.
const unsigned long long HOLD_LIMIT_NS = 50ull * 1000 * 1000;

__global__ void hold_gpu(volatile int *word)
{
    unsigned long long start, now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    do {
        if (word[0]) return;
        __nanosleep(1000);
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    } while (now - start < HOLD_LIMIT_NS);
    word[1] = 1;
}

// The sum of pattern p's n values and of their magnitudes: of x where it is
// not null, else made again from p.
static void pattern_sums(bench &b, const float *x, pattern p, size_t n, double *ref, double *mag)
{
    reference_sums<<<REF_BLOCKS, REF_THREADS, 0, b.s>>>(x, p, n, b.ref_sum, b.ref_mag);
    check(cudaGetLastError(), "the reference could not be summed");
    std::vector<double> ps(REF_BLOCKS), pm(REF_BLOCKS);
    check(cudaMemcpy(ps.data(), b.ref_sum, REF_BLOCKS * sizeof(double), cudaMemcpyDeviceToHost), "cudaMemcpy");
    check(cudaMemcpy(pm.data(), b.ref_mag, REF_BLOCKS * sizeof(double), cudaMemcpyDeviceToHost), "cudaMemcpy");
    *ref = *mag = 0;
    for (int k = 0; k < REF_BLOCKS; k++) { *ref += ps[k]; *mag += pm[k]; }
}

// Call c's input made in its buffer, where ref is not null its sum and sum
// of |x| in *ref, *mag, and L2 cleared; all done before the window opens.
static void make_input(bench &b, const arrays &a, pattern p, double *ref, double *mag)
{
    fill_input<<<1024, 256, 0, b.s>>>(p, a.in, a.n);
    if (ref) pattern_sums(b, a.in, p, a.n, ref, mag);
    clear_l2<<<1024, 256, 0, b.s>>>(b.scratch, b.scratch4, b.sink);
    check(cudaGetLastError(), "the input could not be made");
    check(cudaStreamSynchronize(b.s), "the input could not be made");
}

struct call_times {
    float event_ms;
    double wall_ms, host_ms, probe_ms;
    bool broke;   // held, but the GPU gave up waiting before it was let go
};

// One window around `work` (nullptr: an empty one, the probe): the device
// idle before and after, the sum at `at` read back inside; held, queued
// while the GPU waits (above).
static float window(bench &b, const arrays *work, unsigned block, unsigned *first, bool wait, bool held,
                    call_times *t)
{
    check(cudaDeviceSynchronize(), "your kernel failed");   // nothing earlier runs into the window
    if (held) {
        __atomic_store_n(&b.hold[0], 0, __ATOMIC_SEQ_CST);
        __atomic_store_n(&b.hold[1], 0, __ATOMIC_SEQ_CST);
        hold_gpu<<<1, 1, 0, cudaStreamLegacy>>>(b.d_hold);
        check(cudaGetLastError(), "the GPU could not be held while a call was queued");
    }
    double t0 = now_ms();
    check(cudaEventRecord(b.e0, b.s), "cudaEventRecord");
    const float *at = work ? reduce_all(*work, block, b.s, false, wait, first) : b.set[0].out[0];
    double back = now_ms();
    check(cudaEventRecord(b.e1, b.s), "cudaEventRecord");
    double go = now_ms();
    if (held) __atomic_store_n(&b.hold[0], 1, __ATOMIC_SEQ_CST);
    check(cudaDeviceSynchronize(), "your kernel failed");   // whatever launch() started, on any stream
    float sum = read_sum(at);
    t->wall_ms = now_ms() - (held ? go : t0);
    t->host_ms = back - t0;
    t->broke = held && __atomic_load_n(&b.hold[1], __ATOMIC_SEQ_CST);
    check(cudaEventElapsedTime(&t->event_ms, b.e0, b.e1), "cudaEventElapsedTime");
    return sum;
}

// On a class's shared GPU (src/own/gpu_turn.h) reducevis gives this run its
// turns: asked over the fd it names once the context is made, so that
// starting up runs beside the others.  'r': the GPU alone (the timed calls),
// 's': a turn shared with other traced runs, each answered 'g'; 'e': done.
// A traced or recorded run's tracer, loaded as the context is made, takes
// the fd and RV_GPU_TURN_FD with it, and asks a shared turn for each kernel
// only (src/tracer/turns.h): so the name is read once the context is made,
// and the driver's own 's' and 'e' are asked only where no tracer took it.
static void turn(char word)
{
    if (word != 'e') check(cudaFree(nullptr), "the CUDA context");   // made before the turn, not in it
    const char *fd = getenv("RV_GPU_TURN_FD");
    if (!fd) return;
    int f = atoi(fd);
    char c = word;
    if (write(f, &c, 1) != 1 || (word != 'e' && (read(f, &c, 1) != 1 || c != 'g'))) {
        fprintf(stderr, "reducevis did not give this run its turn on the GPU\n");
        exit(3);
    }
}

// Where time mode's calls get their inputs and their reference: the driver
// derives call c's from DATA and sums it before the call; the judge's runner
// (judge.cu) is told each call's pattern when the call starts, and sums the
// pattern itself after it.
struct time_inputs {
    pattern (*call_pattern)(pattern base, int c);
    bool reference_after;
};

static pattern derived_pattern(pattern base, int c) { return derive(base, (unsigned long long)c); }
static const time_inputs driver_inputs = {derived_pattern, false};

// 3 warm-up and 20 timed calls of n elements, each on an input of its own,
// one line a call into r (src/own/timed.h reads them).  0, or 3.
static int time_calls(pattern base, const char *data, size_t n, unsigned block, double tol, FILE *r,
                      const time_inputs &in, bool held)
{
    turn('r');   // from here to its end, the GPU is this run's alone
    bench b;
    bench_make(b, n);
    fprintf(r, "data %s\ntolerance %.9g\nbuffers %d\n", data, tol, b.nsets);
    enum { WARM = 3, TIMED = 20 };
    unsigned first = 0;
    float first_sum = 0;
    std::vector<double> probes;
    std::vector<call_times> times;
    for (int c = 1; c <= WARM + TIMED; c++) {
        RV_TIMED_CALL(c);
        pattern p = in.call_pattern(base, c);
        const arrays &a = b.set[(c - 1) % b.nsets];
        double ref, mag;
        call_times t, probe;
        float sum;
        for (;;) {
            make_input(b, a, p, in.reference_after ? nullptr : &ref, &mag);
            bool hold = held && c > 1;
            window(b, nullptr, block, nullptr, false, hold, &probe);   // the latency of an empty window, just before
            t.probe_ms = probe.wall_ms - probe.event_ms;
            // the first call checks each launch as it ends, for a clear message
            sum = window(b, &a, block, c == 1 ? &first : nullptr, c == 1, hold, &t);
            if (!probe.broke && !t.broke) break;
            held = false;   // the GPU gave up waiting: this call again, and the rest, as the GPU runs them
        }
        if (in.reference_after) pattern_sums(b, nullptr, p, n, &ref, &mag);
        bool ok = std::isfinite(sum) && std::fabs((double)sum - ref) <= tol * mag;
        char name[64];
        pattern_name(p, name, sizeof name);
        fprintf(r, "%s %d data %s in %llu sum %.9g ref %.17g abs %.17g event_ms %.6f wall_ms %.6f host_ms %.6f "
                   "probe_ms %.6f %s\n", c <= WARM ? "warmup" : "timed", c <= WARM ? c : c - WARM, name,
                (unsigned long long)(uintptr_t)a.in, sum, ref, mag, t.event_ms, t.wall_ms, t.host_ms, t.probe_ms,
                ok ? "ok" : "wrong");
        if (c == WARM + 1) first_sum = sum;
        if (c > WARM) times.push_back(t);
        probes.push_back(t.probe_ms);
    }
    // for a person reading the file; the host recomputes it (src/own/timed.c)
    std::sort(probes.begin(), probes.end());
    double latency = probes[probes.size() / 2];
    fprintf(r, "held %d\nlatency_ms %.6f\nsum %.9g\nfirst_partials %u\nms", held, latency, first_sum, first);
    for (const call_times &t : times) fprintf(r, " %.6f", std::max((double)t.event_ms, t.wall_ms - latency));
    fprintf(r, "\n");
    return 0;
}

} // namespace reducevis_driver

#ifndef RV_JUDGE_RUNNER
using namespace reducevis_driver;

static int time_mode(char **argv)
{
    pattern base;
    size_t n = strtoull(argv[3], nullptr, 10);
    unsigned block = (unsigned)strtoul(argv[4], nullptr, 10);
    double tol = strtod(argv[6], nullptr);
    if (!parse_pattern(argv[2], &base) || n < 1) { fprintf(stderr, "bad data pattern or N: %s %s\n", argv[2], argv[3]); return 1; }
    FILE *r = fopen(argv[5], "w");
    if (!r) { fprintf(stderr, "cannot write %s\n", argv[5]); return 3; }
    time_calls(base, argv[2], n, block, tol, r, driver_inputs, argv[7] && !strcmp(argv[7], "held"));
    if (fclose(r) != 0) { fprintf(stderr, "cannot write %s\n", argv[5]); return 3; }
    turn('e');   // timed: the context's teardown need not keep the GPU from the next
    return 0;
}

// trace and record: DATA is a data pattern, made on the GPU, so that no
// input file is written, read and copied (a class's check wrote 128 MB for
// each traced run); trace also takes a file of N floats in its place.
int main(int argc, char **argv)
{
    if ((argc == 7 || argc == 8) && !strcmp(argv[1], "time")) return time_mode(argv);
    // a traced or recorded run's (a timed run holds the GPU alone throughout,
    // and says nothing inside its timed windows)
    if (const char *fd = getenv("RV_GPU_TURN_FD")) turn_fd = atoi(fd);
    bool trace = argc == 6 && !strcmp(argv[1], "trace"), record = argc == 6 && !strcmp(argv[1], "record");
    if (!trace && !record) {
        fprintf(stderr, "usage: %s trace DATA|IN N BLOCK RESULT | record DATA N BLOCK RESULT | time DATA N BLOCK RESULT "
                        "TOLERANCE [held]\n", argv[0]);
        return 1;
    }
    // CUDA started first: its start loads the tracer, whose 'i' ends the
    // shared turn the check holds for this run's start (src/own/turns/gpu_turn.h),
    // so the input's reading below runs beside the others' timed calls
    int devices = 0;
    (void)cudaGetDeviceCount(&devices);
    arrays a;
    a.n = strtoull(argv[3], nullptr, 10);
    unsigned block = (unsigned)strtoul(argv[4], nullptr, 10);
    a.nslots = slots(a.n);
    // the input: a pattern made on the GPU (data.c's formulas, so the
    // check's own sum of it is of the same numbers), or a file of N floats
    pattern made{P_ONES, 0};
    bool made_here = parse_pattern(argv[2], &made);
    if (record && !made_here) { fprintf(stderr, "bad data pattern: %s\n", argv[2]); return 1; }
    std::vector<float> host(made_here ? 0 : a.n);
    FILE *f = made_here ? nullptr : fopen(argv[2], "rb");
    if (!made_here && (!f || fread(host.data(), sizeof(float), a.n, f) != a.n)) { fprintf(stderr, "cannot read %s\n", argv[2]); return 3; }
    if (f) fclose(f);
    // the GPU shared with other traced runs: kernel by kernel where the
    // tracer asks (turns.h), else (no tracer took the fd) from here to the
    // sum read back
    turn('s');
    check(cudaMalloc(&a.in, a.n * sizeof(float)), "cudaMalloc");
    for (float *&o : a.out) {
        check(cudaMalloc(&o, a.nslots * sizeof(float)), "cudaMalloc");
        check(cudaMemset(o, 0, a.nslots * sizeof(float)), "cudaMemset");
    }
    if (!made_here) check(cudaMemcpy(a.in, host.data(), a.n * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
    else fill_input<<<1024, 256>>>(made, a.in, a.n);
    cudaStream_t s;
    check(cudaStreamCreate(&s), "cudaStreamCreate");
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    // what the judge's runner maps the recording's pointers and stream by
    char arrays_env[160];
    snprintf(arrays_env, sizeof arrays_env, "in %llu %zu out %llu %llu %zu stream %llu",
             (unsigned long long)(uintptr_t)a.in, a.n, (unsigned long long)(uintptr_t)a.out[0],
             (unsigned long long)(uintptr_t)a.out[1], a.nslots, (unsigned long long)(uintptr_t)s);
    setenv("RV_TRACER_ARRAYS", arrays_env, 1);

    FILE *r = fopen(argv[5], "w");
    if (!r) { fprintf(stderr, "cannot write %s\n", argv[5]); return 3; }
    unsigned first = 0;
    cudaEvent_t e0, e1;
    check(cudaEventCreate(&e0), "cudaEventCreate");
    check(cudaEventCreate(&e1), "cudaEventCreate");
    {
        // the tracer counts how often each element of in[] is read
        char watch[64];
        snprintf(watch, sizeof watch, "%llu %zu", (unsigned long long)(uintptr_t)a.in, a.n);
        setenv("RV_TRACER_WATCH", watch, 1);
        // the first launch is the traced one: its time under the tracer too
        check(cudaEventRecord(e0, s), "cudaEventRecord");
        const float *at = reduce_all(a, block, s, true, true, &first, r);
        // the traced calls are over: the tracer reads the reads of in[]
        // back at the next wait, once, not at every pass's
        setenv("RV_TRACER_OVER", "1", 1);
        check(cudaEventRecord(e1, s), "cudaEventRecord");
        // that wait: a copy back is no wait the tracer is told of
        check(cudaStreamSynchronize(s), "your kernel failed");
        float sum = read_sum(at), whole;
        check(cudaEventElapsedTime(&whole, e0, e1), "cudaEventElapsedTime");
        fprintf(r, "sum %.9g\nfirst_partials %u\nin %llu %zu\nout %llu %zu\ntraced_ms %.6f\n", sum, first,
                (unsigned long long)(uintptr_t)a.in, a.n, (unsigned long long)(uintptr_t)a.out[0], a.nslots, whole);
    }
    turn('e');
    if (fclose(r) != 0) { fprintf(stderr, "cannot write %s\n", argv[5]); return 3; }
    return 0;
}
#endif // RV_JUDGE_RUNNER
