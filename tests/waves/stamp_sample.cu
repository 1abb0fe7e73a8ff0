// stamp_sample.cu — a kernel shaped like the shipped ones for
// waves_stamp_ptx.sh: threads past n return at once, a block that is not
// the last returns after the barrier, the rest fall off the end; each of the
// three ways out must stamp the block's exit (kernels/waves.cuh).
#include <cuda_runtime.h>
#include "waves.cuh"

__global__ void sample(const float *in, float *out, unsigned int n)
{   RV_WAVES_BLOCK();
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = in[i];
    bool last = __syncthreads_or(v > 1.0f);
    if (!last) return;
    out[i] = v;
}

void set(void *slots) { (void)slots;
#ifdef RV_WAVES_STAMPS
    rv_waves_set_slots(slots, 0);
#endif
}
