/* waves.c — the tool's waves run (waves_tool.h; its files are waves.h's):
 * block entries and exits patched, one slot a block in a pool of the tool's
 * device memory, read back when the program waits, and the launch's SM count,
 * the SM's limit of blocks and the occupancy bound asked of the driver when
 * it is launched (the bounds the validation holds every SM to).
 *
 * The pool is allocated and zeroed once, at the first launch stamped, and
 * zeroed again after a read-back, outside any launch.  Under RV_TRACER_WAVES
 * =all (a timed run: the driver's time mode, whose launches are not armed)
 * the launches are stamped but never read, so their slots are not zeroed at
 * all: a timed launch gets no memset queued before it and the program's
 * waits no copy inside them, and costs only its patches.  A launch that
 * finds the pool full is not stamped, and says so. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "waves_tool.h"

#define MAX_STAMPED 256 /* launches stamped between two waits */

typedef struct stamped {
    rv_waves_header hdr;
    rv_waves_slot *slots; /* device: the launch's part of the pool */
    int written;          /* an armed launch: written to a file */
    Sanitizer_StreamHandle stream;
} stamped;

static struct {
    int on, all;
    const char *out, *patches;
    rv_waves_ops ops;
    uint8_t *pool; /* device */
    size_t pool_bytes, used;
    size_t dirty; /* bytes from the pool's start that unwritten
                                         launches stamped and nothing zeroed since */
    CUcontext ctx;
    Sanitizer_StreamHandle stream; /* the last launch's: the pool's zeroing goes there */
    stamped st[MAX_STAMPED];
    int nst;
} W;

static struct {
    __typeof__(&sanitizerAddPatchesFromFile) add_patches;
    __typeof__(&sanitizerPatchInstructions) patch;
    __typeof__(&sanitizerPatchModule) patch_module;
    __typeof__(&sanitizerSetCallbackData) set_data;
    __typeof__(&sanitizerSetLaunchCallbackData) set_launch_data;
    __typeof__(&sanitizerMemset) memset;
    __typeof__(&sanitizerMemcpyDeviceToHost) to_host;
    __typeof__(&cuOccupancyMaxActiveBlocksPerMultiprocessor) occupancy;
    __typeof__(&cuOccupancyMaxActiveClusters) clusters;
    __typeof__(&cuDeviceGetAttribute) attribute;
} F;

int rv_waves_all(void) { return W.on && W.all; }

int rv_waves_on(const char *out, const rv_waves_ops *ops)
{
    const char *w = getenv("RV_TRACER_WAVES");
    if (!w || (strcmp(w, "1") != 0 && strcmp(w, "all") != 0)) return 0;
    W.on = 1, W.all = strcmp(w, "all") == 0, W.out = out, W.ops = *ops;
    W.patches = getenv("RV_TRACER_PATCHES");
    const char *bytes = getenv("RV_TRACER_WAVES_BYTES");
    W.pool_bytes = bytes ? strtoull(bytes, NULL, 10) : (size_t)64 << 20;
    void *s = dlopen(getenv("RV_TRACER_SANITIZER"), RTLD_NOW | RTLD_NOLOAD);
    void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (!s || !cuda) {
        W.ops.fail("waves: the Compute Sanitizer or the CUDA driver library is not loaded");
        return W.on = 0, 1; /* a waves run that records nothing: never a trace run instead */
    }
    *(void **)&F.add_patches = dlsym(s, "sanitizerAddPatchesFromFile");
    *(void **)&F.patch = dlsym(s, "sanitizerPatchInstructions");
    *(void **)&F.patch_module = dlsym(s, "sanitizerPatchModule");
    *(void **)&F.set_data = dlsym(s, "sanitizerSetCallbackData");
    *(void **)&F.set_launch_data = dlsym(s, "sanitizerSetLaunchCallbackData");
    *(void **)&F.memset = dlsym(s, "sanitizerMemset");
    *(void **)&F.to_host = dlsym(s, "sanitizerMemcpyDeviceToHost");
    *(void **)&F.occupancy = dlsym(cuda, "cuOccupancyMaxActiveBlocksPerMultiprocessor");
    *(void **)&F.clusters = dlsym(cuda, "cuOccupancyMaxActiveClusters");
    *(void **)&F.attribute = dlsym(cuda, "cuDeviceGetAttribute");
    if (!F.add_patches || !F.patch || !F.patch_module || !F.set_data || !F.memset || !F.to_host || !F.occupancy ||
        !F.attribute) {
        W.ops.fail("waves: a function the waves run needs is missing from the Compute Sanitizer or the CUDA driver");
        W.on = 0;
    }
    return 1;
}

