// waves.cuh — the waves run's stamps compiled into a shipped version (its
// waves build), instead of the Compute Sanitizer patching block entry and
// exit (src/tracer/waves_patches.cu, kept for a student's own file).
//
// RV_WAVES_BLOCK(); at the top of a kernel's body declares one object per
// thread: its constructor takes the time as the warp enters, its destructor
// stamps the warp's exit as it leaves (warp 0: the block's slot, with its
// start; any other: the warp's own record), at whichever `return` it
// leaves by (a thread past n that returns at once, v8's blocks that did not
// draw the last ticket, v10's ranks above 0), so no exit is missed and no
// kernel's body is touched past that line.  RV_WAVES_TREE(); in its place
// (v0 to v7: every barrier a __syncthreads() in the kernel's body, no early
// return) stamps the block once, from thread 0, with the first exit bounded
// by the first barrier, in the store of the block's sum (below,
// rv_waves_tree_stamp; the waves build's result line is rewritten for it,
// cmake/waves_build.cmake).  Compiled without RV_WAVES_STAMPS (the timed
// and traced builds) both expand to nothing.
//
// What is stamped, with the patch's meaning (src/tracer/waves.h): the
// block's start = warp 0's entry (a block's warps are launched together,
// warp 0 first; a later start than the earliest warp's only shortens the
// recorded span), its first exit = the earliest warp's (or warp part's)
// exit, its end = the last one's; %smid.  A cluster's blocks and their
// ranks are the host's to say, from the launch's cluster shape (a block's
// rank is its place in its cluster, by definition): reading
// %is_explicit_cluster and %cluster_ctarank at every exit cost v0 5%.
// Thread 0 alone would be one stamp a block but not correct: thread 0 is
// neither the first nor the last warp out in every version (threads past n
// return at once; v8's and v10's other warps leave while warp 0 sums), and
// the first exit is what the occupancy check needs (docs/waves.md).
//
// Why this shape, measured (tests/gpu/stamp_variants.cu, H200, N = 2^25,
// block 256; v5's blocks take about a microsecond, v0's about three):
// whatever a warp does as it leaves holds the block's SM slot that much
// longer.  Each warp's leader stamping the block's slot with three global
// atomics cost v5 47% and v0 11%; counting the warps out in shared memory
// (a shared atomic, the first and last out stamping) 30% and 21%; one
// plain 16-byte store a warp 18% and 8%; every warp reading the time and
// storing nothing 5% and 4%; a 32-byte store by warp 0 alone and nothing
// else 8% and 3%; %clock64 in place of %globaltimer changed nothing.  So
// each warp's leader writes its exit into a record of its own (16 bytes,
// one plain store, nothing waited for), warp 0 its entry, exit and SM
// into the block's slot (two stores), and the host folds the
// warps' records into the block's first exit and end (src/gpu/gpu_waves.cu).
// A warp that leaves in parts (threads past n, at once) stamps at each
// part's leader with atomic maxima instead, so that its first part's exit
// and its last part's both count; none of the shipped versions splits a
// warp at N = 2^25.  Finding the record's address, the SM and the lanes as
// the warp enters, so that the exit only reads the time and stores, cost as
// much (v5 23 to 25%): a short block's head is on its path too, before its
// first loads go out (head in the bench).  No barrier: a __syncthreads in
// the stamps would change when warps leave, the very thing recorded.  The
// entry's time is read into a register and used only at warp 0's exit: a
// %globaltimer read takes some tens of ns, and a use at entry would hold
// warp 0 that long.
#pragma once

#include <stdint.h>
#include <string.h>

#include <type_traits>

// A block's slot: src/tracer/waves.h's rv_waves_slot, byte for byte (32
// bytes), with its flags, so that the host reads both the same way; outside
// the waves build too, for the host that reads it (src/gpu/gpu_waves.cu).
// After the grid's slots, one record a warp (rv_waves_warp_record, 16 bytes;
// warp w of block b at b x warps a block + w), zeroed with them; warp 0's
// is left unused (warp 0 writes the block's slot).
struct rv_waves_stamp_slot {
    unsigned long long nstart; // ~(the earliest warp's entry): an atomic max of the inverted time
    unsigned long long nfirst; // ~(the first warp out), likewise
    unsigned long long end;    // the last warp out
    uint32_t sm, flags;        // %smid; RV_WAVES_STAMP_*
};
static_assert(sizeof(rv_waves_stamp_slot) == 32, "the slot is waves.h's");
struct rv_waves_warp_record {
    unsigned long long nfirst; // ~(the warp's exit; of a warp leaving in parts, its first part's)
    unsigned long long end;    // the warp's exit (its last part's)
};
static_assert(sizeof(rv_waves_warp_record) == 16, "one 16-byte store");
constexpr uint32_t RV_WAVES_STAMP_SEEN = 0x1u;    // a warp of the block left: the slot is written
constexpr uint32_t RV_WAVES_STAMP_CLUSTER = 0x4u; // a cluster's block (the patch reads %is_explicit_cluster)
constexpr unsigned RV_WAVES_STAMP_RANK_SHIFT = 16; // its rank in the flags' high half (%cluster_ctarank)

