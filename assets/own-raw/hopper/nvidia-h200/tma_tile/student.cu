// tma_tile.cu — an honest two-pass reduction whose blocks stage their tile
// of in[] into shared memory with one bulk copy of the Tensor Memory
// Accelerator (cp.async.bulk, through cuda::memcpy_async with a
// cuda::barrier, sm_90): thread 0 issues the copy of the whole tile, every
// thread waits on the barrier, then the block sums its tile as a tree.  The
// tracer records the copy once (RV_RAW_BULK) and each thread's wait
// (RV_RAW_WAIT); the step is named cp.async.bulk and the step after the wait
// says so (docs/own-kernel.md).  Traced on a GPU by hand:
//   reducevis trace tests/own/tma_tile.cu --no-view --no-time --n 256
// (tests/own/hopper_recorded.sh checks its recording once one is kept).
#include <cuda/barrier>

// a cuda::barrier in shared memory is initialised by init() below, not by
// its constructor: the CUDA Programming Guide's own pattern silences this
#pragma nv_diag_suppress static_var_with_dynamic_init

using block_barrier = cuda::barrier<cuda::thread_scope_block>;

__device__ void block_tree(float *s, unsigned int tid)
{
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
}

__global__ void tile_sums(const float *in, float *partials, unsigned int n)
{
    extern __shared__ __align__(16) float s[];
    __shared__ block_barrier bar;
    unsigned int tid = threadIdx.x, first = blockIdx.x * blockDim.x;
    unsigned int count = min(blockDim.x, n - first);
    // the bulk copy moves whole 16-byte pieces from a 16-byte aligned
    // address (the tile starts at a multiple of the block size, itself a
    // multiple of 4): the last 0 to 3 elements, and the padding past n, are
    // the threads' own
    unsigned int bulk = count & ~3u;
    if (tid == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    if (tid == 0 && bulk)
        cuda::memcpy_async(s, in + first, cuda::aligned_size_t<16>(bulk * sizeof(float)), bar);
    if (tid >= bulk)
        s[tid] = tid < count ? in[first + tid] : 0.0f;
    bar.arrive_and_wait();
    block_tree(s, tid);
    if (tid == 0)
        partials[blockIdx.x] = s[0];
}

__global__ void sum_partials(const float *partials, float *total, unsigned int count)
{
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x;
    float v = 0.0f;
    for (unsigned int i = tid; i < count; i += blockDim.x)
        v += partials[i];
    s[tid] = v;
    __syncthreads();
    block_tree(s, tid);
    if (tid == 0)
        *total = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    size_t smem = block * sizeof(float);
    tile_sums<<<grid, block, smem, stream>>>(in, out + 1, n);
    sum_partials<<<1, block, smem, stream>>>(out + 1, out, grid);
    return 1;
}
