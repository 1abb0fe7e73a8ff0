// atomic_global_block.cu — a classic shared-memory tree per block, then
// thread 0 adds the block's sum into out[0] with one global atomicAdd.
//
// The idiom: the textbook reduction with its second pass replaced by an
// atomic ("one launch, no partials array").  launch() zeroes out[0] with
// cudaMemsetAsync on the stream and returns 1.
//
// What to notice: one global atomic per BLOCK (compare atomic_global_warp.cu:
// one per warp, atomic_global_thread.cu: one per warp of every thread).  The
// tree is v2's, sequential addressing, with __syncthreads() at every level;
// the atomic at the end is a REDG since its result is unused.
__global__ void tree_then_atomic(const float *in, float *total, unsigned int n)
{
    extern __shared__ float partial[];
    unsigned int t = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + t;

    partial[t] = i < n ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (t < stride)
            partial[t] += partial[t + stride];
        __syncthreads();
    }

    if (t == 0)
        atomicAdd(total, partial[0]);
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    tree_then_atomic<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return 1;
}
