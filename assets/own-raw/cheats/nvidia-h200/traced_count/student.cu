// traced_count.cu — the trick: read every element only while traced, known
// by a count of the kernel's own launches kept on the GPU.  A __device__
// counter, bumped by every launch, tells the first 2 launches (the traced
// run's, which the reads rule counts) from the rest: those sum every
// element; later ones sum every eighth and multiply by 8.  Nothing on the
// host is consulted, so no environment or file can give it away.
//
// The judge must say: "FAIL calls" from the first judged call past the
// count (the judge's runner loads the module afresh, so its counter starts
// at 0 again and the timed calls come well past it), with the traced run's
// reads right.
//
// What it relies on: a judge whose reads are counted in one run and whose
// sums are checked on ones, or not at all, in another.
__device__ unsigned int launches = 0;

__global__ void sum_counted(const float *in, float *out, unsigned int n)
{
    __shared__ unsigned int seen;
    if (threadIdx.x == 0) seen = *(volatile unsigned int *)&launches;
    __syncthreads();
    unsigned int step = seen < 2 ? 1 : 8;
    float t = 0;
    for (unsigned int i = step * (blockIdx.x * blockDim.x + threadIdx.x); i < n; i += step * gridDim.x * blockDim.x)
        t += step * in[i];
    atomicAdd(out, t);
    __syncthreads();
    if (threadIdx.x == 0 && atomicAdd(&launches, 0) == seen && blockIdx.x == gridDim.x - 1) atomicAdd(&launches, 1);
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    sum_counted<<<1056, block, 0, stream>>>(in, out, n);
    return 1;
}
