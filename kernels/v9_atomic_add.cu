// v9 — atomic add: v8 with its ending replaced (not in the seeds: a side
// branch beside v8, as v4s is beside v4).
//
// Changed from v8, one idea:
//  - one atomicAdd per block: thread 0 adds the block's sum straight into the
//    result and the block is done.  No partials published, no ticket, no
//    last block: nothing waits for the last block, which in v8 reads every
//    partial back and sums them after all the others have finished.
//
// Kept from v8 (its head says why each): 128-bit loads, four accumulators,
// four float4 loads in flight per thread, a grid of the blocks the GPU holds
// at once taking tiles of UNROLL rows of blockSize float4s in turn (tile t to
// block t % gridDim.x), warp shuffles for the block's own sum, and v8's
// layout of `out`: the result is out[gridDim.x], after gridDim.x slots that
// v9 leaves unused.
//
// The order of the floating-point additions, which the CPU model repeats
// exactly up to the block's sum (and no further: see below):
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
//    for d = blockSize / 64 .. 1; lane 0's x is the block's sum;
//  thread 0: out[gridDim.x] += the block's sum, one atomic add, in the order
//    the blocks arrive.
//
// What it costs: float addition is not associative, and the blocks arrive in
// a different order on every run, so the last bits of the result may differ
// from run to run on the same data (v8's last block adds the partials in a
// fixed order: the same bits every time).  The result must be zero before
// each launch: launch_v9 issues cudaMemsetAsync(result, 0, sizeof(float),
// stream) on the same stream just before the kernel, so the memset is part
// of the timed reduction.  The gridDim.x atomics on one address are
// serialised in L2 (one per block, far from the hot loop, as v8's tickets).
// As in v8, the input must be 16-byte aligned and the grid depends on the GPU.
#include "trace.cuh"

namespace RV_NS {

constexpr unsigned int UNROLL = 4; // rows of a tile: float4 loads in flight per thread (the loop below spells them out)


// log2 of a power of two, for the number of final shuffles.
__host__ __device__ constexpr unsigned int log2u(unsigned int x) { return x <= 1 ? 0 : 1 + log2u(x / 2); }

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
reduce_v9(const float *__restrict__ in, float *__restrict__ out, unsigned int n RV_TRACE_PARAM)
{   RV_WAVES_BLOCK();
    __shared__ float warpLevelSums[32];
    unsigned int tid = threadIdx.x;
    unsigned int g = blockIdx.x * blockSize + tid;      // this thread's place in the grid
    unsigned int n4 = n / 4;                            // whole float4s in the array
    constexpr unsigned int TILE = UNROLL * blockSize;   // float4s in a tile
    const float4 *in4 = reinterpret_cast<const float4 *>(in);
    float *result = out + gridDim.x;                    // out[gridDim.x]: the sum (out[0 .. gridDim.x) unused)
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

    // Thread 0 adds the block's sum into the result, and the block is done.
    // (The trace records the partial added, not the old value atomicAdd
    // returns: that depends on which blocks came first.)
    RV_STEP();
    if (tid == 0) { atomicAdd(result, sum);             RV_REC(sum, RV_OUT(gridDim.x), RV_REG(), RV_OUT(gridDim.x)); } // rv:atomic
    RV_TRACE_END();
}

static void launch_v9(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream RV_TRACE_PARAM)
{
    // The result is zeroed on the same stream, just before the kernel adds into it.
    cudaMemsetAsync(out + grid, 0, sizeof(float), stream);
    rv_with_block_size<32>(block, [&](auto bs) {
        reduce_v9<decltype(bs)::value><<<grid, bs.value, 0, stream>>>(in, out, n RV_TRACE_ARG);
    });
}

// The grid that fills the GPU it runs on (launch.cuh).
static unsigned int resident_grid_v9(unsigned int block)
{
    return rv_resident_grid<32>(block, [](auto bs) { return reduce_v9<decltype(bs)::value>; });
}

RV_REGISTER_KERNEL(v9_atomic_add, launch_v9, resident_grid_v9)

} // namespace RV_NS
