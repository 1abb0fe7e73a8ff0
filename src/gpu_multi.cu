// gpu_multi.cu — the reduction across GPUs: the array split over G GPUs, each
// reducing its slice with the single-pass kernel (rv_reduce_all: one launch,
// one number), then NCCL combining the G partial sums (ncclAllReduce, so
// every GPU holds the total, or ncclReduce to GPU 0), timed with CUDA events
// on every GPU and checked against the CPU's double-precision sum.
//
// Two ways to run the same per-GPU code (struct rank):
//   threads    one process, one thread per GPU (`bench --gpus`, `multi`)
//   processes  one process per GPU, the NCCL unique id passed through a file
//              or RV_NCCL_ID (`multi --rank R --nranks P`), as jobs over
//              several machines start
//
// NCCL's header comes from its package at build time (CMake finds it); the
// library, libnccl.so.2, is loaded at run time with dlopen, so reducevis runs
// everywhere and says which package to install where NCCL is missing.
//
// No wait on NCCL is unbounded: communicators are non-blocking, and every
// wait polls ncclCommGetAsyncError and the stream against a deadline, then
// ncclCommAbort — a process or GPU that dies ends the others with an error,
// not a hang.
#include <dlfcn.h>
#include <math.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include <nccl.h>

#include "gpu_reduce.h"
#include "i18n.h"
#include "multi.h"
#include "results.h"

#define RV_MULTI_WARMUP 3                 // untimed runs before the timed ones
#define RV_MULTI_CHUNK  (1u << 24)        // elements filled on the host at a time
#define RV_MULTI_SLACK  (64u << 20)       // bytes left free for NCCL's buffers and rounding

static_assert(RV_MULTI_ID_BYTES == NCCL_UNIQUE_ID_BYTES, "multi.h's id size is NCCL's");

static double now_s()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

// ==== NCCL, loaded at run time ============================================

struct nccl_api {
    void *lib = nullptr;
    int version = 0;
    char path[1024] = "";                 // the file loaded
    decltype(&ncclGetVersion) GetVersion;
    decltype(&ncclGetUniqueId) GetUniqueId;
    decltype(&ncclCommInitRankConfig) CommInitRankConfig;
    decltype(&ncclCommGetAsyncError) CommGetAsyncError;
    decltype(&ncclCommFinalize) CommFinalize;
    decltype(&ncclCommDestroy) CommDestroy;
    decltype(&ncclCommAbort) CommAbort;
    decltype(&ncclAllReduce) AllReduce;
    decltype(&ncclReduce) Reduce;
    decltype(&ncclGetErrorString) GetErrorString;
    decltype(&ncclGetLastError) GetLastError;
};

template <class F> static bool find(void *lib, const char *name, F &fn)
{
    fn = reinterpret_cast<F>(dlsym(lib, name));
    return fn != nullptr;
}

// libnccl.so.2 from the folder CMake found the header in (the wheel's
// nvidia/nccl/lib: the library that matches the header), else from the
// loader's path, or only the file RV_NCCL_LIB names when it is set; NULL with
// why, naming the package.
static const nccl_api *nccl_load(char *err, size_t errlen)
{
    static nccl_api api;
    static char why[600];
    static bool tried = false;
    if (tried) {
        if (!api.lib) snprintf(err, errlen, "%s", why);
        return api.lib ? &api : nullptr;
    }
    tried = true;
    rv_multi_nccl_env();
    const char *chosen = getenv("RV_NCCL_LIB");
    void *lib = nullptr;
    char first[300] = "";
#ifdef RV_NCCL_LIB_DIR
    if (!(chosen && *chosen)) {
        snprintf(api.path, sizeof api.path, "%s", RV_NCCL_LIB_DIR "/libnccl.so.2");
        lib = dlopen(api.path, RTLD_NOW | RTLD_LOCAL);
    }
#endif
    if (!lib) {
        snprintf(api.path, sizeof api.path, "%s", chosen && *chosen ? chosen : "libnccl.so.2");
        lib = dlopen(api.path, RTLD_NOW | RTLD_LOCAL);
        if (!lib) snprintf(first, sizeof first, "%s", dlerror());
    }
    if (!lib) {
        snprintf(why, sizeof why,
                 _("NCCL is missing: libnccl.so.2 could not be loaded (%s); install NCCL with "
                   "`pip install nvidia-nccl-cu13` and put its nvidia/nccl/lib folder on LD_LIBRARY_PATH, "
                   "or install the system's libnccl2"), first);
        snprintf(err, errlen, "%s", why);
        return nullptr;
    }
    bool ok = find(lib, "ncclGetVersion", api.GetVersion) && find(lib, "ncclGetUniqueId", api.GetUniqueId) &&
              find(lib, "ncclCommInitRankConfig", api.CommInitRankConfig) &&
              find(lib, "ncclCommGetAsyncError", api.CommGetAsyncError) &&
              find(lib, "ncclCommFinalize", api.CommFinalize) && find(lib, "ncclCommDestroy", api.CommDestroy) &&
              find(lib, "ncclCommAbort", api.CommAbort) && find(lib, "ncclAllReduce", api.AllReduce) &&
              find(lib, "ncclReduce", api.Reduce) && find(lib, "ncclGetErrorString", api.GetErrorString) &&
              find(lib, "ncclGetLastError", api.GetLastError);
    if (!ok || api.GetVersion(&api.version) != ncclSuccess) {
        snprintf(why, sizeof why, "%s", _("the libnccl.so.2 found is too old (it lacks non-blocking "
                                          "communicators); install a newer one with `pip install nvidia-nccl-cu13`"));
        snprintf(err, errlen, "%s", why);
        dlclose(lib);
        return nullptr;
    }
    api.lib = lib;
    return &api;
}

