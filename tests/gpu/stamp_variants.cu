// stamp_variants.cu — the tuning bench behind the waves stamps' shape
// (kernels/waves.cuh): the same short-block kernels (v0's interleaved tree,
// v5's unrolled tree: 2^16..2^17 blocks of about a microsecond, where a
// stamp's cost shows most) built with stamps that differ in one choice each,
// timed in turns (every variant once a round, R rounds, CUDA events around
// each launch, medians), each beside the unstamped kernel of the same round:
//   none        no stamp (the reference)
//   shipped     kernels/waves.cuh itself: each warp's leader one plain
//               16-byte store of its exit into a record of its own, warp 0
//               two into the block's slot; its slots checked after the timing
//   atomics     each warp's leader: %globaltimer at entry and exit, three
//               atomics and two stores on the block's slot (the first stamps)
//   no_entry    as atomics without the entry's timer read (the exit's time
//               stands for both): what the entry read costs
//   clock       as atomics with %clock64 for %globaltimer: what the timer costs
//   no_atomics  as atomics with plain stores into one slot a warp (entry and
//               exit, one 16-byte store) and the SM id by warp 0 only: what
//               the atomics cost
//   warp0       one stamp a block, by warp 0's leader alone (three atomics)
//   warp0_st    one stamp a block, by warp 0's leader alone, two plain
//               16-byte stores: the floor of any stamp that sees every block
//   no_store    every warp's leader reads the time and finds its slot, and
//               writes nothing: what the instructions cost
//   counted     the warps counted out in shared memory (thread 0 tags the
//               block's word at entry, a warp out waits for the tag and adds
//               its lanes), the first out and the last out stamping the slot
//               with plain stores, warp 0 its entry
//   cnt_nospin  counted without the wait for the tag
//   cnt_nostore counted without the stores
//   cnt_only    the shared atomic alone
//   clk_none    every warp's leader reads %clock64 at entry and exit, and
//               writes nothing: the instructions with a clock of a few cycles
//   clk_warp    every warp's leader: %clock64 at entry and exit, one plain
//               16-byte store into its warp's slot; warp 0 also the block's
//               anchor (%globaltimer and %clock64 read together at entry)
//   clk_warp0   warp 0's leader alone: its anchor and its exit's %clock64
//   entry_only  every warp reads %globaltimer at entry; warp 0 stores it at
//               exit, with no timer read there
//   store_only  warp 0's leader stores 32 bytes at exit, no timer at all
//   head        shipped's record (each warp's leader one 16-byte store, warp
//               0 the block's slot), with everything but the exit's time
//               found as the warp enters: its lane, whether it leads, its
//               record's address, the SM; the exit only reads the time and
//               stores (a block's tail is where a stamp costs, docs/waves.md)
//   head_w0     head for warp 0 alone: the floor of a stamp found at entry
//   head_sts    head, the other warps' exits into shared memory (the block
//               keeps it until its last warp leaves), folded by warp 0 into
//               the block's slot: one warp stores to global memory, and
//               shared stores do not queue behind the kernel's loads
// and, with thread 0 (or each warp's lane 0) picked by a predicate rather
// than an election, and the slots' address a kernel parameter rather than a
// constant-memory load (the p_ variants, to tell apart what a stamp's exit
// waits for):
//   p_st2       thread 0 stores 32 bytes at exit, no timer (store_only
//               without the election and the constant load)
//   p_st1       the same, one 16-byte store
//   p_entry     thread 0 stores 16 bytes as the block enters, nothing at
//               exit: what a store costs off the block's tail
//   p_t1        thread 0 reads the time at exit and stores it with the SM,
//               one 16-byte store
//   p_w0        thread 0: the time at entry and at exit, the SM, one 16-byte
//               store (the start, the span and the SM): one stamp a block
//   p_all       p_w0, and each other warp's lane 0 its exit's time, one
//               16-byte store into its record (the shipped record, without
//               the election and the constant load)
//   p_bulk      p_w0 through shared memory and the copy engine
//               (cp.async.bulk shared to global, waiting only until it has
//               read the 16 bytes): whether the exit then waits for less
//   p_merged    p_t1's record in place of the kernel's own result store, one
//               16-byte store a block as without stamps (not a stamp: the
//               sum lands elsewhere): what the time and the SM cost alone
//   p_lanes     p_w0's stamp and the kernel's result in one store
//               instruction of warp 0: lane 0 the result, lanes 1 to 4 the
//               stamp's four words (two sectors, one instruction)
// and, to tell the store's cost from the code's and from warp 0's path:
//   p_off       p_entry's store compiled in behind a test the run never
//               passes (the slots' address null): the code alone
//   p_entry_cs  p_entry with the streaming hint (st.global.cs)
//   p_entry4    p_entry storing 4 bytes
//   p_entry_w7  p_entry by the block's last warp (its lane 0), not warp 0,
//               which sums the block's last 64 values and leaves last
//   p_exit_w7   the last warp's lane 0 stores the time and the SM as it
//               leaves (early, in v5), nothing by warp 0
//   p_red       p_entry as a reduction (red.global.add.u32), no data back
//   p_off_nc    p_off, its store without the "memory" clobber (the
//               compiler may move the kernel's loads past it)
//   p_entry_nc  p_entry, likewise
//   p_w0_nc     p_w0 with no "memory" clobber on its timer reads or store
//   p_w0_t0     p_w0 with thread 0 alone reading the entry's time
//   p_bar       p_w0_nc, and every thread reads the time as it reaches each
//               __syncthreads (with the clobber: before the barrier); thread
//               0 stores with its start the span to its exit and the span to
//               the last barrier it reached (24 bits of ns each) and the SM:
//               every warp leaves after that barrier in v0 to v5, so it is
//               no later than the first warp out
//   p_bar_nc    p_bar, the barrier's read without the clobber
//   p_t0        every thread reads the time as it enters (no clobber);
//               thread 0 at its exit stores its start, and in one word the
//               span to its exit (32 bits of ns), a span of 0 to the first
//               exit (20 bits) and the SM (12 bits): the exit's cost alone
//   p_t0b       p_t0, and warp 0 alone (a predicate, no branch) reads the
//               time as it reaches each __syncthreads, for the first exit's
//               span: the stamp kernels/waves.cuh would build in (ptxas
//               made the predicated read every warp's, and a select)
//   p_t0b2      p_t0b, the other warps branching around the read inside
//               the asm (so that only warp 0 reads the timer)
//   p_t0c       p_t0b2 with %clock (the SM's own cycle counter, 32 bits) at
//               the barriers, and at the entry and the exit beside the
//               timer, to map cycles to ns: whether the SM's counter is
//               cheaper to read than the GPU's timer
//   p_t0a       p_t0b2 reading the timer as warp 0 leaves each barrier
//               rather than as it reaches it
//   p_t0s       p_t0b2 storing into slots 32 bytes apart, not 16
//   p_t0k       p_t0s with the slots' address from constant memory, as
//               kernels/waves.cuh's RV_WAVES_TREE has it
//   p_t0v       p_t0k with %smid read by a plain asm (not volatile: the
//               compiler may move it, the SM being the block's for its life)
//   p_t0e       p_t0k with %smid and the slot's address found as the block
//               enters (plain asm and loads), so that thread 0's exit only
//               reads the time, packs and stores
//   p_t0l       the last warp reads the time at each barrier, its lane 0
//               stores the last read as it leaves (thread 0 the rest)
//   p_t0f       warp 0 at the first barrier only (a test of its own)
//   p_t0ck      every warp reads %clock before each barrier, no branch
//   p_t0kn      p_t0k without the "memory" clobber on its barrier read
//   p_t0lc      p_t0l with its read in a loop of its own (never again),
//               which ptxas cannot make a predicate: the others branch over
//   p_t0kc      p_t0k so
//   p_t0fs      p_t0k's read at the first barrier only (after the load),
//               a place known as the kernel is compiled: a weaker bound
//   p_t0fsn     p_t0fs without the "memory" clobber on the read
//   p_t0koff    p_t0k's barrier read behind a test no thread passes
//               (nvidia-h200-stamp-barrier-reads.txt: none is cheaper)
// Usage: stamp_variants [ROUNDS [VARIANT...]] (50; every variant, or those
// named and none: fewer kernels in turns, as tests/gpu/waves.sh times two).
// Exit 1 where shipped's own record of
// a launch is wrong.  Built with the CUDA side (target stamp_variants) so
// that it keeps compiling; its H200 runs are in
// assets/logs/nvidia-h200-stamp-variants.txt (head, head_w0 and head_sts
// from its run 4), the p_ variants' in nvidia-h200-stamp-variants-p.txt
// (p_off to p_red: nvidia-h200-stamp-variants-path.txt).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

