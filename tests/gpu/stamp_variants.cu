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
// and the q_, r_, s_, t_, u_, w_, x_ and m_ variants, each group said where
// it is written below: the tree stamp taken apart, down to m_full, the sum
// and the stamp in one store, as kernels/waves.cuh now has it
// (nvidia-h200-stamp-one-store.txt).
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
               P_BAR, P_BAR_NC, P_T0, P_T0B, P_T0B2, P_T0C, P_T0A, P_T0S, P_T0K, P_T0V, P_T0E, P_T0L, P_T0F, P_T0CK, P_T0KN, P_T0KOFF, P_T0LC, P_T0KC, P_T0FS, P_T0FSN,
               Q_LATE, Q_LATE_SM, Q_AFTER, Q_NOBAR, Q_FSC, Q_SECOND, Q_LAST,
               R_BASE, R_ADDR, R_PLAIN, R_BOTH, R_SMB, R_LO, R_PIN,
               S_BAR, S_EXIT, S_BOTH, T_E, T_X, U_ST0, U_STL, U_PRE, U_FULL, U_ST8, U_ST4, U_ST16B, W_ALL, W_NOP, W_ALLX, X_PARAM, X_16, X_PLAIN, X_P16, M_FULL, M_NOFIRST, NVARIANTS };
static const char *names[] = {"none", "shipped", "atomics", "no_entry", "clock", "no_atomics", "warp0", "warp0_st", "no_store",
                              "clk_none", "clk_warp", "clk_warp0", "entry_only", "store_only", "counted", "cnt_nospin", "cnt_nostore", "cnt_only",
                              "head", "head_w0", "head_sts", "p_st2", "p_st1", "p_entry", "p_t1", "p_w0", "p_all",
                              "p_bulk", "p_merged", "p_lanes", "p_off", "p_entry_cs", "p_entry4", "p_entry_w7",
                              "p_exit_w7", "p_red", "p_off_nc", "p_entry_nc", "p_w0_nc", "p_w0_t0",
                              "p_bar", "p_bar_nc", "p_t0", "p_t0b", "p_t0b2", "p_t0c", "p_t0a", "p_t0s", "p_t0k", "p_t0v", "p_t0e", "p_t0l", "p_t0f", "p_t0ck", "p_t0kn", "p_t0koff", "p_t0lc", "p_t0kc", "p_t0fs", "p_t0fsn",
                              "q_late", "q_late_sm", "q_after", "q_nobar", "q_fsc", "q_second", "q_last",
                              "r_base", "r_addr", "r_plain", "r_both", "r_smb", "r_lo", "r_pin", "s_bar", "s_exit", "s_both", "t_e", "t_x", "u_st0", "u_stl", "u_pre", "u_full", "u_st8", "u_st4", "u_st16b", "w_all", "w_nop", "w_allx", "x_param", "x_16", "x_plain", "x_p16", "m_full", "m_nofirst"};
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
// warp 0 reads the time into t, the other warps branching around the read
// in the asm (ptxas makes it a predicate every warp issues: p_t0koff)
static __device__ __forceinline__ void warp0_time(unsigned long long &t)
{
    asm volatile("{ .reg .pred w; setp.ge.u32 w, %1, 32; @w bra.uni SKIP; mov.u64 %0, %%globaltimer; SKIP: }"
                 : "+l"(t) : "r"(threadIdx.x) : "memory");
}
// the same with no "memory" clobber
static __device__ __forceinline__ void warp0_time_nc(unsigned long long &t)
{
    asm volatile("{ .reg .pred w; setp.ge.u32 w, %1, 32; @w bra.uni SKIP; mov.u64 %0, %%globaltimer; SKIP: }"
                 : "+l"(t) : "r"(threadIdx.x));
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

// The q_ variants: p_t0fs's stamp (kernels/waves.cuh's tree stamp) with its
// reads moved to where a warp waits anyway.  A %globaltimer read stalls the
// warp that issues it, and ptxas makes warp 0's read every warp's (a select
// or a predicate: timer_issue.cu), so
//   q_late     reads the start after the kernel's loads are issued, not
//              before (the warp then waits for its loads, the read's stall
//              hidden); the first barrier's read and thread 0's exit as p_t0fs
//   q_late_sm  q_late, and %smid read there too, so that the exit reads the
//              time alone
//   q_after    q_late_sm with the first barrier's read after that barrier
//              (still a bound: a later barrier waits for warp 0)
//   q_nobar    q_late_sm with no barrier read (what that read costs)
// and with the start read as p_t0fs does (first, by every warp):
//   q_fsc      p_t0fs with warp 0's read at the first barrier in p_t0kc's
//              loop, which ptxas cannot make a predicate: only warp 0 reads
//   q_second   p_t0fs's read before the second barrier instead (v5: warps
//              4 to 7 idle there; v0 as p_t0fs)
//   q_last     before the last barrier (v5; v0 as p_t0fs): the strongest bound
template <int V> struct q_stamp {
    unsigned long long entered = 0, bar = 0;
    unsigned sm = 0;
    __device__ __forceinline__ q_stamp()
    {
        if constexpr (V >= Q_FSC) {
            entered = gtime_nc();
            bar = entered;
        }
    }
    // warp 0 alone reads (p_t0k's asm, which ptxas makes every warp's)
    __device__ __forceinline__ void warp0_read()
    {
        warp0_time(bar);
    }
    __device__ __forceinline__ void after_load()
    {
        if constexpr (V >= Q_FSC) return;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(entered) : : "memory");
        bar = entered;
        if constexpr (V != Q_LATE) asm volatile("mov.u32 %0, %%smid;" : "=r"(sm) : : "memory");
    }
    __device__ __forceinline__ void reached_first(bool v0)
    {
        if constexpr (V == Q_LATE || V == Q_LATE_SM) warp0_read();
        if constexpr (V == Q_SECOND || V == Q_LAST)
            if (v0) warp0_read();
        if constexpr (V == Q_FSC)
            asm volatile("{ .reg .pred w, q; setp.ge.u32 w, %1, 32; @w bra.uni SKIP; AGAIN: mov.u64 %0, %%globaltimer; "
                         "setp.eq.u64 q, %0, 0; @q bra.uni AGAIN; SKIP: }"
                         : "+l"(bar) : "r"(threadIdx.x) : "memory");
    }
    __device__ __forceinline__ void left_first()
    {
        if constexpr (V == Q_AFTER)
            warp0_time(bar);
    }
    __device__ __forceinline__ ~q_stamp()
    {
        if (threadIdx.x != 0) return;
        unsigned long long t = gtime_nc();
        unsigned span = (unsigned)(t - entered), first = (unsigned)(bar - entered) & 0xfffffu;
        unsigned s = sm;
        if constexpr (V == Q_LATE || V >= Q_FSC) s = smid();
        st2_nc((unsigned long long *)&slots[blockIdx.x], entered, (unsigned long long)span << 32 | first << 12 | (s & 0xfffu));
    }
};
template <int V> constexpr bool is_q = V >= Q_LATE && V <= Q_LAST;