extern "C" int rv_multi_nccl_available(char *err, size_t errlen)
{
    return nccl_load(err, errlen) != nullptr;
}

// "what: NCCL says <ncclGetErrorString> (<ncclGetLastError>)"; returns -1.
static int nccl_fail(const nccl_api *api, ncclComm_t comm, ncclResult_t r, const char *what, char *err, size_t errlen)
{
    const char *last = api->GetLastError(comm);
    snprintf(err, errlen, _("%s: NCCL error: %s%s%s%s"), what, api->GetErrorString(r), last && *last ? " (" : "",
             last && *last ? last : "", last && *last ? ")" : "");
    return -1;
}

// ==== one GPU's part ======================================================

// What every rank shares: a deadline for each wait, and a flag that stops
// the others when one fails (threads mode).
struct team {
    const nccl_api *api = nullptr;
    double timeout_s = RV_MULTI_TIMEOUT_S;
    std::atomic<int> failed{0};
};

// One GPU: its comm, its stream and events, and the elements [lo, hi) of the
// array it holds (its slices for every N and G it will reduce).
struct rank {
    int id = 0, nranks = 1, device = 0;
    team *t = nullptr;
    ncclComm_t comm = nullptr;
    cudaStream_t stream = nullptr;
    std::vector<cudaEvent_t> start, mid;  // repeat + 1 boundaries; repeat kernel ends
    float *d_in = nullptr;                // element lo of the array
    uint64_t lo = 0, hi = 0;
    float *scratch = nullptr, *d_total = nullptr;
    double *d_cpu = nullptr;              // processes mode: the CPU sums, combined by NCCL too
    char err[600] = "";
    bool stopped = false;                 // it stopped because another rank failed
};

// What one rank measured at one N: per timed run, from its own events.
struct rank_times {
    std::vector<float> total, kernel, nccl;
    float sum = NAN;                      // what this GPU holds after the step
};

static int rank_fail(rank &r, const char *fmt, const char *what)
{
    snprintf(r.err, sizeof r.err, fmt, what);
    r.t->failed.store(1);
    return -1;
}

// Stops this rank because another failed: its message is not the cause.
static int rank_stop(rank &r, const char *what)
{
    snprintf(r.err, sizeof r.err, _("%s: stopped, another GPU failed"), what);
    r.stopped = true;
    return -1;
}

#define RANK_CUDA(call, what)                                                                 \
    do {                                                                                      \
        cudaError_t e_ = (call);                                                              \
        if (e_ != cudaSuccess) {                                                              \
            rv_cuda_fail(e_, what, r.err, sizeof r.err);                                      \
            r.t->failed.store(1);                                                             \
            return -1;                                                                        \
        }                                                                                     \
    } while (0)

// Polls until NCCL has finished what the last call started (non-blocking
// communicators answer ncclInProgress), a failure, another rank's failure,
// or the deadline.
static int nccl_wait(rank &r, ncclResult_t res, const char *what)
{
    double deadline = now_s() + r.t->timeout_s;
    while (res == ncclInProgress) {
        if (r.t->failed.load()) return rank_stop(r, what);
        if (now_s() > deadline) {
            char fmt[200];
            snprintf(fmt, sizeof fmt, _("%%s: NCCL gave no answer within %.0f s (did another process or GPU stop?)"),
                     r.t->timeout_s);
            return rank_fail(r, fmt, what);
        }
        sched_yield();
        if (r.t->api->CommGetAsyncError(r.comm, &res) != ncclSuccess) break;
    }
    if (res != ncclSuccess) {
        nccl_fail(r.t->api, r.comm, res, what, r.err, sizeof r.err);
        r.t->failed.store(1);
        return -1;
    }
    return 0;
}

// Waits for the stream the same way: NCCL's kernels wait for their peers,
// so a peer that died leaves them spinning until the communicator is aborted.
static int stream_wait(rank &r, const char *what)
{
    double deadline = now_s() + r.t->timeout_s;
    for (;;) {
        cudaError_t e = cudaStreamQuery(r.stream);
        if (e == cudaSuccess) return 0;
        if (e != cudaErrorNotReady) {
            rv_cuda_fail(e, what, r.err, sizeof r.err);
            r.t->failed.store(1);
            return -1;
        }
        ncclResult_t async = ncclSuccess;
        if (r.comm && r.t->api->CommGetAsyncError(r.comm, &async) == ncclSuccess && async != ncclSuccess &&
            async != ncclInProgress) {
            nccl_fail(r.t->api, r.comm, async, what, r.err, sizeof r.err);
            r.t->failed.store(1);
            return -1;
        }
        if (r.t->failed.load()) return rank_stop(r, what);
        if (now_s() > deadline) {
            char fmt[200];
            snprintf(fmt, sizeof fmt, _("%%s: not finished within %.0f s (NCCL waits for a GPU or process that "
                                        "stopped?)"), r.t->timeout_s);
            return rank_fail(r, fmt, what);
        }
        usleep(100);
    }
}

