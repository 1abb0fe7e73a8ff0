// gpu_bench.cu — `bench` on the GPU: times every version of the table and CUB's
// cub::DeviceReduce::Sum on the same array, beside a device-to-device copy
// that shows what the memory really delivers, and checks every sum against
// the CPU's.
//
// What one figure means: the whole reduction down to one number (every pass
// of rv_reduce_all, a single-pass version's launch (with what its launcher
// zeroes first), or CUB's
// whole call), timed with CUDA events around that run alone.  At each N the
// copy, every version and CUB take turns: warm-up rounds first (they load
// the kernels and warm caches and TLBs), then R timed rounds, each running
// every variant once, round r starting at the r-th variant, so that no
// version owns a quiet or a busy stretch of time and each follows a
// different neighbour.  The host waits once a round, never between runs,
// and queues the whole round while the GPU is held (a one-thread kernel that
// waits for the host's word): at small N a run is shorter than the host's
// time to queue it, so an idle GPU would otherwise wait inside a run's
// events for the next launch to arrive, and the figure would be the host's
// pace, changing with whatever ran just before (v8 at 2^22 took 7.1 or 10 us
// by its place in the round; Nsight Compute gave its kernel 5.9 us every time).
// Median, quartiles and extremes of the R runs of each variant.  Warm mode
// (the default) leaves L2 as the previous run left it; cold mode writes a
// buffer twice the L2's size before every timed run, outside its events,
// as CUB's own benchmarks (nvbench) flush it.
//
// Each version's sum is read from one more run after the timed rounds (the
// rounds share the scratch space), and judged by rv_sum_matches.
//
// The array is uploaded once, at the largest N; a sweep reduces its first N
// elements for each smaller N, and the CPU sums are taken at those same
// points.  What follows from the times (GB/s, percentages, speedups) is
// derived in results.c, which also prints the table and writes the JSON.
#include <dlfcn.h>
#include <math.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <vector>

#include <cub/cub.cuh>

#include "gpu.h"
#include "gpu_reduce.h"
#include "core/results.h"

#define RV_BENCH_WARMUP       3            // untimed runs before the timed ones
#define RV_BENCH_SWEEP_FIRST  20           // --sweep: N = 2^20 ..
#define RV_BENCH_SWEEP_LAST   30           //          .. 2^30
#define RV_BENCH_MAX_SIZES    (RV_BENCH_SWEEP_LAST - RV_BENCH_SWEEP_FIRST + 1)
#define RV_BENCH_CHUNK        (1u << 24)   // elements filled on the host at a time
#define RV_BENCH_SLACK        (16u << 20)  // bytes for cudaMalloc's rounding
// The variants that take turns at each N: the copy, every version, CUB.
#define RV_BENCH_COPY         0
#define RV_BENCH_CUB          (RV_NUM_VERSIONS + 1)
#define RV_BENCH_NVARIANTS    (RV_NUM_VERSIONS + 2)

// The version of variant k (1 .. RV_NUM_VERSIONS): the versions in teaching order.
static int version_of(int k) { return rv_version_at(k - 1)->id; }

// Whether variant k runs on this GPU: the copy and CUB always; a version
// unless its row asks for a newer GPU (v10's clusters), said once on stderr.
static bool variant_runs(int k)
{
    static int known[RV_BENCH_NVARIANTS]; // 0: not asked yet, 1: runs, -1: does not
    if (k == RV_BENCH_COPY || k == RV_BENCH_CUB) return true;
    if (!known[k]) {
        char why[256];
        known[k] = rv_version_runs_here(version_of(k), why, sizeof why) ? 1 : -1;
        if (known[k] < 0) fprintf(stderr, "bench: %s is left out: %s\n", rv_version_name(version_of(k)), why);
    }
    return known[k] > 0;
}