// the kernels' loads are issued: the q_ variants read the start here
template <int V, class S> static __device__ __forceinline__ void after_load(S &st)
{
    if constexpr (is_q<V>) st.after_load();
}
// the value the kernel stores before its first barrier: the s_ variants' chain first
template <int V> constexpr bool is_s = V >= S_BAR && V <= S_BOTH;
template <int V, class S> static __device__ __forceinline__ void before_store(S &st, float &v)
{
    if constexpr (is_s<V>) st.loaded(v);
}

// The r_ variants: kernels/waves.cuh's tree stamp as shipped (r_base: the
// slots' address from constant memory, ~start stored), and thread 0's exit
// made shorter, everything but the time found before it:
//   r_addr     the slot's address found as the block enters (a uniform
//              constant load, every warp)
//   r_plain    the start stored as it is, not inverted (two instructions less)
//   r_both     r_addr and r_plain
//   r_smb      r_both, and %smid read with the first barrier's time
//   r_lo       r_both with the exit's time read as %globaltimer_lo (32 bits,
//              all the span needs)
//   r_pin      r_smb with the address and the SM pinned where they are found
//              (volatile asm), so that the compiler cannot sink them into
//              thread 0's exit
template <int V> struct r_stamp {
    unsigned long long entered, bar;
    unsigned sm = 0;
    unsigned long long *to = nullptr;
    __device__ __forceinline__ r_stamp() : entered(gtime_nc()), bar(entered)
    {
        if constexpr (V == R_ADDR || V == R_BOTH || V == R_SMB || V == R_LO) to = (unsigned long long *)&slots[blockIdx.x];
        if constexpr (V == R_PIN) asm volatile("mov.b64 %0, %1;" : "=l"(to) : "l"(&slots[blockIdx.x]));
    }
    __device__ __forceinline__ void reached_first()
    {
        warp0_time(bar);
        if constexpr (V == R_SMB) asm("mov.u32 %0, %%smid;" : "=r"(sm));
        if constexpr (V == R_PIN) asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    }
    __device__ __forceinline__ ~r_stamp()
    {
        if (threadIdx.x != 0) return;
        unsigned long long t;
        if constexpr (V == R_LO) {
            unsigned lo;
            asm volatile("mov.u32 %0, %%globaltimer_lo;" : "=r"(lo));
            t = lo;
        } else {
            t = gtime_nc();
        }
        unsigned s = sm;
        if constexpr (V != R_SMB && V != R_PIN) s = smid();
        unsigned long long *at = to;
        if constexpr (V == R_BASE || V == R_PLAIN) at = (unsigned long long *)&slots[blockIdx.x];
        unsigned long long start = V == R_BASE || V == R_ADDR ? ~entered : entered;
        unsigned span = (unsigned)(t - entered), first = (unsigned)(bar - entered) & 0xfffffu;
        st2_nc(at, start, (unsigned long long)span << 32 | first << 12 | (s & 0xfffu));
    }
};
template <int V> constexpr bool is_r = V >= R_BASE && V <= R_PIN;

