// waves.cuh — the waves run's stamps compiled into a shipped version (its
// waves build), instead of the Compute Sanitizer patching block entry and
// exit (src/tracer/waves_patches.cu, kept for a student's own file).
//
// RV_WAVES_BLOCK(); at the top of a kernel's body declares one object per
// thread: its constructor takes the time as the warp enters, its destructor
// stamps the block's slot as the warp leaves, at whichever `return` it
// leaves by (a thread past n that returns at once, v8's blocks that did not
// draw the last ticket, v10's ranks above 0), so no exit is missed and no
// kernel's body is touched past that line.  Compiled without RV_WAVES_STAMPS
// (the timed and traced builds) it expands to nothing.
//
// The slot and its meaning are the patch's (src/tracer/waves.h): start =
// the earliest warp's entry, first exit = the earliest warp's (or warp
// part's) exit, end = the last; %smid; on sm_90 the cluster flag and rank.
// Why the lowest active lane of each warp, not thread 0 alone: thread 0 is
// neither the first nor the last warp out in every version (threads past n
// return at once; v8's and v10's other warps leave while warp 0 sums), and
// the first exit is what the occupancy check needs (docs/waves.md).  Why it
// is cheap: no barrier (a __syncthreads in the stamps would change when
// warps leave), one leader a warp, and only fire-and-forget atomics (their
// results unused: RED, the warp does not wait for them) on the block's own
// slot, so no two blocks contend for a word.  Why the entry writes nothing:
// a %globaltimer read takes some tens of ns (tests/gpu/globaltimer.cu sees
// it change at nearly every read of its 32 ns step), and an atomic of the
// time at entry would hold each warp that long before its first instruction
// of the kernel; read into a register (one instruction a warp: every lane
// gets the same time) and written only at the exit, its latency hides
// behind the kernel's own work, and the warp waits on one timer read, at
// its exit, instead of two.
#pragma once

#include <stdint.h>

// A block's slot: src/tracer/waves.h's rv_waves_slot, byte for byte (32
// bytes), with its flags, so that the host reads both the same way; outside
// the waves build too, for the host that reads it (src/gpu/gpu_waves.cu).
struct rv_waves_stamp_slot {
    unsigned long long nstart; // ~(the earliest warp's entry): an atomic max of the inverted time
    unsigned long long nfirst; // ~(the first warp out), likewise
    unsigned long long end;    // the last warp out
    uint32_t sm, flags;        // %smid; RV_WAVES_STAMP_*
};
static_assert(sizeof(rv_waves_stamp_slot) == 32, "the slot is waves.h's");
constexpr uint32_t RV_WAVES_STAMP_SEEN = 0x1u;    // a warp of the block left: the slot is written
constexpr uint32_t RV_WAVES_STAMP_CLUSTER = 0x4u; // %is_explicit_cluster
constexpr unsigned RV_WAVES_STAMP_RANK_SHIFT = 16; // %cluster_ctarank in the flags' high half

#if defined(RV_WAVES_STAMPS) && defined(__CUDACC__)
// The launch's slots, set by the host before each launch it records
// (rv_waves_set_slots); null: the stamps do nothing.  In constant memory:
// every warp reads it as it leaves, and a global load there (an L2 round
// trip) would hold each warp longer than the stamps do; the constant cache
// answers in a few cycles.  One a file (static): each kernel file's waves
// build is a module of its own.
static __constant__ rv_waves_stamp_slot *rv_waves_slots;

// Points this file's kernels at slots (device memory, one a block, zeroed
// before a recorded launch), on the stream the launch will go to.
static inline cudaError_t rv_waves_set_slots(void *slots, cudaStream_t stream)
{
    return cudaMemcpyToSymbolAsync(rv_waves_slots, &slots, sizeof slots, 0, cudaMemcpyHostToDevice, stream);
}

struct rv_waves_stamp {
    unsigned long long entered; // the warp's entry: every lane reads the same time

    // "memory": the entry is read before the kernel's first access and the
    // exit after its last, so a recorded span is never longer than the real one
    static __device__ __forceinline__ unsigned long long now()
    {
        unsigned long long t;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) : : "memory");
        return t;
    }
    static __device__ __forceinline__ bool leader()
    {
        uint32_t lane;
        asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
        return (uint32_t)(__ffs(__activemask()) - 1) == lane;
    }
    static __device__ __forceinline__ rv_waves_stamp_slot *mine(rv_waves_stamp_slot *slots)
    {
        return &slots[blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)];
    }
    __device__ __forceinline__ rv_waves_stamp() : entered(now()) {}
    // A warp that leaves in parts stamps at each part's leader, as the patch
    // does: the first part sets the first exit, the last the end; each
    // carries the warp's entry, read by all its lanes at once.
    __device__ __forceinline__ ~rv_waves_stamp()
    {
        rv_waves_stamp_slot *slots = rv_waves_slots;
        if (!slots || !leader()) return;
        unsigned long long t = now();
        rv_waves_stamp_slot *me = mine(slots);
        atomicMax(&me->nstart, ~entered); // the earliest entry: the largest ~time
        atomicMax(&me->nfirst, ~t);       // the first warp out
        atomicMax(&me->end, t);           // the last warp out
        uint32_t sm, flags = RV_WAVES_STAMP_SEEN;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
#if __CUDA_ARCH__ >= 900
        uint32_t clustered, rank;
        asm volatile("{ .reg .pred p; mov.pred p, %%is_explicit_cluster; selp.u32 %0, 1, 0, p; }" : "=r"(clustered));
        asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
        if (clustered) flags |= RV_WAVES_STAMP_CLUSTER | (rank << RV_WAVES_STAMP_RANK_SHIFT);
#endif
        me->sm = sm; // every warp writes the same: no atomic needed
        me->flags = flags;
    }
};
#define RV_WAVES_BLOCK() rv_waves_stamp rv_waves_stamp_ [[maybe_unused]]
#else
#define RV_WAVES_BLOCK()
#endif
