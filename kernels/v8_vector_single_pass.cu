// v8 — 128-bit loads, four accumulators, a grid sized to the GPU, one pass
// (not in the seeds: the shape a modern reduction such as CUB's takes).
//
// Changed from v7, one idea each:
//  - 128-bit loads: the array is read as float4, so one instruction brings 16
//    bytes per lane and a full warp's request covers 512 contiguous bytes
//    (16 sectors of 32 bytes, every byte used);
//  - four accumulators: x, y, z and w of each float4 go to acc0..acc3, four
//    independent add chains; the loop is unrolled so that four float4 loads
//    (64 bytes per thread) are in flight before the first add waits on one;
//  - a grid sized to the GPU: as many blocks as stay resident at once (SMs x
//    blocks per SM, asked of the runtime), instead of one block per fixed
//    share of the array; the array is cut into tiles of UNROLL rows of
//    blockSize float4s (8 KiB at 512 threads), dealt to the blocks in turn:
//    tile t to block t % gridDim.x.  A thread's four loads of a tile lie
//    blockSize float4s apart, so the whole GPU reads one window of the array
//    at a time and each block a contiguous 8 KiB of it (a tuning run,
//    assets/logs/*-v8-variants.txt, found this faster than a plain
//    grid-stride loop, whose four loads lie the whole grid apart);
//  - warp shuffles, as in v7, for the block's own sum;
//  - one pass: each block publishes its partial and takes a ticket from a
//    counter with an acquire-release atomic (release: the partial is visible
//    before the ticket is; acquire: every partial published before a later
//    ticket is visible to its holder).  The block that draws the last ticket
//    sums them, in a fixed order, into the result.  No second launch, no
//    memset: it resets the counter.  (The last-block-done pattern of CUDA's
//    threadFenceReduction sample, with C++ memory orders for its fences.)
//
// The order of the floating-point additions, which the CPU model repeats
// exactly (so that the result is the same whichever block finishes last):
//  thread tid of block b, T = UNROLL * blockSize float4s to a tile:
//    acc0..acc3 = 0; for each tile t = b, b + gridDim.x, ... that lies wholly
//    below n / 4, for k = 0..3, i = t * T + k * blockSize + tid:
//      acc0 += in[4i]; acc1 += in[4i + 1]; acc2 += in[4i + 2]; acc3 += in[4i + 3];
//    then the partial tile at the end of the float4s, if any, goes to the next
//    block in turn, which adds the same way every i = t * T + k * blockSize + tid < n / 4;
//    if g = b * blockSize + tid < n % 4: acc0 += in[4 * (n / 4) + g]   (the tail: at most 3 elements)
//    sum = (acc0 + acc1) + (acc2 + acc3)
//  block: sum += shfl_down(sum, d) for d = 16, 8, 4, 2, 1 (a lane past 31
//    adds its own value); lane 0 of warp w -> warpLevelSums[w]; warp 0, lane
//    l: x = l < blockSize / 32 ? warpLevelSums[l] : 0, then x += shfl_down(x, d)
//    for d = blockSize / 64 .. 1; lane 0's x is out[blockIdx.x];
//  last block, thread t: total = 0; total += out[b] for b = t, t + blockSize,
//    ... < gridDim.x; the same block sum; out[gridDim.x] = thread 0's total.
// Unrolling does not change this order: the four loads of a tile are added
// in index order, chain by chain.
//
// What it costs: the input must be 16-byte aligned (cudaMalloc gives 256);
// `out` holds gridDim.x partials and the result after them; a device-wide
// counter serialises the blocks' tickets (one atomic per block, far from the
// hot loop); and the result's bits depend on the grid, which depends on the
// GPU (the CPU model takes the grid as an option).
#include <cuda/atomic>

#include "trace.cuh"