// The tree stamp's slot (rv_waves_tree_stamp below): its first half only,
// four 32-bit words that thread 0 writes in one store in place of the
// kernel's result: the start's low 32 bits (ns; the host finds the rest from
// a time it reads before the launch, rv_waves_tree_unpack), the span to
// the result (ns), a word with the span to warp 0's first barrier (its low
// 20 bits), RV_WAVES_TREE_SEEN and %smid (11 bits), and the block's sum
// itself.  Its flags stay 0, which tells it from the per-warp stamps' slot
// (SEEN).  Packed on the GPU, unpacked by the host (src/gpu/gpu_waves.cu),
// here once for both.
#ifdef __CUDACC__
#define RV_WAVES_HD __host__ __device__
#else
#define RV_WAVES_HD
#endif
constexpr uint32_t RV_WAVES_TREE_SEEN = 0x800u; // in the third word: thread 0 wrote the slot
static inline RV_WAVES_HD uint32_t rv_waves_tree_word(uint32_t first, uint32_t sm)
{
    return (first & 0xfffffu) << 12 | RV_WAVES_TREE_SEEN | (sm & 0x7ffu);
}
// the four words, in the order the store writes them (the first at the slot's start)
struct rv_waves_tree_words {
    uint32_t w[4];
};
static inline RV_WAVES_HD rv_waves_tree_words rv_waves_tree_pack(unsigned long long start, unsigned long long end,
                                                                 unsigned long long barrier, uint32_t sm,
                                                                 uint32_t sum_bits)
{
    return {{(uint32_t)start, (uint32_t)(end - start), rv_waves_tree_word((uint32_t)(barrier - start), sm), sum_bits}};
}
struct rv_waves_tree_times {
    unsigned long long start, first, end; // ns: the block's start, its first exit's bound from below, its end
    uint32_t sm;
    uint32_t sum; // the block's sum, its float's bits
};
// Whether a slot was written by the tree stamp, and what it says, its start
// placed after `before`, a time read before the launch: the first start at
// or after it whose low 32 bits are the slot's (so a block must start less
// than 2^32 ns, 4.29 s, after it; the host refuses a launch that took longer).
static inline bool rv_waves_tree_slot(const rv_waves_stamp_slot &s)
{
    return !(s.flags & RV_WAVES_STAMP_SEEN) && ((uint32_t)s.nfirst & RV_WAVES_TREE_SEEN);
}
static inline rv_waves_tree_times rv_waves_tree_unpack(const rv_waves_stamp_slot &s, unsigned long long before)
{
    uint32_t low = (uint32_t)s.nstart, span = (uint32_t)(s.nstart >> 32), word = (uint32_t)s.nfirst;
    unsigned long long start = before + (uint32_t)(low - (uint32_t)before);
    return {start, start + (word >> 12), start + span, word & 0x7ffu, (uint32_t)(s.nfirst >> 32)};
}

// The first of n blocks whose sum in its tree stamp's slot is not its sum
// in `plain` (the untraced launch's), bit for bit, or n where none: the
// host's proof that the stamps changed where a block's sum went, never what
// it is (src/gpu/gpu_waves.cu).  Slots of the per-warp stamps, and any not
// written, are not looked at (their sums stay where the kernel put them).
static inline size_t rv_waves_tree_sum_differs(const rv_waves_stamp_slot *slot, const float *plain, size_t n)
{
    for (size_t b = 0; b < n; b++) {
        uint32_t theirs;
        memcpy(&theirs, &plain[b], sizeof theirs);
        if (rv_waves_tree_slot(slot[b]) && (uint32_t)(slot[b].nfirst >> 32) != theirs) return b;
    }
    return n;
}

#if defined(RV_WAVES_STAMPS) && defined(__CUDACC__)
// The launch's slots, set by the host before each launch it records
// (rv_waves_set_slots); null: the stamps do nothing.  In constant memory:
// every warp reads it as it leaves, and a global load there (an L2 round
// trip) would hold each warp longer than the stamps do; the constant cache
// answers in a few cycles.  One a file (static): each kernel file's waves
// build is a module of its own.
static __constant__ rv_waves_stamp_slot *rv_waves_slots;

