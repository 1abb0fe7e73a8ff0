// gpu_rank.cu — one GPU's part of the reduction across GPUs: NCCL loaded
// at run time (dlopen, so reducevis runs where NCCL is missing and names the
// package), a rank's set-up, join, timed runs and leave, waits that never
// block for ever, and the array uploaded in slices.  See gpu_rank.h.
#include "gpu_rank.h"

static_assert(RV_MULTI_ID_BYTES == NCCL_UNIQUE_ID_BYTES, "multi.h's id size is NCCL's");


// ==== NCCL, loaded at run time ============================================


template <class F> static bool find(void *lib, const char *name, F &fn)
{
    fn = reinterpret_cast<F>(dlsym(lib, name));
    return fn != nullptr;
}

// libnccl.so.2 from the folder CMake found the header in (the wheel's
// nvidia/nccl/lib: the library that matches the header), else from the
// loader's path, or only the file RV_NCCL_LIB names when it is set; NULL with
// why, naming the package.
const nccl_api *nccl_load(char *err, size_t errlen)
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
int nccl_fail(const nccl_api *api, ncclComm_t comm, ncclResult_t r, const char *what, char *err, size_t errlen)
{
    const char *last = api->GetLastError(comm);
    snprintf(err, errlen, _("%s: NCCL error: %s%s%s%s"), what, api->GetErrorString(r), last && *last ? " (" : "",
             last && *last ? last : "", last && *last ? ")" : "");
    return -1;
}

// ==== one GPU's part ======================================================




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
int nccl_wait(rank &r, ncclResult_t res, const char *what)
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
int stream_wait(rank &r, const char *what)
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
int rank_setup(rank &r, uint64_t lo, uint64_t hi, uint64_t largest, int repeat)
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

void rank_release(rank &r)
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
int rank_join(rank &r, const ncclUniqueId &id)
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
void rank_leave(rank &r, bool clean)
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
int rank_time(rank &r, uint64_t first, uint64_t count, const char *coll, int repeat, rank_times &out)
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
int upload(rv_data data, uint64_t from, uint64_t to, rank *ranks, int nranks, const uint64_t *marks, int nmarks,
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
