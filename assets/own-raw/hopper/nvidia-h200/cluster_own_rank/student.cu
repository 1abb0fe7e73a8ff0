// cluster_own_rank.cu — cluster_reduce.cu with the cluster's sum read as
// many a student writes it: thread 0 of every block of a cluster of 4
// (sm_90) loops over ranks 0 to 3 and adds s[0] of each through
// cluster.map_shared_rank(), its own rank included, so every block knows
// its cluster's sum; rank 0 writes it.  The read of the block's own s[0]
// goes through the cluster's window but is the block's own shared memory:
// Nsight Compute counts it a shared load, not a distributed one (dshared),
// and so must the trace; the other three are other blocks' (3 dshared loads
// a block, 12 a cluster).  Every unrolled read of the loop is one block's
// own and three blocks' others', at the same instruction.  Recorded on a
// GPU with tests/gpu/corpus.sh (docs/own-kernel.md); by hand:
//   reducevis trace tests/own/cluster_own_rank.cu --no-view --n 4096
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define CLUSTER 4

__device__ void block_tree(float *s, unsigned int tid)
{
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
}

__global__ void __cluster_dims__(CLUSTER, 1, 1) cluster_sums(const float *in, float *partials, unsigned int n)
{
    extern __shared__ float s[];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
    s[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();
    block_tree(s, tid);
    cluster.sync(); // every block's s[0] is its sum
    if (tid == 0) {
        float sum = 0.0f;
        for (unsigned int r = 0; r < CLUSTER; r++) // its own rank too
            sum += *cluster.map_shared_rank(&s[0], r);
        if (cluster.block_rank() == 0)
            partials[blockIdx.x / CLUSTER] = sum;
    }
    cluster.sync(); // no block leaves while another still reads its shared memory
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
    unsigned int blocks = (n + block - 1) / block;
    unsigned int grid = (blocks + CLUSTER - 1) / CLUSTER * CLUSTER; // whole clusters
    size_t smem = block * sizeof(float);
    cluster_sums<<<grid, block, smem, stream>>>(in, out + 1, n);
    sum_partials<<<1, block, smem, stream>>>(out + 1, out, grid / CLUSTER);
    return 1;
}
