// copy_flood.cu — the trick: slow everyone else down instead of being fast.
// A correct reduction (two elements a thread, a tree in shared memory, one
// atomicAdd a block into out[0]: about 40% of v8's speed) whose host code
// keeps the GPU busy outside launch() with work that is not a kernel: after
// its first call returns, a thread of its own, and then, after main()
// returns, an atexit function, keep device-to-device copies and memsets of
// 512 MiB going on two streams of their own (8 s each, the thread's and the
// atexit function's overlapping), waiting only to keep the queue short.
//
// What it relies on: on a class's GPU a traced run took a turn for its
// kernels only; copies and memsets took none, and nothing was followed
// after main() returned.  So other checks' judged calls, timed with the GPU
// "alone", ran beside the flood, and so did the version to beat, whose time
// the checks of a class share for a minute (issue 58, on an H200: exercise
// 5's solution took 0.044 against 0.039 ms, v8 0.0480 against 0.042 ms, and
// this kind of file was told it ran at 102% of v8 where it runs at 88%).
//
// The judge must say: alone, "FAIL fast" (its own speed is its own: the
// runner never runs its host code).  In a class, its copies and memsets take
// the traced run's shared turn like kernels (src/tracer/turns.h), so no
// timed run runs beside them: a timed run waits for each batch, and once
// one has waited 5 s the run is stopped ("kept its turn on the class's GPU
// for over 5 s"); a v8 time spoilt anyway is not kept (mark_reuse.h).  And
// the turns it asks after launch() has returned are added up: at 2 s the
// run is stopped ("kept the GPU busy outside launch()": gpu_turn.h's
// RV_TURN_OUTSIDE_STOP_S), so it shares the GPU with the traced runs beside
// it for 2 s, not 9.
// tests/gpu/flood_fair.sh measures both on a GPU.
#include <cstdio>
#include <ctime>
#include <pthread.h>
#include <stdlib.h>

__global__ void tree_then_atomic(const float *in, float *total, unsigned int n)
{
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x * 2 + tid;
    float v = i < n ? in[i] : 0.0f;
    if (i + blockDim.x < n)
        v += in[i + blockDim.x];
    s[tid] = v;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid == 0)
        atomicAdd(total, s[0]);
}

static const size_t BYTES = 512u << 20;
static char *a, *b;
static cudaStream_t s0, s1;
static volatile int stop;
static pthread_t helper;
static bool started;

static double now_s()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

// copies on one stream, memsets on the other, for `seconds` (or until told
// to stop); four of each queued, then waited for, so the flood lasts by time
static void flood(double seconds, const char *who)
{
    double t0 = now_s();
    long ops = 0;
    while (!stop && now_s() - t0 < seconds) {
        for (int k = 0; k < 4; k++) {
            cudaMemcpyAsync(b, a, BYTES, cudaMemcpyDeviceToDevice, s0);
            cudaMemsetAsync(a, k, BYTES, s1);
            ops += 2;
        }
        cudaStreamSynchronize(s0);
        cudaStreamSynchronize(s1);
    }
    fprintf(stderr, "hostile copy_flood: %s queued %ld copies and memsets of 512 MiB in %.1f s\n", who, ops, now_s() - t0);
}

static volatile int ready;

// made after launch() returned, out of the call the judge records: the
// buffers, the streams, then the flood
static void *thread_flood(void *)
{
    timespec pause = {0, 200 * 1000 * 1000};
    nanosleep(&pause, nullptr);
    if (cudaMalloc(&a, BYTES) != cudaSuccess || cudaMalloc(&b, BYTES) != cudaSuccess ||
        cudaStreamCreateWithFlags(&s0, cudaStreamNonBlocking) != cudaSuccess ||
        cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking) != cudaSuccess)
        return nullptr;
    ready = 1;
    flood(8.0, "a thread");
    return nullptr;
}

// after main() returns (once the thread has its buffers, 2 s at most); the
// thread is stopped and waited for before CUDA is torn down, so that the
// program ends cleanly
static void at_exit_flood()
{
    double t0 = now_s();
    while (!ready && now_s() - t0 < 2.0) {
        timespec pause = {0, 10 * 1000 * 1000};
        nanosleep(&pause, nullptr);
    }
    if (ready) flood(8.0, "an atexit function");
    stop = 1;
    pthread_join(helper, nullptr);
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    tree_then_atomic<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    if (!started) {   // once: a thread, and the function run after main()
        started = true;
        if (pthread_create(&helper, nullptr, thread_flood, nullptr) == 0) atexit(at_exit_flood);
    }
    return 1;
}