// Everything the bench keeps on the GPU, allocated once for the largest N.
struct bench_gpu {
    float *d_in = nullptr;              // the array
    float *d_copy = nullptr;            // where the copy test writes
    float *scratch = nullptr;           // partial sums for rv_reduce_all
    float *d_cub_sum = nullptr;         // CUB's result
    void *cub_temp = nullptr;           // CUB's temporary storage
    size_t cub_bytes = 0;
    std::vector<cudaEvent_t> events;    // two a variant: the start and end of its run in a round
    void *flush = nullptr;              // cold mode: written before every timed run
    size_t flush_bytes = 0;             // twice the L2
    int *hold = nullptr;                // the hold's words, in host memory the GPU maps: [0] go, [1] gave up
    int *d_hold = nullptr;              // ... as the GPU sees them
};

// ==== the device ==========================================================

// 13000 -> "13.0"
static void version_name(int v, char *buf, size_t len)
{
    snprintf(buf, len, "%d.%d", v / 1000, v % 1000 / 10);
}

static void utc_now(char *buf, size_t len)
{
    time_t now = time(nullptr);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &utc);
}

// Double data rate: two transfers per memory clock, as NVIDIA's own samples count.
static void set_peak(rv_results_meta *m, double mhz, unsigned bits, const char *from)
{
    m->theoretical_gbps = 2.0 * mhz * 1e6 * (bits / 8.0) / 1e9;
    snprintf(m->theoretical_source, sizeof m->theoretical_source,
             "%s: memory clock %.0f MHz x %u-bit bus x 2 (double data rate)", from, mhz, bits);
}

// The memory clock (MHz) and bus width from NVML, loaded at run time so that
// the program starts on machines without the driver's library.
static int nvml_memory(int dev, unsigned *mhz, unsigned *bits, char *why, size_t len)
{
    typedef struct nvmlDevice_st *nvml_device;
    typedef int (*init_fn)(void);
    typedef int (*by_bus_fn)(const char *, nvml_device *);
    typedef int (*clock_fn)(nvml_device, int, unsigned *);
    typedef int (*width_fn)(nvml_device, unsigned *);
    const int NVML_CLOCK_MEM = 2, NVML_SUCCESS = 0;
    void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(why, len, "libnvidia-ml.so.1 could not be loaded");
        return -1;
    }
    init_fn init = reinterpret_cast<init_fn>(dlsym(lib, "nvmlInit_v2"));
    init_fn shutdown = reinterpret_cast<init_fn>(dlsym(lib, "nvmlShutdown"));
    by_bus_fn by_bus = reinterpret_cast<by_bus_fn>(dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2"));
    clock_fn max_clock = reinterpret_cast<clock_fn>(dlsym(lib, "nvmlDeviceGetMaxClockInfo"));
    width_fn bus_width = reinterpret_cast<width_fn>(dlsym(lib, "nvmlDeviceGetMemoryBusWidth"));
    char bus[32];
    nvml_device d = nullptr;
    int rc = -1;
    if (!init || !shutdown || !by_bus || !max_clock || !bus_width)
        snprintf(why, len, "libnvidia-ml.so.1 lacks the functions needed");
    else if (cudaDeviceGetPCIBusId(bus, sizeof bus, dev) != cudaSuccess)
        snprintf(why, len, "the GPU's PCI bus id is unknown");
    else if (init() != NVML_SUCCESS)
        snprintf(why, len, "NVML did not start");
    else {
        if (by_bus(bus, &d) == NVML_SUCCESS && max_clock(d, NVML_CLOCK_MEM, mhz) == NVML_SUCCESS &&
            bus_width(d, bits) == NVML_SUCCESS && *mhz > 0 && *bits > 0)
            rc = 0;
        else
            snprintf(why, len, "NVML reports no memory clock or bus width for GPU %s", bus);
        shutdown();
    }
    dlclose(lib);
    return rc;
}