// Allocates the rank's buffers on its GPU: the array's [lo, hi), partial
// sums for the largest slice, events for `repeat` timed runs.
static int rank_setup(rank &r, uint64_t lo, uint64_t hi, uint64_t largest, int repeat)
{
    int v = rv_multi_version(), block = rv_version(v)->tuned_block;
    size_t free_b = 0, total_b = 0;
    size_t scratch = rv_reduce_scratch(v, block, (unsigned)largest) * sizeof(float);
    size_t need = (hi - lo) * sizeof(float) + scratch + RV_MULTI_SLACK;
    RANK_CUDA(cudaSetDevice(r.device), "choosing the GPU");
    RANK_CUDA(cudaMemGetInfo(&free_b, &total_b), "querying GPU memory");
    if (need > free_b) {
        snprintf(r.err, sizeof r.err, _("GPU %d needs %.2f GiB (its elements %llu .. %llu and partial sums), but "
                                        "only %.2f GiB of its %.2f GiB are free"), r.device, need / 1073741824.0, (unsigned long long)lo,
                 (unsigned long long)hi, free_b / 1073741824.0, total_b / 1073741824.0);
        return -1;
    }
    r.lo = lo;
    r.hi = hi;
    RANK_CUDA(cudaStreamCreateWithFlags(&r.stream, cudaStreamNonBlocking), "creating a stream");
    RANK_CUDA(cudaMalloc(&r.d_in, std::max<size_t>((hi - lo) * sizeof(float), 16)), "allocating the slice");
    RANK_CUDA(cudaMalloc(&r.scratch, scratch), "allocating partial sums");
    RANK_CUDA(cudaMalloc(&r.d_total, sizeof(float)), "allocating the total");
    RANK_CUDA(cudaMalloc(&r.d_cpu, 2 * sizeof(double)), "allocating the CPU sums' buffer");
    r.start.assign(repeat + 1, nullptr);
    r.mid.assign(repeat, nullptr);
    for (cudaEvent_t &e : r.start) RANK_CUDA(cudaEventCreate(&e), "creating CUDA events");
    for (cudaEvent_t &e : r.mid) RANK_CUDA(cudaEventCreate(&e), "creating CUDA events");
    return 0;
}

static void rank_release(rank &r)
{
    cudaSetDevice(r.device);
    cudaFree(r.d_in);
    cudaFree(r.scratch);
    cudaFree(r.d_total);
    cudaFree(r.d_cpu);
    for (cudaEvent_t e : r.start)
        if (e) cudaEventDestroy(e);
    for (cudaEvent_t e : r.mid)
        if (e) cudaEventDestroy(e);
    if (r.stream) cudaStreamDestroy(r.stream);
    r = rank{};
}

// Joins the communicator of nranks with this id (non-blocking: returns at
// once, then polled against the deadline).
static int rank_join(rank &r, const ncclUniqueId &id)
{
    ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
    config.blocking = 0;
    RANK_CUDA(cudaSetDevice(r.device), "choosing the GPU");
    ncclResult_t res = r.t->api->CommInitRankConfig(&r.comm, r.nranks, id, r.id, &config);
    if (res != ncclSuccess && res != ncclInProgress) {
        nccl_fail(r.t->api, r.comm, res, "joining the NCCL communicator (ncclCommInitRankConfig)", r.err,
                  sizeof r.err);
        r.t->failed.store(1);
        return -1;
    }
    return nccl_wait(r, res, "joining the NCCL communicator (ncclCommInitRankConfig)");
}

// Leaves the communicator: cleanly after success, by ncclCommAbort after a
// failure (it also stops NCCL's kernels that wait for a peer).
static void rank_leave(rank &r, bool clean)
{
    if (!r.comm) return;
    const nccl_api *api = r.t->api;
    cudaSetDevice(r.device);
    if (clean) {
        ncclResult_t res = api->CommFinalize(r.comm);
        double deadline = now_s() + r.t->timeout_s;
        while (res == ncclInProgress && now_s() < deadline) {
            sched_yield();
            api->CommGetAsyncError(r.comm, &res);
        }
        if (res == ncclSuccess) {
            api->CommDestroy(r.comm);
            r.comm = nullptr;
            return;
        }
    }
    api->CommAbort(r.comm);
    r.comm = nullptr;
}

// The NCCL step: the partial sum at `part` into d_total, every GPU
// (allreduce) or GPU 0 (reduce).
static ncclResult_t combine(rank &r, const float *part, const char *coll)
{
    if (!strcmp(coll, "reduce"))
        return r.t->api->Reduce(part, r.d_total, 1, ncclFloat, ncclSum, 0, r.comm, r.stream);
    return r.t->api->AllReduce(part, r.d_total, 1, ncclFloat, ncclSum, r.comm, r.stream);
}

