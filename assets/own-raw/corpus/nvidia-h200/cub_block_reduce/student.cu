// cub_block_reduce.cu — the library way: cub::BlockReduce<float, BLOCK>
// does the whole block's sum; the kernel only loads.
//
// The idiom: what CUDA's own libraries (and most production code) use.  CUB
// needs the block size at compile time, so the kernel is a template on it
// and launch() switches on `block` to the right instance (32 .. 1024).
//
// What to notice: the default algorithm (BLOCK_REDUCE_WARP_REDUCTIONS) is
// the shfl_down.cu pattern: shuffles inside each warp, one shared word per
// warp, one warp to finish.  TempStorage is the shared memory CUB asks for.
// Each thread hands CUB an array of 4 items, loaded a block apart (striped,
// so each load is coalesced); Sum(items) adds them in the thread first.
#include <cub/block/block_reduce.cuh>

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) cub_block_sum(const float *in, float *out, unsigned int n)
{
    using BlockReduce = cub::BlockReduce<float, BLOCK>;
    __shared__ typename BlockReduce::TempStorage temp;

    constexpr int ITEMS = 4;
    float items[ITEMS];
    unsigned int base = blockIdx.x * BLOCK * ITEMS + threadIdx.x;
    #pragma unroll
    for (int k = 0; k < ITEMS; k++) {
        unsigned int i = base + k * BLOCK;
        items[k] = i < n ? in[i] : 0.0f;
    }

    float sum = BlockReduce(temp).Sum(items);   // valid in thread 0 only
    if (threadIdx.x == 0)
        out[blockIdx.x] = sum;
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 4 * block - 1) / (4 * block);
    switch (block) {
    case 32:   cub_block_sum<32><<<grid, 32, 0, stream>>>(in, out, n); break;
    case 64:   cub_block_sum<64><<<grid, 64, 0, stream>>>(in, out, n); break;
    case 128:  cub_block_sum<128><<<grid, 128, 0, stream>>>(in, out, n); break;
    case 256:  cub_block_sum<256><<<grid, 256, 0, stream>>>(in, out, n); break;
    case 512:  cub_block_sum<512><<<grid, 512, 0, stream>>>(in, out, n); break;
    case 1024: cub_block_sum<1024><<<grid, 1024, 0, stream>>>(in, out, n); break;
    default:   return 0;   // not a size this file supports: the driver reports it
    }
    return grid;
}