// The theoretical peak: from the runtime's device attributes (CUDA 13 took
// the clock out of cudaDeviceProp), else from NVML, else unknown (NAN) with
// the reason: never a guess.
static void find_peak(int dev, rv_results_meta *m)
{
    int khz = 0, bits = 0;
    unsigned mhz = 0, nvml_bits = 0;
    char why[160];
    if (cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, dev) == cudaSuccess &&
        cudaDeviceGetAttribute(&bits, cudaDevAttrGlobalMemoryBusWidth, dev) == cudaSuccess && khz > 0 && bits > 0) {
        set_peak(m, khz / 1000.0, (unsigned)bits, "cudaDeviceGetAttribute");
        return;
    }
    cudaGetLastError(); // a failed query is not sticky; do not leave it for the next check
    if (nvml_memory(dev, &mhz, &nvml_bits, why, sizeof why) == 0) {
        set_peak(m, mhz, nvml_bits, "NVML");
        return;
    }
    m->theoretical_gbps = NAN;
    snprintf(m->theoretical_source, sizeof m->theoretical_source,
             "the CUDA runtime reports no memory clock or bus width, and %s", why);
}

// The device, the versions, the date, the options: everything but the runs.
static int describe(const rv_bench_opts *opts, uint64_t main_n, rv_results_meta *m, char *err, size_t errlen)
{
    int dev = 0, driver = 0, runtime = 0, l2 = 0;
    cudaDeviceProp prop;
    RV_CUDA(cudaGetDevice(&dev), "finding the GPU");
    RV_CUDA(cudaGetDeviceProperties(&prop, dev), "reading the GPU's properties");
    RV_CUDA(cudaDriverGetVersion(&driver), "asking the driver's version");
    RV_CUDA(cudaRuntimeGetVersion(&runtime), "asking the runtime's version");
    RV_CUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev), "asking the L2 cache's size");
    snprintf(m->device, sizeof m->device, "%s", prop.name);
    snprintf(m->compute_capability, sizeof m->compute_capability, "%d.%d", prop.major, prop.minor);
    version_name(driver, m->driver_version, sizeof m->driver_version);
    version_name(runtime, m->runtime_version, sizeof m->runtime_version);
    utc_now(m->date, sizeof m->date);
    m->l2_bytes = (uint64_t)l2;
    m->n = main_n;
    m->sweep = opts->sweep;
    m->block_size = opts->block_size;
    m->repeat = opts->repeat;
    m->warmup = RV_BENCH_WARMUP;
    m->cold = opts->cold;
    m->interleaved = 1;
    m->held = 1;
    rv_data_name(opts->data, m->data, sizeof m->data);
    find_peak(dev, m);
    return 0;
fail:
    return -1;
}

// ==== memory ==============================================================

// The N to time, ascending; returns how many.
static int bench_sizes(const rv_bench_opts *opts, uint64_t *sizes)
{
    if (!opts->sweep) {
        sizes[0] = opts->n;
        return 1;
    }
    for (int k = RV_BENCH_SWEEP_FIRST; k <= RV_BENCH_SWEEP_LAST; k++) sizes[k - RV_BENCH_SWEEP_FIRST] = 1ull << k;
    return RV_BENCH_MAX_SIZES;
}

// The block size version v runs at: its tuned one (if its row has one) unless a size was
// given, else the one asked for, or its minimum.  Every run records its own.
static int bench_block(int v, const rv_bench_opts *opts)
{
    if (!opts->block_given && rv_version(v)->tuned_block) return rv_version(v)->tuned_block;
    return std::max(opts->block_size, rv_version(v)->min_block);
}

// Floats of partial sums the hungriest version needs at n (it grows with n).
static size_t scratch_floats(const rv_bench_opts *opts, uint64_t n)
{
    size_t most = 0;
    for (int k = 1; k <= RV_NUM_VERSIONS; k++)
        if (variant_runs(k)) most = std::max(most, rv_reduce_scratch(version_of(k), bench_block(version_of(k), opts), (unsigned)n));
    return most;
}

// CUB's temporary storage for the largest need among the sizes.
static cudaError_t cub_bytes(const uint64_t *sizes, int count, size_t *bytes)
{
    *bytes = 0;
    for (int i = 0; i < count; i++) {
        size_t b = 0;
        cudaError_t e = cub::DeviceReduce::Sum(nullptr, b, (const float *)nullptr, (float *)nullptr, (unsigned)sizes[i]);
        if (e != cudaSuccess) return e;
        *bytes = std::max(*bytes, b);
    }
    return cudaSuccess;
}

