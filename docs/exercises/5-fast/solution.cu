// Exercise 5, a solution: many elements per thread, 16-byte loads, shuffles,
// one launch.
//
//  - the grid is as many blocks as the GPU holds at once, and each thread
//    walks the array in float4s (one 16-byte load brings four elements), a
//    grid apart, four loads in flight before the first add needs one;
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
    unsigned int stride = gridDim.x * blockDim.x;   // float4s between a thread's loads
    unsigned int n4 = n / 4;                        // whole float4s in the array
    const float4 *in4 = reinterpret_cast<const float4 *>(in);

    float sum = 0.0f;
    unsigned int i = blockIdx.x * blockDim.x + tid;
    for (; i + 3 * stride < n4; i += 4 * stride) {
        float4 a = in4[i], b = in4[i + stride], c = in4[i + 2 * stride], d = in4[i + 3 * stride];
        sum += ((a.x + a.y) + (a.z + a.w)) + ((b.x + b.y) + (b.z + b.w));
        sum += ((c.x + c.y) + (c.z + c.w)) + ((d.x + d.y) + (d.z + d.w));
    }
    for (; i < n4; i += stride) {
        float4 a = in4[i];
        sum += (a.x + a.y) + (a.z + a.w);
    }
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
