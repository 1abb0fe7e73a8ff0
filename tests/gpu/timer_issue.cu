// timer_issue.cu — what one read of a special register costs the warp that
// issues it, the stamps' reads (kernels/waves.cuh): %globaltimer (64 and 32
// bits), %clock, %clock64, %smid, each also behind a predicate no lane
// passes (ptxas makes a warp-0-only read a predicated one that every warp
// issues).  Each kernel loops 4096 times over 8 reads, either independent
// (their results folded in once the 8 are issued: the issue cost) or each
// folded in at once (the latency), timed with %clock64 by each warp; a loop
// without reads is the floor.  Run with 1 warp, then 8 (a v5 block), then 32
// (half a full SM), to see whether the reads queue on a unit the SM's
// warps share, then every SM full of v5's blocks (a unit the GPU shares).  Cycles per read.
// Build and run: nvcc -O3 -arch=sm_90 -o /tmp/ti timer_issue.cu && /tmp/ti
#include <cstdio>
#include <vector>

enum Read { NONE, GT64, GT32, GT_OFF, CLK, CLK64, SMID, SMID_OFF, NREADS };
static const char *names[] = {"none", "globaltimer", "globaltimer_lo", "globaltimer, off", "clock", "clock64", "smid",
                              "smid, off"};

// dep: an input the read waits for (unused by it): a chain of reads, each after
// the last one's result is in
template <int R> static __device__ __forceinline__ unsigned read(unsigned off, unsigned dep)
{
    unsigned lo = 0, hi = 0;
    unsigned long long w = 0;
    if constexpr (R == GT64) asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(w) : "r"(dep));
    if constexpr (R == GT32) asm volatile("mov.u32 %0, %%globaltimer_lo;" : "=r"(lo) : "r"(dep));
    if constexpr (R == GT_OFF)
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; @p mov.u32 %0, %%globaltimer_lo; }" : "+r"(lo) : "r"(off), "r"(dep));
    if constexpr (R == CLK) asm volatile("mov.u32 %0, %%clock;" : "=r"(lo) : "r"(dep));
    if constexpr (R == CLK64) asm volatile("mov.u64 %0, %%clock64;" : "=l"(w) : "r"(dep));
    if constexpr (R == SMID) asm volatile("mov.u32 %0, %%smid;" : "=r"(lo) : "r"(dep));
    if constexpr (R == SMID_OFF)
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; @p mov.u32 %0, %%smid; }" : "+r"(lo) : "r"(off), "r"(dep));
    hi = (unsigned)(w >> 32) ^ (unsigned)w;
    return lo ^ hi;
}

// cycles a warp took for the loop; `off` is 0 at run time (the compiler cannot know)
template <int R, bool Chained> __global__ void loop(unsigned long long *cycles, unsigned *sink, unsigned off)
{
    unsigned acc = threadIdx.x;
    long long t0 = clock64();
    for (int i = 0; i < 4096; i++) {
        if constexpr (Chained) {
#pragma unroll
            for (int k = 0; k < 8; k++) acc = acc * 3 + read<R>(off, acc); // each read waits for the last
        } else {
            unsigned r[8];
#pragma unroll
            for (int k = 0; k < 8; k++) r[k] = read<R>(off, 0);
#pragma unroll
            for (int k = 0; k < 8; k++) acc = acc * 3 + r[k];
        }
    }
    long long t1 = clock64();
    if (threadIdx.x % 32 == 0) cycles[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = t1 - t0;
    if (acc == 0x12345) sink[0] = acc; // keeps the reads
}

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); return 1; } } while (0)

template <int R, bool Chained> static double per_read(int blocks, int warps, unsigned long long *d, unsigned *sink)
{
    loop<R, Chained><<<blocks, warps * 32>>>(d, sink, 0);
    loop<R, Chained><<<blocks, warps * 32>>>(d, sink, 0);
    std::vector<unsigned long long> h(blocks * warps);
    cudaMemcpy(h.data(), d, h.size() * sizeof h[0], cudaMemcpyDeviceToHost);
    unsigned long long most = 0;
    for (auto c : h) most = c > most ? c : most; // the slowest warp: what a barrier would wait for
    return (double)most / (4096.0 * 8);
}

template <int R> static void row(int blocks, int warps, unsigned long long *d, unsigned *sink, double floor_i, double floor_c)
{
    double i = per_read<R, false>(blocks, warps, d, sink), c = per_read<R, true>(blocks, warps, d, sink);
    printf("  %-18s issue %6.2f  latency %6.2f cycles a read (less the loop's own: %6.2f, %6.2f)\n", names[R], i, c,
           i - floor_i, c - floor_c);
}

int main()
{
    unsigned long long *d;
    unsigned *sink;
    CK(cudaMalloc(&d, 132 * 8 * 8 * sizeof *d));
    CK(cudaMalloc(&sink, sizeof *sink));
    struct { int blocks, warps; const char *what; } shapes[] = {
        {1, 1, "one warp"}, {1, 8, "one block of 8 warps (v5's)"}, {1, 32, "one block of 32 warps (half an SM's)"},
        {132 * 8, 8, "8 blocks of 8 warps on each of 132 SMs (the whole GPU reading at once)"}};
    for (auto s : shapes) {
        printf("%s:\n", s.what);
        double fi = per_read<NONE, false>(s.blocks, s.warps, d, sink), fc = per_read<NONE, true>(s.blocks, s.warps, d, sink);
        printf("  %-18s issue %6.2f  latency %6.2f cycles a step of the loop\n", names[NONE], fi, fc);
        row<GT64>(s.blocks, s.warps, d, sink, fi, fc);
        row<GT32>(s.blocks, s.warps, d, sink, fi, fc);
        row<GT_OFF>(s.blocks, s.warps, d, sink, fi, fc);
        row<CLK>(s.blocks, s.warps, d, sink, fi, fc);
        row<CLK64>(s.blocks, s.warps, d, sink, fi, fc);
        row<SMID>(s.blocks, s.warps, d, sink, fi, fc);
        row<SMID_OFF>(s.blocks, s.warps, d, sink, fi, fc);
    }
    CK(cudaGetLastError());
    return 0;
}
