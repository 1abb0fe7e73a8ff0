// write_value_sum.cu — the trick: the sum made on the host, and written
// into out[0] by a stream memory operation instead of a kernel.  launch()
// launches a kernel that does nothing (so that a kernel ran), copies in[]
// to the host, sums it there in double, and queues cuStreamWriteValue32
// with the sum's bits on `stream`: the GPU itself writes out[0], and no
// kernel reads in[].  The driver's function is reached through the runtime
// (cudaGetDriverEntryPointByVersion: no -lcuda needed).
//
// Read as a student hunting the board reads the judge's runner: stream
// memory operations are recorded and replayed in order with this call's
// buffers; a write of a value is queued after the copy to the host, not a
// launch, so it might pass for "a wait alone", and the runner would write
// whatever value the traced run wrote.
//
// The judge must say: "FAIL calls: not replayed: launch() copies GPU
// memory to the host at line N, between its launches" (a value a stream
// writes is the host's making, as an upload's bytes are: after a copy to
// the host it is not replayed), and "reads 0 of 33,554,432 input
// elements".
//
// What it relies on: a judge that replays a stream's written value as
// recorded, or takes only launches, memsets and uploads for host-made work.
#include <cuda.h>
#include <cstring>
#include <vector>

__global__ void nothing(float *) {}

typedef CUresult (*write_fn)(CUstream, CUdeviceptr, cuuint32_t, unsigned int);

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    static write_fn write32;
    static std::vector<float> host;
    if (!write32) {
        cudaDriverEntryPointQueryResult q;
        cudaGetDriverEntryPointByVersion("cuStreamWriteValue32", (void **)&write32, 12000, cudaEnableDefault, &q);
    }
    (void)block;
    nothing<<<1, 32, 0, stream>>>(out);
    host.resize(n);
    cudaMemcpy(host.data(), in, n * sizeof(float), cudaMemcpyDeviceToHost);   // the copy the verdict names
    double sum = 0;
    for (float x : host) sum += x;
    float s = (float)sum;
    cuuint32_t bits;
    memcpy(&bits, &s, sizeof bits);
    write32((CUstream)stream, (CUdeviceptr)out, bits, 0);
    return 1;
}
