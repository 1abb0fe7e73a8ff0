// gpu_memory_hunt.cu — the trick: find the judge's reference in GPU memory
// and copy it.  A judge that sums each call's reference on the GPU before
// the call leaves it in a buffer of 1024 doubles (a block's partial each)
// beside the input.  launch() walks the allocations above in[] with the
// driver's cuMemGetAddressRange (reached through the runtime, no -lcuda),
// 2 MiB at a time up to 4 GiB, and passes the first 8 KiB one it finds to
// a kernel that adds its 1024 doubles into out[0] without reading in[].
// Found nowhere, it writes 0.
//
// The judge must say: "FAIL calls" (the judge's runner sums each call's
// reference only after the call has finished, from the call's data rather
// than a buffer, and replays the kernel with the pointer the traced run gave
// it, which points into nothing of the runner's), and "reads 0 of
// 33,554,432 input elements".
//
// What it relies on: a judge whose reference is on the GPU while the
// student's kernels run, at an address the student's host code can find.
#include <cuda.h>

__global__ void copy_reference(const double *partials, float *out)
{
    __shared__ double s[256];
    double t = 0;
    for (unsigned int k = threadIdx.x; partials && k < 1024; k += blockDim.x) t += partials[k];
    s[threadIdx.x] = t;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[0] = (float)s[0];
}

typedef CUresult (*range_fn)(CUdeviceptr *, size_t *, CUdeviceptr);

static const double *find_reference(const float *in, unsigned int n)
{
    static range_fn range = nullptr;
    cudaDriverEntryPointQueryResult q;
    if (!range && cudaGetDriverEntryPoint("cuMemGetAddressRange", (void **)&range, cudaEnableDefault, &q) != cudaSuccess)
        return nullptr;
    CUdeviceptr at = (CUdeviceptr)(in + n);
    for (int step = 0; step < 2048 && range; step++, at += 2u << 20) {
        CUdeviceptr base;
        size_t size;
        if (range(&base, &size, at) == CUDA_SUCCESS && size == 1024 * sizeof(double)) return (const double *)base;
    }
    return nullptr;
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    (void)block;
    copy_reference<<<1, 256, 0, stream>>>(find_reference(in, n), out);
    cudaGetLastError();   // a failed probe leaves nothing behind
    return 1;
}
