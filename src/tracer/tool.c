/* tool.c — the tracer: a Compute Sanitizer tool library that records one block
 * of one launch of an unchanged kernel.
 *
 * The CUDA driver loads it into the program named by `reducevis trace` because
 * CUDA_INJECTION64_PATH names it, and calls InitializeInjection.  For every
 * module the program loads it saves the cubin (the host reads its line table
 * with nvdisasm) and patches shared- and global-memory accesses, barriers,
 * __syncwarp and shuffles with the device functions of patches.cu.  Every
 * launch made while the program is armed (RV_TRACER_ARMED=1 in its
 * environment, set by the driver around the calls of the student's `launch`;
 * RV_TRACER_CALL says which call) is launch K of the run, and gets a buffer
 * of its own: every block counts what it does there (counts.txt), and the
 * traced block of a traced launch records it (raw-K.rvraw).  Launches made
 * while not armed get none, so their patches return at once.  When the
 * program synchronises, each pending buffer is written out, and reads.txt
 * says how often each element of the watched array was read so far.  Every
 * device allocation the program makes or frees is a line of allocs.txt, and
 * OUT/launches.txt gets a line per launch, traced or not (raw.h has the
 * formats).  Anything that goes wrong is written to OUT/tool-error.txt for
 * the host to report: a tool library cannot fail the program it is in.  On
 * a class's shared GPU (RV_GPU_TURN_FD) the tracer also asks the run's
 * turns, for its GPU work only: kernels, copies, memsets (turns.h).
 *
 * Environment: RV_TRACER_OUT (folder, required), RV_TRACER_PATCHES (the
 * patches' fatbin, required), RV_TRACER_SANITIZER (libsanitizer-public.so,
 * required: the host finds it), RV_TRACER_BLOCK (block to record, default 0),
 * RV_TRACER_LAUNCH (the one launch to trace, default 0: every one, up to
 * RV_TRACER_MAX_LAUNCHES), RV_TRACER_CAP (most records kept a launch, default
 * 4 Mi), RV_TRACER_WATCH ("ADDR N": the array whose reads are counted, set
 * by the driver for in[]); for diagnosing the tool
 * itself, RV_TRACER_DEBUG=1 (each step on stderr, a backtrace on a crash),
 * RV_TRACER_NOPATCH=1 (callbacks only, nothing patched) and, to measure what
 * counting costs, RV_TRACER_NOCOUNT=1 (the traced block only).  A waves run
 * (RV_TRACER_WAVES, waves.h) patches block entry and exit alone, with the
 * patches RV_TRACER_PATCHES names (rvtracer_waves.fatbin).
 */
#include <dlfcn.h>
#include <execinfo.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sanitizer.h>

#include "queued.h"
#include "raw.h"
#include "turns.h"
#include "waves_tool.h"

#define MAX_MODULES            64
#define RV_TRACER_MAX_LAUNCHES 16 /* RV_OWN_MAX_LAUNCHES (src/core/trace.h) */

#define RV_TRACER_MAX_COUNTED 64 /* launches counted (and written) at most */

/* An armed launch whose buffer is not yet written. */
typedef struct pending {
    rv_raw_header hdr;
    int traced;          /* its block records (raw-K.rvraw)    */
    rv_raw_buffer *dbuf; /* device: the buffer's bookkeeping   */
    rv_raw_record *drec; /* device: the traced block's records */
    uint32_t *dlast;     /* device: each thread's latest record */
    rv_pc_count *dpcs;   /* device: the grid's counts per pc   */
    rv_raw_buffer init;  /* what dbuf starts as (copied from here) */
    CUcontext ctx;
    Sanitizer_StreamHandle stream;
} pending;

static struct {
    const char *out, *patches;
    uint32_t block, cap, only; /* only: the one launch to trace, 0 = all */
    uint32_t launches, traced; /* armed launches seen, traced         */
    pending pend[RV_TRACER_MAX_COUNTED];
    int npend;
    CUmodule modules[MAX_MODULES];
    int nmodules;
    int debug, nopatch, nocount;
    int waves;        /* a waves run (waves.h): nothing else patched */
    int own_alloc;    /* inside sanitizerAlloc: not the program's */
    int busy;         /* the tool's own copies and waits: not the program's */
    uint32_t *dwatch; /* device: reads of each watched element */
    uint64_t watch_addr, watch_n;
    Sanitizer_StreamHandle watch_stream;
    int watch_dirty;                      /* counted since reads.txt was written */
    rv_raw_span live[RV_RAW_MAX_BUFFERS]; /* the program's live allocations, newest last */
    uint32_t nlive, nallocs;
} T;

/* The Compute Sanitizer library, opened at run time from the path the host
 * found: the tool links none, so an installed copy carries no build machine's
 * path and no dependency a package cannot name. */
/* (laid out by hand, as the API lists them) */
/* clang-format off */
#define SANITIZER_FUNCTIONS(X)                                                              \
    X(sanitizerSubscribe) X(sanitizerEnableDomain) X(sanitizerAddPatchesFromFile)           \
    X(sanitizerPatchInstructions) X(sanitizerPatchModule) X(sanitizerSetCallbackData)       \
    X(sanitizerGetFunctionPcAndSize) X(sanitizerAlloc) X(sanitizerFree)                     \
    X(sanitizerMemcpyHostToDeviceAsync) X(sanitizerMemcpyDeviceToHost) X(sanitizerMemset)      \
    X(sanitizerEnableCallback)