// The s_ variants stamp nothing: they add a chain of 8 dependent integer
// instructions (about 8 x 4 cycles, no memory, no special register) where
// the tree stamp reads and stores, to tell what any few cycles there cost:
//   s_bar      every warp, after its load is in and before the first barrier
//   s_exit     thread 0, after the kernel's last store
//   s_both     both
template <int V> struct s_stamp {
    unsigned x;
    static __device__ __forceinline__ unsigned chain(unsigned v)
    {
        asm volatile("mad.lo.u32 %0, %0, %0, 1;\n\tmad.lo.u32 %0, %0, %0, 1;\n\tmad.lo.u32 %0, %0, %0, 1;\n\t"
                     "mad.lo.u32 %0, %0, %0, 1;\n\tmad.lo.u32 %0, %0, %0, 1;\n\tmad.lo.u32 %0, %0, %0, 1;\n\t"
                     "mad.lo.u32 %0, %0, %0, 1;\n\tmad.lo.u32 %0, %0, %0, 1;"
                     : "+r"(v));
        return v;
    }
    __device__ __forceinline__ s_stamp() : x(blockIdx.x) {}
    __device__ __forceinline__ void reached_first() {}
    // before the first barrier: the kernel's stored value waits for the chain
    __device__ __forceinline__ void loaded(float &v)
    {
        if constexpr (V != S_EXIT) {
            x = chain(x ^ __float_as_uint(v)); // after the load is in
            if (x == 0x7fffffffu) v = 0.0f;    // never, in the bench's grids
        }
    }
    __device__ __forceinline__ ~s_stamp()
    {
        if (threadIdx.x != 0) return;
        if constexpr (V != S_BAR) x = chain(x);
        if (x == 0x7fffffffu) slots[0].sm = x; // keeps the chain (never true)
    }
};

// p_t0 in its two halves:
//   t_e        every warp reads the time as it enters; thread 0 stores it
//              at its exit (8 bytes) and nothing else
//   t_x        no read at the entry; thread 0 at its exit reads the time and
//              the SM and stores 16 bytes, as p_t0 does
template <int V> struct t_stamp {
    unsigned long long entered = 0;
    __device__ __forceinline__ t_stamp()
    {
        if constexpr (V == T_E) entered = gtime_nc();
    }
    __device__ __forceinline__ void reached_first() {}
    __device__ __forceinline__ ~t_stamp()
    {
        if (threadIdx.x != 0) return;
        unsigned long long *at = (unsigned long long *)&slots[blockIdx.x];
        if constexpr (V == T_E) {
            asm volatile("st.global.u64 [%0], %1;" ::"l"(at), "l"(entered));
        } else {
            unsigned long long t = gtime_nc();
            st2_nc(at, t, smid());
        }
    }
};
template <int V> constexpr bool is_t = V == T_E || V == T_X;

