// gpu_bench.cu — `bench` on the GPU: times every version of the table and CUB's
// cub::DeviceReduce::Sum on the same array, beside a device-to-device copy
// that shows what the memory really delivers, and checks every sum against
// the CPU's.
//
// What one figure means: the whole reduction down to one number (every pass
// of rv_reduce_all, a single-pass version's launch (with what its launcher
// zeroes first), or CUB's
// whole call), timed with CUDA events.  Warm-up runs come first (they load
// the kernel and warm caches and TLBs); then the R timed runs are queued
// back to back with one event between each two, and the host waits only at
// the end, so the GPU never idles waiting for the host between runs.  Median and minimum of the R intervals.
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
#include "results.h"

#define RV_BENCH_WARMUP       3            // untimed runs before the timed ones
#define RV_BENCH_SWEEP_FIRST  20           // --sweep: N = 2^20 ..
#define RV_BENCH_SWEEP_LAST   30           //          .. 2^30
#define RV_BENCH_MAX_SIZES    (RV_BENCH_SWEEP_LAST - RV_BENCH_SWEEP_FIRST + 1)
#define RV_BENCH_CHUNK        (1u << 24)   // elements filled on the host at a time
#define RV_BENCH_SLACK        (16u << 20)  // bytes for cudaMalloc's rounding

// Everything the bench keeps on the GPU, allocated once for the largest N.
struct bench_gpu {
    float *d_in = nullptr;              // the array
    float *d_copy = nullptr;            // where the copy test writes
    float *scratch = nullptr;           // partial sums for rv_reduce_all
    float *d_cub_sum = nullptr;         // CUB's result
    void *cub_temp = nullptr;           // CUB's temporary storage
    size_t cub_bytes = 0;
    std::vector<cudaEvent_t> events;    // repeat + 1: the boundaries of the timed runs
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
    for (int v = 0; v < RV_NUM_VERSIONS; v++)
        most = std::max(most, rv_reduce_scratch(v, bench_block(v, opts), (unsigned)n));
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
    if (check_memory(n, 2 * array + scratch + g.cub_bytes + sizeof(float) + RV_BENCH_SLACK, err, errlen)) return -1;
    RV_CUDA(cudaMalloc(&g.d_in, array), "allocating the array on the GPU");
    RV_CUDA(cudaMalloc(&g.d_copy, array), "allocating the copy test's destination");
    RV_CUDA(cudaMalloc(&g.scratch, scratch), "allocating partial sums");
    RV_CUDA(cudaMalloc(&g.d_cub_sum, sizeof(float)), "allocating CUB's result");
    RV_CUDA(cudaMalloc(&g.cub_temp, std::max<size_t>(g.cub_bytes, 1)), "allocating CUB's temporary storage");
    g.events.assign(opts->repeat + 1, nullptr);
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
    for (cudaEvent_t e : g.events)
        if (e) cudaEventDestroy(e);
}

// ==== timing ==============================================================

// Runs `run` (which queues one whole reduction and returns its launch error)
// RV_BENCH_WARMUP times untimed, then `repeat` times back to back between
// events; the median and minimum of the intervals go to *median and *min.
template <class Run>
static int time_runs(bench_gpu &g, int repeat, Run run, double *median, double *min, char *err, size_t errlen)
{
    std::vector<float> ms(repeat);
    for (int i = 0; i < RV_BENCH_WARMUP; i++) RV_CUDA(run(), "launching a warm-up run");
    RV_CUDA(cudaEventRecord(g.events[0], 0), "recording an event");
    for (int i = 0; i < repeat; i++) {
        RV_CUDA(run(), "launching a timed run");
        RV_CUDA(cudaEventRecord(g.events[i + 1], 0), "recording an event");
    }
    RV_CUDA(cudaEventSynchronize(g.events[repeat]), "running the timed runs");
    for (int i = 0; i < repeat; i++)
        RV_CUDA(cudaEventElapsedTime(&ms[i], g.events[i], g.events[i + 1]), "reading the events");
    std::sort(ms.begin(), ms.end());
    *min = ms[0];
    *median = repeat % 2 ? ms[repeat / 2] : 0.5 * ((double)ms[repeat / 2 - 1] + ms[repeat / 2]);
    return 0;
fail:
    return -1;
}

