// v7 — warp shuffle (seed 002's Reduce_v7_shuffle; "reduce 8" elsewhere).
//
// Changed from v6: inside a warp, lanes exchange registers directly with
// __shfl_down_sync instead of going through shared memory: five shuffles sum a
// warp's 32 values with no shared-memory traffic and no barrier.  Lane 0 of
// each warp leaves its warp's partial in warpLevelSums; after one barrier the
// first warp loads those (at most 32) partials and shuffles them down to the
// block's sum.  Each thread first adds NUM_PER_THREAD elements of its block's
// contiguous share (A_start + iter * blockSize + tid: coalesced loads).
//
// What it costs: the shuffles at distance d leave lanes >= 32 - d adding their
// own value again, and lanes >= d compute sums nobody reads: cheap register
// work, no memory.  Shared memory shrinks to 32 words; only one barrier is left.
#include "trace.cuh"

namespace RV_NS {

constexpr unsigned int NUM_PER_THREAD = RV_ELEMS_PER_THREAD;

// Sums `width` consecutive lanes' values into the lowest lane of each group.
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

template <unsigned int blockSize>
__global__ void reduce_v7(const float *in, float *out, unsigned int n RV_TRACE_PARAM)
{   RV_WAVES_TREE();
    __shared__ float warpLevelSums[32];
    unsigned int tid = threadIdx.x;
    unsigned int laneId = tid % 32;
    unsigned int warpId = tid / 32;
    unsigned int A_start = blockIdx.x * blockSize * NUM_PER_THREAD;
    RV_TRACE_BEGIN();

    // GMem -> register: NUM_PER_THREAD elements, blockSize apart.
    RV_STEP();
    float sum = 0.0f;
    for (unsigned int iter = 0; iter < NUM_PER_THREAD; iter++) {
        unsigned int idx = A_start + iter * blockSize + tid;
        if (idx < n) { sum += in[idx];               RV_REC(sum, RV_REG(), RV_G(idx)); } // rv:load
    }

    // Each warp sums its lanes in registers.
    sum = warpReduceSum<32>(sum, laneId RV_TRACER_ARG);

    // Lane 0 of each warp leaves the warp's partial in shared memory.
    RV_STEP();
    if (laneId == 0) { warpLevelSums[warpId] = sum;  RV_REC(sum, RV_S(warpId), RV_REG()); } // rv:warp_sums
    __syncthreads();

    // The first warp sums the partials, again with shuffles.
    if (warpId == 0) {
        RV_STEP();
        sum = (laneId < blockSize / 32) ? warpLevelSums[laneId] : 0.0f;  RV_REC(sum, RV_REG(), RV_S_IF(laneId < blockSize / 32, laneId)); // rv:reload
        sum = warpReduceSum<blockSize / 32>(sum, laneId RV_TRACER_ARG);
    }

    // Thread 0 writes the block's sum.
    RV_STEP();
    if (tid == 0) { out[blockIdx.x] = sum;           RV_REC(sum, RV_OUT(blockIdx.x), RV_REG()); } // rv:write
    RV_TRACE_END();
}

static void launch_v7(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream RV_TRACE_PARAM)
{
    rv_with_block_size<32>(block, [&](auto bs) {
        reduce_v7<decltype(bs)::value><<<grid, bs.value, 0, stream>>>(in, out, n RV_TRACE_ARG);
    });
}

RV_REGISTER_KERNEL(v7_shuffle, launch_v7, nullptr)

} // namespace RV_NS
