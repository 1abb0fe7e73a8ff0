// gpu_waves.cu — the waves run of a shipped version, stamped in its kernel:
// every pass of the reduction launched by the version's waves build (the
// timed build with kernels/waves.cuh's stamps compiled in), which SM ran
// each block and when read back from one slot a block, the bounds the
// checks hold it to asked of the runtime for the function that ran, and
// the stamps' cost measured in the same run.  No Compute Sanitizer: a
// student's file keeps the patch (src/tracer/waves.c), whose slot layout
// (src/tracer/waves.h) and meaning this shares, so the same checks, section
// and pictures take both.
//
// Why a stream capture of the launcher: it is the version's own launcher
// that runs (its grid, block, dynamic shared memory and clusters, whatever
// they are), and the captured kernel node says which function it launched
// and how, so the occupancy is asked of that very function and nothing of a
// version is written here (the version table and the kernel file say it).
//
// Why the overhead this way: a pass's untraced launch (the timed build) and
// its stamped launch take turns (each first in every other round), R each
// after warm-up, with CUDA events around each launcher call (a launcher's
// own memset, v9's, is in both), on a stream of their own; the medians go
// into the launch's waves.  The timed stamped launches write into the
// recorded launch's slots without zeroing them (nothing reads them again),
// as the patch's timed runs do.
#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <vector>

#include "gpu.h"
#include "gpu_reduce.h" // and through it kernels/waves.cuh: the slot
#include "core/waves.h"

#define RV_WAVES_WARMUP 3 // untimed launches of each build before the timed ones

// How the version's launcher launches one pass, read off a capture of it.
struct captured {
    const void *func;
    dim3 grid, block, cluster;
    unsigned smem;
};

// Runs `launch` into a graph instead of onto the GPU and reads its one
// kernel launch.  0, or -1 with err.
template <typename Launch> static int capture(cudaStream_t s, Launch launch, captured *c, char *err, size_t errlen)
{
    cudaGraph_t g = nullptr;
    size_t n = 0, kernels = 0;
    std::vector<cudaGraphNode_t> nodes;
    RV_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal), "capturing the launcher");
    launch();
    RV_CUDA(cudaStreamEndCapture(s, &g), "capturing the launcher");
    RV_CUDA(cudaGraphGetNodes(g, nullptr, &n), "reading the captured launch");
    nodes.resize(n);
    if (n) RV_CUDA(cudaGraphGetNodes(g, nodes.data(), &n), "reading the captured launch");
    for (cudaGraphNode_t node : nodes) {
        cudaGraphNodeType type;
        RV_CUDA(cudaGraphNodeGetType(node, &type), "reading the captured launch");
        if (type != cudaGraphNodeTypeKernel) continue; // a memset the launcher issues first (v9)
        if (kernels++) continue;
        cudaKernelNodeParams p;
        RV_CUDA(cudaGraphKernelNodeGetParams(node, &p), "reading the captured kernel launch");
        cudaKernelNodeAttrValue v;
        memset(&v, 0, sizeof v);
        // a launch without clusters may have no such attribute to read: no
        // cluster (a launch that had them and is read so fails the checks,
        // its blocks flagged as a cluster's)
        if (cudaGraphKernelNodeGetAttribute(node, cudaKernelNodeAttributeClusterDimension, &v) != cudaSuccess) {
            cudaGetLastError();
            memset(&v, 0, sizeof v);
        }
        c->func = p.func, c->grid = p.gridDim, c->block = p.blockDim, c->smem = p.sharedMemBytes;
        c->cluster = dim3(v.clusterDim.x ? v.clusterDim.x : 1, v.clusterDim.y ? v.clusterDim.y : 1,
                          v.clusterDim.z ? v.clusterDim.z : 1);
    }
    cudaGraphDestroy(g);
    if (kernels != 1) {
        snprintf(err, errlen, "the version's launcher made %zu kernel launches in one pass; the waves run takes one",
                 kernels);
        return -1;
    }
    return 0;
