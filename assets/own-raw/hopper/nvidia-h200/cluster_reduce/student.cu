// cluster_reduce.cu — an honest two-pass reduction over thread-block
// clusters of 4 (sm_90): each block sums its tile in shared memory, the
// blocks of a cluster wait at cluster.sync(), and rank 0 adds the other
// blocks' s[0] through distributed shared memory (map_shared_rank), so the
// first pass leaves one partial per cluster, not per block.  The tracer
// records the cluster's barrier and the reads of the other blocks' shared
// memory (docs/own-kernel.md).  Traced on a GPU by hand:
//   reducevis trace tests/own/cluster_reduce.cu --no-view --n 4096
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
    if (cluster.block_rank() == 0 && tid == 0) {
        float sum = s[0];
        for (unsigned int r = 1; r < CLUSTER; r++)
            sum += *cluster.map_shared_rank(&s[0], r);
        partials[blockIdx.x / CLUSTER] = sum;
    }
    cluster.sync(); // no block leaves while rank 0 still reads its shared memory
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