// Whether a block's end waits for its last store to be answered: thread 0's
// stamp store at once after the kernel's result store, or later
//   u_st0      thread 0 stores 16 constant bytes after the result, no read
//   u_stl      the same after s_exit's chain (about 40 cycles)
//   u_pre      thread 0 reads the time and the SM before the kernel's result
//              store (a place in the kernel's body, not a stamp's), stores
//              them after it
//   u_st8      u_st0 with 8 bytes (slots 32 bytes apart)
//   u_st4      u_st0 with 4 bytes
//   u_st16b    u_st0 into 16-byte slots (two blocks a 32-byte sector)
//   u_full     u_pre with the tree stamp's start (every warp, as it enters)
//              and first barrier's read: the whole stamp so placed
template <int V> struct u_stamp {
    unsigned long long entered = 0, bar = 0, t = 0;
    unsigned sm = 0, x;
    __device__ __forceinline__ u_stamp() : x(blockIdx.x)
    {
        if constexpr (V == U_FULL) entered = bar = gtime_nc();
    }
    __device__ __forceinline__ void reached_first()
    {
        if constexpr (V == U_FULL)
            warp0_time(bar);
    }
    // thread 0, before its result store
    __device__ __forceinline__ void before_result()
    {
        if constexpr (V == U_PRE || V == U_FULL) {
            asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) : : "memory");
            asm volatile("mov.u32 %0, %%smid;" : "=r"(sm) : : "memory");
        }
    }
    __device__ __forceinline__ ~u_stamp()
    {
        if (threadIdx.x != 0) return;
        unsigned long long *at = (unsigned long long *)&slots[blockIdx.x];
        if constexpr (V == U_ST0) st2_nc(at, 1, 2);
        if constexpr (V == U_ST8) asm volatile("st.global.u64 [%0], %1;" ::"l"(at), "l"(3ull));
        if constexpr (V == U_ST4) asm volatile("st.global.u32 [%0], %1;" ::"l"(at), "r"(3u));
        if constexpr (V == U_ST16B) st2_nc((unsigned long long *)slots + 2 * blockIdx.x, 1, 2);
        if constexpr (V == U_STL) st2_nc(at, 1, s_stamp<S_EXIT>::chain(x));
        if constexpr (V == U_PRE || V == U_FULL) {
            unsigned span = (unsigned)(t - entered), first = (unsigned)(bar - entered) & 0xfffffu;
            st2_nc(at, entered, (unsigned long long)span << 32 | first << 12 | (sm & 0xfffu));
        }
    }
};
template <int V> constexpr bool is_u = V >= U_ST0 && V <= U_ST16B;

// The first barrier's read, what it costs by its shape (thread 0's stamp as
// r_base's otherwise):
//   w_all      every warp reads the time before the first barrier, no
//              predicate (thread 0 keeps its own)
//   w_nop      no read: a predicated integer instruction no lane passes in
//              its place, which ptxas sinks into thread 0's exit (so: no
//              read at the first barrier, and no instruction there)
//   w_allx     w_all without the "memory" clobber (free to go before the
//              kernel's shared store)
template <int V> struct w_stamp {
    unsigned long long entered, bar;
    __device__ __forceinline__ w_stamp() : entered(gtime_nc()), bar(entered) {}
    __device__ __forceinline__ void reached_first()
    {
        if constexpr (V == W_ALL) asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(bar) : : "memory");
        if constexpr (V == W_ALLX) asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(bar));
        if constexpr (V == W_NOP)
            asm volatile("{ .reg .pred w; setp.eq.u32 w, %1, 0xffffffff; @w add.u64 %0, %0, 1; }"
                         : "+l"(bar) : "r"(threadIdx.x + blockIdx.x * 1024) : "memory");
    }
    __device__ __forceinline__ ~w_stamp()
    {
        if (threadIdx.x != 0) return;
        unsigned long long t = gtime_nc();
        unsigned span = (unsigned)(t - entered), first = (unsigned)(bar - entered) & 0xfffffu;
        st2_nc((unsigned long long *)&slots[blockIdx.x], ~entered, (unsigned long long)span << 32 | first << 12 | (smid() & 0xfffu));
    }
};
template <int V> constexpr bool is_w = V >= W_ALL && V <= W_ALLX;

