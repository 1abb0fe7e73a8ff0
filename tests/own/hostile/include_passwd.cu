// include_passwd.cu — hostile source: includes /etc/passwd, so that nvcc's
// errors would show its lines.  Contained: the compile runs in the sandbox,
// which has no /etc/passwd: "No such file", nothing of it shown.
#include "/etc/passwd"

__global__ void k(const float *in, float *out, unsigned int n) { if (threadIdx.x == 0) out[0] = in[0]; }

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    k<<<1, block, 0, stream>>>(in, out, n);
    return 1;
}
