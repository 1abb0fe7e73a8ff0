// include_secret.cu — hostile source: includes the class's answers file
// (tests/own/sandbox_test.sh fills in @SECRET@, a folder beside the work
// folder).  Contained: the compile's sandbox does not show it.
#include "@SECRET@"

__global__ void k(const float *in, float *out, unsigned int n) { if (threadIdx.x == 0) out[0] = in[0]; }

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    k<<<1, block, 0, stream>>>(in, out, n);
    return 1;
}