// Thread 0's exit of p_t0 (a kernel parameter's slots, 16 bytes apart, the
// start as it is) against w_nop's (constant memory's, 32 apart, ~start),
// one difference at a time from w_nop, none reading at the first barrier:
//   x_param    the slots' address a kernel parameter
//   x_16       16 bytes apart
//   x_plain    the start stored as it is
//   x_p16      x_param and x_16 and x_plain: p_t0's exit
template <int V> struct x_stamp {
    unsigned long long entered;
    void *param;
    __device__ __forceinline__ explicit x_stamp(void *p) : entered(gtime_nc()), param(p) {}
    __device__ __forceinline__ void reached_first() {}
    __device__ __forceinline__ ~x_stamp()
    {
        if (threadIdx.x != 0) return;
        unsigned long long t = gtime_nc();
        unsigned span = (unsigned)(t - entered);
        unsigned long long *base = V == X_PARAM || V == X_P16 ? (unsigned long long *)param : (unsigned long long *)slots;
        unsigned long long *at = base + (V == X_16 || V == X_P16 ? 2 : 4) * (size_t)blockIdx.x;
        unsigned long long start = V == X_PLAIN || V == X_P16 ? entered : ~entered;
        st2_nc(at, start, (unsigned long long)span << 32 | (smid() & 0xfffu));
    }
};
template <int V> constexpr bool is_x = V >= X_PARAM && V <= X_P16;

// The block's sum and its stamp in one store (u_st0: any second store a
// block costs v5 2 to 3%): thread 0 stores, in place of the kernel's
// result, 16 bytes into the block's slot: the start's low 32 bits (ns; the
// host finds the rest from a time read before the launch), the span to its
// exit (32 bits), the span to the first barrier (20) and the SM (12), the
// sum (32)
//   m_full     with the first barrier's read (warp 0)
//   m_nofirst  without it
template <int V> struct m_stamp {
    unsigned long long entered, bar;
    __device__ __forceinline__ m_stamp() : entered(gtime_nc()), bar(entered) {}
    __device__ __forceinline__ void reached_first()
    {
        if constexpr (V == M_FULL)
            warp0_time(bar);
    }
    // thread 0's result
    __device__ __forceinline__ void result(float sum)
    {
        unsigned long long t = gtime_nc();
        unsigned span = (unsigned)(t - entered), first = (unsigned)(bar - entered) & 0xfffffu;
        unsigned word = first << 12 | (smid() & 0xfffu);
        asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(&slots[blockIdx.x]), "r"((unsigned)entered),
                     "r"(span), "r"(word), "r"(__float_as_uint(sum)));
    }
};
template <int V> constexpr bool is_m = V == M_FULL || V == M_NOFIRST;

// The kernel's stamp: p_ variants take the slots' address from the kernel's
// parameter (a prvalue, so that its destructor runs once, at the kernel's end)
template <int V> __device__ __forceinline__ auto make_stamp(void *p)
{
    if constexpr (is_m<V>) return m_stamp<V>();
    else if constexpr (is_x<V>) return x_stamp<V>(p);
    else if constexpr (is_w<V>) return w_stamp<V>();
    else if constexpr (is_u<V>) return u_stamp<V>();
    else if constexpr (is_t<V>) return t_stamp<V>();
    else if constexpr (is_s<V>) return s_stamp<V>();
    else if constexpr (is_r<V>) return r_stamp<V>();
    else if constexpr (is_q<V>) return q_stamp<V>();
    else if constexpr (V >= P_ST2) return param_stamp<V>(p);
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
        warp0_time(st.bar);
    if constexpr (V == P_T0L)   // the last warp alone: at every level but v0's first few it has nothing to do
        asm volatile("{ .reg .pred w; setp.lt.u32 w, %1, %2; @w bra.uni SKIP; mov.u64 %0, %%globaltimer; SKIP: }"
                     : "+l"(st.bar) : "r"(threadIdx.x), "r"(st.last) : "memory");
    if constexpr (V == P_T0F)   // warp 0 at the first barrier only (a weaker bound)
        asm volatile("{ .reg .pred w, d; setp.ge.u32 w, %1, 32; @w bra.uni SKIP; setp.ne.u64 d, %0, 0; @d bra.uni SKIP; "
                     "mov.u64 %0, %%globaltimer; SKIP: }"
                     : "+l"(st.bar) : "r"(threadIdx.x) : "memory");
    if constexpr (V == P_T0KN)  // p_t0k's read with no "memory" clobber: free to go earlier, still a bound
        warp0_time_nc(st.bar);
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
        warp0_time(st.bar);
}