#define RV_WAVES_STAMPS
#include "../../kernels/waves.cuh"

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); exit(2); } } while (0)

struct slot { unsigned long long nstart, nfirst, end; unsigned sm, flags; };
__constant__ slot *slots;
__constant__ unsigned long long *warp_slots;  // two words a warp (no_atomics)

static __device__ __forceinline__ unsigned long long gtime()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) : : "memory");
    return t;
}
static __device__ __forceinline__ unsigned long long ctime()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) : : "memory");
    return t;
}
static __device__ __forceinline__ bool leader()
{
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    return (unsigned)(__ffs(__activemask()) - 1) == lane;
}
static __device__ __forceinline__ unsigned smid()
{
    unsigned s;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    return s;
}

enum Variant { NONE, SHIPPED, ATOMICS, NO_ENTRY, CLOCK, NO_ATOMICS, WARP0, WARP0_ST, NO_STORE, CLK_NONE, CLK_WARP, CLK_WARP0,
               ENTRY_ONLY, STORE_ONLY, COUNTED, CNT_NOSPIN, CNT_NOSTORE, CNT_ONLY, HEAD, HEAD_W0, HEAD_STS,
               P_ST2, P_ST1, P_ENTRY, P_T1, P_W0, P_ALL, P_BULK, P_MERGED, P_LANES,
               P_OFF, P_ENTRY_CS, P_ENTRY4, P_ENTRY_W7, P_EXIT_W7, P_RED, P_OFF_NC, P_ENTRY_NC, P_W0_NC, P_W0_T0,
               P_BAR, P_BAR_NC, P_T0, P_T0B, P_T0B2, P_T0C, P_T0A, P_T0S, P_T0K, P_T0V, P_T0E, P_T0L, P_T0F, P_T0CK, P_T0KN, P_T0KOFF, P_T0LC, P_T0KC, P_T0FS, P_T0FSN, NVARIANTS };
static const char *names[] = {"none", "shipped", "atomics", "no_entry", "clock", "no_atomics", "warp0", "warp0_st", "no_store",
                              "clk_none", "clk_warp", "clk_warp0", "entry_only", "store_only", "counted", "cnt_nospin", "cnt_nostore", "cnt_only",
                              "head", "head_w0", "head_sts", "p_st2", "p_st1", "p_entry", "p_t1", "p_w0", "p_all",
                              "p_bulk", "p_merged", "p_lanes", "p_off", "p_entry_cs", "p_entry4", "p_entry_w7",
                              "p_exit_w7", "p_red", "p_off_nc", "p_entry_nc", "p_w0_nc", "p_w0_t0",
                              "p_bar", "p_bar_nc", "p_t0", "p_t0b", "p_t0b2", "p_t0c", "p_t0a", "p_t0s", "p_t0k", "p_t0v", "p_t0e", "p_t0l", "p_t0f", "p_t0ck", "p_t0kn", "p_t0koff", "p_t0lc", "p_t0kc", "p_t0fs", "p_t0fsn"};