fail:
    if (g) cudaGraphDestroy(g);
    cudaGetLastError(); // a failed capture is not sticky: leave nothing for the next call
    return -1;
}

// The bounds the checks hold a launch to (src/core/waves.c), asked for the
// function that ran: blocks an SM holds whole, the SM's own limit of blocks,
// and for clusters the clusters the GPU holds at once.
static int bounds(const captured &c, rv_waves *w, char *err, size_t errlen)
{
    int dev = 0, sms = 0, sm_blocks = 0, per_sm = 0, clusters = 0;
    unsigned threads = c.block.x * c.block.y * c.block.z;
    RV_CUDA(cudaGetDevice(&dev), "asking for the device");
    RV_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), "asking for the SM count");
    RV_CUDA(cudaDeviceGetAttribute(&sm_blocks, cudaDevAttrMaxBlocksPerMultiprocessor, dev),
            "asking for the SM's limit of blocks");
    RV_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, c.func, (int)threads, c.smem),
            "asking for the occupancy");
    if (c.cluster.x * c.cluster.y * c.cluster.z > 1) {
        cudaLaunchAttribute a;
        memset(&a, 0, sizeof a);
        a.id = cudaLaunchAttributeClusterDimension;
        a.val.clusterDim.x = c.cluster.x, a.val.clusterDim.y = c.cluster.y, a.val.clusterDim.z = c.cluster.z;
        cudaLaunchConfig_t lc;
        memset(&lc, 0, sizeof lc);
        lc.gridDim = c.grid, lc.blockDim = c.block, lc.dynamicSmemBytes = c.smem, lc.attrs = &a, lc.numAttrs = 1;
        RV_CUDA(cudaOccupancyMaxActiveClusters(&clusters, c.func, &lc), "asking for the clusters at once");
    }
    w->grid_dim[0] = c.grid.x, w->grid_dim[1] = c.grid.y, w->grid_dim[2] = c.grid.z;
    w->block_dim[0] = c.block.x, w->block_dim[1] = c.block.y, w->block_dim[2] = c.block.z;
    w->cluster_dim[0] = c.cluster.x, w->cluster_dim[1] = c.cluster.y, w->cluster_dim[2] = c.cluster.z;
    w->sm_count = (uint32_t)sms, w->bound = (uint32_t)per_sm, w->sm_blocks = (uint32_t)sm_blocks;
    w->cluster_bound = (uint32_t)clusters, w->smem = c.smem;
    return 0;
fail:
    return -1;
}

// The GPU's time (%globaltimer) into *t, read before and after the
// recorded launch: the tree stamp keeps its start's low 32 bits, placed
// after the first read (rv_waves_tree_unpack), which the second shows
// possible.
static __global__ void rv_waves_now(unsigned long long *t)
{
    unsigned long long v;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(v));
    *t = v;
}