static int check_memory(uint64_t n, size_t need, char *err, size_t errlen)
{
    size_t free_b = 0, total_b = 0;
    char name[32];
    RV_CUDA(cudaMemGetInfo(&free_b, &total_b), "querying GPU memory");
    if (need <= free_b) return 0;
    rv_results_n_name(n, name, sizeof name);
    snprintf(err, errlen,
             "N = %s needs %.2f GiB on the GPU (the array, a second one for the copy test, partial sums, "
             "CUB's temporary storage), but only %.2f GiB of its %.2f GiB are free",
             name, need / 1073741824.0, free_b / 1073741824.0, total_b / 1073741824.0);
    return -1;
fail:
    return -1;
}

// Fills the array chunk by chunk on the host (no host copy of a 4 GiB array),
// summing it in double as it goes, in index order like rv_upload_pattern:
// cpu_sums[k] is the sum of the first sizes[k] elements.
static int upload(rv_data data, const uint64_t *sizes, int count, float *d_in, double *cpu_sums, char *err,
                  size_t errlen)
{
    std::vector<float> host(std::min<uint64_t>(RV_BENCH_CHUNK, sizes[count - 1]));
    double sum = 0.0;
    uint64_t first = 0;
    for (int k = 0; k < count; k++) {
        while (first < sizes[k]) {
            uint64_t len = std::min<uint64_t>(RV_BENCH_CHUNK, sizes[k] - first);
            rv_data_fill(data, host.data(), first, len);
            for (uint64_t i = 0; i < len; i++) sum += host[i];
            RV_CUDA(cudaMemcpy(d_in + first, host.data(), len * sizeof(float), cudaMemcpyHostToDevice),
                    "copying the array to the GPU");
            first += len;
        }
        cpu_sums[k] = sum;
    }
    return 0;
fail:
    return -1;
}

// Checks that everything fits, allocates it, uploads the array.
static int setup(bench_gpu &g, const rv_bench_opts *opts, const uint64_t *sizes, int count, double *cpu_sums,
                 char *err, size_t errlen)
{
    uint64_t n = sizes[count - 1];
    size_t array = n * sizeof(float), scratch = scratch_floats(opts, n) * sizeof(float);
    RV_CUDA(cub_bytes(sizes, count, &g.cub_bytes), "asking CUB how much temporary storage it needs");
    if (opts->cold) {
        int l2 = 0;
        RV_CUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0), "asking the L2 cache's size");
        g.flush_bytes = 2 * (size_t)std::max(l2, 1 << 20);
    }
    if (check_memory(n, 2 * array + scratch + g.cub_bytes + g.flush_bytes + sizeof(float) + RV_BENCH_SLACK, err,
                     errlen))
        return -1;
    if (g.flush_bytes) RV_CUDA(cudaMalloc(&g.flush, g.flush_bytes), "allocating the buffer that flushes L2");
    RV_CUDA(cudaMalloc(&g.d_in, array), "allocating the array on the GPU");
    RV_CUDA(cudaMalloc(&g.d_copy, array), "allocating the copy test's destination");
    RV_CUDA(cudaMalloc(&g.scratch, scratch), "allocating partial sums");
    RV_CUDA(cudaMalloc(&g.d_cub_sum, sizeof(float)), "allocating CUB's result");
    RV_CUDA(cudaMalloc(&g.cub_temp, std::max<size_t>(g.cub_bytes, 1)), "allocating CUB's temporary storage");
    RV_CUDA(cudaHostAlloc((void **)&g.hold, 2 * sizeof(int), cudaHostAllocMapped), "allocating the hold's word");
    RV_CUDA(cudaHostGetDevicePointer((void **)&g.d_hold, g.hold, 0), "mapping the hold's word");
    g.events.assign(2 * RV_BENCH_NVARIANTS, nullptr);
    for (cudaEvent_t &e : g.events) RV_CUDA(cudaEventCreate(&e), "creating CUDA events");
    return upload(opts->data, sizes, count, g.d_in, cpu_sums, err, errlen);