static __device__ __forceinline__ void st2(void *p, unsigned long long a, unsigned long long b)
{
    asm volatile("st.global.v2.u64 [%0], {%1, %2};" ::"l"(p), "l"(a), "l"(b) : "memory");
}
// the same, and the time, with no "memory" clobber: the compiler may move
// the kernel's own loads and stores across them
static __device__ __forceinline__ void st2_nc(void *p, unsigned long long a, unsigned long long b)
{
    asm volatile("st.global.v2.u64 [%0], {%1, %2};" ::"l"(p), "l"(a), "l"(b));
}
static __device__ __forceinline__ unsigned long long gtime_nc()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

template <int V> struct stamp {
    unsigned long long entered, anchor;
    __device__ __forceinline__ stamp()
    {
        if constexpr (V == ATOMICS || V == NO_ATOMICS || V == NO_STORE || V == ENTRY_ONLY) entered = gtime();
        else if constexpr (V == CLOCK || V == CLK_NONE || V == CLK_WARP) entered = ctime();
        else if constexpr (V == WARP0 || V == WARP0_ST) entered = threadIdx.x < 32 ? gtime() : 0;
        if constexpr (V == CLK_WARP || V == CLK_WARP0)
            if (threadIdx.x < 32) anchor = gtime(), entered = ctime();
        if constexpr (V == COUNTED || V == CNT_NOSPIN || V == CNT_NOSTORE || V == CNT_ONLY) {
            if (threadIdx.x < 32) entered = gtime();
            if (threadIdx.x == 0) *(volatile unsigned *)word() = blockIdx.x << 11;
        }
    }
    static __device__ __forceinline__ unsigned *word()
    {
        __shared__ unsigned w;
        return &w;
    }
    __device__ __forceinline__ ~stamp()
    {
        if constexpr (V == NONE) return;
        else if constexpr (V == COUNTED || V == CNT_NOSPIN || V == CNT_NOSTORE || V == CNT_ONLY) {
            // waves.cuh's count in parts: without the wait for the tag, without the stores, the count alone
            unsigned active = __activemask();
            unsigned lane;
            asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
            if ((unsigned)(__ffs(active) - 1) != lane) return;
            volatile unsigned *w = word();
            if constexpr (V == COUNTED || V == CNT_NOSTORE)
                while ((*w & ~2047u) != blockIdx.x << 11) {}
            unsigned lanes = __popc(active), before = atomicAdd((unsigned *)w, lanes) & 2047u;
            if constexpr (V == CNT_ONLY) {
                if (before == 12345) slots[blockIdx.x].end = 1;   // never: the count is below 2048 lanes... and not this
                return;
            }
            slot *me = &slots[blockIdx.x];
            unsigned long long t = 0;
            if (before == 0) t = gtime();
            if constexpr (V == COUNTED || V == CNT_NOSPIN) {
                if (before == 0) me->nfirst = ~t;
                if (threadIdx.x < 32) me->nstart = ~entered;
            }
            if (before + lanes < blockDim.x) return;
            if (before) t = gtime();
            if constexpr (V == CNT_NOSTORE) {
                if (t == 0) me->end = 1;   // never
                return;
            }
            st2(&me->end, t, ((unsigned long long)1 << 32) | smid());
        } else {
            if (!leader()) return;
            if constexpr (V == WARP0 || V == WARP0_ST || V == CLK_WARP0 || V == ENTRY_ONLY || V == STORE_ONLY)
                if (threadIdx.x >= 32) return;
            slot *me = &slots[blockIdx.x];
            if constexpr (V == CLK_NONE) {
                unsigned long long t = ctime();
                if (t == entered) me->end = t;   // never: the clock moved
                return;
            }
            if constexpr (V == CLK_WARP) {
                unsigned long long t = ctime();
                unsigned w = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
                st2(warp_slots + 2 * w, entered, t);
                if (threadIdx.x < 32) st2(&me->end, anchor, ((unsigned long long)1 << 32) | smid());
                return;
            }
            if constexpr (V == CLK_WARP0) {
                unsigned long long t = ctime();
                st2(me, anchor, entered);
                st2(&me->end, t, ((unsigned long long)1 << 32) | smid());
                return;
            }
            if constexpr (V == ENTRY_ONLY) {
                st2(me, entered, entered);
                return;
            }
            if constexpr (V == STORE_ONLY) {
                st2(me, 1, 2);
                st2(&me->end, 3, ((unsigned long long)1 << 32) | smid());
                return;
            }
            if constexpr (V == NO_STORE) {
                unsigned long long t = gtime();
                if (t == 0) me->end = entered;   // never: the time is not 0
                return;
            }
            if constexpr (V == WARP0_ST) {
                unsigned long long t = gtime();
                st2(me, ~entered, ~t);
                st2(&me->end, t, ((unsigned long long)1 << 32) | smid());
                return;
            }
            if constexpr (V == NO_ATOMICS) {
                unsigned long long t = gtime();
                unsigned w = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
                // one 16-byte store: entry and exit
                asm volatile("st.global.v2.u64 [%0], {%1, %2};" ::"l"(warp_slots + 2 * w), "l"(entered), "l"(t) : "memory");
                if (threadIdx.x < 32) me->sm = smid(), me->flags = 1;
                return;
            }
            unsigned long long t = V == CLOCK ? ctime() : gtime();
            unsigned long long e = V == NO_ENTRY ? t : entered;
            atomicMax(&me->nstart, ~e);
            atomicMax(&me->nfirst, ~t);
            atomicMax(&me->end, t);
            me->sm = smid();
            me->flags = 1;
        }
    }
};