// The slots read back into the launch's blocks, as the tool writes and
// src/own/records/waves_raw.c reads them: of the per-warp stamps, each
// block's other warps' records folded into its first exit and end; of the
// tree stamp (its flags 0, its first half written), its spans unpacked
// from its start, placed after `before` (kernels/waves.cuh).  A block never
// seen is left out (the checks name it), an exit never seen reads as all
// ones (refused); a warp record never written (zero) changes nothing.
// A cluster's blocks and their ranks come from the launch's cluster shape:
// a block's rank is its place in its cluster (x fastest), as
// %cluster_ctarank counts it, which the stamps do not read (waves.cuh).
static void blocks_of(const std::vector<rv_waves_stamp_slot> &slot, const std::vector<rv_waves_warp_record> &warps,
                      uint32_t per_block, const captured &c, unsigned long long before, rv_waves *w)
{
    bool clustered = c.cluster.x * c.cluster.y * c.cluster.z > 1;
    w->nblocks = 0;
    for (uint32_t b = 0; b < (uint32_t)slot.size(); b++) {
        const rv_waves_stamp_slot &s = slot[b];
        unsigned long long start = ~s.nstart, first, end;
        uint32_t sm;
        if (s.flags & RV_WAVES_STAMP_SEEN) { // the per-warp stamps: the warps' records folded in
            unsigned long long nfirst = s.nfirst;
            end = s.end, sm = s.sm;
            for (uint32_t k = 1; k < per_block; k++) {
                const rv_waves_warp_record &r = warps[(size_t)b * per_block + k];
                nfirst = std::max(nfirst, r.nfirst);
                end = std::max(end, r.end);
            }
            first = ~nfirst;
        } else if (rv_waves_tree_slot(s)) { // the tree stamp: spans from the start, packed with the SM
            rv_waves_tree_times t = rv_waves_tree_unpack(s, before);
            start = t.start, first = t.first, end = t.end, sm = t.sm;
        } else {
            continue; // never stamped
        }
        uint32_t x = b % c.grid.x, y = b / c.grid.x % c.grid.y, z = b / (c.grid.x * c.grid.y);
        uint32_t rank = x % c.cluster.x + c.cluster.x * (y % c.cluster.y + c.cluster.y * (z % c.cluster.z));
        w->blocks[w->nblocks++] =
            rv_wave_block{b, sm, start, first, end, clustered ? rank : 0u, clustered ? RV_WAVE_CLUSTER : 0u};
    }
}

// The tree stamp's sums against the untraced launch's, bit for bit
// (rv_waves_tree_sum_differs).  0, or -1 with err naming the block.
static int tree_sums_match(int v, const std::vector<rv_waves_stamp_slot> &slot, const std::vector<float> &plain,
                           char *err, size_t errlen)
{
    size_t n = std::min(slot.size(), plain.size()), b = rv_waves_tree_sum_differs(slot.data(), plain.data(), n);
    if (b == n) return 0;
    uint32_t mine = (uint32_t)(slot[b].nfirst >> 32);
    float m;
    memcpy(&m, &mine, sizeof m);
    snprintf(err, errlen,
             "%s's stamped build summed block %zu to %.9g, its untraced build to %.9g: the stamps changed the "
             "kernel's sum",
             rv_version_name(v), b, (double)m, (double)plain[b]);
    return -1;
}

static uint64_t median_ns(std::vector<float> &ms)
{
    std::sort(ms.begin(), ms.end());
    size_t k = ms.size();
    double m = k % 2 ? ms[k / 2] : 0.5 * (ms[k / 2 - 1] + ms[k / 2]);
    return (uint64_t)(m * 1e6 + 0.5);
}

// -1 with "what: error" in err where e (or an earlier launch's error) is one.
static int rv_cuda_fail_if(cudaError_t e, const char *what, char *err, size_t errlen)
{
    if (e == cudaSuccess) e = cudaGetLastError();
    return e == cudaSuccess ? 0 : rv_cuda_fail(e, what, err, errlen);
}

// One pass: captured, recorded, then timed against the untraced build.
// w gets everything but its launch number.
struct pass_ctx {
    int v, block, repeats;
    const waves::kernel_entry *stamped;
    timed::launch_fn plain;
    rv_waves_stamp_slot *slots; // device: a slot a block, then a record a warp, zeroed here before the recorded launch
    size_t slot_bytes;          // their room
    unsigned long long *clock;  // device: two words, the time before and after the recorded launch
    std::vector<cudaEvent_t> ev;
    cudaStream_t s;
};

