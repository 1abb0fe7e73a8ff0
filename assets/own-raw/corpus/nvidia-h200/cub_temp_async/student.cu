// cub_temp_async.cu — cub::DeviceReduce::Sum with its temporary storage
// allocated and freed in stream order: cudaMallocAsync before the sum,
// cudaFreeAsync after it, both on the driver's stream, every call.
//
// The idiom: CUDA 11.2's stream-ordered allocator, the modern answer to
// "cudaMalloc/cudaFree in a loop is slow and synchronises the GPU": the
// allocation and the free are queued on the stream like kernels, and the
// memory comes from the device's memory pool, so allocating on every call
// costs little and leaks nothing (each call frees what it took).
//
// What to notice:
//  - unlike cudaFree, cudaFreeAsync does not wait for the GPU: the memory
//    goes back to the pool when the stream reaches the free, after CUB's
//    kernels are done with it (with the default pool's release threshold
//    of 0, the pool gives unused memory back to the system at the next
//    synchronisation, so a later call may get other addresses);
//  - `block` is ignored: the kernels are CUB's (DeviceReduceKernel and
//    DeviceReduceSingleTileKernel, or the single-tile one alone when n is
//    small); the sum goes straight into out[0] and launch() returns 1;
//  - the size query (the first Sum, with a null pointer) launches nothing.
#include <cub/device/device_reduce.cuh>

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    (void)block;
    size_t bytes = 0;
    cub::DeviceReduce::Sum(nullptr, bytes, in, out, n, stream);
    void *temp = nullptr;
    if (cudaMallocAsync(&temp, bytes, stream) != cudaSuccess)
        return 0;   // the driver reports a bad return
    cub::DeviceReduce::Sum(temp, bytes, in, out, n, stream);
    cudaFreeAsync(temp, stream);
    return 1;
}