// head, head_w0, head_sts: all a warp's leader needs at its exit is found
// as it enters; the exit reads the time and stores.  Whole warps only (the
// bench's kernels split none).
template <int V> struct head_stamp {
    unsigned long long entered;
    void *at;       // where this warp's leader stores at its exit (null: nowhere)
    unsigned sm;
    bool leads;
    static __device__ __forceinline__ unsigned long long *exits()
    {
        __shared__ __align__(16) unsigned long long e[32]; // head_sts: each warp's exit, tagged with its block
        return e;
    }
    __device__ __forceinline__ head_stamp()
    {
        unsigned warp = threadIdx.x / 32;   // a one-dimensional block: the lane is threadIdx.x % 32
        leads = (unsigned)(__ffs(__activemask()) - 1) == threadIdx.x % 32;
        entered = gtime();
        sm = smid();
        slot *me = &slots[blockIdx.x];
        if (warp == 0) at = me;
        else if (V == HEAD) at = (rv_waves_warp_record *)(slots + gridDim.x) + (size_t)blockIdx.x * (blockDim.x / 32) + warp;
        else at = nullptr;
    }
    __device__ __forceinline__ ~head_stamp()
    {
        if (!leads) return;
        unsigned long long t = gtime();
        if (threadIdx.x >= 32) {
            if constexpr (V == HEAD) st2(at, ~t, t);
            if constexpr (V == HEAD_STS)   // the time's low 40 bits, the block's number above them
                *(volatile unsigned long long *)&exits()[threadIdx.x / 32] = (unsigned long long)blockIdx.x << 40 | (t & 0xffffffffffull);
            return;
        }
        unsigned long long first = t, last = t;
        if constexpr (V == HEAD_STS) {
            // every warp's exit read at once, eight at a time (four 16-byte
            // loads, no branch between them), the ones not yet there then
            // waited for one by one (none is where warp 0 is the last out,
            // as in these kernels)
            const unsigned long long tag = blockIdx.x & 0xffffffu, low = 0xffffffffffull;
            unsigned nw = blockDim.x / 32, missing = 0;
            for (unsigned w0 = 0; w0 < nw; w0 += 8) {
                unsigned long long e[8];
                for (int k = 0; k < 8; k += 2)
                    asm volatile("ld.volatile.shared.v2.u64 {%0, %1}, [%2];"
                                 : "=l"(e[k]), "=l"(e[k + 1]) : "r"((unsigned)__cvta_generic_to_shared(exits() + w0 + k)));
#pragma unroll
                for (int k = 0; k < 8; k++) {
                    unsigned w = w0 + k;
                    bool mine = w > 0 && w < nw, ok = e[k] >> 40 == tag;
                    missing |= (mine && !ok) << w;
                    unsigned long long x = mine && ok ? (t & ~low) | (e[k] & low) : t;
                    first = x < first ? x : first, last = x > last ? x : last;
                }
            }
            for (unsigned w = 1; missing >> w; w++)
                if (missing >> w & 1) {
                    unsigned long long e;
                    do e = ((volatile unsigned long long *)exits())[w];
                    while (e >> 40 != tag);
                    e = (t & ~low) | (e & low);
                    first = e < first ? e : first, last = e > last ? e : last;
                }
        }
        st2(at, ~entered, ~first);
        st2((char *)at + 16, last, (1ull << 32) | sm);
    }
};

// the variant's stamp: waves.cuh's own for shipped
template <int V>
using stamp_of = std::conditional_t<V == SHIPPED, rv_waves_stamp, std::conditional_t<V >= HEAD, head_stamp<V>, stamp<V>>>;