void rv_waves_module(const Sanitizer_ResourceModuleData *d)
{
    if (!W.on) return;
    if (F.add_patches(W.patches, d->context) != SANITIZER_SUCCESS) {
        W.ops.fail("waves: cannot load the patches %s (built for another GPU architecture?)", W.patches);
        return;
    }
    if (F.patch(SANITIZER_INSTRUCTION_BLOCK_ENTER, d->module, "rv_waves_enter") != SANITIZER_SUCCESS ||
        F.patch(SANITIZER_INSTRUCTION_BLOCK_EXIT, d->module, "rv_waves_exit") != SANITIZER_SUCCESS ||
        F.patch_module(d->module) != SANITIZER_SUCCESS)
        W.ops.fail("waves: cannot patch a module's block entry and exit");
}

/* The device's SM count, the blocks an SM holds at all (its hardware's
 * limit), and the launch's occupancy bound: blocks per SM at once, and for
 * a cluster launch the clusters the GPU holds at once. */
static void bounds(const Sanitizer_LaunchData *d, rv_waves_header *h)
{
    int sms = 0, per_sm = 0, sm_blocks = 0;
    if (F.attribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, d->device) != CUDA_SUCCESS) sms = 0;
    if (F.attribute(&sm_blocks, CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR, d->device) != CUDA_SUCCESS)
        sm_blocks = 0;
    h->sm_blocks = (uint32_t)sm_blocks;
    uint32_t bs = h->block_dim[0] * h->block_dim[1] * h->block_dim[2];
    if (F.occupancy(&per_sm, d->function, (int)bs, h->smem) != CUDA_SUCCESS) per_sm = 0;
    h->sm_count = (uint32_t)sms, h->bound = (uint32_t)per_sm;
    if (h->cluster_dim[0] * h->cluster_dim[1] * h->cluster_dim[2] <= 1 || !F.clusters) return;
    CUlaunchAttribute a;
    memset(&a, 0, sizeof a);
    a.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    a.value.clusterDim.x = h->cluster_dim[0], a.value.clusterDim.y = h->cluster_dim[1];
    a.value.clusterDim.z = h->cluster_dim[2];
    CUlaunchConfig c;
    memset(&c, 0, sizeof c);
    c.gridDimX = h->grid_dim[0], c.gridDimY = h->grid_dim[1], c.gridDimZ = h->grid_dim[2];
    c.blockDimX = h->block_dim[0], c.blockDimY = h->block_dim[1], c.blockDimZ = h->block_dim[2];
    c.sharedMemBytes = h->smem, c.attrs = &a, c.numAttrs = 1;
    int n = 0;
    /* a kernel whose cluster is fixed at compile time takes no attribute */
    if (F.clusters(&n, d->function, &c) != CUDA_SUCCESS) {
        c.attrs = NULL, c.numAttrs = 0;
        if (F.clusters(&n, d->function, &c) != CUDA_SUCCESS) n = 0;
    }
    h->cluster_bound = (uint32_t)n;
}

