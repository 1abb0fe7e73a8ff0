// cub_warp_reduce.cu — cub::WarpReduce: CUB for the warp only, the block
// level written by hand.  Each warp sums with WarpReduce, lane 0 stores the
// warp's sum, and the first warp sums those with WarpReduce again, telling
// it how many lanes hold a value (Sum(v, valid)).
//
// The idiom: when a kernel needs a warp-level sum but not CUB's block
// algorithm, or the block size is known only at run time: WarpReduce needs
// no template on the block size, so this works for any block of whole warps.
//
// What to notice: WarpReduce on a full 32-lane warp is five SHFL.DOWN, and
// its TempStorage is empty for that case; shared memory only carries the
// warps' sums.  Compare with shfl_down.cu: five shuffles too, but CUB's
// offsets grow (1, 2, 4, 8, 16) where the hand-written loop's shrink, so the
// lanes pair up differently and lane 0 adds the same values in another order.
#include <cub/warp/warp_reduce.cuh>

__global__ void warp_reduce_sum(const float *in, float *out, unsigned int n)
{
    using WarpReduce = cub::WarpReduce<float>;
    __shared__ typename WarpReduce::TempStorage temp[32];
    __shared__ float warp_sums[32];

    unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
    unsigned int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    float v = 0.0f;
    if (i < n) v += in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];

    float s = WarpReduce(temp[warp]).Sum(v);   // valid in lane 0
    if (lane == 0)
        warp_sums[warp] = s;
    __syncthreads();

    if (warp == 0) {
        float w = lane < warps ? warp_sums[lane] : 0.0f;
        float total = WarpReduce(temp[0]).Sum(w, (int)warps);
        if (lane == 0)
            out[blockIdx.x] = total;
    }
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    warp_reduce_sum<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
