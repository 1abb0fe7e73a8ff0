// Exercise 4, start: the last warp unrolled (the lesson's v4), the classic way.
//
// Once 32 or fewer threads work they are one warp, so the last six steps
// drop __syncthreads() and run as straight-line code on a volatile pointer.
// This relies on the warp's lanes running in lockstep, and since Volta they
// need not: a lane may read sdata[tid + 16] before the lane that owns it has
// stored its sum there.  Goal: a last warp that is correct on Volta and
// later, still without a block barrier.  (Block size 64 or more.)
__device__ void warp_reduce(volatile float *sdata, unsigned int tid)
{
    sdata[tid] += sdata[tid + 32];
    sdata[tid] += sdata[tid + 16];
    sdata[tid] += sdata[tid + 8];
    sdata[tid] += sdata[tid + 4];
    sdata[tid] += sdata[tid + 2];
    sdata[tid] += sdata[tid + 1];
}

__global__ void reduce(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (2 * blockDim.x) + threadIdx.x;

    float sum = i < n ? in[i] : 0.0f;
    if (i + blockDim.x < n)
        sum += in[i + blockDim.x];
    sdata[tid] = sum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid < 32)
        warp_reduce(sdata, tid);

    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

// One partial sum per block of 2 * block elements, left in out[0 .. grid).
unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    reduce<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