static int run_pass(pass_ctx &p, const float *src, float *dst, unsigned n, unsigned grid, rv_waves **out, char *err,
                    size_t errlen)
{
    unsigned B = (unsigned)p.block;
    captured c, plain_c;
    rv_waves *w = nullptr;
    std::vector<rv_waves_stamp_slot> slot;
    std::vector<rv_waves_warp_record> warp;
    std::vector<float> plain_ms(p.repeats), waves_ms(p.repeats), plain_out;
    unsigned long long clock[2] = {0, 0};
    auto stamped = [&] { p.stamped->launch(src, dst, n, grid, B, p.s); };
    auto plain = [&] { p.plain(src, dst, n, grid, B, p.s); };
    // once each, uncaptured, first: the modules loaded (lazily, at a first
    // launch, which is better not made inside a capture) and a launch's
    // error said as one; the stamps pointed at their slots before any
    // launch of theirs (the tree stamp does not test them for null)
    if (rv_cuda_fail_if(p.stamped->set_slots(p.slots, p.s), "pointing the stamps at their slots", err, errlen))
        return -1;
    plain();
    stamped();
    if (rv_cuda_fail_if(cudaStreamSynchronize(p.s), "running the untraced and the stamped kernel", err, errlen))
        return -1;
    if (capture(p.s, stamped, &c, err, errlen) || capture(p.s, plain, &plain_c, err, errlen)) return -1;
    size_t blocks = (size_t)c.grid.x * c.grid.y * c.grid.z;
    if (c.grid.y * c.grid.z * c.block.y * c.block.z != 1) {
        snprintf(err, errlen,
                 "a launch of %u x %u x %u blocks of %u x %u x %u threads: the stamps number blocks and "
                 "warps in one dimension, as the shipped versions launch (kernels/waves.cuh)",
                 c.grid.x, c.grid.y, c.grid.z, c.block.x, c.block.y, c.block.z);
        return -1;
    }
    if (blocks > RV_WAVES_MAX_BLOCKS) {
        snprintf(err, errlen, "a pass of %zu blocks: the waves run keeps at most %u", blocks, RV_WAVES_MAX_BLOCKS);
        return -1;
    }
    if (!(w = rv_waves_new((uint32_t)blocks))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (bounds(c, w, err, errlen)) goto fail;
    {
        // the stamps must not change how many blocks an SM holds, or the
        // picture is not the untraced kernel's: said, not hidden
        int plain_per_sm = 0;
        unsigned threads = plain_c.block.x * plain_c.block.y * plain_c.block.z;
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&plain_per_sm, plain_c.func, (int)threads, plain_c.smem) ==
                cudaSuccess &&
            (uint32_t)plain_per_sm != w->bound)
            fprintf(stderr,
                    "waves: note: %s's stamped kernel holds %u blocks per SM at once, its untraced one %d (the "
                    "stamps' registers): the waves are the stamped kernel's\n",
                    rv_version_name(p.v), w->bound, plain_per_sm);
    }
    {
        // the recorded launch: slots and warp records zeroed (the stamps point at them already), read back
        uint32_t per_block = (c.block.x * c.block.y * c.block.z + 31) / 32;
        size_t bytes = blocks * (sizeof(rv_waves_stamp_slot) + per_block * sizeof(rv_waves_warp_record));
        if (bytes > p.slot_bytes) {
            snprintf(err, errlen, "a pass of %zu blocks of %u warps: more than the waves slots' room", blocks,
                     per_block);
            goto fail;
        }
        slot.resize(blocks);
        warp.resize(blocks * per_block);
        plain_out.resize(blocks);
        RV_CUDA(cudaMemsetAsync(p.slots, 0, bytes, p.s), "zeroing the waves slots");
        rv_waves_now<<<1, 1, 0, p.s>>>(p.clock);
        stamped();
        RV_CUDA(cudaGetLastError(), "launching the stamped kernel");
        rv_waves_now<<<1, 1, 0, p.s>>>(p.clock + 1);
        RV_CUDA(
            cudaMemcpyAsync(slot.data(), p.slots, blocks * sizeof(rv_waves_stamp_slot), cudaMemcpyDeviceToHost, p.s),
            "reading the waves slots back");
        RV_CUDA(cudaMemcpyAsync(warp.data(), p.slots + blocks, warp.size() * sizeof(rv_waves_warp_record),
                                cudaMemcpyDeviceToHost, p.s),
                "reading the waves slots back");
        RV_CUDA(cudaMemcpyAsync(clock, p.clock, sizeof clock, cudaMemcpyDeviceToHost, p.s), "reading the GPU's time");
        // the untraced launch's sums: the last launch into dst was the plain
        // one above (a tree kernel's stamped build stores its sums in the slots)
        RV_CUDA(cudaMemcpyAsync(plain_out.data(), dst, blocks * sizeof(float), cudaMemcpyDeviceToHost, p.s),
                "reading the untraced sums back");
        RV_CUDA(cudaStreamSynchronize(p.s), "running the stamped kernel");
        if (clock[1] - clock[0] >= (1ull << 32)) {
            snprintf(err, errlen,
                     "the recorded launch took %.2f s: the tree stamp places a block's start within 4.29 s of a time "
                     "read before it (kernels/waves.cuh)",
                     (double)(clock[1] - clock[0]) * 1e-9);
            goto fail;
        }
        blocks_of(slot, warp, per_block, c, clock[0], w);
        if (tree_sums_match(p.v, slot, plain_out, err, errlen)) goto fail;
    }
    // the overhead: the two builds in turn, each first in every other round,
    // so that neither always finds the caches as the other left them
    for (int r = 0; r < RV_WAVES_WARMUP; r++) plain(), stamped();
    for (int r = 0; r < p.repeats; r++) {
        for (int k = 0; k < 2; k++) {
            bool is_plain = (k == 0) == (r % 2 == 0);
            cudaEvent_t *e = &p.ev[4 * r + (is_plain ? 0 : 2)];
            cudaEventRecord(e[0], p.s);
            if (is_plain)
                plain();
            else
                stamped();
            cudaEventRecord(e[1], p.s);
        }
    }
    RV_CUDA(cudaGetLastError(), "launching the timed kernels");
    RV_CUDA(cudaStreamSynchronize(p.s), "running the timed kernels");
    for (int r = 0; r < p.repeats; r++) {
        RV_CUDA(cudaEventElapsedTime(&plain_ms[r], p.ev[4 * r], p.ev[4 * r + 1]), "reading the timers");
        RV_CUDA(cudaEventElapsedTime(&waves_ms[r], p.ev[4 * r + 2], p.ev[4 * r + 3]), "reading the timers");
    }
    w->how = RV_WAVES_BY_STAMPS;
    w->repeats = (uint32_t)p.repeats;
    w->plain_ns = median_ns(plain_ms);
    w->waves_ns = median_ns(waves_ms);
    if (!w->plain_ns) w->plain_ns = 1; // below the timer's step: still measured (1 ns, not "not measured")
    if (!w->waves_ns) w->waves_ns = 1;
    *out = w;
    return 0;