// Reduces this rank's slice [first, first + count) `repeat` times after the
// warm-up, each run the kernel then (with a communicator) the NCCL step,
// queued back to back between events; the times and the sum it ends with
// go to out.
static int rank_time(rank &r, uint64_t first, uint64_t count, const char *coll, int repeat, rank_times &out)
{
    int v = rv_multi_version(), block = rv_version(v)->tuned_block;
    const float *slice = r.d_in + (first - r.lo);
    float *part = nullptr;
    RANK_CUDA(cudaSetDevice(r.device), "choosing the GPU");
    auto once = [&](int i) -> int { // i < 0: a warm-up run, no events
        part = rv_reduce_all(v, block, slice, (unsigned)count, r.scratch, r.stream);
        RANK_CUDA(cudaGetLastError(), "launching the kernel");
        if (i >= 0) RANK_CUDA(cudaEventRecord(r.mid[i], r.stream), "recording an event");
        if (r.comm && nccl_wait(r, combine(r, part, coll), strcmp(coll, "reduce") ? "ncclAllReduce" : "ncclReduce"))
            return -1;
        if (i >= 0) RANK_CUDA(cudaEventRecord(r.start[i + 1], r.stream), "recording an event");
        return 0;
    };
    for (int i = 0; i < RV_MULTI_WARMUP; i++)
        if (once(-1)) return -1;
    RANK_CUDA(cudaEventRecord(r.start[0], r.stream), "recording an event");
    for (int i = 0; i < repeat; i++)
        if (once(i)) return -1;
    if (stream_wait(r, "running the timed runs")) return -1;
    out.total.assign(repeat, 0.0f);
    out.kernel.assign(repeat, 0.0f);
    out.nccl.assign(repeat, 0.0f);
    for (int i = 0; i < repeat; i++) {
        RANK_CUDA(cudaEventElapsedTime(&out.total[i], r.start[i], r.start[i + 1]), "reading the events");
        RANK_CUDA(cudaEventElapsedTime(&out.kernel[i], r.start[i], r.mid[i]), "reading the events");
        out.nccl[i] = out.total[i] - out.kernel[i];
    }
    const float *result = r.comm ? r.d_total : part;
    RANK_CUDA(cudaMemcpy(&out.sum, result, sizeof(float), cudaMemcpyDeviceToHost), "reading the sum back");
    return 0;
}

// ==== the array ===========================================================

// Fills host[0, len) with elements at .. at + len of the pattern and sums
// them in double, in parts on several CPU threads (2^32 elements take a
// minute on one); the parts' sums are added in index order.
static double fill_and_sum(rv_data data, float *host, uint64_t at, uint64_t len)
{
    unsigned parts = std::max(1u, std::min(16u, std::thread::hardware_concurrency()));
    std::vector<double> sums(parts, 0.0);
    std::vector<std::thread> threads;
    for (unsigned p = 0; p < parts; p++)
        threads.emplace_back([&, p] {
            uint64_t a = len * p / parts, b = len * (p + 1) / parts;
            rv_data_fill(data, host + a, at + a, b - a);
            double s = 0.0;
            for (uint64_t i = a; i < b; i++) s += host[i];
            sums[p] = s;
        });
    double sum = 0.0;
    for (unsigned p = 0; p < parts; p++) {
        threads[p].join();
        sum += sums[p];
    }
    return sum;
}

// Fills [from, to) of the pattern chunk by chunk on the host, summing it in
// double, and copies each chunk's overlap with every rank's [lo, hi) to that
// rank's GPU.  sums[k] is the sum of [from, marks[k]) (the marks ascending,
// the last == to).
static int upload(rv_data data, uint64_t from, uint64_t to, rank *ranks, int nranks, const uint64_t *marks, int nmarks,
                  double *sums, char *err, size_t errlen)
{
    std::vector<float> host(std::min<uint64_t>(RV_MULTI_CHUNK, std::max<uint64_t>(to - from, 1)));
    double sum = 0.0;
    int k = 0;
    for (uint64_t at = from; at < to;) {
        uint64_t len = std::min<uint64_t>(host.size(), to - at);
        while (k < nmarks && marks[k] <= at) sums[k++] = sum;
        len = std::min<uint64_t>(len, marks[k] - at); // stop at the next mark
        sum += fill_and_sum(data, host.data(), at, len);
        for (int g = 0; g < nranks; g++) {
            uint64_t a = std::max(at, ranks[g].lo), b = std::min(at + len, ranks[g].hi);
            if (a >= b) continue;
            RV_CUDA(cudaSetDevice(ranks[g].device), "choosing the GPU");
            RV_CUDA(cudaMemcpy(ranks[g].d_in + (a - ranks[g].lo), host.data() + (a - at), (b - a) * sizeof(float),
                               cudaMemcpyHostToDevice), "copying the array to the GPU");
        }
        at += len;
    }
    while (k < nmarks) sums[k++] = sum;
    return 0;
fail:
    return -1;
}

// ==== threads: one per GPU ================================================

// Medians over the timed runs of the slowest GPU's whole run and kernel, and
// of the NCCL step on the GPU that waited least for the others (its own time).
struct combined {
    double median_ms, min_ms, kernel_ms, nccl_ms;
};

static double median_of(std::vector<float> v)
{
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * ((double)v[n / 2 - 1] + v[n / 2]);
}

static combined combine_times(const std::vector<rank_times> &t, bool nccl)
{
    size_t runs = t[0].total.size();
    std::vector<float> total(runs), kernel(runs), step(runs);
    for (size_t i = 0; i < runs; i++) {
        total[i] = kernel[i] = 0.0f;
        step[i] = INFINITY;
        for (const rank_times &g : t) {
            total[i] = std::max(total[i], g.total[i]);
            kernel[i] = std::max(kernel[i], g.kernel[i]);
            step[i] = std::min(step[i], g.nccl[i]);
        }
    }
    combined c;
    c.median_ms = median_of(total);
    c.min_ms = *std::min_element(total.begin(), total.end());
    c.kernel_ms = median_of(kernel);
    c.nccl_ms = nccl ? median_of(step) : NAN;
    return c;
}

