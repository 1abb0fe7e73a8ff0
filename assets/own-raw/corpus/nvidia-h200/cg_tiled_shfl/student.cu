// cg_tiled_shfl.cu — cooperative groups: the block is cut into tiles of 32
// threads with cg::tiled_partition<32>, and each tile sums its values with
// tile.shfl_down in a loop, as the CUDA samples' reduction and the
// cooperative-groups blog post write it.
//
// What to notice: the same machine code as __shfl_down_sync (a tile of 32
// is a warp; tile.shfl_down is SHFL.DOWN with the full mask), but the groups
// carry their own sizes and ranks: tile.thread_rank() is the lane,
// tile.meta_group_rank() the warp, block.sync() the __syncthreads().
// Each thread first sums a grid-stride loop in a register.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ float tile_sum(cg::thread_block_tile<32> tile, float v)
{
    for (unsigned int offset = tile.size() / 2; offset > 0; offset /= 2)
        v += tile.shfl_down(v, offset);
    return v;   // whole in thread_rank() 0
}

__global__ void reduce_tiles(const float *in, float *out, unsigned int n)
{
    __shared__ float tile_sums[32];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);

    float v = 0.0f;
    unsigned int stride = block.size() * gridDim.x;
    for (unsigned int i = block.group_index().x * block.size() + block.thread_rank(); i < n; i += stride)
        v += in[i];

    v = tile_sum(tile, v);
    if (tile.thread_rank() == 0)
        tile_sums[tile.meta_group_rank()] = v;
    block.sync();

    if (tile.meta_group_rank() == 0) {
        v = tile.thread_rank() < tile.meta_group_size() ? tile_sums[tile.thread_rank()] : 0.0f;
        v = tile_sum(tile, v);
        if (tile.thread_rank() == 0)
            out[block.group_index().x] = v;
    }
}

// A grid-stride loop: at least 8 elements a thread, at most 4 blocks per SM.
unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    int device, sms;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    unsigned int grid = (n + 8 * block - 1) / (8 * block);
    if (grid > 4u * (unsigned int)sms)
        grid = 4u * (unsigned int)sms;
    reduce_tiles<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
