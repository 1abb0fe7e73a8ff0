// patches.cu — the device functions the Compute Sanitizer patching API calls
// at every shared- and global-memory access (its own block's, or another's of
// its cluster), asynchronous copy (a thread's cp.async, a warp's bulk copy by
// the Tensor Memory Accelerator) and its wait, barrier (the block's or the
// cluster's), __syncwarp and shuffle of a kernel it patched (tool.c says
// which).
//
// Two jobs, in this order at every access:
//  - counting, in every block of the grid: each warp's execution of an
//    instruction is one request of its pc (with its lanes, and for shared
//    memory the wavefronts its banks need), and each read of an element of
//    the watched array (in[]) adds one to that element's count;
//  - recording, in the traced block only: one record per thread (raw.h).
// Compiled with --compile-as-tools-patch into a fatbin that the tool loads:
// it is never linked into the kernel's program.
#include <sanitizer_patching.h>
#include <stdint.h>

#include "raw.h"

static __device__ __forceinline__ uint32_t block_index()
{
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

static __device__ __forceinline__ uint32_t thread_index()
{
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

static __device__ __forceinline__ uint32_t lane_id()
{
    uint32_t l;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(l));
    return l;
}

// The largest v (at most 63) of the lanes in g, bit by bit from the top:
// six ballots.  (redux.sync, sm_80's instruction for it, is not allowed in a
// tools patch: ptxas refuses it.)
static __device__ __forceinline__ uint32_t warp_max(unsigned g, uint32_t v)
{
    uint32_t m = 0;
    for (uint32_t bit = 32; bit; bit >>= 1)
        if (__ballot_sync(g, v >= m + bit)) m += bit;
    return m;
}

// Wavefronts of one shared-memory request of the lanes in g, as
// src/core/analysis.c's rv_smem_request counts them: an access of 8 or 16
// bytes is served in 2 or 4 phases of 16 or 8 lanes; in a phase, the bank
// with the most distinct words sets its passes; the request takes their sum.
// An aligned wide access covers banks b .. b+width-1 from its first word's
// bank b, so two lanes meet in a bank exactly when their first words do:
// distinct first words per first bank is the count, whatever the width.
static __device__ uint32_t smem_wavefronts(unsigned g, uint64_t addr, uint32_t size)
{
    uint32_t lane = lane_id();
    uint32_t width = size >= 16 ? 4 : size == 8 ? 2 : 1;
    uint32_t phase = lane / (32 / width);
    uint32_t word = (uint32_t)(addr >> 2) & ~(width - 1);
    unsigned same_word = __match_any_sync(g, ((unsigned long long)phase << 32) | word);
    bool first = (uint32_t)(__ffs(same_word) - 1) == lane;
    // one key per (phase, bank) for the first lane of each distinct word; the
    // others get a key of their own, so they match no one
    unsigned long long key = first ? ((unsigned long long)phase << 8) | (word & 31u) : (1ull << 63) | lane;
    unsigned same_bank = __match_any_sync(g, key);
    uint32_t mine = first ? (uint32_t)__popc(same_bank) : 0u, waves = 0;
    for (uint32_t p = 0; p < width; p++) waves += warp_max(g, phase == p ? mine : 0u);
    return waves;
}

// Which live allocation a global access falls in: the lanes of g that fall
// in the same one add themselves to it, once for all.
static __device__ __forceinline__ void count_span(rv_raw_buffer *b, unsigned g, uint64_t addr, uint32_t flags)
{
    uint32_t k = 0;
    while (k < b->nspans && (addr < b->spans[k].addr || addr - b->spans[k].addr >= b->spans[k].bytes)) k++;
    unsigned same = __match_any_sync(g, k);
    if (k == b->nspans || (uint32_t)(__ffs(same) - 1) != lane_id()) return;
    // an atomic reads and writes (ATOMSYS marks only the system-scope ones)
    bool atomic = (flags & SANITIZER_MEMORY_DEVICE_FLAG_WRITE) &&
                  (flags & (SANITIZER_MEMORY_DEVICE_FLAG_READ | SANITIZER_MEMORY_DEVICE_FLAG_ATOMSYS));
    unsigned long long *c = atomic ? &b->spans[k].atomics
                          : (flags & SANITIZER_MEMORY_DEVICE_FLAG_WRITE) ? &b->spans[k].writes : &b->spans[k].reads;
    atomicAdd(c, (unsigned long long)__popc(same));
}

// Where this warp adds its counts of the instruction at pc: its group of
// SMs' copy, the last instruction's for one outside the kernel, in the
// second half (raw.h: RV_PC_HALVES) for another block's shared memory.
static __device__ __forceinline__ rv_pc_count *pc_slot(rv_raw_buffer *b, uint64_t pc, bool remote)
{
    uint64_t at = (pc - b->func_pc) / RV_PC_BYTES;
    uint32_t smid;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    at = pc >= b->func_pc && at < b->npcs - 1 ? at : b->npcs - 1;
    if (remote) at += b->npcs;
    return &b->pcs[at * RV_PC_SHARDS + smid % RV_PC_SHARDS];
}

// The whole grid's counts for one access (every lane that reached it).
// Another block's shared memory (RV_RAW_REMOTE) has no wavefronts here: its
// banks are not this block's.  The lanes of one instruction that reached
// another block's shared memory are a request apart from those that reached
// their own block's (pc's top bit, never set in a code address, tells them).
static __device__ __forceinline__ void count(rv_raw_buffer *b, uint64_t pc, uint8_t kind, uint64_t addr,
                                             uint32_t size, uint32_t flags)
{
    bool remote = (flags & RV_RAW_REMOTE) != 0;
    unsigned g = __match_any_sync(__activemask(), pc | (remote ? 1ull << 63 : 0ull));
    uint32_t waves = kind == RV_RAW_SMEM && !remote ? smem_wavefronts(g, addr, size) : 0;
    if ((uint32_t)(__ffs(g) - 1) == lane_id()) {
        rv_pc_count *c = pc_slot(b, pc, remote);
        atomicAdd(&c->requests, 1ull);
        atomicAdd(&c->lanes, (unsigned long long)__popc(g));
        if (waves) atomicAdd(&c->wavefronts, (unsigned long long)waves);
        // every execution of a pc has the same flags, kind and size: written
        // once, not by every warp
        if ((c->flags & flags) != flags) atomicOr(&c->flags, flags);
        if (c->kind != kind) c->kind = kind, c->size = (uint8_t)size;
    }
    if (kind == RV_RAW_GMEM) count_span(b, g, addr, flags);
    if (b->watch && (flags & SANITIZER_MEMORY_DEVICE_FLAG_READ) && kind == RV_RAW_GMEM && addr >= b->watch_addr) {
        uint64_t i = (addr - b->watch_addr) / 4, words = size < 4 ? 1 : size / 4;
        for (uint64_t k = 0; k < words && i + k < b->watch_n; k++) atomicAdd(&b->watch[i + k], 1u);
    }
}

// A record slot for this thread, or nullptr when it is not of the traced
// block or the buffer is full (the count still grows: the host sees the cut).
static __device__ __forceinline__ rv_raw_record *claim(void *userdata, uint64_t pc, uint8_t kind)
{
    rv_raw_buffer *b = (rv_raw_buffer *)userdata;
    if (!b || !b->records || block_index() != b->block) return nullptr;
    uint32_t mask = __activemask();
    uint32_t k = atomicAdd(&b->count, 1u);
    if (k >= b->cap) {
        b->last[thread_index()] = ~0u; // a run never goes on across a dropped record
        return nullptr;
    }
    b->last[thread_index()] = k;
    rv_raw_record *r = &b->records[k];
    r->pc = pc;
    r->addr = 0;
    r->value[0] = r->value[1] = r->value[2] = r->value[3] = 0;
    r->mask = mask;
    r->thread = (uint16_t)thread_index();
    r->kind = kind;
    r->size = 0;
    r->flags = 0;
    r->rank = 0;
    return r;
}

// Whether a global read goes on from the thread's latest record as a run
// (raw.h): then that record counts it, and no record is made.  Only the
// thread itself writes its records, so no other thread races this.
static __device__ __forceinline__ bool extends_run(void *userdata, uint64_t addr, uint32_t size)
{
    rv_raw_buffer *b = (rv_raw_buffer *)userdata;
    if (!b || !b->records || block_index() != b->block) return false;
    uint32_t k = b->last[thread_index()];
    if (k == ~0u) return false;
    rv_raw_record *r = &b->records[k];
    if (r->kind != RV_RAW_GMEM || r->flags != SANITIZER_MEMORY_DEVICE_FLAG_READ || r->size != size) return false;
    int64_t step = (int64_t)(addr - r->addr);
    uint32_t more = r->value[0];
    if (more == 0) {
        if (step == 0) return false;
        r->value[1] = (uint32_t)(uint64_t)step;
        r->value[2] = (uint32_t)((uint64_t)step >> 32);
    } else {
        int64_t stride = (int64_t)((uint64_t)r->value[1] | ((uint64_t)r->value[2] << 32));
        if (more == 0xffffffffu || step != stride * (int64_t)(more + 1)) return false;
    }
    r->value[0] = more + 1;
    return true;
}

// The traced block's record of one thread's access (nothing elsewhere).
static __device__ __forceinline__ void record_access(void *userdata, uint64_t pc, uint8_t kind, void *ptr,
                                                     uint32_t size, uint32_t flags, const void *data)
{
    if (kind == RV_RAW_GMEM && flags == SANITIZER_MEMORY_DEVICE_FLAG_READ &&
        extends_run(userdata, (uint64_t)(uintptr_t)ptr, size))
        return;
    rv_raw_record *r = claim(userdata, pc, kind);
    if (!r) return;
    r->addr = (uint64_t)(uintptr_t)ptr;
    r->size = (uint8_t)size;
    r->flags = flags;
    // A write's new value (an atomic has none): byte by byte, since the API
    // does not promise its alignment.
    if ((flags & SANITIZER_MEMORY_DEVICE_FLAG_WRITE) && !(flags & SANITIZER_MEMORY_DEVICE_FLAG_READ) && data) {
        const uint8_t *src = (const uint8_t *)data;
        uint8_t *dst = (uint8_t *)r->value;
        for (uint32_t i = 0; i < size && i < sizeof r->value; i++) dst[i] = src[i];
    }
}

static __device__ __forceinline__ void access(void *userdata, uint64_t pc, uint8_t kind, void *ptr,
                                              uint32_t size, uint32_t flags, const void *data)
{
    rv_raw_buffer *b = (rv_raw_buffer *)userdata;
    if (!b) return;
    if (b->pcs) count(b, pc, kind, (uint64_t)(uintptr_t)ptr, size, flags);
    record_access(userdata, pc, kind, ptr, size, flags, data);
}

extern "C" __device__ __noinline__ SanitizerPatchResult
rv_shared_access(void *userdata, uint64_t pc, void *ptr, uint32_t size, uint32_t flags, const void *data)
{
    access(userdata, pc, RV_RAW_SMEM, ptr, size, flags, data);
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
rv_global_access(void *userdata, uint64_t pc, void *ptr, uint32_t size, uint32_t flags, const void *data)
{
    access(userdata, pc, RV_RAW_GMEM, ptr, size, flags, data);
    return SANITIZER_PATCH_SUCCESS;
}

// An asynchronous copy from global to shared memory (cp.async, LDGSTS), one
// thread's part of it: its global read as any read (a record in the traced
// block, and counted: the watched array's reads, the buffer's), then its
// shared write as a record of our own (RV_RAW_ASYNC), whose bytes are those
// the copy reads.  The write is drawn where the copy is issued; its wait
// (the pipeline's, or the barrier after it) is when the data are there.
// Its shared side is not counted: the pc's counts are its global reads,
// flagged RV_RAW_ASYNC so that the host counts them apart, as Nsight Compute
// counts LDGSTS (its requests, and lanes x size its bytes), in neither the
// global loads nor the shared stores.
extern "C" __device__ __noinline__ SanitizerPatchResult
rv_memcpy_async(void *userdata, uint64_t pc, void *src, uint32_t dst, uint32_t size)
{
    rv_raw_buffer *b = (rv_raw_buffer *)userdata;
    // src is NULL where the copy reads nothing and fills zeros (a tail)
    if (src && b && b->pcs)
        count(b, pc, RV_RAW_GMEM, (uint64_t)(uintptr_t)src, size, SANITIZER_MEMORY_DEVICE_FLAG_READ | RV_RAW_ASYNC);
    if (src && b) record_access(userdata, pc, RV_RAW_GMEM, src, size, SANITIZER_MEMORY_DEVICE_FLAG_READ, nullptr);
    rv_raw_record *r = claim(userdata, pc, RV_RAW_SMEM);
    if (!r) return SANITIZER_PATCH_SUCCESS;
    r->addr = dst;   // an offset in the shared window, as the access callbacks give
    r->size = (uint8_t)size;
    r->flags = SANITIZER_MEMORY_DEVICE_FLAG_WRITE | RV_RAW_ASYNC;
    const uint8_t *from = (const uint8_t *)src;
    uint8_t *to = (uint8_t *)r->value;
    for (uint32_t i = 0; from && i < size && i < sizeof r->value; i++) to[i] = from[i];
    return SANITIZER_PATCH_SUCCESS;
}

// A bulk copy of global memory into shared memory by the Tensor Memory
// Accelerator (cp.async.bulk.shared::cluster.global: cuda::memcpy_async with
// a cuda::barrier on sm_90, cuda::device::memcpy_async_tx).  Every active lane
// of the warp sees the same copy, issued once: it is counted and recorded by
// the lowest one.  Its reads of in[] count like any (the watch: check's reads
// rule; the buffer's reads, one per 4-byte word), and the copy is counted
// at its pc as a kind of its own (RV_RAW_BULK: one request a copy, and its
// bytes), not as loads: the TMA makes no load instruction's requests, and
// Nsight Compute counts its instructions apart.  The record keeps where and how much,
// not the bytes: the copy runs after this call, so shared memory does not
// hold them yet (src/own/bulk.c says what the picture shows instead).
extern "C" __device__ __noinline__ SanitizerPatchResult
rv_bulk_copy(void *userdata, uint64_t pc, uint64_t src, uint32_t dst, uint32_t barrier, uint32_t data,
             uint32_t isMulticast)
{
    rv_raw_buffer *b = (rv_raw_buffer *)userdata;
    if (!b || (uint32_t)(__ffs(__activemask()) - 1) != lane_id()) return SANITIZER_PATCH_SUCCESS;
    uint64_t bytes = 16ull * (data & 0xffffu);
    if (b->pcs) {
        uint32_t k = 0;
        while (k < b->nspans && (src < b->spans[k].addr || src - b->spans[k].addr >= b->spans[k].bytes)) k++;
        if (k < b->nspans) atomicAdd(&b->spans[k].reads, (unsigned long long)(bytes / 4));
        if (b->watch && src >= b->watch_addr)
            for (uint64_t i = (src - b->watch_addr) / 4, w = 0; w < bytes / 4 && i + w < b->watch_n; w++)
                atomicAdd(&b->watch[i + w], 1u);
        rv_pc_count *c = pc_slot(b, pc, false);
        atomicAdd(&c->requests, 1ull);
        atomicAdd(&c->lanes, 1ull);
        atomicAdd(&c->bytes, (unsigned long long)bytes);
        if (c->kind != RV_RAW_BULK) c->kind = RV_RAW_BULK, c->size = 0;
    }
    rv_raw_record *r = claim(userdata, pc, RV_RAW_BULK);
    if (!r) return SANITIZER_PATCH_SUCCESS;
    r->addr = src;
    r->value[0] = dst;
    r->value[1] = (uint32_t)bytes;
    r->value[2] = barrier;
    r->value[3] = isMulticast ? data >> 16 : 0u;
    return SANITIZER_PATCH_SUCCESS;
}

// The pipeline's wait (cp.async.wait_group, cp.async.wait_all:
// pipeline::consumer_wait, __pipeline_wait_prior, cg::wait): the thread waits
// for its asynchronous copies; the step after it is drawn after that wait.
extern "C" __device__ __noinline__ SanitizerPatchResult
rv_pipeline_wait(void *userdata, uint64_t pc, uint32_t groups)
{
    rv_raw_record *r = claim(userdata, pc, RV_RAW_WAIT);
    if (r) { r->value[0] = RV_RAW_WAIT_PIPELINE; r->value[1] = groups; }
    return SANITIZER_PATCH_SUCCESS;
}

// A cuda::barrier's (an mbarrier's) wait, where a bulk copy's completion
// lands: only the wait itself is recorded (not init, arrive or invalidate).
static __device__ __forceinline__ void mbarrier_wait(void *userdata, uint64_t pc, void *barrier)
{
    rv_raw_record *r = claim(userdata, pc, RV_RAW_WAIT);
    if (r) { r->value[0] = RV_RAW_WAIT_MBARRIER; r->value[1] = (uint32_t)(uintptr_t)barrier; }
}

extern "C" __device__ __noinline__ SanitizerPatchResult
rv_cuda_barrier(void *userdata, uint64_t pc, void *barrier, uint32_t kind, uint32_t data)
{
    (void)data;
    if (kind == SANITIZER_CUDA_BARRIER_WAIT) mbarrier_wait(userdata, pc, barrier);
    return SANITIZER_PATCH_SUCCESS;
}

// ... and its attempts (mbarrier.try_wait in a loop, sm_90): the one that
// succeeded is the wait; the failed tries before it are not recorded.
extern "C" __device__ __noinline__ SanitizerPatchResult
rv_cuda_barrier_attempt(void *userdata, uint64_t pc, void *barrier, uint32_t kind, uint32_t data, uint32_t result)
{
    (void)data;
    if (kind == SANITIZER_CUDA_BARRIER_WAIT && result) mbarrier_wait(userdata, pc, barrier);
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
rv_barrier(void *userdata, uint64_t pc, uint32_t index, uint32_t count, uint32_t flags)
{
    (void)flags;
    rv_raw_record *r = claim(userdata, pc, RV_RAW_BARRIER);
    if (r) { r->value[0] = index; r->value[1] = count; }
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
rv_syncwarp(void *userdata, uint64_t pc, uint32_t mask)
{
    rv_raw_record *r = claim(userdata, pc, RV_RAW_SYNCWARP);
    if (r) r->value[0] = mask;
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
rv_shfl(void *userdata, uint64_t pc)
{
    claim(userdata, pc, RV_RAW_SHFL);
    return SANITIZER_PATCH_SUCCESS;
}

// cluster.sync()'s wait (barrier.cluster.wait): a barrier that every block of
// the cluster reaches before any goes on.  The arrive before it is not
// recorded: the wait is where the thread stops.
extern "C" __device__ __noinline__ SanitizerPatchResult
rv_cluster_wait(void *userdata, uint64_t pc)
{
    rv_raw_record *r = claim(userdata, pc, RV_RAW_BARRIER);
    if (r) r->flags = RV_RAW_CLUSTER;
    return SANITIZER_PATCH_SUCCESS;
}

// A shared-memory access through the cluster's window (distributed shared
// memory, cluster.map_shared_rank).  Another block's: counted in every
// block, at its pc, as a shared access flagged RV_RAW_REMOTE (requests and
// lanes, no wavefronts): Nsight Compute counts these apart from the block's
// own shared memory (dshared), and so does the host; recorded in the traced
// block as a shared access flagged RV_RAW_REMOTE: which block (its rank),
// where in its window, and the bytes (a read's are read here, just before
// the instruction reads them: after the cluster's barrier nothing else
// writes them).  The block's own (its own rank): a plain shared access, as
// Nsight Compute counts it (a shared load, with its wavefronts) and as the
// picture draws it, at its offset in the block's window.
extern "C" __device__ __noinline__ SanitizerPatchResult
rv_remote_shared_access(void *userdata, uint64_t pc, void *ptr, uint32_t size, uint32_t flags, const void *data)
{
    rv_raw_buffer *b = (rv_raw_buffer *)userdata;
    if (!b) return SANITIZER_PATCH_SUCCESS;
    uint32_t rank = RV_RAW_RANK_UNKNOWN;
    uint64_t offset = 0;
#if __CUDA_ARCH__ >= 900
    // the API may give a generic address or a shared::cluster one
    const void *g = ptr;
    if (!__isClusterShared(g) && (uint64_t)(uintptr_t)ptr <= 0xffffffffull) {
        uint64_t gen;
        asm volatile("cvta.shared::cluster.u64 %0, %1;" : "=l"(gen) : "l"((uint64_t)(uintptr_t)ptr));
        g = (const void *)(uintptr_t)gen;
    }
    unsigned int mine = 0;
    if (__isClusterShared(g)) {
        asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(mine));
        rank = __cluster_query_shared_rank(g);
        offset = (uint32_t)__cvta_generic_to_shared(__cluster_map_shared_rank((void *)g, mine));
    }
    if (rank == mine) { // the block's own shared memory, through the cluster's mapping
        if (b->pcs) count(b, pc, RV_RAW_SMEM, offset, size, flags);
        record_access(userdata, pc, RV_RAW_SMEM, (void *)(uintptr_t)offset, size, flags, data);
        return SANITIZER_PATCH_SUCCESS;
    }
#endif
    if (b->pcs) count(b, pc, RV_RAW_SMEM, (uint64_t)(uintptr_t)ptr, size, flags | RV_RAW_REMOTE);
    rv_raw_record *r = claim(userdata, pc, RV_RAW_SMEM);
    if (!r) return SANITIZER_PATCH_SUCCESS;
    r->size = (uint8_t)size;
    r->flags = flags | RV_RAW_REMOTE;
    r->addr = rank == RV_RAW_RANK_UNKNOWN ? (uint64_t)(uintptr_t)ptr : offset;
    r->rank = rank;
#if __CUDA_ARCH__ >= 900
    if (rank == RV_RAW_RANK_UNKNOWN) return SANITIZER_PATCH_SUCCESS;
    const volatile uint8_t *src = (flags & SANITIZER_MEMORY_DEVICE_FLAG_WRITE) ? (const uint8_t *)data
                                                                                  : (const uint8_t *)g;
    uint8_t *dst = (uint8_t *)r->value;
    for (uint32_t i = 0; src && i < size && i < sizeof r->value; i++) dst[i] = src[i];
#endif
    return SANITIZER_PATCH_SUCCESS;
}