// What one team of G threads does at every N: join (G > 1), time each
// collective, leave.  times[k][c][g]: size k, collective c, rank g.
struct plan {
    std::vector<uint64_t> sizes;       // N, ascending; 0: skipped at this G
    std::vector<const char *> colls;   // "allreduce", "reduce"
    int repeat = 20;
};

static void team_thread(rank &r, const ncclUniqueId *id, const plan &p,
                        std::vector<std::vector<std::vector<rank_times>>> &times)
{
    bool ok = true;
    if (id && rank_join(r, *id)) ok = false;
    for (size_t k = 0; ok && k < p.sizes.size(); k++) {
        if (!p.sizes[k]) continue;
        uint64_t first, count;
        rv_multi_slice(p.sizes[k], r.nranks, r.id, &first, &count);
        for (size_t c = 0; ok && c < p.colls.size(); c++)
            ok = rank_time(r, first, count, p.colls[c], p.repeat, times[k][c][r.id]) == 0;
    }
    rank_leave(r, ok);
}

// Runs G threads over ranks[0..G); 0, or -1 with the first failure in err.
static int run_team(rank *ranks, int G, team &t, const plan &p,
                    std::vector<std::vector<std::vector<rank_times>>> &times, char *err, size_t errlen)
{
    ncclUniqueId id;
    ncclResult_t res;
    t.failed.store(0);
    if (G > 1 && (res = t.api->GetUniqueId(&id)) != ncclSuccess)
        return nccl_fail(t.api, nullptr, res, "making NCCL's unique id (ncclGetUniqueId)", err, errlen);
    times.assign(p.sizes.size(), std::vector<std::vector<rank_times>>(p.colls.size(), std::vector<rank_times>(G)));
    std::vector<std::thread> threads;
    for (int g = 0; g < G; g++) {
        ranks[g].id = g;
        ranks[g].nranks = G;
        ranks[g].err[0] = 0;
        ranks[g].stopped = false;
        threads.emplace_back(team_thread, std::ref(ranks[g]), G > 1 ? &id : nullptr, std::cref(p), std::ref(times));
    }
    for (std::thread &th : threads) th.join();
    for (int g = 0; g < G; g++) // the first real failure, not a rank stopped by it
        if (ranks[g].err[0] && !ranks[g].stopped) {
            snprintf(err, errlen, "GPU %d: %s", ranks[g].device, ranks[g].err);
            return -1;
        }
    for (int g = 0; g < G; g++)
        if (ranks[g].err[0]) {
            snprintf(err, errlen, "GPU %d: %s", ranks[g].device, ranks[g].err);
            return -1;
        }
    return 0;
}

// GPUs present; fewer than asked: say so and use those (at least 1).
static int usable_gpus(int asked, char *err, size_t errlen)
{
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        snprintf(err, errlen, _("needs a CUDA GPU, and there is none (%s)"),
                 e != cudaSuccess ? cudaGetErrorString(e) : "no CUDA GPU found");
        return -1;
    }
    if (asked <= 0) asked = std::min(count, RV_MULTI_MAX_GPUS);
    if (count < asked) {
        printf(count == 1 ? _("note: %d GPUs asked for, but only %d GPU is present: running G = 1 .. %d\n")
                          : _("note: %d GPUs asked for, but only %d GPUs are present: running G = 1 .. %d\n"),
               asked, count, count);
        return count;
    }
    return asked;
}

// The device and options, for the results file.
static void describe(const rv_multi_bench_opts *o, uint64_t main_n, int sweep, rv_results_meta *m)
{
    cudaDeviceProp prop;
    int driver = 0, runtime = 0, l2 = 0, khz = 0, bits = 0;
    cudaSetDevice(0);
    if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess) {
        snprintf(m->device, sizeof m->device, "%s", prop.name);
        snprintf(m->compute_capability, sizeof m->compute_capability, "%d.%d", prop.major, prop.minor);
    }
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0);
    snprintf(m->driver_version, sizeof m->driver_version, "%d.%d", driver / 1000, driver % 1000 / 10);
    snprintf(m->runtime_version, sizeof m->runtime_version, "%d.%d", runtime / 1000, runtime % 1000 / 10);
    time_t now = time(nullptr);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(m->date, sizeof m->date, "%Y-%m-%dT%H:%M:%SZ", &utc);
    m->l2_bytes = (uint64_t)l2;
    m->n = main_n;
    m->sweep = sweep;
    m->gpus = o->gpus;
    m->block_size = rv_version(rv_multi_version())->tuned_block;
    m->repeat = o->repeat;
    m->warmup = RV_MULTI_WARMUP;
    rv_data_name(o->data, m->data, sizeof m->data);
    m->measured_copy_gbps = NAN;
    // Double data rate, as gpu_bench.cu counts it; unknown (NAN) when the runtime does not say.
    if (cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, 0) == cudaSuccess &&
        cudaDeviceGetAttribute(&bits, cudaDevAttrGlobalMemoryBusWidth, 0) == cudaSuccess && khz > 0 && bits > 0) {
        m->theoretical_gbps = 2.0 * khz * 1e3 * (bits / 8.0) / 1e9;
        snprintf(m->theoretical_source, sizeof m->theoretical_source,
                 "cudaDeviceGetAttribute: memory clock %.0f MHz x %d-bit bus x 2 (double data rate)", khz / 1e3, bits);
    } else {
        cudaGetLastError();
        m->theoretical_gbps = NAN;
        snprintf(m->theoretical_source, sizeof m->theoretical_source,
                 "the CUDA runtime reports no memory clock or bus width");
    }
}