// The p_ variants: no election, no constant load; `at` is the kernel's
// slots parameter.  Whole warps and one-dimensional blocks only.
template <int V> struct param_stamp {
    unsigned long long entered, bar = 0;
    unsigned clk0 = 0, clkb = 0, sm_e = 0, last = 0;
    unsigned long long *to_e = nullptr;
    unsigned long long *at;   // this block's 16 bytes, or its warps' records after them
    __device__ __forceinline__ explicit param_stamp(void *p) : at((unsigned long long *)p)
    {
        if constexpr (V == P_W0 || V == P_ALL || V == P_BULK || V == P_LANES) entered = gtime();
        if constexpr (V == P_W0_NC || V == P_BAR || V == P_BAR_NC || V == P_T0 || V == P_T0B || V == P_T0B2 ||
                      V == P_T0A || V == P_T0S || V == P_T0K || V == P_T0V || V == P_T0E || V == P_T0L || V == P_T0F ||
                      V == P_T0KN || V == P_T0KOFF || V == P_T0LC || V == P_T0KC || V == P_T0FS || V == P_T0FSN)
            entered = gtime_nc();
        if constexpr (V == P_T0L || V == P_T0LC) last = blockDim.x - 32;
        if constexpr (V == P_T0E) {
            asm("mov.u32 %0, %%smid;" : "=r"(sm_e));
            to_e = (unsigned long long *)&slots[blockIdx.x];
        }
        if constexpr (V == P_T0C || V == P_T0CK) {
            entered = gtime_nc();
            asm volatile("mov.u32 %0, %%clock;" : "=r"(clk0));
        }
        if constexpr (V == P_W0_T0)
            if (threadIdx.x == 0) entered = gtime();
        unsigned long long *mine = at + 2 * blockIdx.x;
        // the SM read only where it is stored (an asm volatile read is never dropped)
        if constexpr (V == P_ENTRY)
            if (threadIdx.x == 0) st2(mine, 1, ((unsigned long long)1 << 32) | smid());
        if constexpr (V == P_OFF)
            if (threadIdx.x == 0 && p == nullptr) st2(mine, 1, ((unsigned long long)1 << 32) | smid());
        if constexpr (V == P_ENTRY_CS)
            if (threadIdx.x == 0)
                asm volatile("st.global.cs.v2.u64 [%0], {%1, %2};" ::"l"(mine), "l"(1ull),
                             "l"(((unsigned long long)1 << 32) | smid()) : "memory");
        if constexpr (V == P_ENTRY4)
            if (threadIdx.x == 0) asm volatile("st.global.u32 [%0], %1;" ::"l"(mine), "r"(smid()) : "memory");
        if constexpr (V == P_ENTRY_W7)
            if (threadIdx.x == blockDim.x - 32) st2(mine, 1, ((unsigned long long)1 << 32) | smid());
        if constexpr (V == P_RED)
            if (threadIdx.x == 0) asm volatile("red.global.add.u32 [%0], %1;" ::"l"(mine), "r"(smid()) : "memory");
        if constexpr (V == P_OFF_NC)
            if (threadIdx.x == 0 && p == nullptr) st2_nc(mine, 1, ((unsigned long long)1 << 32) | smid());
        if constexpr (V == P_ENTRY_NC)
            if (threadIdx.x == 0) st2_nc(mine, 1, ((unsigned long long)1 << 32) | smid());
    }
    static __device__ __forceinline__ unsigned long long *staged()
    {
        __shared__ __align__(16) unsigned long long b[2];
        return b;
    }
    __device__ __forceinline__ ~param_stamp()
    {
        if constexpr (V == P_ENTRY || V == P_MERGED || V == P_LANES || V == P_OFF || V == P_ENTRY_CS ||
                      V == P_ENTRY4 || V == P_ENTRY_W7 || V == P_RED || V == P_OFF_NC || V == P_ENTRY_NC)
            return;
        if constexpr (V == P_T0C || V == P_T0CK) {
            if (threadIdx.x == 0) {
                unsigned long long t = gtime_nc();
                unsigned c;
                asm volatile("mov.u32 %0, %%clock;" : "=r"(c));
                unsigned span = (unsigned)(t - entered);
                st2_nc(at + 2 * blockIdx.x, entered ^ ((unsigned long long)(c - clk0) << 44),
                       (unsigned long long)span << 32 | (clkb - clk0) << 12 | (smid() & 0xfffu));
            }
            return;
        }
        if constexpr (V == P_T0V || V == P_T0E) {
            if (threadIdx.x == 0) {
                unsigned long long t = gtime_nc();
                unsigned span = (unsigned)(t - entered), first = (unsigned)(bar - entered) & 0xfffffu, sm;
                unsigned long long *to = to_e;
                if constexpr (V == P_T0V) {
                    asm("mov.u32 %0, %%smid;" : "=r"(sm));
                    to = (unsigned long long *)&slots[blockIdx.x];
                } else {
                    sm = sm_e;
                }
                st2_nc(to, entered, (unsigned long long)span << 32 | first << 12 | (sm & 0xfffu));
            }
            return;
        }
        if constexpr (V == P_T0L || V == P_T0LC) {
            // the last warp's arrival at the last barrier, stored by its lane 0 as it
            // leaves (into the slot's second half); thread 0 the start, the span, the SM
            if (threadIdx.x == last) {
                unsigned long long *to = (unsigned long long *)&slots[blockIdx.x];
                asm volatile("st.global.u64 [%0], %1;" ::"l"(to + 2), "l"(bar));
            }
            if (threadIdx.x == 0) {
                unsigned long long t = gtime_nc();
                unsigned span = (unsigned)(t - entered);
                st2_nc((unsigned long long *)&slots[blockIdx.x], entered, (unsigned long long)span << 32 | (smid() & 0xfffu));
            }
            return;
        }
        if constexpr (V == P_T0 || V == P_T0B || V == P_T0B2 || V == P_T0A || V == P_T0S || V == P_T0K || V == P_T0F ||
                      V == P_T0KN || V == P_T0KOFF || V == P_T0KC || V == P_T0FS || V == P_T0FSN) {
            if (threadIdx.x == 0) {
                unsigned long long t = gtime_nc();
                unsigned span = (unsigned)(t - entered), first = (unsigned)(bar - entered) & 0xfffffu;
                unsigned long long *to = V == P_T0K || V == P_T0F || V == P_T0KN || V == P_T0KOFF || V == P_T0KC ||
                                                 V == P_T0FS || V == P_T0FSN
                                       ? (unsigned long long *)&slots[blockIdx.x]
                                       : at + (V == P_T0S ? 4 : 2) * blockIdx.x;
                st2_nc(to, entered, (unsigned long long)span << 32 | first << 12 | (smid() & 0xfffu));
            }
            return;
        }
        if constexpr (V == P_BAR || V == P_BAR_NC) {
            if (threadIdx.x == 0) {
                unsigned long long t = gtime_nc(), end = t - entered, first = bar - entered;
                end = end < 0xffffff ? end : 0xffffff, first = first < 0xffffff ? first : 0xffffff;
                st2_nc(at + 2 * blockIdx.x, entered, end << 40 | first << 16 | smid());
            }
            return;
        }
        if constexpr (V == P_W0_NC) {
            if (threadIdx.x == 0) {
                unsigned long long t = gtime_nc();
                st2_nc(at + 2 * blockIdx.x, entered, (t - entered) << 32 | smid());
            }
            return;
        }
        if constexpr (V == P_EXIT_W7) {
            if (threadIdx.x == blockDim.x - 32) st2(at + 2 * blockIdx.x, gtime(), ((unsigned long long)1 << 32) | smid());
            return;
        }
        unsigned long long *mine = at + 2 * blockIdx.x;
        if constexpr (V == P_ALL) {
            if (threadIdx.x >= 32 && threadIdx.x % 32 == 0) {
                unsigned long long t = gtime();
                st2(at + 2 * gridDim.x + 2 * ((size_t)blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32), ~t, t);
            }
        }
        if (threadIdx.x != 0) return;
        if constexpr (V == P_ST2) {
            st2(mine, 1, 2);
            st2(at + 2 * gridDim.x + 2 * blockIdx.x, 3, ((unsigned long long)1 << 32) | smid());
        } else if constexpr (V == P_ST1) {
            st2(mine, 1, ((unsigned long long)1 << 32) | smid());
        } else if constexpr (V == P_T1) {
            st2(mine, gtime(), ((unsigned long long)1 << 32) | smid());
        } else {
            unsigned long long t = gtime();
            unsigned long long span = (t - entered) << 32 | smid();
            if constexpr (V == P_BULK) {
                unsigned long long *b = staged();
                unsigned sb = (unsigned)__cvta_generic_to_shared(b);
                asm volatile("st.shared.v2.u64 [%0], {%1, %2};" ::"r"(sb), "l"(entered), "l"(span) : "memory");
                asm volatile("fence.proxy.async.shared::cta;\n\t"
                             "cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], 16;\n\t"
                             "cp.async.bulk.commit_group;\n\t"
                             "cp.async.bulk.wait_group.read 0;" ::"l"(mine), "r"(sb) : "memory");
            } else {
                st2(mine, entered, span);
            }
        }
    }
};