fail:
    rv_waves_free(w);
    return -1;
}

extern "C" rv_waves *rv_gpu_waves(const rv_waves_run_opts *o, char *err, size_t errlen)
{
    int v = o->version, B = o->block_size;
    unsigned n = (unsigned)o->n;
    bool single = rv_version_has(v, RV_VP_SINGLE_PASS);
    if (!rv_version(v) || rv_version_check_block(v, B) || o->n < 1 || o->n > 0x80000000ull || o->repeats < 1 ||
        o->repeats > 1000) {
        snprintf(err, errlen, "the waves run was asked for %s, block %d, N = %llu, %d repeats: not a run it makes",
                 rv_version_name(v), B, (unsigned long long)o->n, o->repeats);
        return nullptr;
    }
    if (!rv_version_runs_here(v, err, errlen)) return nullptr;
    // the passes' grids, as the version's launcher and the traced program run them
    std::vector<unsigned> grids;
    if (single) {
        grids.push_back(o->grid && rv_version_has(v, RV_VP_FILLS_GPU) ? o->grid : rv_grid_on_gpu(v, B, n));
    } else {
        for (unsigned m = n;;) {
            unsigned g = (unsigned)rv_version_grid(v, B, m);
            grids.push_back(g);
            if (g == 1) break;
            m = g;
        }
    }
    if (grids.size() > RV_WAVES_MAX_LAUNCHES) {
        snprintf(err, errlen, "%zu passes: the waves run keeps at most %d", grids.size(), RV_WAVES_MAX_LAUNCHES);
        return nullptr;
    }
    unsigned most = *std::max_element(grids.begin(), grids.end());
    size_t a_n = (size_t)grids[0] + (single ? 1 : 0), b_n = grids.size() > 1 ? grids[1] : 0;
    float *d_in = nullptr, *a = nullptr, *b = nullptr, result = 0.0f;
    double cpu = 0.0;
    rv_waves *head = nullptr, **tail = &head;
    pass_ctx p;
    p.v = v, p.block = B, p.repeats = o->repeats;
    p.stamped = rv_waves_entry(v);
    p.plain = rv_timed_launch(v);
    p.slots = nullptr, p.clock = nullptr, p.s = nullptr;
    p.ev.assign(4 * (size_t)o->repeats, nullptr);
    // a slot a block and a record a warp, for the largest pass (at B threads a block)
    p.slot_bytes = (size_t)most * (sizeof(rv_waves_stamp_slot) + (B + 31) / 32 * sizeof(rv_waves_warp_record));
    if (rv_upload_pattern(o->data, n, (a_n + b_n) * sizeof(float) + p.slot_bytes, &d_in, &cpu, err, errlen))
        return nullptr;
    RV_CUDA(cudaMalloc(&a, a_n * sizeof(float)), "allocating partial sums");
    if (b_n) RV_CUDA(cudaMalloc(&b, b_n * sizeof(float)), "allocating partial sums");
    RV_CUDA(cudaMalloc(&p.slots, p.slot_bytes), "allocating the waves slots");
    RV_CUDA(cudaMalloc(&p.clock, 2 * sizeof *p.clock), "allocating the waves run's clock");
    RV_CUDA(cudaStreamCreateWithFlags(&p.s, cudaStreamNonBlocking), "creating a stream");
    for (cudaEvent_t &e : p.ev) RV_CUDA(cudaEventCreate(&e), "creating the timers");
    {
        // ping-pong as rv_reduce_all: pass 1 into a, pass 2 into b, pass 3 into a ...
        const float *src = d_in;
        float *dst = a;
        unsigned m = n;
        for (size_t k = 0; k < grids.size(); k++) {
            rv_waves *w = nullptr;
            if (run_pass(p, src, dst, m, grids[k], &w, err, errlen)) goto fail;
            w->launch = (uint32_t)k + 1;
            *tail = w, tail = &w->next;
            src = dst, m = grids[k];
            dst = dst == a ? b : a;
        }
        const float *d_result = single ? a + grids[0] : src;
        RV_CUDA(cudaMemcpy(&result, d_result, sizeof result, cudaMemcpyDeviceToHost), "reading the sum back");
    }
    RV_CUDA(p.stamped->set_slots(nullptr, p.s), "unpointing the stamps");
    RV_CUDA(cudaStreamSynchronize(p.s), "unpointing the stamps");
    if (!rv_sum_matches(result, cpu, o->data, o->n, (uint64_t)grids[0] * (unsigned)B)) {
        snprintf(err, errlen, "%s's waves run summed the array to %.9g, but the CPU (double) gets %.9g",
                 rv_version_name(v), (double)result, cpu);
        goto fail;
    }
    // the GPU's GPCs, probed after the timed launches, so that it disturbs none
    if (rv_gpu_waves_gpcs(head, err, errlen) < 0 || rv_waves_validate(head, err, errlen)) goto fail;
    goto done;
fail:
    rv_waves_free(head);
    head = nullptr;
done:
    for (cudaEvent_t e : p.ev)
        if (e) cudaEventDestroy(e);
    if (p.s) cudaStreamDestroy(p.s);
    cudaFree(d_in), cudaFree(a), cudaFree(b), cudaFree(p.slots), cudaFree(p.clock);
    return head;
}
