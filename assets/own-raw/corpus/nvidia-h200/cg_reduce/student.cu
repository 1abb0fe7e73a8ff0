// cg_reduce.cu — cooperative groups' own collective: cg::reduce(tile, v,
// cg::plus<float>()) sums a value over a tile of 32 threads in one call
// (CUDA 11 and later, <cooperative_groups/reduce.h>).
//
// The idiom: what the CUDA samples' reduction uses when it is built with
// cooperative groups; the loop of shuffles is inside the library.
//
// What to notice: for float, cg::reduce is five shuffles under the hood
// (there is no hardware float reduction; for int it would be REDUX), and
// every thread of the tile gets the result, like a butterfly.  Each thread
// first adds four elements, a block apart.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__global__ void reduce_cg(const float *__restrict__ in, float *__restrict__ out, unsigned int n)
{
    __shared__ float warp_sum[32];
    auto block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);

    unsigned int base = blockIdx.x * blockDim.x * 4 + threadIdx.x;
    float v = 0.0f;
    #pragma unroll
    for (int k = 0; k < 4; ++k) {
        unsigned int i = base + k * blockDim.x;
        if (i < n)
            v += in[i];
    }

    v = cg::reduce(warp, v, cg::plus<float>());
    if (warp.thread_rank() == 0)
        warp_sum[warp.meta_group_rank()] = v;
    block.sync();

    if (warp.meta_group_rank() == 0) {
        v = warp.thread_rank() < warp.meta_group_size() ? warp_sum[warp.thread_rank()] : 0.0f;
        v = cg::reduce(warp, v, cg::plus<float>());
        if (warp.thread_rank() == 0)
            out[blockIdx.x] = v;
    }
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 4 * block - 1) / (4 * block);
    reduce_cg<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
