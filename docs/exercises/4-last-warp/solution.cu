// Exercise 4, a solution: the last warp with __syncwarp() (the lesson's v4s).
//
// Each step of the last warp reads into a register, waits for the warp
// (__syncwarp), stores, and waits again: no lane stores before every lane
// has read, and no lane reads before every lane has stored.  __syncwarp()
// also orders the memory accesses, so volatile is no longer needed.
// Shuffles (__shfl_down_sync) are the other way to write it.
__device__ void warp_reduce(float *sdata, unsigned int tid)
{
    float v = sdata[tid];
    v += sdata[tid + 32]; __syncwarp();
    sdata[tid] = v;       __syncwarp();
    v += sdata[tid + 16]; __syncwarp();
    sdata[tid] = v;       __syncwarp();
    v += sdata[tid + 8];  __syncwarp();
    sdata[tid] = v;       __syncwarp();
    v += sdata[tid + 4];  __syncwarp();
    sdata[tid] = v;       __syncwarp();
    v += sdata[tid + 2];  __syncwarp();
    sdata[tid] = v;       __syncwarp();
    v += sdata[tid + 1];  __syncwarp();
    sdata[tid] = v;
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