namespace RV_NS {

constexpr unsigned int UNROLL = 4; // rows of a tile: float4 loads in flight per thread (the loop below spells them out)


// log2 of a power of two, for the number of final shuffles.
__host__ __device__ constexpr unsigned int log2u(unsigned int x) { return x <= 1 ? 0 : 1 + log2u(x / 2); }

// The ticket counter: zero when the module loads; the last block of every
// launch sets it back to zero for the next one.  Launches on one stream run
// one after the other, so they never share it.
__device__ unsigned int retirementCount = 0;

// Sums `width` consecutive lanes' values into the lowest lane of each group (as v7).
template <unsigned int width>
static __device__ float warpReduceSum(float sum, unsigned int laneId RV_TRACER_PARAM)
{
    if (width >= 32) { RV_STEP(); sum += __shfl_down_sync(0xffffffff, sum, 16); RV_REC(sum, RV_REG(), RV_REG(), RV_LANE_DOWN(laneId, 16)); } // rv:shfl16
    if (width >= 16) { RV_STEP(); sum += __shfl_down_sync(0xffffffff, sum, 8);  RV_REC(sum, RV_REG(), RV_REG(), RV_LANE_DOWN(laneId, 8)); } // rv:shfl8
    if (width >= 8)  { RV_STEP(); sum += __shfl_down_sync(0xffffffff, sum, 4);  RV_REC(sum, RV_REG(), RV_REG(), RV_LANE_DOWN(laneId, 4)); } // rv:shfl4
    if (width >= 4)  { RV_STEP(); sum += __shfl_down_sync(0xffffffff, sum, 2);  RV_REC(sum, RV_REG(), RV_REG(), RV_LANE_DOWN(laneId, 2)); } // rv:shfl2
    if (width >= 2)  { RV_STEP(); sum += __shfl_down_sync(0xffffffff, sum, 1);  RV_REC(sum, RV_REG(), RV_REG(), RV_LANE_DOWN(laneId, 1)); } // rv:shfl1
    return sum;
}

// The block's values summed into thread 0, as v7 does: shuffles in every
// warp, one partial per warp through shared memory, shuffles in the first warp.
template <unsigned int blockSize>
static __device__ float blockReduceSum(float sum, float *warpLevelSums RV_TRACER_PARAM)
{
    unsigned int laneId = threadIdx.x % 32;
    unsigned int warpId = threadIdx.x / 32;
    sum = warpReduceSum<32>(sum, laneId RV_TRACER_ARG);

    RV_STEP();
    if (laneId == 0) { warpLevelSums[warpId] = sum;  RV_REC(sum, RV_S(warpId), RV_REG()); } // rv:warp_sums
    __syncthreads();

    if (warpId == 0) {
        RV_STEP();
        sum = (laneId < blockSize / 32) ? warpLevelSums[laneId] : 0.0f;  RV_REC(sum, RV_REG(), RV_S_IF(laneId < blockSize / 32, laneId)); // rv:reload
        sum = warpReduceSum<blockSize / 32>(sum, laneId RV_TRACER_ARG);
    } else {
        RV_SKIP(1 + log2u(blockSize / 32)); // the other warps sit out the reload and the final shuffles
    }
    return sum;
}

template <unsigned int blockSize>
__global__ void __launch_bounds__(blockSize, rv_min_blocks_per_sm(blockSize))
reduce_v8(const float *__restrict__ in, float *__restrict__ out, unsigned int n RV_TRACE_PARAM)
{   RV_WAVES_BLOCK();
    __shared__ float warpLevelSums[32];
    unsigned int tid = threadIdx.x;
    unsigned int g = blockIdx.x * blockSize + tid;      // this thread's place in the grid
    unsigned int n4 = n / 4;                            // whole float4s in the array
    constexpr unsigned int TILE = UNROLL * blockSize;   // float4s in a tile
    const float4 *in4 = reinterpret_cast<const float4 *>(in);
    float *partials = out;                              // out[0 .. gridDim.x): one per block
    float *result = out + gridDim.x;                    // out[gridDim.x]: the sum
    RV_TRACE_BEGIN();

    // GMem -> registers: this block's tiles, four rows of float4s each, into four accumulators.
    RV_STEP();
    float acc0 = 0.0f, acc1 = 0.0f, acc2 = 0.0f, acc3 = 0.0f;
    unsigned int t = blockIdx.x;
    for (; (t + 1) * TILE <= n4; t += gridDim.x) {
        // Four 16-byte loads first: all four are in flight before the first add needs one.
        unsigned int i = t * TILE + tid;            // row 0 of tile t; rows lie blockSize apart
        float4 a = in4[i], b = in4[i + blockSize], c = in4[i + 2 * blockSize], d = in4[i + 3 * blockSize];
        acc0 += a.x; acc1 += a.y; acc2 += a.z; acc3 += a.w;
        acc0 += b.x; acc1 += b.y; acc2 += b.z; acc3 += b.w;
        acc0 += c.x; acc1 += c.y; acc2 += c.z; acc3 += c.w;
        acc0 += d.x; acc1 += d.y; acc2 += d.z; acc3 += d.w;  RV_REC((acc0 + acc1) + (acc2 + acc3), RV_REG(), RV_G4(4 * i), RV_G4(4 * (i + blockSize)), RV_G4(4 * (i + 2 * blockSize)), RV_G4(4 * (i + 3 * blockSize))); // rv:tiles
    }
    unsigned int i = t * TILE + tid;
    if (i < n4) {
        // The partial tile at the end, if this thread has rows in it: again every load before the first add.
        bool hasB = i + blockSize < n4, hasC = i + 2 * blockSize < n4, hasD = i + 3 * blockSize < n4;
        float4 a = in4[i], b = hasB ? in4[i + blockSize] : a, c = hasC ? in4[i + 2 * blockSize] : a, d = hasD ? in4[i + 3 * blockSize] : a;
        acc0 += a.x; acc1 += a.y; acc2 += a.z; acc3 += a.w;
        if (hasB) { acc0 += b.x; acc1 += b.y; acc2 += b.z; acc3 += b.w; }
        if (hasC) { acc0 += c.x; acc1 += c.y; acc2 += c.z; acc3 += c.w; }
        if (hasD) { acc0 += d.x; acc1 += d.y; acc2 += d.z; acc3 += d.w; }  RV_REC((acc0 + acc1) + (acc2 + acc3), RV_REG(), RV_G4(4 * i), RV_G4_IF(hasB, 4 * (i + blockSize)), RV_G4_IF(hasC, 4 * (i + 2 * blockSize)), RV_G4_IF(hasD, 4 * (i + 3 * blockSize))); // rv:partial_tile
    }
    // The last n % 4 elements, which make no whole float4: one each for the grid's first threads.
    if (g < n % 4) { acc0 += in[4 * n4 + g];            RV_REC((acc0 + acc1) + (acc2 + acc3), RV_REG(), RV_G(4 * n4 + g)); } // rv:tail
    float sum = (acc0 + acc1) + (acc2 + acc3);

    // The block's sum, in thread 0.
    sum = blockReduceSum<blockSize>(sum, warpLevelSums RV_TRACER_ARG);

    // Thread 0 publishes the partial, then takes a ticket (whose release order
    // keeps the partial ahead of it: whoever draws a later ticket sees it).
    RV_STEP();
    if (tid == 0) { partials[blockIdx.x] = sum;         RV_REC(sum, RV_OUT(blockIdx.x), RV_REG()); } // rv:publish
    RV_STEP();
    unsigned int ticket = 0;
    if (tid == 0) {
        cuda::atomic_ref<unsigned int, cuda::thread_scope_device> counter(retirementCount);
        ticket = counter.fetch_add(1u, cuda::memory_order_acq_rel);  RV_REC(sum, RV_TICKET(), RV_TICKET()); // rv:ticket
    }
    // Thread 0's verdict reaches every thread through the barrier itself
    // (__syncthreads_or), so no shared-memory flag is needed.
    bool amLast = __syncthreads_or(tid == 0 && ticket == gridDim.x - 1);

    // Every block but the one that drew the last ticket is done.  (The trace
    // records the traced block up to here, then the last block, whichever it is.)
    RV_RECORD_IF(amLast);
    if (!amLast) return;

    // The last block: every partial is published.  Thread t sums partials
    // t, t + blockSize, ... in that order, whichever block came last.
    RV_STEP();
    float total = 0.0f;                                 RV_REC(total, RV_REG()); // rv:gather_none
    #pragma unroll 4 // loads of several partials in flight at once; the adds keep their order
    for (unsigned int b = tid; b < gridDim.x; b += blockSize) {
        total += __ldcg(&partials[b]);                  RV_REC(total, RV_REG(), RV_OUT(b)); // from L2: written by other SMs // rv:gather
    }
    total = blockReduceSum<blockSize>(total, warpLevelSums RV_TRACER_ARG);

    // Thread 0 writes the sum and resets the counter for the next launch.
    RV_STEP();
    if (tid == 0) {
        *result = total;                                RV_REC(total, RV_OUT(gridDim.x), RV_REG()); // rv:result
        retirementCount = 0;
    }
    RV_TRACE_END();
}

static void launch_v8(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream RV_TRACE_PARAM)
{
    rv_with_block_size<32>(block, [&](auto bs) {
        reduce_v8<decltype(bs)::value><<<grid, bs.value, 0, stream>>>(in, out, n RV_TRACE_ARG);
    });
}

// The grid that fills the GPU it runs on (launch.cuh).
static unsigned int resident_grid_v8(unsigned int block)
{
    return rv_resident_grid<32>(block, [](auto bs) { return reduce_v8<decltype(bs)::value>; });
}

RV_REGISTER_KERNEL(v8_vector_single_pass, launch_v8, resident_grid_v8)

} // namespace RV_NS
