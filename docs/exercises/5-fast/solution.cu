// Exercise 5, a solution: many elements per thread, 16-byte loads, shuffles.
//
//  - the grid is as many blocks as the GPU holds at once, and each thread
//    walks the array in float4s (one 16-byte load brings four elements), a
//    grid apart, four loads in flight before the first add needs one;
//  - a warp sums its 32 values with five shuffles, no shared memory and no
//    barrier; one word per warp goes through shared memory, and the first
//    warp shuffles those into the block's sum;
//  - the second launch (on the blocks' partial sums) has a single block.
// The input must be 16-byte aligned (cudaMalloc's always is).
__device__ float warp_sum(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void reduce(const float *in, float *out, unsigned int n)
{
    __shared__ float warp_sums[32];
    unsigned int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
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

    sum = warp_sum(sum);
    if (lane == 0)
        warp_sums[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f;
        sum = warp_sum(sum);
        if (lane == 0)
            out[blockIdx.x] = sum;
    }
}

// As many blocks as stay resident on the GPU, but at least 32 elements a
// thread: the second launch, on those partial sums, is then one block.
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
    return grid;
}