// The kernel's stamp: p_ variants take the slots' address from the kernel's
// parameter (a prvalue, so that its destructor runs once, at the kernel's end)
template <int V> __device__ __forceinline__ auto make_stamp(void *p)
{
    if constexpr (V >= P_ST2) return param_stamp<V>(p);
    else return stamp_of<V>();
}

// the kernels' barrier: p_bar's stamp reads the time as each thread reaches it
template <int V, class S> static __device__ __forceinline__ void sync(S &st)
{
    if constexpr (V == P_BAR) st.bar = gtime();
    if constexpr (V == P_BAR_NC) st.bar = gtime_nc();
    if constexpr (V == P_T0B)   // warp 0 alone: the other warps' reads predicated off
        asm volatile("{ .reg .pred w; setp.lt.u32 w, %1, 32; @w mov.u64 %0, %%globaltimer; }"
                     : "+l"(st.bar) : "r"(threadIdx.x) : "memory");
    if constexpr (V == P_T0B2 || V == P_T0S || V == P_T0K || V == P_T0V || V == P_T0E)
        asm volatile("{ .reg .pred w; setp.ge.u32 w, %1, 32; @w bra.uni SKIP; mov.u64 %0, %%globaltimer; SKIP: }"
                     : "+l"(st.bar) : "r"(threadIdx.x) : "memory");
    if constexpr (V == P_T0L)   // the last warp alone: at every level but v0's first few it has nothing to do
        asm volatile("{ .reg .pred w; setp.lt.u32 w, %1, %2; @w bra.uni SKIP; mov.u64 %0, %%globaltimer; SKIP: }"
                     : "+l"(st.bar) : "r"(threadIdx.x), "r"(st.last) : "memory");
    if constexpr (V == P_T0F)   // warp 0 at the first barrier only (a weaker bound)
        asm volatile("{ .reg .pred w, d; setp.ge.u32 w, %1, 32; @w bra.uni SKIP; setp.ne.u64 d, %0, 0; @d bra.uni SKIP; "
                     "mov.u64 %0, %%globaltimer; SKIP: }"
                     : "+l"(st.bar) : "r"(threadIdx.x) : "memory");
    if constexpr (V == P_T0KN)  // p_t0k's read with no "memory" clobber: free to go earlier, still a bound
        asm volatile("{ .reg .pred w; setp.ge.u32 w, %1, 32; @w bra.uni SKIP; mov.u64 %0, %%globaltimer; SKIP: }"
                     : "+l"(st.bar) : "r"(threadIdx.x));
    if constexpr (V == P_T0KOFF) // p_t0k's read where no thread takes it: what its place costs
        asm volatile("{ .reg .pred w; setp.lt.u32 w, %1, 4096; @w bra.uni SKIP; mov.u64 %0, %%globaltimer; SKIP: }"
                     : "+l"(st.bar) : "r"(threadIdx.x) : "memory");
    // p_t0l and p_t0k with a read ptxas cannot make a predicate: a loop of its
    // own (again while the time reads 0, never), so that the warps that skip
    // it branch over it and pay nothing
    if constexpr (V == P_T0LC)
        asm volatile("{ .reg .pred w, q; setp.lt.u32 w, %1, %2; @w bra.uni SKIP; AGAIN: mov.u64 %0, %%globaltimer; "
                     "setp.eq.u64 q, %0, 0; @q bra.uni AGAIN; SKIP: }"
                     : "+l"(st.bar) : "r"(threadIdx.x), "r"(st.last) : "memory");
    if constexpr (V == P_T0KC)
        asm volatile("{ .reg .pred w, q; setp.ge.u32 w, %1, 32; @w bra.uni SKIP; AGAIN: mov.u64 %0, %%globaltimer; "
                     "setp.eq.u64 q, %0, 0; @q bra.uni AGAIN; SKIP: }"
                     : "+l"(st.bar) : "r"(threadIdx.x) : "memory");
    if constexpr (V == P_T0CK)  // every warp, no branch: the SM's clock, a few cycles
        asm volatile("mov.u32 %0, %%clock;" : "=r"(st.clkb) : : "memory");
    if constexpr (V == P_T0C)
        asm volatile("{ .reg .pred w; setp.ge.u32 w, %1, 32; @w bra.uni SKIP; mov.u32 %0, %%clock; SKIP: }"
                     : "+r"(st.clkb) : "r"(threadIdx.x) : "memory");
    __syncthreads();
    if constexpr (V == P_T0A)
        asm volatile("{ .reg .pred w; setp.ge.u32 w, %1, 32; @w bra.uni SKIP; mov.u64 %0, %%globaltimer; SKIP: }"
                     : "+l"(st.bar) : "r"(threadIdx.x) : "memory");
}

