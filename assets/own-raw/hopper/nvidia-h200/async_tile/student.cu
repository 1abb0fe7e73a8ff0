// async_tile.cu — an honest two-pass reduction whose blocks stage their tile
// of in[] into shared memory with asynchronous copies (cp.async, through
// __pipeline_memcpy_async): the tracer records each copy's global read and
// shared write (RV_RAW_ASYNC), and the step is named cp.async
// (docs/own-kernel.md).  Traced on a GPU by hand:
//   reducevis trace tests/own/async_tile.cu --no-view --no-time --n 256
#include <cuda_pipeline.h>

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
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
    if (i < n)
        __pipeline_memcpy_async(&s[tid], &in[i], sizeof(float));
    else
        s[tid] = 0.0f;
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
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
