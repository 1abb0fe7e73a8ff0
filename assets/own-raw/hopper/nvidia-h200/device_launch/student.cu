// device_launch.cu — an honest reduction whose kernel launches a kernel
// (dynamic parallelism): each block sums its tile in shared memory, and the
// last block to finish launches, from the GPU, the kernel that sums the
// partials.  nvcc compiles it only in separate compilation mode with the
// device runtime (-rdc=true -lcudadevrt), which reducevis asks for when
// nvcc says so (src/own/compile.c).  tests/own/device_launch_test.sh.
__global__ void sum_partials(const float *partials, float *total, unsigned int count)
{
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x;
    float v = 0.0f;
    for (unsigned int i = tid; i < count; i += blockDim.x)
        v += partials[i];
    s[tid] = v;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid == 0)
        *total = s[0];
}

__device__ unsigned int finished;

__global__ void partial_sums(const float *in, float *out, unsigned int n)
{
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;
    s[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid == 0) {
        out[1 + blockIdx.x] = s[0];
        __threadfence();
        // the last block done launches the kernel that sums the partials
        if (atomicAdd(&finished, 1) == gridDim.x - 1) {
            finished = 0;
            sum_partials<<<1, blockDim.x, blockDim.x * sizeof(float), cudaStreamTailLaunch>>>(out + 1, out, gridDim.x);
        }
    }
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    partial_sums<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return 1;
}