// the kernels' first barrier, after the load: p_t0fs's stamp reads the time
// there alone (warp 0, p_t0k's read), a bound from below as any barrier's
template <int V, class S> static __device__ __forceinline__ void sync_first(S &st)
{
    if constexpr (V == P_T0FS) {
        asm volatile("{ .reg .pred w; setp.ge.u32 w, %1, 32; @w bra.uni SKIP; mov.u64 %0, %%globaltimer; SKIP: }"
                     : "+l"(st.bar) : "r"(threadIdx.x) : "memory");
        __syncthreads();
    } else if constexpr (V == P_T0FSN) { // the same without "memory": free to go before the stores, still a bound
        asm volatile("{ .reg .pred w; setp.ge.u32 w, %1, 32; @w bra.uni SKIP; mov.u64 %0, %%globaltimer; SKIP: }"
                     : "+l"(st.bar) : "r"(threadIdx.x));
        __syncthreads();
    } else {
        sync<V>(st);
    }
}

// v0's tree: tid % (2s) picks the workers

// p_merged's store in place of the result's: the time and the SM beside the
// sum, one 16-byte store
template <int V> static __device__ __forceinline__ void result(float *out, void *p, float sum)
{
    if constexpr (V == P_MERGED)
        st2((unsigned long long *)p + 2 * blockIdx.x, gtime(), (unsigned long long)__float_as_uint(sum) << 32 | smid());
    else
        out[blockIdx.x] = sum;
}

// p_lanes: warp 0's lanes, one store instruction: lane 0 the result, lanes
// 1 to 4 the stamp (its start, split in two words, its span and its SM)
static __device__ __forceinline__ void lanes_result(float *out, void *p, float sum, unsigned long long entered)
{
    unsigned long long t = gtime();
    unsigned lane = threadIdx.x, sm = smid();
    unsigned word = lane == 0 ? __float_as_uint(sum) : lane == 1 ? (unsigned)entered
                  : lane == 2 ? (unsigned)(entered >> 32) : lane == 3 ? (unsigned)(t - entered) : sm;
    unsigned *at = lane == 0 ? (unsigned *)&out[blockIdx.x] : (unsigned *)p + 4 * blockIdx.x + (lane - 1);
    asm volatile("{ .reg .pred q; setp.lt.u32 q, %2, 5; @q st.global.u32 [%0], %1; }" ::"l"(at), "r"(word), "r"(lane) : "memory");
}

template <int V> __global__ void k_v0(const float *in, float *out, unsigned n, void *p)
{
    auto st [[maybe_unused]] = make_stamp<V>(p);
    extern __shared__ float s[];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
    s[tid] = i < n ? in[i] : 0.0f;
    sync_first<V>(st);
    for (unsigned d = 1; d < blockDim.x; d *= 2) {
        if (tid % (2 * d) == 0) s[tid] += s[tid + d];
        sync<V>(st);
    }
    if constexpr (V == P_LANES) {
        if (tid < 32) lanes_result(out, p, s[0], st.entered);
    } else if (tid == 0) result<V>(out, p, s[0]);
}

// v5's: two loads a thread, the tree unrolled for 256 threads
template <int V> __global__ void k_v5(const float *in, float *out, unsigned n, void *p)
{
    auto st [[maybe_unused]] = make_stamp<V>(p);
    __shared__ float s[256];
    unsigned tid = threadIdx.x, i = blockIdx.x * 512 + tid;
    s[tid] = (i < n ? in[i] : 0.0f) + (i + 256 < n ? in[i + 256] : 0.0f);
    sync_first<V>(st);
    if (tid < 128) s[tid] += s[tid + 128];
    sync<V>(st);
    if (tid < 64) s[tid] += s[tid + 64];
    sync<V>(st);
    if (tid < 32) {
        volatile float *v = s;
        v[tid] += v[tid + 32]; v[tid] += v[tid + 16]; v[tid] += v[tid + 8];
        v[tid] += v[tid + 4];  v[tid] += v[tid + 2];  v[tid] += v[tid + 1];
    }
    if constexpr (V == P_LANES) {
        if (tid < 32) lanes_result(out, p, s[0], st.entered);
    } else if (tid == 0) result<V>(out, p, s[0]);
}