fail:
    return -1;
}

static void release(bench_gpu &g)
{
    cudaFree(g.d_in);
    cudaFree(g.d_copy);
    cudaFree(g.scratch);
    cudaFree(g.d_cub_sum);
    cudaFree(g.cub_temp);
    cudaFree(g.flush);
    cudaFreeHost(g.hold);
    for (cudaEvent_t e : g.events)
        if (e) cudaEventDestroy(e);
}

// ==== timing ==============================================================

// Queues one run of variant k (the copy, a version, or CUB) at n and
// returns its launch error; *d_result: where a version's sum lands.
static cudaError_t run_variant(bench_gpu &g, const rv_bench_opts *opts, int k, uint64_t n, float **d_result)
{
    if (k == RV_BENCH_COPY)
        return cudaMemcpyAsync(g.d_copy, g.d_in, n * sizeof(float), cudaMemcpyDeviceToDevice, 0);
    if (k == RV_BENCH_CUB) {
        size_t bytes = g.cub_bytes;
        *d_result = g.d_cub_sum;
        return cub::DeviceReduce::Sum(g.cub_temp, bytes, (const float *)g.d_in, g.d_cub_sum, (unsigned)n,
                                      (cudaStream_t)0);
    }
    int v = version_of(k);
    *d_result = rv_reduce_all(v, bench_block(v, opts), g.d_in, (unsigned)n, g.scratch, 0);
    return cudaGetLastError();
}

// The value at fraction p of the sorted times, between neighbours.
static double quantile(const std::vector<float> &sorted, double p)
{
    double at = p * (double)(sorted.size() - 1);
    size_t i = (size_t)at;
    if (i + 1 >= sorted.size()) return sorted.back();
    return sorted[i] + (at - (double)i) * ((double)sorted[i + 1] - sorted[i]);
}

static void spread(std::vector<float> &ms, rv_result_run *run)
{
    std::sort(ms.begin(), ms.end());
    run->min_ms = ms.front();
    run->q1_ms = quantile(ms, 0.25);
    run->median_ms = quantile(ms, 0.5);
    run->q3_ms = quantile(ms, 0.75);
    run->max_ms = ms.back();
}

// The hold: one thread that keeps the stream waiting until the host writes
// word[0], or gives up after RV_BENCH_HOLD_NS and says so in word[1] (the
// host was held up longer than any round takes to queue: the round's times
// may then hold the host's pace, and it is run again).  The judged calls'
// windows hold the GPU the same way (src/tracer/driver.cu, which is built
// alone into a student's program and so keeps its own copy).
#define RV_BENCH_HOLD_NS     (200ull * 1000 * 1000)
#define RV_BENCH_HOLD_TRIES  3

__global__ void hold_gpu(volatile int *word)
{
    unsigned long long start, now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    do {
        if (word[0]) return;
        __nanosleep(1000);
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    } while (now - start < RV_BENCH_HOLD_NS);
    word[1] = 1;
}

