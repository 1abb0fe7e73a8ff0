// gpu_gpcs.cu — the GPU's SMs by GPC, found by running clusters
// (gpu.h, rv_gpu_gpcs).  No register names an SM's GPC, but CUDA places
// every block of a thread-block cluster on the SMs of one GPC: so the SMs
// that ran blocks of one cluster share a GPC.  The probe launches clusters
// of the largest size the GPU allows, then smaller ones, each block alone
// on its SM (shared memory enough to keep a second out) and held a few
// microseconds so that the GPU fills and the scheduler spreads them, and
// joins the SMs each cluster ran on.  The sets so joined each lie within
// one GPC; that each is a whole GPC is held to the driver's own count of
// the clusters of every size that fit at once (agrees, below), and a map
// that differs from it is not kept.  So the sets are the GPCs as the
// probe and the driver agree on them, and said so (docs/waves.md).
// rv_gpu_waves_gpcs puts them onto a waves run, a version's
// (gpu_waves.cu) or a student's (src/cli/own_gpcs.c).
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <vector>

#include "core/waves.h"
#include "gpu.h"
#include "gpu_reduce.h"

namespace {

// The block's SM, by its thread 0; the block then waits `hold` ns of the
// global timer, so that the clusters launched are on the GPU together.
__global__ void probe(unsigned *sm_of, unsigned long long hold)
{
    extern __shared__ unsigned char room[];
    unsigned long long t0, t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    if (threadIdx.x == 0) {
        unsigned sm;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        sm_of[blockIdx.x] = sm;
        room[0] = (unsigned char)sm; // the shared memory is asked for, not used: touched once
    }
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    } while (t - t0 < hold);
}

int fail(cudaError_t e, const char *what, char *err, size_t errlen) { return rv_cuda_fail(e, what, err, errlen); }

// The sets held to the driver's own count: for every cluster size from 2
// to the largest, as many clusters at once as cudaOccupancyMaxActiveClusters
// says the GPU holds (one block an SM) must fit in the sets, a set holding
// its SMs over the size.  Two sets that were one GPC would hold fewer at
// some size (a set of 8 and four pairs, one GPC of 16, would hold no
// cluster of 9 to 16 where the GPC holds one).  0; 1 with why in err where
// they differ (no map); -1 where the driver cannot say.
int agrees(const rv_gpcs *g, cudaLaunchConfig_t cfg, cudaLaunchAttribute &attr, char *err, size_t errlen)
{
    std::vector<uint32_t> size(g->ngpcs, 0);
    for (uint32_t sm = 0; sm < g->sm_count; sm++)
        if (g->gpc[sm] != RV_GPC_NONE) size[g->gpc[sm]]++;
    for (uint32_t cs = 2; cs <= g->largest; cs++) {
        attr.val.clusterDim.x = cs;
        cfg.gridDim = dim3(cs);
        int active = 0;
        cudaError_t e = cudaOccupancyMaxActiveClusters(&active, probe, &cfg);
        if (e != cudaSuccess) return fail(e, "asking how many clusters fit", err, errlen);
        uint32_t fit = 0;
        for (uint32_t k : size) fit += k / cs;
        if (fit != (uint32_t)active) {
            snprintf(
                err, errlen,
                "the probe's %u sets would hold %u clusters of %u at once, where the driver says the GPU holds %d: "
                "not kept",
                g->ngpcs, fit, cs, active);
            return 1;
        }
    }
    return 0;
}

} // namespace

