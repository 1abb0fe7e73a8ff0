// v7cg — cooperative groups: v7 with its warp sums written by the library
// (not in the seeds: a side branch beside v7, as v4s is beside v4).
//
// Changed from v7, one idea: the ladder of five __shfl_down_sync is replaced
// by cg::reduce(warp, sum, cg::plus<float>()) over a thread_block_tile<32>,
// the API CUDA 11 and later recommend over hand-written shuffles.  The block
// and its warps are named objects (this_thread_block, tiled_partition), the
// lane and warp numbers come from them, and block.sync() is the barrier.
//
// What the library does inside (cooperative_groups/details/coalesced_reduce.h,
// for a float sum over a tile of 32): an xor butterfly, each lane adding the
// value of lane ^ 16, ^ 8, ^ 4, ^ 2, ^ 1 in turn, so every lane, not only
// lane 0, ends with the warp's sum.  Those five shuffles happen inside one
// call and are not traced one by one: the trace shows one step in which each
// lane's result depends on all 32 lanes.
//
// What it costs: nothing measurable against v7 (the same shuffles; the
// butterfly leaves the sum in every lane where v7's ladder leaves it in lane
// 0); the code is shorter and says what it means.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include "trace.cuh"

namespace cg = cooperative_groups;

namespace RV_NS {

constexpr unsigned int NUM_PER_THREAD = RV_ELEMS_PER_THREAD;

template <unsigned int blockSize>
__global__ void reduce_v7cg(const float *in, float *out, unsigned int n RV_TRACE_PARAM)
{   RV_WAVES_BLOCK();
    __shared__ float warpLevelSums[32];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    unsigned int tid = block.thread_rank();
    unsigned int laneId = warp.thread_rank();
    unsigned int warpId = warp.meta_group_rank();
    unsigned int A_start = blockIdx.x * blockSize * NUM_PER_THREAD;
    RV_TRACE_BEGIN();

    // GMem -> register: NUM_PER_THREAD elements, blockSize apart (as v7).
    RV_STEP();
    float sum = 0.0f;
    for (unsigned int iter = 0; iter < NUM_PER_THREAD; iter++) {
        unsigned int idx = A_start + iter * blockSize + tid;
        if (idx < n) { sum += in[idx];               RV_REC(sum, RV_REG(), RV_G(idx)); } // rv:load
    }

    // Each warp's sum, in every lane of the warp.
    RV_STEP();
    sum = cg::reduce(warp, sum, cg::plus<float>());  RV_READ_LANES(32); RV_REC(sum, RV_REG()); // rv:warp_reduce

    // Lane 0 of each warp leaves the warp's partial in shared memory.
    RV_STEP();
    if (laneId == 0) { warpLevelSums[warpId] = sum;  RV_REC(sum, RV_S(warpId), RV_REG()); } // rv:warp_sums
    block.sync();

    // The first warp sums the partials, again with cg::reduce.
    if (warpId == 0) {
        RV_STEP();
        sum = (laneId < blockSize / 32) ? warpLevelSums[laneId] : 0.0f;  RV_REC(sum, RV_REG(), RV_S_IF(laneId < blockSize / 32, laneId)); // rv:reload
        RV_STEP();
        sum = cg::reduce(warp, sum, cg::plus<float>());  RV_READ_LANES(32); RV_REC(sum, RV_REG()); // rv:block_reduce
    }

    // Thread 0 writes the block's sum.
    RV_STEP();
    if (tid == 0) { out[blockIdx.x] = sum;           RV_REC(sum, RV_OUT(blockIdx.x), RV_REG()); } // rv:write
    RV_TRACE_END();
}

static void launch_v7cg(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
                        cudaStream_t stream RV_TRACE_PARAM)
{
    rv_with_block_size<32>(block, [&](auto bs) {
        reduce_v7cg<decltype(bs)::value><<<grid, bs.value, 0, stream>>>(in, out, n RV_TRACE_ARG);
    });
}

RV_REGISTER_KERNEL(v7cg_cg_reduce, launch_v7cg, nullptr)

} // namespace RV_NS