// One round: every variant queued once, starting at variant `first`, each
// between its own two events (after the L2 flush in cold mode); waits for
// the last.  A timed round is queued while the GPU is held, then let go, and
// ms[k] gets variant k's time; a warm-up round is not held (it loads the
// kernels, which must not wait behind the hold).
static int round_of_runs(bench_gpu &g, const rv_bench_opts *opts, uint64_t n, int first, int timed,
                         std::vector<std::vector<float>> &ms, char *err, size_t errlen)
{
    float *d_result = nullptr;
    for (int tries = 1;; tries++) {
        __atomic_store_n(&g.hold[0], !timed, __ATOMIC_SEQ_CST);
        g.hold[1] = 0;
        if (timed) {
            hold_gpu<<<1, 1, 0, 0>>>(g.d_hold);
            RV_CUDA(cudaGetLastError(), "holding the GPU while a round is queued");
        }
        for (int j = 0; j < RV_BENCH_NVARIANTS; j++) {
            int k = (first + j) % RV_BENCH_NVARIANTS;
            if (!variant_runs(k)) continue;
            if (g.flush) RV_CUDA(cudaMemsetAsync(g.flush, j & 0xff, g.flush_bytes, 0), "flushing L2");
            RV_CUDA(cudaEventRecord(g.events[2 * k], 0), "recording an event");
            RV_CUDA(run_variant(g, opts, k, n, &d_result), timed ? "launching a timed run" : "launching a warm-up run");
            RV_CUDA(cudaEventRecord(g.events[2 * k + 1], 0), "recording an event");
        }
        __atomic_store_n(&g.hold[0], 1, __ATOMIC_SEQ_CST);
        RV_CUDA(cudaDeviceSynchronize(), "running a round of runs");
        if (!__atomic_load_n(&g.hold[1], __ATOMIC_SEQ_CST)) break;
        if (tries == RV_BENCH_HOLD_TRIES) {
            snprintf(err, errlen, "the host took longer than %llu ms to queue a round of runs, %d times: "
                     "the times would include its pace (is the machine overloaded?)",
                     RV_BENCH_HOLD_NS / 1000000, tries);
            return -1;
        }
    }
    for (int k = 0; timed && k < RV_BENCH_NVARIANTS; k++) {
        float t = 0.0f;
        if (!variant_runs(k)) continue;
        RV_CUDA(cudaEventElapsedTime(&t, g.events[2 * k], g.events[2 * k + 1]), "reading the events");
        ms[k].push_back(t);
    }
    return 0;
fail:
    return -1;
}

// Variant k's sum, from one more run on its own after the timed rounds.
static int variant_sum(bench_gpu &g, const rv_bench_opts *opts, int k, uint64_t n, double *sum, char *err,
                       size_t errlen)
{
    float *d_result = nullptr, s = 0.0f;
    RV_CUDA(run_variant(g, opts, k, n, &d_result), "launching the run that checks the sum");
    RV_CUDA(cudaMemcpy(&s, d_result, sizeof s, cudaMemcpyDeviceToHost), "reading the sum back");
    *sum = s;
    return 0;
fail:
    return -1;
}

// Threads that read the array in variant k's first pass at n, for the
// rounding bound of its sum.  CUB chooses its own grid; its even-share plan
// gives every SM at least one block of 256 threads with 16 floats each, so
// the bound assumes fewer threads (longer chains) than it can have.
static uint64_t variant_threads(const rv_bench_opts *opts, int k, uint64_t n)
{
    if (k == RV_BENCH_CUB) {
        int sms = 1;
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
        return std::max<uint64_t>(1, std::min<uint64_t>(n / 32, (uint64_t)sms * 128));
    }
    int v = version_of(k), block = bench_block(v, opts);
    return (uint64_t)rv_grid_on_gpu(v, block, (unsigned)n) * (uint64_t)block;
}

// ==== progress ============================================================

// A bar on stderr, redrawn in place; only on a terminal.
struct bench_progress {
    int done, total, on;
};

static void progress_show(const bench_progress &p, const char *what, uint64_t n)
{
    static const char bar[] = "##############################";
    const int width = (int)sizeof bar - 1;
    int filled = p.done * width / p.total;
    char name[32];
    if (!p.on) return;
    rv_results_n_name(n, name, sizeof name);
    fprintf(stderr, "\r  bench [%.*s%*s] %3d%%  %-4s at N = %-10s", filled, bar, width - filled, "",
            100 * p.done / p.total, what, name);
    fflush(stderr);
}

static void progress_clear(const bench_progress &p)
{
    if (p.on) fprintf(stderr, "\r%*s\r", 72, "");
}

// ==== the bench ===========================================================

