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
//   driver trace IN N BLOCK RESULT   one whole reduction, every call of
//                                    launch() armed for the tracer (which
//                                    records every kernel launch it makes)
//   driver time  IN N BLOCK RESULT   3 untimed, then 20 timed whole reductions
//                                    (CUDA events around each), no tracer
//
// IN holds N floats (written by reducevis from its data patterns).  RESULT
// gets `key value` lines: the sum, the first pass's partial count, where the
// arrays were for each call of launch() (to name global accesses), the times.  Exit 0; 3 with a message
// on stderr when CUDA or the student's launch fails.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream);

static void die(const char *what, cudaError_t e)
{
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
        if (arm) { setenv("RV_TRACER_CALL", k, 1); setenv("RV_TRACER_ARMED", "1", 1); }
        unsigned g = launch(src, a.out[which], (unsigned)m, block, s);
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

int main(int argc, char **argv)
{
    if (argc != 6 || (strcmp(argv[1], "trace") && strcmp(argv[1], "time"))) {
        fprintf(stderr, "usage: %s trace|time IN N BLOCK RESULT\n", argv[0]);
        return 1;
    }
    bool trace = !strcmp(argv[1], "trace");
    arrays a;
    a.n = strtoull(argv[3], nullptr, 10);
    unsigned block = (unsigned)strtoul(argv[4], nullptr, 10);
    a.nslots = slots(a.n);
    std::vector<float> host(a.n);
    FILE *f = fopen(argv[2], "rb");
    if (!f || fread(host.data(), sizeof(float), a.n, f) != a.n) { fprintf(stderr, "cannot read %s\n", argv[2]); return 3; }
    fclose(f);
    check(cudaMalloc(&a.in, a.n * sizeof(float)), "cudaMalloc");
    for (float *&o : a.out) {
        check(cudaMalloc(&o, a.nslots * sizeof(float)), "cudaMalloc");
        check(cudaMemset(o, 0, a.nslots * sizeof(float)), "cudaMemset");
    }
    check(cudaMemcpy(a.in, host.data(), a.n * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
    cudaStream_t s;
    check(cudaStreamCreate(&s), "cudaStreamCreate");
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");

    FILE *r = fopen(argv[5], "w");
    if (!r) { fprintf(stderr, "cannot write %s\n", argv[5]); return 3; }
    unsigned first = 0;
    cudaEvent_t e0, e1;
    check(cudaEventCreate(&e0), "cudaEventCreate");
    check(cudaEventCreate(&e1), "cudaEventCreate");
    if (trace) {
        // the tracer counts how often each element of in[] is read
        char watch[64];
        snprintf(watch, sizeof watch, "%llu %zu", (unsigned long long)(uintptr_t)a.in, a.n);
        setenv("RV_TRACER_WATCH", watch, 1);
        // the first launch is the traced one: its time under the tracer too
        check(cudaEventRecord(e0, s), "cudaEventRecord");
        const float *at = reduce_all(a, block, s, true, true, &first, r);
        check(cudaEventRecord(e1, s), "cudaEventRecord");
        float sum = read_sum(at), whole;
        check(cudaEventElapsedTime(&whole, e0, e1), "cudaEventElapsedTime");
        fprintf(r, "sum %.9g\nfirst_partials %u\nin %llu %zu\nout %llu %zu\ntraced_ms %.6f\n", sum, first,
                (unsigned long long)(uintptr_t)a.in, a.n, (unsigned long long)(uintptr_t)a.out[0], a.nslots, whole);
    } else {
        float sum = read_sum(reduce_all(a, block, s, false, true, &first));
        for (int i = 0; i < 2; i++) reduce_all(a, block, s, false, false, nullptr);
        std::vector<float> ms;
        for (int i = 0; i < 20; i++) {
            check(cudaEventRecord(e0, s), "cudaEventRecord");
            const float *at = reduce_all(a, block, s, false, false, nullptr);
            check(cudaEventRecord(e1, s), "cudaEventRecord");
            sum = read_sum(at);
            check(cudaEventSynchronize(e1), "cudaEventSynchronize");
            float t;
            check(cudaEventElapsedTime(&t, e0, e1), "cudaEventElapsedTime");
            ms.push_back(t);
        }
        fprintf(r, "sum %.9g\nfirst_partials %u\nms", sum, first);
        for (float t : ms) fprintf(r, " %.6f", t);
        fprintf(r, "\n");
    }
    if (fclose(r) != 0) { fprintf(stderr, "cannot write %s\n", argv[5]); return 3; }
    return 0;
}
