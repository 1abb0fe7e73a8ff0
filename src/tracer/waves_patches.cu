// waves_patches.cu — the waves run's device functions (waves.h): a block's
// entry and exit, stamped with the SM and the global timer, and nothing else
// patched, so that the kernel's time stays its own.  Compiled with
// --compile-as-tools-patch into a fatbin of its own (rvtracer_waves.fatbin),
// loaded by the tool only in a waves run.
#include <sanitizer_patching.h>
#include <stdint.h>

#include "waves.h"

static __device__ __forceinline__ uint32_t block_index()
{
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

// Whether this lane is the lowest active one: one stamp a warp, not 32.
static __device__ __forceinline__ bool warp_leader()
{
    uint32_t lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    return (uint32_t)(__ffs(__activemask()) - 1) == lane;
}

// The GPU's global timer, in ns (its real step is measured by
// tests/gpu/waves.sh): one clock for every SM, unlike %clock64.
static __device__ __forceinline__ unsigned long long now()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

extern "C" __device__ __noinline__ SanitizerPatchResult rv_waves_enter(void *userdata, uint64_t pc)
{
    (void)pc;
    rv_waves_slot *slots = (rv_waves_slot *)userdata;
    if (!slots || !warp_leader()) return SANITIZER_PATCH_SUCCESS;
    unsigned long long t = now();
    rv_waves_slot *me = &slots[block_index()];
    atomicMax(&me->nstart, ~t);   // the earliest entry: the largest ~t
    uint32_t sm, flags = RV_WAVES_SEEN;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
#if __CUDA_ARCH__ >= 900
    uint32_t clustered, rank;
    asm volatile("{ .reg .pred p; mov.pred p, %%is_explicit_cluster; selp.u32 %0, 1, 0, p; }" : "=r"(clustered));
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    if (clustered) flags |= RV_WAVES_CLUSTER | (rank << RV_WAVES_RANK_SHIFT);
#endif
    // every warp of the block writes the same values: no atomic needed
    me->sm = sm;
    me->flags = flags;
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult rv_waves_exit(void *userdata, uint64_t pc)
{
    (void)pc;
    rv_waves_slot *slots = (rv_waves_slot *)userdata;
    if (!slots || !warp_leader()) return SANITIZER_PATCH_SUCCESS;
    unsigned long long t = now();
    rv_waves_slot *me = &slots[block_index()];
    // the first warp out: the least t, as an atomic max of ~t on a slot
    // zeroed before the launch; from it on, the SM may start another block
    // in the warp slots and registers it gave back
    atomicMax(&me->nfirst, ~t);
    atomicMax(&me->end, t);   // the last warp out: the block's slot and shared memory free
    return SANITIZER_PATCH_SUCCESS;
}