// At every size: warm-up rounds, the timed rounds, then each version's sum
// checked; one run per variant (the copy's bandwidth goes beside each).
static int measure(bench_gpu &g, const rv_bench_opts *opts, const uint64_t *sizes, const double *cpu_sums,
                   int count, rv_results *res, bench_progress &p, char *err, size_t errlen)
{
    for (int i = 0; i < count; i++) {
        uint64_t n = sizes[i];
        std::vector<std::vector<float>> ms(RV_BENCH_NVARIANTS);
        progress_show(p, "warm-up", n);
        for (int r = 0; r < RV_BENCH_WARMUP; r++)
            if (round_of_runs(g, opts, n, r, 0, ms, err, errlen)) return -1;
        for (int r = 0; r < opts->repeat; r++) {
            if (round_of_runs(g, opts, n, r, 1, ms, err, errlen)) return -1;
            p.done++;
            progress_show(p, "rounds", n);
        }
        rv_result_run copy = {};
        spread(ms[RV_BENCH_COPY], &copy);
        double copy_gbps = 2.0 * n * sizeof(float) / (copy.median_ms * 1e6);
        for (int k = 1; k < RV_BENCH_NVARIANTS; k++) {
            if (!variant_runs(k)) continue; // no run, no row: the table and the JSON say nothing of it
            rv_result_run run = {};
            int is_cub = k == RV_BENCH_CUB;
            snprintf(run.version, sizeof run.version, "%s", is_cub ? "cub" : rv_version(version_of(k))->name);
            run.block_size = is_cub ? 0 : bench_block(version_of(k), opts);
            spread(ms[k], &run);
            if (variant_sum(g, opts, k, n, &run.gpu_sum, err, errlen)) return -1;
            run.n = n;
            run.copy_gbps = copy_gbps;
            run.cpu_sum = cpu_sums[i];
            run.correct = rv_sum_matches(run.gpu_sum, run.cpu_sum, opts->data, n, variant_threads(opts, k, n));
            if (rv_results_add(res, &run)) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
        }
    }
    return 0;
}

// Writes the JSON, then reports any sum that failed: after everything is out.
static int finish(const rv_results *res, const char *out_json, char *err, size_t errlen)
{
    int failed = rv_results_failures(res);
    if (out_json) {
        if (rv_results_save(res, out_json, err, errlen)) return -1;
        printf("results written to %s\n", out_json);
    }
    if (failed) {
        snprintf(err, errlen, "%d of %d sums did not match the CPU's (marked FAILED in the table%s)", failed,
                 rv_results_count(res), out_json ? " and the JSON" : "");
        return -1;
    }
    return 0;
}

// The options come checked from the command line; this guards other callers.
static int check_opts(const rv_bench_opts *opts, char *err, size_t errlen)
{
    const char *why = rv_version_check_block(0, opts->block_size);
    if (why) snprintf(err, errlen, "block size %d: %s", opts->block_size, why);
    else if (opts->repeat < 1) snprintf(err, errlen, "repeat must be at least 1");
    else if (!opts->sweep && (opts->n == 0 || opts->n > RV_MAX_N)) snprintf(err, errlen, "N must be from 1 to 2^31");
    else return 0;
    return -1;
}

extern "C" int rv_gpu_bench(const rv_bench_opts *opts, char *err, size_t errlen)
{
    uint64_t sizes[RV_BENCH_MAX_SIZES];
    double cpu_sums[RV_BENCH_MAX_SIZES];
    int count = bench_sizes(opts, sizes), rc = -1;
    bench_progress progress = {0, count * opts->repeat, isatty(fileno(stderr))};
    rv_results_meta meta = {};
    rv_results *res = nullptr;
    bench_gpu g;

    if (check_opts(opts, err, errlen) || describe(opts, sizes[count - 1], &meta, err, errlen)) return -1;
    if (!(res = rv_results_new(&meta))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    progress_show(progress, "fill", sizes[count - 1]); // filling 2^30 floats on the host takes seconds
    if (setup(g, opts, sizes, count, cpu_sums, err, errlen) == 0 &&
        measure(g, opts, sizes, cpu_sums, count, res, progress, err, errlen) == 0) {
        progress_clear(progress);
        rv_results_derive(res);
        rv_results_print_table(res, stdout);
        rc = finish(res, opts->out_json, err, errlen);
    } else {
        progress_clear(progress);
    }
    release(g);
    rv_results_free(res);
    return rc;
}
