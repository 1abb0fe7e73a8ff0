// v5 — complete unroll with a compile-time block size ("reduce 6" in seeds 000/001/003).
//
// Changed from v4: blockSize is a template parameter.  Every `if (blockSize
// >= ...)` is decided by the compiler, so the tree loop disappears: no loop
// counter, no comparisons, no shifts, just the adds and the barriers the
// block size needs.  The host picks the instantiation at launch time.
//
// What it costs: one kernel per block size (compile time, code size).  The
// steps a teacher sees are those of v4; what changed is the number of
// instructions between them.  The block still reads only two elements per
// thread, so the tree and its barriers remain a large share of the work: v6
// gives every thread more to add first.
#include "trace.cuh"

namespace RV_NS {

template <unsigned int blockSize>
static __device__ void warpReduce(volatile float *sdata, unsigned int tid RV_TRACER_PARAM)
{
    if (blockSize >= 64) { RV_STEP(); sdata[tid] += sdata[tid + 32]; RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 32)); } // rv:warp32
    if (blockSize >= 32) { RV_STEP(); sdata[tid] += sdata[tid + 16]; RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 16)); } // rv:warp16
    if (blockSize >= 16) { RV_STEP(); sdata[tid] += sdata[tid + 8];  RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 8)); } // rv:warp8
    if (blockSize >= 8)  { RV_STEP(); sdata[tid] += sdata[tid + 4];  RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 4)); } // rv:warp4
    if (blockSize >= 4)  { RV_STEP(); sdata[tid] += sdata[tid + 2];  RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 2)); } // rv:warp2
    if (blockSize >= 2)  { RV_STEP(); sdata[tid] += sdata[tid + 1];  RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 1)); } // rv:warp1
}

template <unsigned int blockSize>
__global__ void reduce_v5(const float *in, float *out, unsigned int n RV_TRACE_PARAM)
{
    __shared__ float sdata[blockSize];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + tid;
    RV_TRACE_BEGIN();

    // GMem -> SMem: two elements per thread, added on the way (0 past the end).
    RV_STEP();
    sdata[tid] = ((i < n) ? in[i] : 0.0f) + ((i + blockSize < n) ? in[i + blockSize] : 0.0f);  RV_REC(sdata[tid], RV_S(tid), RV_G_IF(i < n, i), RV_G_IF(i + blockSize < n, i + blockSize)); // rv:load
    __syncthreads();

    // The tree, unrolled: the compiler keeps only the levels blockSize needs.
    if (blockSize >= 1024) {
        RV_STEP();
        if (tid < 512) { sdata[tid] += sdata[tid + 512]; RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 512)); } // rv:tree512
        __syncthreads();
    }
    if (blockSize >= 512) {
        RV_STEP();
        if (tid < 256) { sdata[tid] += sdata[tid + 256]; RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 256)); } // rv:tree256
        __syncthreads();
    }
    if (blockSize >= 256) {
        RV_STEP();
        if (tid < 128) { sdata[tid] += sdata[tid + 128]; RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 128)); } // rv:tree128
        __syncthreads();
    }
    if (blockSize >= 128) {
        RV_STEP();
        if (tid < 64) { sdata[tid] += sdata[tid + 64];   RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 64)); } // rv:tree64
        __syncthreads();
    }

    // The last six levels: one warp, warp-synchronous, no barrier.
    if (tid < 32) warpReduce<blockSize>(sdata, tid RV_TRACER_ARG);

    // Thread 0 writes the block's sum.
    RV_STEP();
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];                  RV_REC(sdata[0], RV_OUT(blockIdx.x), RV_S(0)); // rv:write
    }
    RV_TRACE_END();
}

static void launch_v5(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream RV_TRACE_PARAM)
{
    rv_with_block_size<64>(block, [&](auto bs) {
        reduce_v5<decltype(bs)::value><<<grid, bs.value, 0, stream>>>(in, out, n RV_TRACE_ARG);
    });
}

RV_REGISTER_KERNEL(v5_complete_unroll, launch_v5, nullptr)

} // namespace RV_NS