// The N to time and, per G, which fit the kernel (0 where a slice would not).
static std::vector<uint64_t> bench_sizes(const rv_multi_bench_opts *o)
{
    std::vector<uint64_t> sizes;
    if (o->n) sizes.push_back(o->n);
    else
        for (int k = RV_MULTI_SWEEP_FIRST; k <= RV_MULTI_SWEEP_LAST; k++) sizes.push_back(1ull << k);
    return sizes;
}

// Elements [lo, hi) GPU g must hold to reduce its slice at every N and G.
static void holdings(const std::vector<uint64_t> &sizes, int G, int g, uint64_t *lo, uint64_t *hi, uint64_t *largest)
{
    char why[200];
    *lo = UINT64_MAX;
    *hi = 0;
    *largest = 1;
    for (int gg = std::max(1, g + 1); gg <= G; gg++)
        for (uint64_t n : sizes) {
            if (rv_multi_check_split(n, gg, why, sizeof why)) continue;
            uint64_t first, count;
            rv_multi_slice(n, gg, g, &first, &count);
            *lo = std::min(*lo, first);
            *hi = std::max(*hi, first + count);
            *largest = std::max(*largest, count);
        }
    if (*lo > *hi) *lo = *hi = 0;
}

extern "C" int rv_multi_bench(const rv_multi_bench_opts *o, char *err, size_t errlen)
{
    team t;
    t.timeout_s = o->timeout_s;
    std::vector<uint64_t> sizes = bench_sizes(o);
    std::vector<double> cpu(sizes.size());
    rv_results_meta meta = {};
    rv_results *res = nullptr;
    int G = usable_gpus(o->gpus, err, errlen), rc = -1, v = rv_multi_version();
    if (G < 0) return -1;
    if (G > 1 && !(t.api = nccl_load(err, errlen))) return -1;
    if (t.api) printf("NCCL %d.%d.%d (%s; header %d.%d.%d), NCCL_NVLS_ENABLE=%s\n", t.api->version / 10000,
                      t.api->version / 100 % 100, t.api->version % 100, t.api->path, NCCL_MAJOR, NCCL_MINOR,
                      NCCL_PATCH, getenv("NCCL_NVLS_ENABLE"));
    rv_multi_bench_opts used = *o;
    used.gpus = G;
    describe(&used, sizes.back(), o->n == 0, &meta);
    std::vector<rank> ranks(G);
    // rv_grid_on_gpu keeps the resident grid per version and block size in a
    // table shared by all threads: fill it here, before any thread reads it.
    cudaSetDevice(0);
    rv_grid_on_gpu(v, rv_version(v)->tuned_block, 1u << 30);
    for (int g = 0; g < G; g++) {
        uint64_t lo, hi, largest;
        holdings(sizes, G, g, &lo, &hi, &largest);
        ranks[g].device = g;
        ranks[g].t = &t;
        if (rank_setup(ranks[g], lo, hi, largest, o->repeat)) {
            snprintf(err, errlen, "%s", ranks[g].err);
            goto done;
        }
    }
    if (upload(o->data, 0, sizes.back(), ranks.data(), G, sizes.data(), (int)sizes.size(), cpu.data(), err, errlen))
        goto done;
    if (!(res = rv_results_new(&meta))) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    {
        // per G: the sizes whose slices fit, timed; then the runs in order of N, G, collective
        std::vector<std::vector<std::vector<std::vector<rank_times>>>> all(G + 1);
        std::vector<plan> plans(G + 1);
        for (int gg = 1; gg <= G; gg++) {
            plan &p = plans[gg];
            char why[300];
            p.repeat = o->repeat;
            for (uint64_t n : sizes) {
                const char *bad = rv_multi_check_split(n, gg, why, sizeof why);
                if (bad) printf(_("skipped: %s\n"), bad);
                p.sizes.push_back(bad ? 0 : n);
            }
            if (gg == 1) p.colls = {"none"};
            else if (!strcmp(o->nccl, "both")) p.colls = {"allreduce", "reduce"};
            else p.colls = {o->nccl};
            fprintf(stderr, _("timing %d GPU(s) ...\n"), gg);
            if (run_team(ranks.data(), gg, t, p, all[gg], err, errlen)) goto done;
        }
        for (size_t k = 0; k < sizes.size(); k++)
            for (int gg = 1; gg <= G; gg++) {
                if (!plans[gg].sizes[k]) continue;
                for (size_t c = 0; c < plans[gg].colls.size(); c++) {
                    const std::vector<rank_times> &tt = all[gg][k][c];
                    combined cb = combine_times(tt, gg > 1);
                    rv_result_run run = {};
                    snprintf(run.version, sizeof run.version, "%s", rv_version(v)->name);
                    run.n = sizes[k];
                    run.gpus = gg;
                    run.block_size = rv_version(v)->tuned_block;
                    if (gg > 1) snprintf(run.nccl, sizeof run.nccl, "%s", plans[gg].colls[c]);
                    run.median_ms = cb.median_ms;
                    run.min_ms = cb.min_ms;
                    run.kernel_ms = cb.kernel_ms;
                    run.nccl_ms = cb.nccl_ms;
                    run.copy_gbps = NAN;
                    run.cpu_sum = cpu[k];
                    run.gpu_sum = tt[0].sum;
                    // The patterns are non-negative: sum |x| is the sum.  After an
                    // allreduce every GPU must hold the total; after a reduce, GPU 0.
                    run.correct = 1;
                    size_t holders = strcmp(plans[gg].colls[c], "reduce") ? tt.size() : 1;
                    for (size_t g = 0; g < holders; g++)
                        run.correct &= rv_sum_matches(tt[g].sum, cpu[k], fabs(cpu[k]));
                    if (rv_results_add(res, &run)) {
                        snprintf(err, errlen, "out of memory");
                        goto done;
                    }
                }
            }
    }
    if (rv_results_count(res) == 0) {
        snprintf(err, errlen, "%s", _("nothing to time: no N splits into slices the kernel takes on the GPUs present"));
        goto done;
    }
    rv_results_derive(res);
    rv_results_print_table(res, stdout);
    if (o->out_json) {
        if (rv_results_save(res, o->out_json, err, errlen)) goto done;
        printf("results written to %s\n", o->out_json);
    }
    if (rv_results_failures(res)) {
        snprintf(err, errlen, _("%d of %d sums did not match the CPU's (marked FAILED)"), rv_results_failures(res),
                 rv_results_count(res));
        goto done;
    }
    rc = 0;
done:
    // After a failure the process ends (cmd_multi.c): cudaFree could wait on
    // a kernel NCCL left behind, so the GPU memory is left to the exit.
    if (rc == 0)
        for (rank &r : ranks) rank_release(r);
    rv_results_free(res);
    return rc;
}