// The copy test: read n floats and write them elsewhere; both count.
static int time_copy(bench_gpu &g, uint64_t n, int repeat, double *gbps, char *err, size_t errlen)
{
    size_t bytes = n * sizeof(float);
    double median = 0.0, min = 0.0;
    auto copy = [&] { return cudaMemcpyAsync(g.d_copy, g.d_in, bytes, cudaMemcpyDeviceToDevice, 0); };
    if (time_runs(g, repeat, copy, &median, &min, err, errlen)) return -1;
    *gbps = 2.0 * bytes / (median * 1e6);
    return 0;
}

// Version v at n: times, and the sum of the last timed run.
static int time_version(bench_gpu &g, int v, int block, uint64_t n, int repeat, rv_result_run *run, char *err,
                        size_t errlen)
{
    float *d_result = nullptr, sum = 0.0f;
    auto reduce = [&] {
        d_result = rv_reduce_all(v, block, g.d_in, (unsigned)n, g.scratch, 0);
        return cudaGetLastError();
    };
    snprintf(run->version, sizeof run->version, "%s", rv_version(v)->name);
    run->block_size = block;
    if (time_runs(g, repeat, reduce, &run->median_ms, &run->min_ms, err, errlen)) return -1;
    RV_CUDA(cudaMemcpy(&sum, d_result, sizeof sum, cudaMemcpyDeviceToHost), "reading the sum back");
    run->gpu_sum = sum;
    return 0;
fail:
    return -1;
}

// CUB at n: it picks its own block size and number of passes.
static int time_cub(bench_gpu &g, uint64_t n, int repeat, rv_result_run *run, char *err, size_t errlen)
{
    float sum = 0.0f;
    auto reduce = [&] {
        size_t bytes = g.cub_bytes;
        return cub::DeviceReduce::Sum(g.cub_temp, bytes, (const float *)g.d_in, g.d_cub_sum, (unsigned)n,
                                      (cudaStream_t)0);
    };
    snprintf(run->version, sizeof run->version, "cub");
    run->block_size = 0;
    if (time_runs(g, repeat, reduce, &run->median_ms, &run->min_ms, err, errlen)) return -1;
    RV_CUDA(cudaMemcpy(&sum, g.d_cub_sum, sizeof sum, cudaMemcpyDeviceToHost), "reading CUB's sum back");
    run->gpu_sum = sum;
    return 0;
fail:
    return -1;
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

// Times the copy, every version and CUB at every size, adding one run per variant.
static int measure(bench_gpu &g, const rv_bench_opts *opts, const uint64_t *sizes, const double *cpu_sums,
                   int count, rv_results *res, bench_progress &p, char *err, size_t errlen)
{
    for (int k = 0; k < count; k++) {
        double copy_gbps = 0.0;
        progress_show(p, "copy", sizes[k]);
        if (time_copy(g, sizes[k], opts->repeat, &copy_gbps, err, errlen)) return -1;
        p.done++;
        for (int o = 0; o <= RV_NUM_VERSIONS; o++) { // in teaching order, then CUB
            rv_result_run run = {};
            int is_cub = o == RV_NUM_VERSIONS, v = is_cub ? -1 : rv_version_at(o)->id;
            progress_show(p, is_cub ? "cub" : rv_version(v)->name, sizes[k]);
            if (is_cub ? time_cub(g, sizes[k], opts->repeat, &run, err, errlen)
                       : time_version(g, v, bench_block(v, opts), sizes[k], opts->repeat, &run, err, errlen))
                return -1;
            run.n = sizes[k];
            run.copy_gbps = copy_gbps;
            run.cpu_sum = cpu_sums[k];
            // The patterns are non-negative, so the sum of |x| is the sum.
            run.correct = rv_sum_matches(run.gpu_sum, run.cpu_sum, fabs(run.cpu_sum));
            if (rv_results_add(res, &run)) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
            p.done++;
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
    bench_progress progress = {0, count * (1 + RV_RESULTS_NVARIANTS), isatty(fileno(stderr))};
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
