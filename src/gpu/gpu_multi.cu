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
#include "gpu_rank.h"
#include "core/trace.h" // RV_MAX_N

// The sum across G GPUs, judged by the sum check of one GPU's pass over all
// n elements: each GPU's threads add chains no longer than that, and the G
// partials one short chain more, so its bound holds for the whole.
static bool multi_sum_ok(double gpu, double cpu, rv_data data, uint64_t n)
{
    int v = rv_multi_version(), block = rv_version(v)->tuned_block;
    uint64_t slice = std::min<uint64_t>(n, RV_MAX_N);
    uint64_t threads = (uint64_t)rv_grid_on_gpu(v, block, (unsigned)slice) * (uint64_t)block;
    return rv_sum_matches(gpu, cpu, data, n, threads);
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
                    // After an allreduce every GPU must hold the total; after a reduce, GPU 0.
                    run.correct = 1;
                    size_t holders = strcmp(plans[gg].colls[c], "reduce") ? tt.size() : 1;
                    for (size_t g = 0; g < holders; g++)
                        run.correct &= multi_sum_ok(tt[g].sum, cpu[k], o->data, sizes[k]);
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
        for (size_t g = 0; g < holders; g++) ok &= multi_sum_ok(tt[g].sum, cpu, o->data, o->n);
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
        bool ok = !holds || multi_sum_ok(times.sum, cpu_total, o->data, o->n);
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