// ==== `reducevis multi` ===================================================

static void print_run(const char *who, const char *coll, int G, uint64_t n, const combined &c, float sum, double cpu,
                      bool ok)
{
    printf(_("%s: N = %llu over %d GPU(s), %s per slice then NCCL %s\n"), who, (unsigned long long)n, G,
           rv_version_name(rv_multi_version()), G > 1 ? coll : _("(none: one GPU)"));
    printf(_("  whole %.4f ms (median), kernel %.4f ms, NCCL step "), c.median_ms, c.kernel_ms);
    if (isfinite(c.nccl_ms)) printf("%.4f ms\n", c.nccl_ms);
    else printf("-\n");
    printf(_("  sum %.9g, CPU (double) %.17g: %s\n"), sum, cpu, ok ? "ok" : "FAILED");
}

// Threads mode: the bench's engine at one N and one G.
static int multi_threads(const rv_multi_opts *o, char *err, size_t errlen)
{
    team t;
    t.timeout_s = o->timeout_s;
    int G = usable_gpus(o->gpus, err, errlen), rc = -1, v = rv_multi_version();
    char why[300];
    if (G < 0) return -1;
    if (rv_multi_check_split(o->n, G, why, sizeof why)) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    if (G > 1 && !(t.api = nccl_load(err, errlen))) return -1;
    std::vector<rank> ranks(G);
    std::vector<std::vector<std::vector<rank_times>>> times;
    plan p;
    double cpu = 0.0;
    uint64_t marks[1] = {o->n};
    p.sizes = {o->n};
    p.colls = {o->nccl};
    p.repeat = o->repeat;
    cudaSetDevice(0);
    rv_grid_on_gpu(v, rv_version(v)->tuned_block, 1u << 30);
    for (int g = 0; g < G; g++) {
        uint64_t first, count;
        rv_multi_slice(o->n, G, g, &first, &count);
        ranks[g].device = g;
        ranks[g].t = &t;
        if (rank_setup(ranks[g], first, first + count, count, o->repeat)) {
            snprintf(err, errlen, "%s", ranks[g].err);
            goto done;
        }
    }
    if (upload(o->data, 0, o->n, ranks.data(), G, marks, 1, &cpu, err, errlen) ||
        run_team(ranks.data(), G, t, p, times, err, errlen))
        goto done;
    {
        const std::vector<rank_times> &tt = times[0][0];
        bool ok = true;
        size_t holders = G > 1 && !strcmp(o->nccl, "reduce") ? 1 : tt.size();
        for (size_t g = 0; g < holders; g++) ok &= rv_sum_matches(tt[g].sum, cpu, fabs(cpu));
        print_run("one process", o->nccl, G, o->n, combine_times(tt, G > 1), tt[0].sum, cpu, ok);
        if (!ok) snprintf(err, errlen, "%s", _("the sum does not match the CPU's"));
        rc = ok ? 0 : -1;
    }
done:
    if (rc == 0) // after a failure the process ends: see rv_multi_bench
        for (rank &r : ranks) rank_release(r);
    return rc;
}

