// faults_when_judged.cu — a kernel that is right in the traced run and
// faults in the judged calls: a __device__ count of its own launches (the
// judge's runner loads the module afresh, so its count starts again at 0)
// makes the third launch read through `far`, a parameter that points 1 TiB
// below in[]: an address in no allocation, which the runner leaves as it
// was (it lies far from in[], where the device's allocations are) and the
// kernel's reads make an illegal access.
//
// The judge must say: "FAIL calls: call 3: your kernel made an illegal
// memory access, after kernel ... was given a pointer the judge could not
// map (parameter bytes 16..23)", exit 1: a kernel's fault in the judged
// calls is a verdict on the student's kernel, not an error of the check's,
// and it names the word the runner could not map (tests/gpu/fair_runner.sh).
__device__ unsigned int launches;

__global__ void sum_or_fault(const float *in, float *out, const float *far, unsigned int n)
{
    __shared__ float s[1024];
    __shared__ unsigned int mine;
    if (threadIdx.x == 0) mine = blockIdx.x == 0 ? atomicAdd(&launches, 1u) : 0;
    __syncthreads();
    // block 0 of the third launch reads through far: enough to fault
    const float *from = blockIdx.x == 0 && mine >= 2 ? far : in;
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
    const float *far = (const float *)((unsigned long long)in - (1ull << 40));
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    sum_or_fault<<<1024, block <= 1024 ? block : 1024, 0, stream>>>(in, out, far, n);
    return 1;
}