void rv_waves_launch(const Sanitizer_LaunchData *d, int graph_node, uint32_t k, uint32_t call, uint64_t smem)
{
    if (!W.on || (!k && !W.all)) return;
    uint64_t blocks = (uint64_t)d->gridDim_x * d->gridDim_y * d->gridDim_z;
    const char *name = d->functionName ? d->functionName : "";
    if (blocks > RV_WAVES_TOOL_MAX_BLOCKS || W.nst >= MAX_STAMPED) {
        if (k)
            W.ops.fail(
                "waves: launch %u of %s not stamped: %llu blocks, or more than %d launches before the program waits", k,
                name, (unsigned long long)blocks, MAX_STAMPED);
        return;
    }
    if (!W.pool) {
        if (W.ops.alloc(d->context, (void **)&W.pool, W.pool_bytes)) {
            W.ops.fail("waves: cannot allocate %zu bytes on the GPU (lower RV_TRACER_WAVES_BYTES)", W.pool_bytes);
            W.on = 0;
            return;
        }
        W.ctx = d->context;
        F.memset(W.pool, 0, W.pool_bytes, d->hStream);
    }
    size_t need = (size_t)blocks * sizeof(rv_waves_slot);
    if (W.used + need > W.pool_bytes) {
        if (k)
            W.ops.fail("waves: launch %u of %s not stamped: the pool of %zu bytes is full before the program waits "
                       "(raise RV_TRACER_WAVES_BYTES)",
                       k, name, W.pool_bytes);
        return;
    }
    stamped *s = &W.st[W.nst++];
    memset(s, 0, sizeof *s);
    rv_waves_header *h = &s->hdr;
    memcpy(h->magic, RV_WAVES_MAGIC, 8);
    h->launch = k, h->call = call;
    h->grid_dim[0] = d->gridDim_x, h->grid_dim[1] = d->gridDim_y, h->grid_dim[2] = d->gridDim_z;
    h->block_dim[0] = d->blockDim_x, h->block_dim[1] = d->blockDim_y, h->block_dim[2] = d->blockDim_z;
    h->cluster_dim[0] = d->clusterDim_x ? d->clusterDim_x : 1,
    h->cluster_dim[1] = d->clusterDim_y ? d->clusterDim_y : 1;
    h->cluster_dim[2] = d->clusterDim_z ? d->clusterDim_z : 1;
    h->blocks = (uint32_t)blocks;
    h->smem = (uint32_t)smem;
    snprintf(h->func_name, sizeof h->func_name, "%s", name);
    bounds(d, h);
    s->slots = (rv_waves_slot *)(W.pool + W.used);
    /* a launch that is written needs zeroed slots; one that is not (=all,
       unarmed: timed) takes them as they are, and costs no memset */
    if (k && W.used < W.dirty) F.memset(s->slots, 0, need, d->hStream);
    s->written = k != 0;
    s->stream = W.stream = d->hStream;
    W.used += need;
    /* per launch where the library can; a graph's nodes per kernel (tool.c
       says why) */
    if (!graph_node && F.set_launch_data)
        F.set_launch_data(d->hLaunch, d->function, d->hStream, s->slots);
    else
        F.set_data(d->function, s->slots);
    W.ops.say("waves: launch %u of %s stamped, %u blocks", k, name, h->blocks);
}

/* A stamped launch's slots, read back and written as waves-K.rvwaves. */
static void write_launch(stamped *s)
{
    rv_waves_header *h = &s->hdr;
    rv_waves_slot *slot = malloc((size_t)h->blocks * sizeof *slot + 1);
    rv_waves_record *rec = malloc((size_t)h->blocks * sizeof *rec + 1);
    if (!slot || !rec) {
        W.ops.fail("waves: out of memory reading launch %u's %u blocks", h->launch, h->blocks);
        goto out;
    }
    if (F.to_host(slot, s->slots, (size_t)h->blocks * sizeof *slot, s->stream) != SANITIZER_SUCCESS) {
        W.ops.fail("waves: cannot read launch %u's blocks back (the kernel failed?)", h->launch);
        goto out;
    }
    h->recorded = 0;
    for (uint32_t b = 0; b < h->blocks; b++) {
        /* a block never seen is left out: the reader names it */
        if (!(slot[b].flags & RV_WAVES_SEEN)) continue;
        rv_waves_record *r = &rec[h->recorded++];
        memset(r, 0, sizeof *r);
        r->block = b, r->sm = slot[b].sm, r->start = ~slot[b].nstart, r->end = slot[b].end, r->flags = slot[b].flags;
        /* no exit seen (the kernel failed): ~0 is all ones, never a time
           before the end, and the reader refuses it */
        r->first_end = ~slot[b].nfirst;
    }
    char path[4096], tmp[4200];
    snprintf(path, sizeof path, "%s/waves-%u.rvwaves", W.out, h->launch);
    snprintf(tmp, sizeof tmp, "%s.part", path);
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(h, sizeof *h, 1, f) == 1 && fwrite(rec, sizeof *rec, h->recorded, f) == h->recorded;
    if (f && fclose(f) != 0) ok = 0;
    if (!ok || rename(tmp, path) != 0) W.ops.fail("waves: cannot write %s", path);
out:
    free(slot);
    free(rec);
}

void rv_waves_sync(void)
{
    if (!W.on || !W.nst) return;
    int written = 0;
    for (int i = 0; i < W.nst; i++)
        if (W.st[i].written) write_launch(&W.st[i]), written = 1;
    if (written) {
        /* zeroed for the next launches, and waited for (a copy back on the
           same stream waits for the memset before it) */
        uint64_t probe;
        size_t upto = W.used > W.dirty ? W.used : W.dirty;
        F.memset(W.pool, 0, upto, W.stream);
        F.to_host(&probe, W.pool, sizeof probe, W.stream);
        W.dirty = 0;
    } else if (W.used > W.dirty) {
        /* only launches that are not written (a timed run under =all): the
           program's wait is not made longer; their slots are zeroed when a
           launch that is written needs them */
        W.dirty = W.used;
    }
    W.nst = 0, W.used = 0;
}
