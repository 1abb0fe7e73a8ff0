// faults_when_judged.cu — a kernel that is right in the traced run and
// faults in the judged calls: a __device__ count of its own launches (the
// judge's runner loads the module afresh, so its count starts again at 0)
// sends the third launch's reads 2^40 bytes past in[], an illegal address.
//
// The judge must say: "FAIL calls: call 3: your kernel made an illegal
// memory access", exit 1: a kernel's fault in the judged calls is a
// verdict on the student's kernel, not an error of the check's
// (tests/gpu/fair_runner.sh).
__device__ unsigned int launches;

__global__ void sum_or_fault(const float *in, float *out, unsigned int n)
{
    __shared__ float s[1024];
    __shared__ unsigned int mine;
    if (threadIdx.x == 0 && blockIdx.x == 0) mine = atomicAdd(&launches, 1u);
    else if (threadIdx.x == 0) mine = launches;
    __syncthreads();
    // the third launch (counted by block 0; the others see it late or not
    // at all, and block 0 is enough to fault)
    const float *from = blockIdx.x == 0 && mine >= 2 ? in + (1ull << 38) : in;
    float v = 0.0f;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        v += from[i];
    s[threadIdx.x] = v;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k)
            s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        atomicAdd(out, s[0]);
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    sum_or_fault<<<1024, block <= 1024 ? block : 1024, 0, stream>>>(in, out, n);
    return 1;
}