extern "C" int rv_gpu_gpcs(rv_gpcs *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (errlen) err[0] = '\0';
    int dev = 0, sms = 0, optin = 0, clusters_ok = 0;
    cudaError_t e = cudaGetDevice(&dev);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&clusters_ok, cudaDevAttrClusterLaunch, dev);
    if (e != cudaSuccess) return fail(e, "asking the GPU's SMs", err, errlen);
    if (!clusters_ok) return 1; // before compute capability 9.0: no clusters, so no GPCs to find
    // one block an SM: all the shared memory a block may ask for (a probe's
    // sets are right whatever shares an SM; one a block spreads a cluster widest)
    size_t smem = (size_t)optin;
    e = cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    if (e == cudaSuccess) e = cudaFuncSetAttribute(probe, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    if (e != cudaSuccess) return fail(e, "preparing the GPC probe", err, errlen);
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    cfg.blockDim = dim3(32);
    cfg.dynamicSmemBytes = smem;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    int largest = 0;
    attr[0].val.clusterDim.x = 1, attr[0].val.clusterDim.y = 1, attr[0].val.clusterDim.z = 1;
    cfg.gridDim = dim3(32);
    e = cudaOccupancyMaxPotentialClusterSize(&largest, probe, &cfg);
    if (e != cudaSuccess) return fail(e, "asking the largest cluster", err, errlen);
    std::vector<uint32_t> up((size_t)sms); // a union-find of the SMs (core/waves.h, rv_waves_set_of)
    std::iota(up.begin(), up.end(), 0u);
    std::vector<char> seen((size_t)sms, 0);
    unsigned *d_sm = nullptr;
    size_t most = 0;
    uint32_t clusters = 0;
    for (int size = largest; size >= 2; size /= 2) {
        attr[0].val.clusterDim.x = (unsigned)size;
        cfg.gridDim = dim3((unsigned)size);
        int active = 0;
        e = cudaOccupancyMaxActiveClusters(&active, probe, &cfg);
        if (e != cudaSuccess) {
            cudaFree(d_sm);
            return fail(e, "asking how many clusters fit", err, errlen);
        }
        if (active < 1) continue;
        // three times what fits at once, three times over, held 20 us a block
        size_t blocks = (size_t)size * (size_t)active * 3;
        if (blocks > most) {
            cudaFree(d_sm);
            d_sm = nullptr;
            if ((e = cudaMalloc(&d_sm, blocks * sizeof *d_sm)) != cudaSuccess)
                return fail(e, "room for the probe", err, errlen);
            most = blocks;
        }
        std::vector<unsigned> sm_of(blocks);
        for (int round = 0; round < 3; round++) {
            cfg.gridDim = dim3((unsigned)blocks);
            e = cudaLaunchKernelEx(&cfg, probe, d_sm, 20000ull);
            if (e == cudaSuccess) e = cudaDeviceSynchronize();
            if (e == cudaSuccess) e = cudaMemcpy(sm_of.data(), d_sm, blocks * sizeof *d_sm, cudaMemcpyDeviceToHost);
            if (e != cudaSuccess) {
                cudaFree(d_sm);
                return fail(e, "running the GPC probe", err, errlen);
            }
            for (size_t b = 0; b < blocks; b++) {
                if (sm_of[b] >= (unsigned)sms) {
                    cudaFree(d_sm);
                    snprintf(err, errlen, "the GPC probe's block %zu ran on SM %u of %d", b, sm_of[b], sms);
                    return -1;
                }
                seen[sm_of[b]] = 1;
                if (b % size) up[rv_waves_set_of(up.data(), sm_of[b])] = rv_waves_set_of(up.data(), sm_of[b - b % size]);
            }
            clusters += (uint32_t)(blocks / size);
        }
    }
    cudaFree(d_sm);
    g->gpc = (uint16_t *)malloc((size_t)sms * sizeof *g->gpc);
    if (!g->gpc) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    // the sets numbered in the order of their smallest SM; an SM no block ran on in none
    for (uint32_t sm = 0; sm < (uint32_t)sms; sm++) g->gpc[sm] = seen[sm] ? 0 : RV_GPC_NONE;
    g->sm_count = (uint32_t)sms;
    if (rv_gpcs_number(g, up.data())) {
        free(g->gpc);
        g->gpc = nullptr;
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    g->largest = (uint32_t)largest;
    g->clusters = clusters;
    int agree = agrees(g, cfg, attr[0], err, errlen);
    if (agree != 0) {
        free(g->gpc);
        g->gpc = nullptr;
    }
    return agree;
}

extern "C" int rv_gpu_waves_gpcs(rv_waves *head, char *err, size_t errlen)
{
    rv_gpcs g;
    int got = rv_gpu_gpcs(&g, err, errlen);
    if (got) return got;
    if (g.sm_count != head->sm_count) { // not the GPU the run was on
        free(g.gpc);
        return 1;
    }
    int bad = rv_gpcs_join(&g, head);
    for (rv_waves *w = head; w && !bad; w = w->next) bad = rv_gpcs_copy(&w->gpcs, &g);
    free(g.gpc);
    if (bad) snprintf(err, errlen, "out of memory");
    return bad ? -1 : 0;
}
