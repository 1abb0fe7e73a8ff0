// pipeline_stages.cu — an honest two-pass reduction whose threads stream
// their elements of in[] through a two-stage cuda::pipeline: while a thread
// adds the element of one stage, the asynchronous copy (cp.async) of the
// next is already under way, into the other half of the block's shared
// memory.  Each thread copies and reads only its own word of each half, so
// a thread-scope pipeline needs no block barrier between the stages; its
// consumer_wait() is the wait for the copy.  Then the block sums its
// threads' totals as a tree.  The tracer records each copy (RV_RAW_ASYNC)
// and each wait (RV_RAW_WAIT); docs/own-kernel.md.  Traced on a GPU by hand:
//   reducevis trace tests/own/pipeline_stages.cu --no-view --no-time --n 256
// (tests/own/hopper_recorded.sh checks its recording once one is kept).
#include <cuda/pipeline>

__device__ void block_tree(float *s, unsigned int tid)
{
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
}

// Stage `slot` of the pipeline: the copy of this thread's element of tile
// `tile` into its word of that half (no copy past n: the stage is committed
// empty, and consumer_wait() returns at once for it).
__device__ void fetch(cuda::pipeline<cuda::thread_scope_thread> &pipe, float *half, const float *in,
                      unsigned int tile, unsigned int n)
{
    unsigned int i = tile * blockDim.x + threadIdx.x;
    pipe.producer_acquire();
    if (i < n)
        cuda::memcpy_async(&half[threadIdx.x], &in[i], sizeof(float), pipe);
    pipe.producer_commit();
}

__global__ void tile_sums(const float *in, float *partials, unsigned int n)
{
    extern __shared__ float s[];   // two halves of blockDim.x words
    float *half[2] = {s, s + blockDim.x};
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    unsigned int tid = threadIdx.x, tiles = (n + blockDim.x - 1) / blockDim.x;
    float v = 0.0f;
    fetch(pipe, half[0], in, blockIdx.x, n);
    unsigned int k = 0;
    for (unsigned int t = blockIdx.x; t < tiles; t += gridDim.x, k ^= 1) {
        fetch(pipe, half[k ^ 1], in, t + gridDim.x, n);   // the next stage under way
        pipe.consumer_wait();                             // this one landed
        if (t * blockDim.x + tid < n)
            v += half[k][tid];
        pipe.consumer_release();
    }
    __syncthreads();   // every thread done with the halves before the tree
    s[tid] = v;
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

// Each block streams about four tiles, so the second stage is under way
// while the first is added.
unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int tiles = (n + block - 1) / block, grid = (tiles + 3) / 4;
    tile_sums<<<grid, block, 2 * block * sizeof(float), stream>>>(in, out + 1, n);
    sum_partials<<<1, block, block * sizeof(float), stream>>>(out + 1, out, grid);
    return 1;
}