// Processes mode: this process is rank o->rank of o->nranks.  Rank 0 makes
// the unique id and leaves it in the id file; the others wait for it there.
// Or every process reads the same id from RV_NCCL_ID.
static int find_id(const nccl_api *api, const rv_multi_opts *o, ncclUniqueId *id, char *err, size_t errlen)
{
    const char *env = getenv(RV_MULTI_ID_ENV);
    char why[300];
    ncclResult_t res;
    if (env && *env) {
        if (rv_multi_id_from_hex(env, (unsigned char *)id->internal, why, sizeof why)) {
            snprintf(err, errlen, "%s: %s", RV_MULTI_ID_ENV, why);
            return -1;
        }
        return 0;
    }
    if (!o->id_file) { // NCCL_COMM_ID=host:port: NCCL derives the same id in every process
        if ((res = api->GetUniqueId(id)) != ncclSuccess)
            return nccl_fail(api, nullptr, res, "making NCCL's unique id (ncclGetUniqueId)", err, errlen);
        return 0;
    }
    if (o->rank != 0) return rv_multi_id_read(o->id_file, o->timeout_s, (unsigned char *)id->internal, err, errlen);
    if ((res = api->GetUniqueId(id)) != ncclSuccess)
        return nccl_fail(api, nullptr, res, "making NCCL's unique id (ncclGetUniqueId)", err, errlen);
    return rv_multi_id_write(o->id_file, (const unsigned char *)id->internal, err, errlen);
}

static int multi_process(const rv_multi_opts *o, char *err, size_t errlen)
{
    team t;
    rank r;
    ncclUniqueId id;
    rank_times times;
    uint64_t first, count, mark;
    double cpu_part = 0.0, cpu_total = 0.0;
    int count_gpus = 0, rc = -1, v = rv_multi_version();
    char who[64], why[300];
    t.timeout_s = o->timeout_s;
    if (rv_multi_check_split(o->n, o->nranks, why, sizeof why)) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    if (!(t.api = nccl_load(err, errlen))) return -1;
    if (cudaGetDeviceCount(&count_gpus) != cudaSuccess || count_gpus == 0) {
        snprintf(err, errlen, "%s", _("needs a CUDA GPU, and there is none"));
        return -1;
    }
    rv_multi_slice(o->n, o->nranks, o->rank, &first, &count);
    mark = first + count;
    r.id = o->rank;
    r.nranks = o->nranks;
    r.device = o->device >= 0 ? o->device : o->rank % count_gpus;
    r.t = &t;
    snprintf(who, sizeof who, _("rank %d of %d (GPU %d)"), o->rank, o->nranks, r.device);
    if (r.device >= count_gpus) {
        snprintf(err, errlen, _("%s: there are only %d GPUs here"), who, count_gpus);
        return -1;
    }
    cudaSetDevice(r.device);
    rv_grid_on_gpu(v, rv_version(v)->tuned_block, 1u << 30);
    if (find_id(t.api, o, &id, err, errlen)) return -1;
    if (rank_setup(r, first, first + count, count, o->repeat) ||
        upload(o->data, first, first + count, &r, 1, &mark, 1, &cpu_part, r.err, sizeof r.err) || rank_join(r, id))
        goto fail;
    printf(_("%s joined (slice %llu .. %llu)\n"), who, (unsigned long long)first, (unsigned long long)(first + count));
    fflush(stdout);
    if (o->exit_early) { // the failure test: vanish as a crashed process would, no goodbye to NCCL
        printf(_("%s: leaving now without a word to the others (--exit-early)\n"), who);
        fflush(stdout);
        _exit(RV_MULTI_EXIT_EARLY);
    }
    if (rank_time(r, first, count, o->nccl, o->repeat, times)) goto fail;
    // The CPU's sums of the slices, combined the same way, for the check.
    if (cudaMemcpy(r.d_cpu, &cpu_part, sizeof(double), cudaMemcpyHostToDevice) != cudaSuccess) {
        rv_cuda_fail(cudaGetLastError(), "copying the CPU sum", r.err, sizeof r.err);
        goto fail;
    }
    if (nccl_wait(r, t.api->AllReduce(r.d_cpu, r.d_cpu + 1, 1, ncclDouble, ncclSum, r.comm, r.stream),
                  "ncclAllReduce of the CPU sums") ||
        stream_wait(r, "combining the CPU sums"))
        goto fail;
    if (cudaMemcpy(&cpu_total, r.d_cpu + 1, sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess) {
        rv_cuda_fail(cudaGetLastError(), "reading the CPU sum", r.err, sizeof r.err);
        goto fail;
    }
    {
        // this rank's own times; every rank prints its own line
        std::vector<rank_times> one(1, times);
        bool holds = strcmp(o->nccl, "reduce") || o->rank == 0;
        bool ok = !holds || rv_sum_matches(times.sum, cpu_total, fabs(cpu_total));
        print_run(who, o->nccl, o->nranks, o->n, combine_times(one, true), times.sum, cpu_total, ok);
        if (!holds) printf("%s", _("  (ncclReduce leaves the total on rank 0 only)\n"));
        if (!ok) snprintf(err, errlen, _("%s: the sum does not match the CPU's"), who);
        rc = ok ? 0 : -1;
    }
    rank_leave(r, rc == 0);
    rank_release(r);
    return rc;
fail:
    snprintf(err, errlen, "%s: %s", who, r.err);
    rank_leave(r, false); // ncclCommAbort; the memory is left to the exit (see rv_multi_bench)
    return -1;
}

extern "C" int rv_multi_run(const rv_multi_opts *o, char *err, size_t errlen)
{
    rv_multi_nccl_env();
    return o->rank >= 0 ? multi_process(o, err, errlen) : multi_threads(o, err, errlen);
}