/* clang-format on */
static struct {
#define FIELD(f) __typeof__(&f) f;
    SANITIZER_FUNCTIONS(FIELD)
#undef FIELD
} S;

static __typeof__(&sanitizerSetLaunchCallbackData) set_launch_data;
static __typeof__(&sanitizerGetStreamHandle) get_stream_handle;
static rv_turns_ops turn_ops; /* no sync: the driver asks the turns (turns.h) */

static void fail(const char *fmt, ...);

static int open_sanitizer(const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    if (!h) {
        fail("cannot open the Compute Sanitizer library: %s", dlerror());
        return -1;
    }
#define LOOKUP(f) \
    if (!(*(void **)&S.f = dlsym(h, #f))) { \
        fail("the Compute Sanitizer library %s has no %s", path, #f); \
        return -1; \
    }
    SANITIZER_FUNCTIONS(LOOKUP)
#undef LOOKUP
    /* per launch, not per kernel (a kernel launched twice before the program
       waits must count into two buffers): where the library has it */
    *(void **)&set_launch_data = dlsym(h, "sanitizerSetLaunchCallbackData");
    *(void **)&turn_ops.sync = dlsym(h, "sanitizerStreamSynchronize");
    *(void **)&turn_ops.get_stream = dlsym(h, "sanitizerGetStream");
    *(void **)&get_stream_handle = dlsym(h, "sanitizerGetStreamHandle");
    return 0;
}

static void say(const char *fmt, ...)
{
    if (!T.debug) return;
    va_list ap;
    va_start(ap, fmt);
    fputs("reducevis tracer: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    fflush(stderr);
    va_end(ap);
}

static void crashed(int sig)
{
    void *frames[64];
    int n = backtrace(frames, 64);
    fprintf(stderr, "reducevis tracer: signal %d, backtrace:\n", sig);
    backtrace_symbols_fd(frames, n, 2);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void fail(const char *fmt, ...)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/tool-error.txt", T.out);
    FILE *f = fopen(path, "a");
    va_list ap;
    va_start(ap, fmt);
    if (f) {
        vfprintf(f, fmt, ap);
        fputc('\n', f);
        fclose(f);
    }
    va_end(ap);
}

static int module_index(CUmodule m)
{
    for (int k = 0; k < T.nmodules; k++)
        if (T.modules[k] == m) return k;
    return -1;
}

static void module_loaded(const Sanitizer_ResourceModuleData *d)
{
    if (T.nmodules >= MAX_MODULES) {
        fail("more than %d modules loaded: not patched", MAX_MODULES);
        return;
    }
    int k = T.nmodules++;
    T.modules[k] = d->module;
    say("module %d loaded: image %p, %zu bytes", k, (const void *)d->pCubin, (size_t)d->cubinSize);
    char path[4096];
    snprintf(path, sizeof path, "%s/module%d.cubin", T.out, k);
    if (d->pCubin && d->cubinSize) { /* a module loaded from a library may come without its image */
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(d->pCubin, 1, d->cubinSize, f) != d->cubinSize) fail("cannot write %s", path);
        if (f) fclose(f);
    }
    if (T.nopatch) return;
    if (T.waves) {
        rv_waves_module(d);
        return;
    }
    if (S.sanitizerAddPatchesFromFile(T.patches, d->context) != SANITIZER_SUCCESS) {
        fail("cannot load the patches %s (built for another GPU architecture?)", T.patches);
        return;
    }
    /* optional: the asynchronous copies' waits and the Tensor Memory
       Accelerator's bulk copies, which an older driver may not patch: the
       run goes on without them, and the tool's log says which */
    static const struct {
        Sanitizer_InstructionId id;
        const char *fn;
        int optional;
    } patch[] = {
        {SANITIZER_INSTRUCTION_SHARED_MEMORY_ACCESS, "rv_shared_access", 0},
        {SANITIZER_INSTRUCTION_GLOBAL_MEMORY_ACCESS, "rv_global_access", 0},
        {SANITIZER_INSTRUCTION_BARRIER, "rv_barrier", 0},
        {SANITIZER_INSTRUCTION_SYNCWARP, "rv_syncwarp", 0},
        {SANITIZER_INSTRUCTION_SHFL, "rv_shfl", 0},
        {SANITIZER_INSTRUCTION_MEMCPY_ASYNC, "rv_memcpy_async", 0},
        {SANITIZER_INSTRUCTION_CLUSTER_BARRIER_WAIT, "rv_cluster_wait", 0},
        {SANITIZER_INSTRUCTION_REMOTE_SHARED_MEMORY_ACCESS, "rv_remote_shared_access", 0},
        {SANITIZER_INSTRUCTION_BULK_COPY_GLOBAL_TO_SHARED, "rv_bulk_copy", 1},
        {SANITIZER_INSTRUCTION_PIPELINE_WAIT, "rv_pipeline_wait", 1},
        {SANITIZER_INSTRUCTION_CUDA_BARRIER, "rv_cuda_barrier", 1},
        {SANITIZER_INSTRUCTION_CUDA_BARRIER_ATTEMPT, "rv_cuda_barrier_attempt", 1},
    };
    for (size_t i = 0; i < sizeof patch / sizeof patch[0]; i++)
        if (S.sanitizerPatchInstructions(patch[i].id, d->module, patch[i].fn) != SANITIZER_SUCCESS) {
            if (patch[i].optional)
                say("module %d: %s not patched (this driver does not offer it)", k, patch[i].fn);
            else
                fail("cannot patch %s", patch[i].fn);
        }
    if (S.sanitizerPatchModule(d->module) != SANITIZER_SUCCESS) fail("cannot patch module %d", k);
    say("module %d patched", k);
}

/* A line of OUT/launches.txt: launch K, its call, grid, block size, kernel,
 * and whether it was traced (1) or why not. */
static void note_launch(uint32_t k, uint32_t call, uint32_t grid, uint32_t bs, const char *name, const char *traced)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/launches.txt", T.out);
    FILE *f = fopen(path, "a");
    if (!f) {
        fail("cannot write %s", path);
        return;
    }
    fprintf(f, "launch %u call %u grid %u block %u traced %s kernel %s\n", k, call, grid, bs, traced, name);
    fclose(f);
}

/* Device memory of the tool's own, not the program's: the allocation
 * callbacks it sets off are not listed. */
/* A buffer of the tool's own that the GPU had no memory for (on a class's
 * shared GPU, its memory held by other programs): said apart from the
 * error, in OUT/tool-gpu-memory.txt, so that a class takes the run for the
 * machine's refusal, not the student's doing (program_run.h). */
static void no_gpu_memory(size_t bytes)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/tool-gpu-memory.txt", T.out);
    FILE *f = fopen(path, "w");
    if (f) fprintf(f, "%zu\n", bytes), fclose(f);
}

static int own_alloc(CUcontext ctx, void **p, size_t bytes)
{
    T.own_alloc = 1;
    SanitizerResult r = S.sanitizerAlloc(ctx, p, bytes);
    T.own_alloc = 0;
    if (r == SANITIZER_ERROR_OUT_OF_MEMORY) no_gpu_memory(bytes);
    return r == SANITIZER_SUCCESS ? 0 : -1;
}

/* The array whose reads are counted (RV_TRACER_WATCH, set once by the
 * driver), given its counters on the first launch that has it. */
static void watch_begin(const Sanitizer_LaunchData *d)
{
    const char *w = getenv("RV_TRACER_WATCH");
    if (T.dwatch || !w) return;
    unsigned long long addr, n;
    if (sscanf(w, "%llu %llu", &addr, &n) != 2 || n == 0 || n > (1ull << 32)) {
        fail("RV_TRACER_WATCH '%s' is not ADDR N", w);
        return;
    }
    if (own_alloc(d->context, (void **)&T.dwatch, n * sizeof(uint32_t))) {
        fail("cannot allocate %llu counters on the GPU for the reads of in[]", n);
        T.dwatch = NULL;
        return;
    }
    S.sanitizerMemset(T.dwatch, 0, n * sizeof(uint32_t), d->hStream);
    T.watch_addr = addr, T.watch_n = n, T.watch_stream = d->hStream;
}

/* Why launch k's block is not recorded, or NULL when it is. */
static const char *why_untraced(uint32_t k, uint32_t grid)
{
    if (T.only && k != T.only) return "not-asked";
    if (T.block >= grid) return "block-outside-grid";
    if (T.traced >= RV_TRACER_MAX_LAUNCHES) return "too-many-launches";
    return NULL;
}

/* The traced block's record buffers of launch p. */
static int records_begin(pending *p, const Sanitizer_LaunchData *d, uint32_t bs)
{
    size_t bytes = (size_t)T.cap * sizeof(rv_raw_record);
    if (own_alloc(d->context, (void **)&p->drec, bytes) ||
        own_alloc(d->context, (void **)&p->dlast, (size_t)bs * sizeof(uint32_t))) {
        fail("cannot allocate %zu bytes on the GPU for the trace buffer of launch %u (lower RV_TRACER_CAP)", bytes,
             p->hdr.launch);
        return -1;
    }
    /* copied asynchronously: the source must outlive this call */
    static uint32_t none[1024];
    if (none[0] == 0) memset(none, 0xff, sizeof none);
    S.sanitizerMemcpyHostToDeviceAsync(p->dlast, none, (size_t)bs * sizeof *none, d->hStream);
    return 0;
}

/* n bytes of the device's memory at src, read into dst (queued.c). */
static int read_device(void *dst, const void *src, size_t n, Sanitizer_StreamHandle s)
{
    T.busy = 1;
    int rc = S.sanitizerMemcpyDeviceToHost(dst, (void *)src, n, s) == SANITIZER_SUCCESS ? 0 : -1;
    T.busy = 0;
    return rc;
}

/* The call of launch() the program is in (RV_TRACER_CALL), 0 when it is in
 * none (not armed). */
static unsigned armed_call(void)
{
    const char *armed = getenv("RV_TRACER_ARMED"), *callv = getenv("RV_TRACER_CALL");
    if (!armed || strcmp(armed, "1") != 0) return 0;
    return callv ? (unsigned)strtoul(callv, NULL, 10) : 1;
}

/* A kernel begins: launched by the program (LAUNCH_BEGIN, also recorded for
 * the judge's runner), or as a kernel node of a graph the program launched
 * (GRAPHS NODE_LAUNCH_BEGIN; the graph itself is recorded as not replayable,
 * rv_queued_graph).  Either way a launch of the story: counted, and its
 * block recorded. */
static void launch_begin(const Sanitizer_LaunchData *d, int graph_node)
{
    if (!graph_node) rv_queued_launch(d, module_index(d->module), armed_call());
    const char *armed = getenv("RV_TRACER_ARMED"), *callv = getenv("RV_TRACER_CALL");
    say("launch of %s%s, armed %s", d->functionName ? d->functionName : "(no name)",
        graph_node ? " (a graph's node)" : "", armed ? armed : "no");
    S.sanitizerSetCallbackData(d->function, NULL); /* unless armed below, this launch counts nothing */
    if (T.waves) {
        uint32_t k = armed_call() && d->functionName ? ++T.launches : 0;
        rv_waves_launch(d, graph_node, k, armed_call(), rv_queued_smem());
        return;
    }
    if (!armed || strcmp(armed, "1") != 0 || !d->functionName) return;
    uint32_t k = ++T.launches, call = callv ? (uint32_t)strtoul(callv, NULL, 10) : 1;
    uint32_t grid = d->gridDim_x * d->gridDim_y * d->gridDim_z, bs = d->blockDim_x * d->blockDim_y * d->blockDim_z;
    int full = T.npend >= RV_TRACER_MAX_COUNTED; /* no buffer left before the program waits */
    const char *why = full ? "too-many-launches" : why_untraced(k, grid);
    note_launch(k, call, grid, bs, d->functionName, why ? why : "1");
    if (full) return;
    if (bs > 1024) {
        fail("launch %u has %u threads a block, more than a GPU runs", k, bs);
        return;
    }
    watch_begin(d);
    pending *p = &T.pend[T.npend];
    memset(p, 0, sizeof *p);
    rv_raw_header *h = &p->hdr;
    memcpy(h->magic, RV_RAW_MAGIC, 8);
    h->block_size = bs;
    h->grid = grid;
    h->traced_block = T.block;
    h->launch = k;
    h->call = call;
    h->block_dim[0] = d->blockDim_x, h->block_dim[1] = d->blockDim_y, h->block_dim[2] = d->blockDim_z;
    h->grid_dim[0] = d->gridDim_x, h->grid_dim[1] = d->gridDim_y, h->grid_dim[2] = d->gridDim_z;
    /* 0 where the launch has no cluster */
    h->cluster_dim[0] = d->clusterDim_x ? d->clusterDim_x : 1,
    h->cluster_dim[1] = d->clusterDim_y ? d->clusterDim_y : 1;
    h->cluster_dim[2] = d->clusterDim_z ? d->clusterDim_z : 1;
    h->module = (uint32_t)module_index(d->module);
    snprintf(h->func_name, sizeof h->func_name, "%s", d->functionName);
    if (S.sanitizerGetFunctionPcAndSize(d->module, d->functionName, &h->func_pc, &h->func_size) != SANITIZER_SUCCESS)
        fail("cannot find where kernel %s starts", h->func_name);
    uint32_t npcs = (uint32_t)(h->func_size / RV_PC_BYTES) + 1;
    size_t pcs_bytes = (size_t)npcs * RV_PC_HALVES * RV_PC_SHARDS * sizeof(rv_pc_count);
    if (own_alloc(d->context, (void **)&p->dbuf, sizeof(rv_raw_buffer)) ||
        own_alloc(d->context, (void **)&p->dpcs, pcs_bytes)) {
        fail("cannot allocate the counts of launch %u on the GPU", k);
        return;
    }
    S.sanitizerMemset(p->dpcs, 0, pcs_bytes, d->hStream);
    p->traced = !why && records_begin(p, d, bs) == 0;
    p->init = (rv_raw_buffer){.records = p->traced ? p->drec : NULL,
                              .last = p->dlast,
                              .cap = T.cap,
                              .block = T.block,
                              .npcs = npcs,
                              .pcs = T.nocount ? NULL : p->dpcs,
                              .func_pc = h->func_pc,
                              .watch = T.dwatch,
                              .watch_addr = T.watch_addr,
                              .watch_n = T.watch_n};
    p->init.nspans = T.nlive;
    memcpy(p->init.spans, T.live, T.nlive * sizeof *T.live);
    S.sanitizerMemcpyHostToDeviceAsync(p->dbuf, &p->init, sizeof p->init, d->hStream);
    /* per launch where the library can.  Not for a graph's nodes: all of a
       graph's node callbacks come before any node runs, and launch data set
       for one node served every node of the graph (an H200, driver 580:
       launch 1 recorded nothing, launch 2 held both kernels' accesses).
       Per kernel then, so a graph that launches one kernel twice counts
       both launches into the second's buffer. */
    if (!graph_node && set_launch_data)
        set_launch_data(d->hLaunch, d->function, d->hStream, p->dbuf);
    else
        S.sanitizerSetCallbackData(d->function, p->dbuf);
    p->ctx = d->context;
    p->stream = d->hStream;
    T.npend++;
    T.traced += p->traced;
    T.watch_dirty = 1;
    say("launch %u: counted%s", k, p->traced ? ", block recorded" : "");
}

/* Launch p's records, read back and written to OUT/raw-K.rvraw. */
static void write_records(pending *p, const rv_raw_buffer *b)
{
    p->hdr.claimed = b->count;
    p->hdr.nrec = b->count < T.cap ? b->count : T.cap;
    rv_raw_record *rec = malloc((size_t)p->hdr.nrec * sizeof *rec + 1);
    if (!rec) {
        fail("out of memory reading %u records", p->hdr.nrec);
        return;
    }
    if (p->hdr.nrec && S.sanitizerMemcpyDeviceToHost(rec, p->drec, (size_t)p->hdr.nrec * sizeof *rec, p->stream) !=
                           SANITIZER_SUCCESS) {
        fail("cannot read the %u records of launch %u back", p->hdr.nrec, p->hdr.launch);
        free(rec);
        return;
    }
    char path[4096], tmp[4200];
    snprintf(path, sizeof path, "%s/raw-%u.rvraw", T.out, p->hdr.launch);
    snprintf(tmp, sizeof tmp, "%s.part", path);
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(&p->hdr, sizeof p->hdr, 1, f) == 1 && fwrite(rec, sizeof *rec, p->hdr.nrec, f) == p->hdr.nrec;
    if (f && fclose(f) != 0) ok = 0;
    if (!ok || rename(tmp, path) != 0) fail("cannot write %s", path);
    say("launch %u: %u records written (%u claimed)", p->hdr.launch, p->hdr.nrec, p->hdr.claimed);
    free(rec);
}

/* A count's kind as counts.txt names it (raw.h): another block's shared
 * memory is a kind of its own there, so that a reader that does not know
 * it refuses the file rather than count it as the block's own. */
static const char *count_kind(const rv_pc_count *c)
{
    if (c->kind == RV_RAW_BULK) return "bulk";
    if (c->kind == RV_RAW_SMEM) return (c->flags & RV_RAW_REMOTE) ? "dsmem" : "smem";
    return "gmem";
}

/* Launch p's counts, read back and appended to OUT/counts.txt: a line for
 * the launch, then one for each instruction that ran (two for one that
 * reached both the block's own shared memory and another block's:
 * RV_PC_HALVES). */
static void write_counts(pending *p, const rv_raw_buffer *b)
{
    uint32_t npcs = (uint32_t)(p->hdr.func_size / RV_PC_BYTES) + 1, slots = npcs * RV_PC_HALVES;
    rv_pc_count *c = malloc((size_t)slots * RV_PC_SHARDS * sizeof *c);
    if (!c) {
        fail("out of memory reading the counts of launch %u", p->hdr.launch);
        return;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/counts.txt", T.out);
    FILE *f = NULL;
    if (S.sanitizerMemcpyDeviceToHost(c, p->dpcs, (size_t)slots * RV_PC_SHARDS * sizeof *c, p->stream) !=
        SANITIZER_SUCCESS)
        fail("cannot read the counts of launch %u back (the kernel failed?)", p->hdr.launch);
    else if (!(f = fopen(path, "a")))
        fail("cannot write %s", path);
    for (uint32_t i = 0; f && i < slots; i++) /* each instruction's groups of SMs, summed into its first */
        for (uint32_t k = 1; k < RV_PC_SHARDS; k++) {
            rv_pc_count *to = &c[i * RV_PC_SHARDS], *from = &c[i * RV_PC_SHARDS + k];
            to->requests += from->requests, to->lanes += from->lanes, to->wavefronts += from->wavefronts;
            to->bytes += from->bytes;
            to->flags |= from->flags;
            if (from->requests) to->kind = from->kind, to->size = from->size;
        }
    if (f) {
        fprintf(f, "launch %u grid %u block %u kernel %s\n", p->hdr.launch, p->hdr.grid, p->hdr.block_size,
                p->hdr.func_name);
        for (uint32_t i = 0; i < slots; i++) { /* the block's own accesses, then other blocks' (RV_PC_HALVES) */
            const rv_pc_count *ci = &c[i * RV_PC_SHARDS];
            uint32_t at = i % npcs;
            if (!ci->requests) continue;
            fprintf(f, "count %u pc %lld kind %s flags %u size %u requests %llu lanes %llu wavefronts %llu",
                    p->hdr.launch, at + 1 < npcs ? (long long)at * RV_PC_BYTES : -1LL, count_kind(ci), ci->flags,
                    ci->size, ci->requests, ci->lanes, ci->wavefronts);
            if (ci->kind == RV_RAW_BULK) fprintf(f, " bytes %llu", ci->bytes);
            fputc('\n', f);
        }
        for (uint32_t k = 0; k < b->nspans && k < RV_RAW_MAX_BUFFERS; k++) {
            const rv_raw_span *sp = &b->spans[k];
            if (sp->reads || sp->writes || sp->atomics)
                fprintf(f, "buffer %u alloc %u reads %llu writes %llu atomics %llu\n", p->hdr.launch, sp->id, sp->reads,
                        sp->writes, sp->atomics);
        }
        if (fclose(f) != 0) fail("cannot write %s", path);
    }
    free(c);
}

/* One pending launch written out, and its device memory given back. */
static void write_pending(pending *p)
{
    rv_raw_buffer b;
    if (S.sanitizerMemcpyDeviceToHost(&b, p->dbuf, sizeof b, p->stream) != SANITIZER_SUCCESS) {
        fail("cannot read the trace buffer of launch %u back (the kernel failed?)", p->hdr.launch);
        return;
    }
    write_counts(p, &b);
    if (p->traced) write_records(p, &b);
    S.sanitizerFree(p->ctx, p->dbuf);
    S.sanitizerFree(p->ctx, p->dpcs);
    if (p->drec) S.sanitizerFree(p->ctx, p->drec);
    if (p->dlast) S.sanitizerFree(p->ctx, p->dlast);
}

/* OUT/reads.txt: how often each watched element was read so far (raw.h). */
static void write_reads(void)
{
    if (!T.dwatch || !T.watch_dirty) return;
    T.watch_dirty = 0;
    uint32_t *c = malloc(T.watch_n * sizeof *c);
    if (!c) {
        fail("out of memory reading the counts of in[]");
        return;
    }
    if (S.sanitizerMemcpyDeviceToHost(c, T.dwatch, T.watch_n * sizeof *c, T.watch_stream) != SANITIZER_SUCCESS) {
        fail("cannot read the counts of in[] back (the kernel failed?)");
        free(c);
        return;
    }
    unsigned long long read = 0, twice = 0, most = 0;
    long long first = -1;
    for (uint64_t i = 0; i < T.watch_n; i++) {
        if (c[i])
            read++;
        else if (first < 0)
            first = (long long)i;
        if (c[i] > 1) twice++;
        if (c[i] > most) most = c[i];
    }
    free(c);
    char path[4096], tmp[4200];
    snprintf(path, sizeof path, "%s/reads.txt", T.out);
    snprintf(tmp, sizeof tmp, "%s.part", path);
    FILE *f = fopen(tmp, "w");
    int ok =
        f && fprintf(f, "reads n %llu read %llu unread %llu first_unread %lld more_than_once %llu most %llu\n",
                     (unsigned long long)T.watch_n, read, (unsigned long long)T.watch_n - read, first, twice, most) > 0;
    if (f && fclose(f) != 0) ok = 0;
    if (!ok || rename(tmp, path) != 0) fail("cannot write %s", path);
}

/* The program waited for the GPU: write every pending buffer, once; and
 * once the driver has said its traced calls are over (RV_TRACER_OVER, set
 * before it reads the sum back), the reads of in[].  Not at every wait:
 * reading N counters back and through costs a tenth of a second and more
 * at N = 2^25, and a reduction waits once a pass. */
static void synchronized(void)
{
    rv_waves_sync();
    if (T.npend) {
        say("synchronized: reading %d buffers back", T.npend);
        for (int i = 0; i < T.npend; i++) write_pending(&T.pend[i]);
        T.npend = 0;
    }
    const char *over = getenv("RV_TRACER_OVER");
    if (over && !strcmp(over, "1")) write_reads();
}

/* The live allocations the patches name: a new one is added (the oldest
 * dropped when there is no room), a freed one taken out. */
static void track(int freed, uint64_t addr, uint64_t bytes, uint32_t id)
{
    for (uint32_t k = 0; k < T.nlive; k++)
        if (T.live[k].addr == addr) {
            memmove(&T.live[k], &T.live[k + 1], (T.nlive - k - 1) * sizeof *T.live);
            T.nlive--;
            break;
        }
    if (freed) return;
    if (T.nlive == RV_RAW_MAX_BUFFERS) {
        memmove(&T.live[0], &T.live[1], (T.nlive - 1) * sizeof *T.live);
        T.nlive--;
    }
    T.live[T.nlive++] = (rv_raw_span){.addr = addr, .bytes = bytes, .id = id};
}

/* A line of OUT/allocs.txt for each device allocation the program makes or
 * frees (raw.h). */
static void memory_changed(Sanitizer_CallbackId cbid, const Sanitizer_ResourceMemoryData *m)
{
    if (T.own_alloc) return;
    int freed = cbid == SANITIZER_CBID_RESOURCE_DEVICE_MEMORY_FREE || cbid == SANITIZER_CBID_RESOURCE_MEMORY_FREE_ASYNC;
    const char *armed = getenv("RV_TRACER_ARMED"), *callv = getenv("RV_TRACER_CALL");
    unsigned call = armed && !strcmp(armed, "1") && callv ? (unsigned)strtoul(callv, NULL, 10) : 0;
    char path[4096];
    snprintf(path, sizeof path, "%s/allocs.txt", T.out);
    FILE *f = fopen(path, "a");
    if (!f) {
        fail("cannot write %s", path);
        return;
    }
    if (freed)
        fprintf(f, "free addr %llu at %u\n", (unsigned long long)m->address, T.launches);
    else
        fprintf(f, "alloc %u addr %llu bytes %llu kind %s at %u call %u\n", ++T.nallocs, (unsigned long long)m->address,
                (unsigned long long)m->size,
                (m->flags & SANITIZER_MEMORY_FLAG_MODULE)            ? "module"
                : (m->flags & SANITIZER_MEMORY_FLAG_MANAGED)         ? "managed"
                : cbid == SANITIZER_CBID_RESOURCE_MEMORY_ALLOC_ASYNC ? "async"
                                                                     : "cudaMalloc",
                T.launches, call);
    fclose(f);
    track(freed, m->address, m->size, T.nallocs);
    rv_queued_memory(
        freed, cbid == SANITIZER_CBID_RESOURCE_MEMORY_ALLOC_ASYNC || cbid == SANITIZER_CBID_RESOURCE_MEMORY_FREE_ASYNC,
        m, armed_call());
}

/* The stream a copy or memset was queued on: its handle, else the one of
 * the CUstream it names (NULL: the NULL stream), else NULL (the turn then
 * kept, turns.h). */
static Sanitizer_StreamHandle work_stream(CUcontext ctx, CUstream cu, Sanitizer_StreamHandle h)
{
    if (!h && get_stream_handle && get_stream_handle(ctx, cu, &h) != SANITIZER_SUCCESS) h = NULL;
    return h;
}

/* The turn on a class's GPU (turns.h): asked before a kernel or a graph
 * starts, the stream it was queued on handed to the tracer's thread, whose
 * waits end the turn; a stream or context is not destroyed while that
 * thread waits on it. */
static void turns(Sanitizer_CallbackDomain domain, Sanitizer_CallbackId cbid, const void *cbdata)
{
    /* the stream of the launch under way on this thread, as its beginning
       named it (the handle launch_begin queues the tool's own work on),
       should its end name none */
    static __thread Sanitizer_StreamHandle launch_stream;
    if (domain == SANITIZER_CB_DOMAIN_LAUNCH && cbid == SANITIZER_CBID_LAUNCH_BEGIN) {
        launch_stream = ((const Sanitizer_LaunchData *)cbdata)->hStream;
        rv_turns_begin();
    } else if (domain == SANITIZER_CB_DOMAIN_LAUNCH && cbid == SANITIZER_CBID_LAUNCH_END) {
        const Sanitizer_LaunchData *d = cbdata;
        rv_turns_queued(d->context, d->hStream ? d->hStream : launch_stream); /* NULL: not followed, kept */
        launch_stream = NULL;
    } else if (domain == SANITIZER_CB_DOMAIN_GRAPHS &&
               (cbid == SANITIZER_CBID_GRAPHS_LAUNCH_BEGIN || cbid == SANITIZER_CBID_GRAPHS_LAUNCH_END)) {
        const Sanitizer_GraphLaunchData *g = cbdata;
        if (g->isGraphUpload) return; /* an upload runs nothing */
        if (cbid == SANITIZER_CBID_GRAPHS_LAUNCH_BEGIN)
            rv_turns_begin();
        else
            rv_turns_queued(g->context, g->hStream);
    } else if (domain == SANITIZER_CB_DOMAIN_GRAPHS && cbid == SANITIZER_CBID_GRAPHS_NODE_LAUNCH_BEGIN) {
        const Sanitizer_GraphNodeLaunchData *n = cbdata;
        if (n->nodeType == CU_GRAPH_NODE_TYPE_KERNEL && !n->isGraphUpload) rv_turns_graph_node();
    } else if (domain == SANITIZER_CB_DOMAIN_DRIVER_API || domain == SANITIZER_CB_DOMAIN_RUNTIME_API) {
        rv_turns_api(((const Sanitizer_CallbackData *)cbdata)->callbackSite == SANITIZER_API_ENTER);
    } else if (domain == SANITIZER_CB_DOMAIN_MEMCPY && cbid == SANITIZER_CBID_MEMCPY_STARTING) {
        const Sanitizer_MemcpyData *m = cbdata; /* the tool's own reading back included */
        CUcontext ctx = m->apiContext ? m->apiContext : m->dstContext;
        rv_turns_work(ctx, work_stream(ctx, m->apiStream,
                                       m->hApiStream   ? m->hApiStream
                                       : m->hDstStream ? m->hDstStream
                                                       : m->hSrcStream));
    } else if (domain == SANITIZER_CB_DOMAIN_MEMSET && cbid == SANITIZER_CBID_MEMSET_STARTING) {
        const Sanitizer_MemsetData *m = cbdata;
        rv_turns_work(m->context, work_stream(m->context, m->stream, m->hStream));
    } else if (domain == SANITIZER_CB_DOMAIN_BATCH_MEMOP && cbid == SANITIZER_CBID_BATCH_MEMOP_WRITE) {
        const Sanitizer_BatchMemopData *m = cbdata;
        rv_turns_work(m->context, work_stream(m->context, m->stream, m->hStream));
    } else if (domain == SANITIZER_CB_DOMAIN_RESOURCE && cbid == SANITIZER_CBID_RESOURCE_DEVICE_MEMORY_ALLOC &&
               (((const Sanitizer_ResourceMemoryData *)cbdata)->flags & SANITIZER_MEMORY_FLAG_MANAGED)) {
        rv_turns_hold("managed memory, whose pages the GPU moves whenever they are touched");
    } else if (domain == SANITIZER_CB_DOMAIN_RESOURCE && cbid == SANITIZER_CBID_RESOURCE_STREAM_DESTROY_STARTING) {
        const Sanitizer_ResourceStreamData *st = cbdata;
        rv_turns_destroying(st->context, st->hStream);
    } else if (domain == SANITIZER_CB_DOMAIN_RESOURCE && cbid == SANITIZER_CBID_RESOURCE_CONTEXT_DESTROY_STARTING) {
        const Sanitizer_ResourceContextData *c = cbdata;
        rv_turns_destroying(c->context, NULL);
    }
}

static void SANITIZERAPI callback(void *userdata, Sanitizer_CallbackDomain domain, Sanitizer_CallbackId cbid,
                                  const void *cbdata)
{
    (void)userdata;
    if (rv_turns_own_thread()) return; /* the turns' own waits: not the program's */
    turns(domain, cbid, cbdata);
    if (domain == SANITIZER_CB_DOMAIN_RESOURCE && cbid == SANITIZER_CBID_RESOURCE_MODULE_LOADED)
        module_loaded((const Sanitizer_ResourceModuleData *)cbdata);
    else if (domain == SANITIZER_CB_DOMAIN_RESOURCE &&
             (cbid == SANITIZER_CBID_RESOURCE_DEVICE_MEMORY_ALLOC ||
              cbid == SANITIZER_CBID_RESOURCE_DEVICE_MEMORY_FREE ||
              cbid == SANITIZER_CBID_RESOURCE_MEMORY_ALLOC_ASYNC || cbid == SANITIZER_CBID_RESOURCE_MEMORY_FREE_ASYNC))
        memory_changed(cbid, (const Sanitizer_ResourceMemoryData *)cbdata);
    else if (domain == SANITIZER_CB_DOMAIN_LAUNCH && cbid == SANITIZER_CBID_LAUNCH_BEGIN) {
        T.busy = 1;
        launch_begin((const Sanitizer_LaunchData *)cbdata, 0);
        T.busy = 0;
    } else if (domain == SANITIZER_CB_DOMAIN_GRAPHS && cbid == SANITIZER_CBID_GRAPHS_NODE_LAUNCH_BEGIN) {
        /* a graph's kernels get no LAUNCH_BEGIN (seen on an H200, driver
           580): without this their patches would run on whatever data the
           kernel last had, or none */
        const Sanitizer_GraphNodeLaunchData *n = cbdata;
        if (n->nodeType != CU_GRAPH_NODE_TYPE_KERNEL || n->isGraphUpload) return;
        T.busy = 1;
        launch_begin(&n->launchData, 1);
        T.busy = 0;
    } else if (domain == SANITIZER_CB_DOMAIN_SYNCHRONIZE) {
        if (!T.busy) rv_queued_sync(armed_call());
        T.busy = 1;
        synchronized();
        T.busy = 0;
    } else if (domain == SANITIZER_CB_DOMAIN_DRIVER_API || domain == SANITIZER_CB_DOMAIN_RUNTIME_API)
        rv_queued_api(domain, cbid, (const Sanitizer_CallbackData *)cbdata, armed_call());
    else if (T.busy)
        return; /* the tool's own copies, not the program's */
    else if (domain == SANITIZER_CB_DOMAIN_MEMCPY && cbid == SANITIZER_CBID_MEMCPY_STARTING)
        rv_queued_memcpy((const Sanitizer_MemcpyData *)cbdata, armed_call());
    else if (domain == SANITIZER_CB_DOMAIN_MEMSET && cbid == SANITIZER_CBID_MEMSET_STARTING)
        rv_queued_memset((const Sanitizer_MemsetData *)cbdata, armed_call());
    else if (domain == SANITIZER_CB_DOMAIN_EVENTS)
        rv_queued_event(cbid, (const Sanitizer_EventData *)cbdata, armed_call());
    else if (domain == SANITIZER_CB_DOMAIN_GRAPHS && cbid == SANITIZER_CBID_GRAPHS_LAUNCH_BEGIN)
        rv_queued_graph(armed_call());
}

/* Called by the driver once it has loaded the library.  It must return 1:
 * anything else reads as failure, the driver unloads the library, and the
 * callbacks it subscribed crash the program (H200, driver 580, CUDA 13.0). */
int InitializeInjection(void)
{
    T.out = getenv("RV_TRACER_OUT");
    T.patches = getenv("RV_TRACER_PATCHES");
    const char *blk = getenv("RV_TRACER_BLOCK"), *cap = getenv("RV_TRACER_CAP"), *only = getenv("RV_TRACER_LAUNCH");
    T.block = blk ? (uint32_t)strtoul(blk, NULL, 10) : 0;
    T.only = only ? (uint32_t)strtoul(only, NULL, 10) : 0;
    T.cap = cap ? (uint32_t)strtoul(cap, NULL, 10) : (4u << 20);
    const char *dbg = getenv("RV_TRACER_DEBUG"), *np = getenv("RV_TRACER_NOPATCH");
    T.debug = dbg && *dbg == '1';
    T.nopatch = np && *np == '1';
    const char *nc = getenv("RV_TRACER_NOCOUNT");
    T.nocount = nc && *nc == '1';
    if (T.debug) {
        signal(SIGSEGV, crashed);
        signal(SIGBUS, crashed);
        signal(SIGABRT, crashed);
    }
    say("initializing: out %s, patches %s", T.out ? T.out : "(unset)", T.patches ? T.patches : "(unset)");
    const char *lib = getenv("RV_TRACER_SANITIZER");
    if (!T.out || !T.patches || !lib) {
        fprintf(stderr, "reducevis tracer: RV_TRACER_OUT, RV_TRACER_PATCHES and RV_TRACER_SANITIZER must be set\n");
        return 0;
    }
    if (open_sanitizer(lib)) return 0;
    T.waves = rv_waves_on(T.out, &(rv_waves_ops){.fail = fail, .say = say, .alloc = own_alloc});
    Sanitizer_SubscriberHandle handle;
    if (S.sanitizerSubscribe(&handle, callback, NULL) != SANITIZER_SUCCESS) {
        fail("cannot subscribe to the Compute Sanitizer API");
        return 0;
    }
    S.sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_RESOURCE);
    S.sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_LAUNCH);
    S.sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_SYNCHRONIZE);
    S.sanitizerEnableCallback(1, handle, SANITIZER_CB_DOMAIN_GRAPHS, SANITIZER_CBID_GRAPHS_NODE_LAUNCH_BEGIN);
    rv_queued_init(T.out, read_device);
    rv_queued_enable(handle, S.sanitizerEnableCallback);
    /* a graph's launch ends its turn like a kernel's; every API call's
       return, every copy, memset and stream memory write follows a turn
       too (turns.h) */
    S.sanitizerEnableCallback(1, handle, SANITIZER_CB_DOMAIN_GRAPHS, SANITIZER_CBID_GRAPHS_LAUNCH_END);
    S.sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_DRIVER_API);
    S.sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_RUNTIME_API);
    S.sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_MEMCPY);
    S.sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_MEMSET);
    S.sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_BATCH_MEMOP);
    turn_ops.say = say;
    if (!rv_waves_all()) rv_turns_init(&turn_ops); /* a timed run asks the GPU alone from its driver */
    say("subscribed");
    return 1;
}