// the kernels' first barrier, after the load: p_t0fs's stamp reads the time
// there alone (warp 0, p_t0k's read), a bound from below as any barrier's
template <int V, class S> static __device__ __forceinline__ void sync_first(S &st, bool v0 = false)
{
    if constexpr (is_r<V> || is_s<V> || is_t<V> || is_u<V> || is_w<V> || is_x<V> || is_m<V>) {
        st.reached_first();
        __syncthreads();
    } else if constexpr (is_q<V>) {
        st.reached_first(v0);
        __syncthreads();
        st.left_first();
    } else if constexpr (V == P_T0FS) {
        warp0_time(st.bar);
        __syncthreads();
    } else if constexpr (V == P_T0FSN) { // the same without "memory": free to go before the stores, still a bound
        warp0_time_nc(st.bar);
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
    float x = i < n ? in[i] : 0.0f;
    after_load<V>(st);
    before_store<V>(st, x);
    s[tid] = x;
    sync_first<V>(st, true);
    for (unsigned d = 1; d < blockDim.x; d *= 2) {
        if (tid % (2 * d) == 0) s[tid] += s[tid + d];
        sync<V>(st);
    }
    if constexpr (V == P_LANES) {
        if (tid < 32) lanes_result(out, p, s[0], st.entered);
    } else if (tid == 0) {
        if constexpr (is_u<V>) st.before_result();
        if constexpr (is_m<V>) st.result(s[0]);
        else result<V>(out, p, s[0]);
    }
}

// v5's: two loads a thread, the tree unrolled for 256 threads
template <int V> __global__ void k_v5(const float *in, float *out, unsigned n, void *p)
{
    auto st [[maybe_unused]] = make_stamp<V>(p);
    __shared__ float s[256];
    unsigned tid = threadIdx.x, i = blockIdx.x * 512 + tid;
    float a = i < n ? in[i] : 0.0f, b = i + 256 < n ? in[i + 256] : 0.0f;
    after_load<V>(st);
    float sum = a + b;
    before_store<V>(st, sum);
    s[tid] = sum;
    sync_first<V>(st);
    if (tid < 128) s[tid] += s[tid + 128];
    if constexpr (V == Q_SECOND) st.warp0_read();
    sync<V>(st);
    if (tid < 64) s[tid] += s[tid + 64];
    if constexpr (V == Q_LAST) st.warp0_read();
    sync<V>(st);
    if (tid < 32) {
        volatile float *v = s;
        v[tid] += v[tid + 32]; v[tid] += v[tid + 16]; v[tid] += v[tid + 8];
        v[tid] += v[tid + 4];  v[tid] += v[tid + 2];  v[tid] += v[tid + 1];
    }
    if constexpr (V == P_LANES) {
        if (tid < 32) lanes_result(out, p, s[0], st.entered);
    } else if (tid == 0) {
        if constexpr (is_u<V>) st.before_result();
        if constexpr (is_m<V>) st.result(s[0]);
        else result<V>(out, p, s[0]);
    }
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
    L(Q_LATE) L(Q_LATE_SM) L(Q_AFTER) L(Q_NOBAR) L(Q_FSC) L(Q_SECOND) L(Q_LAST)
    L(R_BASE) L(R_ADDR) L(R_PLAIN) L(R_BOTH) L(R_SMB) L(R_LO) L(R_PIN) L(S_BAR) L(S_EXIT) L(S_BOTH) L(T_E) L(T_X) L(U_ST0) L(U_STL) L(U_PRE) L(U_FULL) L(U_ST8) L(U_ST4) L(U_ST16B) L(W_ALL) L(W_NOP) L(W_ALLX) L(X_PARAM) L(X_16) L(X_PLAIN) L(X_P16) L(M_FULL) L(M_NOFIRST)
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
