// Exercise 5, a solution: many elements per thread, 16-byte loads, shuffles,
// one launch.
//
//  - the grid is as many blocks as the GPU holds at once; each block reads
//    the array a tile at a time in float4s (one 16-byte load brings four
//    elements), four loads in flight before the first add needs one;
//  - a warp sums its 32 values with five shuffles, no shared memory and no
//    barrier; one word per warp goes through shared memory, and the first
//    warp shuffles those into the block's sum;
//  - one launch: each block writes its partial sum and takes a ticket; the
//    block that takes the last one adds up the partials (the pattern of
//    CUDA's threadFenceReduction sample), so there is no second launch.
// The input must be 16-byte aligned (cudaMalloc's always is).

__device__ unsigned int blocks_done = 0;   // tickets taken in this launch

__device__ float warp_sum(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

// The block's values summed into thread 0 (every thread must call it).
__device__ float block_sum(float v, float *warp_sums)
{
    unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = warp_sum(v);
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f;
        v = warp_sum(v);
    }
    return v;
}

__global__ void reduce(const float *in, float *out, unsigned int n)
{
    __shared__ float warp_sums[32];
    __shared__ unsigned int am_last;
    unsigned int tid = threadIdx.x;
    unsigned int n4 = n / 4;                        // whole float4s in the array
    const float4 *in4 = reinterpret_cast<const float4 *>(in);

    // A block reads a tile of 4 x blockDim.x float4s in one piece (rows
    // blockDim.x apart), the next tile a grid of tiles further on: each
    // block streams through whole stretches of memory.  Four loads are in
    // flight before the first add needs one, into four accumulators.
    unsigned int tile = 4 * blockDim.x;
    float acc0 = 0.0f, acc1 = 0.0f, acc2 = 0.0f, acc3 = 0.0f;
    unsigned int t = blockIdx.x;
    for (; (t + 1) * tile <= n4; t += gridDim.x) {
        unsigned int i = t * tile + tid;
        float4 a = in4[i], b = in4[i + blockDim.x], c = in4[i + 2 * blockDim.x], d = in4[i + 3 * blockDim.x];
        acc0 += a.x; acc1 += a.y; acc2 += a.z; acc3 += a.w;
        acc0 += b.x; acc1 += b.y; acc2 += b.z; acc3 += b.w;
        acc0 += c.x; acc1 += c.y; acc2 += c.z; acc3 += c.w;
        acc0 += d.x; acc1 += d.y; acc2 += d.z; acc3 += d.w;
    }
    // the tile at the end, which is not whole
    for (unsigned int i = t * tile + tid; i < n4 && i < (t + 1) * tile; i += blockDim.x) {
        float4 a = in4[i];
        acc0 += a.x; acc1 += a.y; acc2 += a.z; acc3 += a.w;
    }
    float sum = (acc0 + acc1) + (acc2 + acc3);
    // the last n % 4 elements, which make no whole float4
    unsigned int g = blockIdx.x * blockDim.x + tid;
    if (g < n % 4)
        sum += in[4 * n4 + g];

    sum = block_sum(sum, warp_sums);
    if (tid == 0) {
        out[blockIdx.x] = sum;
        __threadfence();   // the partial is visible to every block before the ticket is
        am_last = atomicAdd(&blocks_done, 1) == gridDim.x - 1;
    }
    __syncthreads();
    if (!am_last)
        return;

    // The last block: every other block's partial is written; add them up.
    const volatile float *partials = out;
    float total = 0.0f;
    for (unsigned int b = tid; b < gridDim.x; b += blockDim.x)
        total += partials[b];
    total = block_sum(total, warp_sums);
    if (tid == 0) {
        out[0] = total;
        blocks_done = 0;   // for the next launch
    }
}

// As many blocks as stay resident on the GPU, but at least 32 elements a
// thread; the sum ends in out[0].
unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    static unsigned int resident = 0, resident_block = 0;
    if (resident_block != block) {
        int device, sms, per_sm;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, reduce, (int)block, 0);
        resident = (unsigned int)(sms * per_sm);
        resident_block = block;
    }
    unsigned int grid = (n + 32 * block - 1) / (32 * block);
    if (grid > resident)
        grid = resident;
    reduce<<<grid, block, 0, stream>>>(in, out, n);
    return 1;
}