// Points this file's kernels at slots (device memory: one a block, then a
// record a warp, zeroed before a recorded launch), on the stream the launch
// will go to.
static inline cudaError_t rv_waves_set_slots(void *slots, cudaStream_t stream)
{
    return cudaMemcpyToSymbolAsync(rv_waves_slots, &slots, sizeof slots, 0, cudaMemcpyHostToDevice, stream);
}

struct rv_waves_stamp {
    unsigned long long entered; // the warp's entry (warp 0's is the block's start)
    uint32_t launched;          // the warp's lanes at entry: a warp that leaves with fewer leaves in parts

    // "memory": the entry is read before the kernel's first access and the
    // exit after its last, so a recorded span is never longer than the real one
    static __device__ __forceinline__ unsigned long long now()
    {
        unsigned long long t;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) : : "memory");
        return t;
    }
    static __device__ __forceinline__ void store(void *at, unsigned long long a, unsigned long long b)
    {
        asm volatile("st.global.v2.u64 [%0], {%1, %2};" ::"l"(at), "l"(a), "l"(b) : "memory");
    }
    // every lane reads the time (one instruction a warp; warp 0's is used)
    __device__ __forceinline__ rv_waves_stamp() : entered(now()), launched(__activemask()) {}
    // One-dimensional grids and blocks only, as every shipped version
    // launches (the host refuses any other): a block's and a warp's number
    // from blockIdx.x and threadIdx.x alone, since each further special
    // register read at the exit costs the exit its latency.
    __device__ __forceinline__ ~rv_waves_stamp()
    {
        rv_waves_stamp_slot *slots = rv_waves_slots;
        uint32_t active = __activemask(), lane; // asked before the other lanes leave
        asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
        if (!slots || (uint32_t)(__ffs(active) - 1) != lane) return; // one leader for the lanes leaving together
        unsigned long long t = now();
        uint32_t warp = threadIdx.x / 32;
        bool whole = active == launched;
        if (warp) {
            rv_waves_warp_record *r =
                (rv_waves_warp_record *)(slots + gridDim.x) + (size_t)blockIdx.x * ((blockDim.x + 31) / 32) + warp;
            if (whole) {
                store(r, ~t, t);
            } else {
                atomicMax(&r->nfirst, ~t); // a part: the first part's exit is the largest ~time
                atomicMax(&r->end, t);
            }
            return;
        }
        rv_waves_stamp_slot *me = &slots[blockIdx.x];
        uint32_t sm;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        if (whole) {
            store(me, ~entered, ~t);
            store(&me->end, t, (unsigned long long)RV_WAVES_STAMP_SEEN << 32 | sm);
            return;
        }
        atomicMax(&me->nstart, ~entered); // warp 0 in parts: each part's leader, as the patch does
        atomicMax(&me->nfirst, ~t);
        atomicMax(&me->end, t);
        me->sm = sm; // every part writes the same: no atomic needed
        me->flags = RV_WAVES_STAMP_SEEN;
    }
};
#define RV_WAVES_BLOCK() rv_waves_stamp rv_waves_stamp_ [[maybe_unused]]