template <int V> static void launch(int which, const float *in, float *out, unsigned n, void *p)
{
    if (which == 0) k_v0<V><<<n / 256, 256, 256 * sizeof(float)>>>(in, out, n, p);
    else k_v5<V><<<n / 512, 256>>>(in, out, n, p);
}
static void launch_variant(int v, int which, const float *in, float *out, unsigned n, void *p)
{
#define L(X) case X: launch<X>(which, in, out, n, p); break;
    switch (v) {
    L(NONE)
    L(SHIPPED)
    L(ATOMICS)
    L(NO_ENTRY)
    L(CLOCK)
    L(NO_ATOMICS)
    L(WARP0)
    L(WARP0_ST)
    L(NO_STORE)
    L(CLK_NONE)
    L(CLK_WARP)
    L(CLK_WARP0)
    L(ENTRY_ONLY)
    L(STORE_ONLY)
    L(COUNTED)
    L(CNT_NOSPIN)
    L(CNT_NOSTORE)
    L(CNT_ONLY)
    L(HEAD)
    L(HEAD_W0)
    L(HEAD_STS) L(P_ST2) L(P_ST1) L(P_ENTRY) L(P_T1) L(P_W0) L(P_ALL) L(P_BULK) L(P_MERGED) L(P_LANES)
    L(P_OFF) L(P_ENTRY_CS) L(P_ENTRY4) L(P_ENTRY_W7) L(P_EXIT_W7) L(P_RED)
    L(P_OFF_NC) L(P_ENTRY_NC) L(P_W0_NC) L(P_W0_T0) L(P_BAR) L(P_BAR_NC) L(P_T0) L(P_T0B) L(P_T0B2) L(P_T0C) L(P_T0A) L(P_T0S) L(P_T0K) L(P_T0V) L(P_T0E) L(P_T0L) L(P_T0F) L(P_T0CK) L(P_T0KN) L(P_T0KOFF) L(P_T0LC) L(P_T0KC) L(P_T0FS) L(P_T0FSN)
    }
#undef L
}

static float median(std::vector<float> v)
{
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 50;
    std::vector<int> timed; // the variants timed in turns: none first, then those named (all: none named)
    for (int v = 0; v < NVARIANTS; v++) {
        bool named = argc <= 2 || v == NONE;
        for (int a = 2; a < argc && !named; a++) named = strcmp(argv[a], names[v]) == 0;
        if (named) timed.push_back(v);
    }
    if (argc > 2 && (int)timed.size() != argc - 1) {
        fprintf(stderr, "stamp_variants: a variant named is not one of the bench's (or named twice)\n");
        return 2;
    }
    unsigned n = 1u << 25;
    float *in, *out;
    slot *sl;
    unsigned long long *ws;
    CK(cudaMalloc(&in, n * sizeof(float)));
    CK(cudaMalloc(&out, (n / 256) * sizeof(float)));
    // a slot a block and a record a warp (waves.cuh), for v0's grid, the larger
    size_t room = (n / 256) * sizeof(slot) + (n / 32) * sizeof(rv_waves_warp_record);
    CK(cudaMalloc(&sl, room));
    CK(cudaMalloc(&ws, (n / 32) * 2 * sizeof(unsigned long long)));
    void *ps; // the p_ variants' slots: 16 bytes a block, then 16 a warp
    CK(cudaMalloc(&ps, (n / 256 + n / 32) * 16));
    CK(cudaMemset(in, 0, n * sizeof(float)));
    CK(cudaMemset(sl, 0, room));
    CK(cudaMemcpyToSymbol(slots, &sl, sizeof sl));
    CK(rv_waves_set_slots(sl, 0));
    CK(cudaMemcpyToSymbol(warp_slots, &ws, sizeof ws));
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int which = 0; which < 2; which++) {
        std::vector<std::vector<float>> ms(NVARIANTS);
        for (int r = -3; r < rounds; r++)
            for (size_t k = 0; k < timed.size(); k++) {
                int v = timed[(k + r + 3) % timed.size()]; // each variant first in turn
                CK(cudaEventRecord(a));
                launch_variant(v, which, in, out, n, ps);
                CK(cudaEventRecord(b));
                CK(cudaEventSynchronize(b));
                float t;
                CK(cudaEventElapsedTime(&t, a, b));
                if (r >= 0) ms[v].push_back(t);
            }
        float base = median(ms[NONE]);
        printf("%s, N = 2^25, block 256, medians of %d in turns:\n", which ? "v5" : "v0", rounds);
        for (int v : timed)
            printf("  %-11s %.4f ms  ratio %.3f\n", names[v], median(ms[v]), median(ms[v]) / base);
    }
    // shipped's record of a launch of its own, its warps' records folded in as
    // src/gpu/gpu_waves.cu does: every block's slot seen, its start, first
    // exit and end in order, its SM below the SM count
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    int bad_all = 0;
    for (int which = 0; which < 2; which++) {
        unsigned blocks = which ? n / 512 : n / 256;
        CK(cudaMemset(sl, 0, room));
        launch_variant(SHIPPED, which, in, out, n, ps);
        std::vector<rv_waves_stamp_slot> h(blocks);
        std::vector<rv_waves_warp_record> w((size_t)blocks * 8);
        CK(cudaMemcpy(h.data(), sl, blocks * sizeof(slot), cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(w.data(), sl + blocks, w.size() * sizeof w[0], cudaMemcpyDeviceToHost));
        unsigned bad = 0;
        for (unsigned b = 0; b < blocks; b++) {
            rv_waves_stamp_slot x = h[b];
            for (int k = 1; k < 8; k++) {
                const rv_waves_warp_record &r = w[(size_t)b * 8 + k];
                bad += r.end == 0; // every warp wrote its record
                x.nfirst = std::max(x.nfirst, r.nfirst), x.end = std::max(x.end, r.end);
            }
            bad += !((x.flags & RV_WAVES_STAMP_SEEN) && ~x.nstart <= ~x.nfirst && ~x.nfirst <= x.end &&
                     x.end - ~x.nstart < 100000000ull && x.sm < (unsigned)sms);
        }
        printf("shipped's slots, %s: %u wrong (of %u blocks)\n", which ? "v5" : "v0", bad, blocks);
        bad_all += bad != 0;
    }
    CK(cudaGetLastError());
    return bad_all ? 1 : 0;
}