// The tree versions' stamp (v0 to v7, RV_WAVES_TREE();): one a block, by
// thread 0, for kernels whose warps all meet at every barrier, each a
// __syncthreads() in the kernel's own body, none of which returns early,
// and whose thread 0 writes the block's sum by a store `A[I] = V;` on the
// line marked `// rv:write`.  There every warp but warp 0 leaves right after the last
// barrier, and warp 0, which sums the last values and writes the result,
// leaves last; the per-warp records above cost their 1 to 3 microsecond
// blocks 12 to 20%, this under 4% (docs/waves.md, The cost).  Its times:
//  - the start: every thread reads the time as it enters (one instruction
//    a warp, no branch; thread 0's is kept);
//  - the first exit: no earlier than any barrier, which every warp must
//    reach before any leaves, so the time warp 0 reaches one is a bound
//    from below.  Warp 0 reads it at the kernel's first barrier only, the
//    one after the load (v0 to v7 all have it, unconditional; v7's only
//    one), a place known as the kernel is compiled: a read before each
//    barrier is one instruction that ptxas predicates and every warp issues
//    before every `bar.sync`, and cost v0 5.8% where this costs it 2.4%.
//    The bound is weaker than the last barrier's, and still reaches the
//    occupancy: v0 to v7 show 8 blocks whole at once on the H200 by it;
//  - the end: thread 0's result, read as it writes it, the block's last
//    work.  A later warp out, were there one, would only make the recorded
//    span shorter than the real one, never longer.
// So the whole span is taken at its shortest (a count of blocks whole at
// once can only come out low).  And the stamp leaves with the result, in
// one store: cmake/waves_build.cmake rewrites the store `A[I] = V;` on a
// tree kernel's line marked `// rv:write` in its waves build into
// rv_waves_write(rv_waves_tree_(), A[I], V), which stores the sum with the
// stamp into the block's slot, not into A[I] (the kernel file is not
// changed; its timed build stores into A[I]).
// Why: any second store a block, of 4 or of 16 bytes, at once or late,
// cost v5's one-microsecond blocks 2 to 3.6% by itself (the bench's u_st0
// to u_st16b), the whole stamp so 4.1 to 5.4% (r_base), and the stamp in
// the result's store 3.1 to 3.5% (m_full;
// assets/logs/nvidia-h200-stamp-one-store.txt).  The host holds each
// block's sum to the untraced launch's, bit for bit (src/gpu/gpu_waves.cu):
// the stamps changed where the sum went, never what it is.  No "memory"
// clobber on the entry's and the result's reads and on the store: the
// compiler may then schedule the kernel's first loads before them, and a
// read anywhere in the block is inside its span.
template <int At> struct rv_waves_tree_stamp {
    unsigned long long entered, barrier; // the block's start; warp 0's first barrier (the start until then)

    static __device__ __forceinline__ unsigned long long now_unordered()
    {
        unsigned long long t;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
        return t;
    }
    __device__ __forceinline__ rv_waves_tree_stamp() : entered(now_unordered()), barrier(entered) {}
    // the kernel's own name for itself, which __syncthreads() and the
    // result's line below find
    __device__ __forceinline__ rv_waves_tree_stamp &operator()() { return *this; }
    // before the first barrier ("memory": never moved past it); warps above 0 skip it
    __device__ __forceinline__ void reached_barrier()
    {
        asm volatile("{ .reg .pred w; setp.ge.u32 w, %1, 32; @w bra.uni RV_PAST; mov.u64 %0, %%globaltimer; RV_PAST: }"
                     : "+l"(barrier) : "r"(threadIdx.x) : "memory");
    }
    // Thread 0's result: the sum and the stamp in one 16-byte store into the
    // block's slot.  No test of the slots for null: the host points the
    // stamps at their slots before it launches a waves build at all
    // (src/gpu/gpu_waves.cu)
    __device__ __forceinline__ void result(float sum)
    {
        rv_waves_stamp_slot *slots = rv_waves_slots;
        unsigned long long t = now_unordered();
        uint32_t sm;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        rv_waves_tree_words k = rv_waves_tree_pack(entered, t, barrier, sm, __float_as_uint(sum));
        asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(&slots[blockIdx.x]), "r"(k.w[0]), "r"(k.w[1]),
                     "r"(k.w[2]), "r"(k.w[3]));
    }
};
// At: the count (__COUNTER__) where the kernel says RV_WAVES_TREE(); the
// kernel's first __syncthreads() after it has At + 1
#define RV_WAVES_TREE() rv_waves_tree_stamp<__COUNTER__> rv_waves_tree_ [[maybe_unused]]

// __syncthreads() in the waves build: in a kernel that says RV_WAVES_TREE()
// its stamp (the local rv_waves_tree_, which hides the function below)
// notes its first barrier, the first __syncthreads() written after
// RV_WAVES_TREE() (__COUNTER__ tells them apart as it is compiled); anywhere else (a helper function, a kernel of the
// per-warp stamps, a header read after this one) the function answers, and
// the barrier is the plain one.  Chosen by type at compile time: nothing
// is added where no tree stamp is.
struct rv_waves_no_tree {};
static __device__ __forceinline__ rv_waves_no_tree rv_waves_tree_() { return {}; }
template <int N> static __device__ __forceinline__ void rv_waves_sync(rv_waves_no_tree) { __syncthreads(); }
template <int N, int At> static __device__ __forceinline__ void rv_waves_sync(rv_waves_tree_stamp<At> &s)
{
    if constexpr (N == At + 1) s.reached_barrier(); // the kernel's first barrier, written first
    __syncthreads();
}
#define __syncthreads() rv_waves_sync<__COUNTER__>(rv_waves_tree_())

// A tree kernel's result store in the waves build (cmake/waves_build.cmake
// writes `rv_waves_write(rv_waves_tree_(), A[I], V);` for the `A[I] = V;` of
// its line marked `// rv:write`): in a kernel that says RV_WAVES_TREE() the
// sum goes with the stamp into the block's slot; anywhere else, into A[I],
// as written.
template <class L, class R> static __device__ __forceinline__ void rv_waves_write(rv_waves_no_tree, L &at, R v)
{
    at = v;
}
template <int At, class L, class R>
static __device__ __forceinline__ void rv_waves_write(rv_waves_tree_stamp<At> &s, L &, R v)
{
    static_assert(std::is_same<L, float>::value, "the tree stamp carries a float sum");
    s.result(v);
}
#else
#define RV_WAVES_BLOCK()
#define RV_WAVES_TREE()
#endif
