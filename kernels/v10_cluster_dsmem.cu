// v10 — thread-block clusters: the blocks of a cluster add their sums through
// distributed shared memory (not in the seeds: an idiom of compute
// capability 9.0, Hopper, the GPUs the class has; v8 with its ending widened
// from one block to a cluster of blocks).
//
// Changed from v8, one idea:
//  - one partial per cluster, not per block: the launch groups the blocks
//    into clusters of CLUSTER = 4 (blocks 4c .. 4c + 3, ranks 0 .. 3), which
//    the GPU runs at the same time on one GPC and whose shared memories can
//    reach each other.  After its tree (v8's shuffles) each block leaves its
//    sum in its own shared memory, warpLevelSums[0]; the cluster waits at
//    cluster.sync(); then thread 0 of rank 0 reads the other blocks' sums
//    straight out of their shared memory (cluster.map_shared_rank:
//    distributed shared memory, from SM to SM, never through L2) and adds
//    them to its own.  Only rank 0 publishes a partial and draws a ticket,
//    so the last block gathers gridDim.x / 4 partials instead of gridDim.x,
//    and a quarter as many atomics meet on the ticket counter;
//  - a second cluster.sync() before any block leaves: a block's shared
//    memory ends with the block, so no block of the cluster may exit while
//    rank 0 may still be reading it.
//
// Why clusters of 4 (8 is the largest every Hopper GPU runs): at the tuned
// 512 threads an SM holds 4 blocks, so a cluster of 4 needs no more room
// than one SM has and every block that fits on the GPU still finds a
// cluster (cudaOccupancyMaxActiveClusters says how many); a cluster of 8
// must find room on two SMs of one GPC at once, and halving the partials
// again (66 instead of 132 on a GPU of 132 SMs) saves the last block
// nothing: it reads them one per thread either way.
//
// The order of the floating-point additions, which the CPU model repeats
// exactly: each block's sum as v8's (its head gives the order); then, for
// the cluster of blocks 4c .. 4c + 3 with sums s0 .. s3:
//    partial[c] = ((s0 + s1) + s2) + s3
//  last block, thread t: total = 0; total += out[c] for c = t, t + blockSize,
//    ... < gridDim.x / 4; the block sum as v8's; out[gridDim.x] = thread 0's total.
//
// What it costs: it runs only on compute capability 9.0 and later (older
// GPUs have no clusters; the launcher refuses them); the grid must be whole
// clusters (a multiple of 4); each cluster waits twice for its slowest
// block, where v8's blocks never wait for each other before the ticket; and
// rank 0's thread 0 makes three reads of remote shared memory, whose latency
// is an SM-to-SM round trip.  What it saves is small by design: v8 already
// touched its partials once per block, far from the hot loop, so v10 teaches
// the hardware's newest level of the hierarchy (block < cluster < grid)
// rather than a faster sum; docs/performance.md gives what it measured.
// As in v8: the input must be 16-byte aligned, `out` holds gridDim.x slots
// (v10 uses the first gridDim.x / 4) and the result after them, and the
// result's bits depend on the grid, which depends on the GPU.
#include <cooperative_groups.h>
#include <cuda/atomic>

#include "trace.cuh"

namespace cg = cooperative_groups;

namespace RV_NS {

// (maybe unused: below compute capability 9.0 the kernel's body is compiled out)
[[maybe_unused]] constexpr unsigned int UNROLL = 4; // rows of a tile: float4 loads in flight per thread (the loop below spells them out)
constexpr unsigned int CLUSTER = 4; // blocks per cluster (the head says why 4)

// log2 of a power of two, for the number of final shuffles.
__host__ __device__ constexpr unsigned int log2u(unsigned int x) { return x <= 1 ? 0 : 1 + log2u(x / 2); }

// The ticket counter, as v8's: zero when the module loads, reset by the last block.
__device__ unsigned int retirementCount = 0;

// Sums `width` consecutive lanes' values into the lowest lane of each group (as v7).
template <unsigned int width>
static __device__ float warpReduceSum(float sum, unsigned int laneId RV_TRACER_PARAM)
{
    if (width >= 32) { RV_STEP(); sum += __shfl_down_sync(0xffffffff, sum, 16); RV_REC(sum, RV_REG(), RV_REG(), RV_LANE_DOWN(laneId, 16)); } // rv:shfl16
    if (width >= 16) { RV_STEP(); sum += __shfl_down_sync(0xffffffff, sum, 8);  RV_REC(sum, RV_REG(), RV_REG(), RV_LANE_DOWN(laneId, 8)); } // rv:shfl8
    if (width >= 8)  { RV_STEP(); sum += __shfl_down_sync(0xffffffff, sum, 4);  RV_REC(sum, RV_REG(), RV_REG(), RV_LANE_DOWN(laneId, 4)); } // rv:shfl4
    if (width >= 4)  { RV_STEP(); sum += __shfl_down_sync(0xffffffff, sum, 2);  RV_REC(sum, RV_REG(), RV_REG(), RV_LANE_DOWN(laneId, 2)); } // rv:shfl2
    if (width >= 2)  { RV_STEP(); sum += __shfl_down_sync(0xffffffff, sum, 1);  RV_REC(sum, RV_REG(), RV_REG(), RV_LANE_DOWN(laneId, 1)); } // rv:shfl1
    return sum;
}

// The block's values summed into thread 0, as v7 does: shuffles in every
// warp, one partial per warp through shared memory, shuffles in the first warp.
template <unsigned int blockSize>
static __device__ float blockReduceSum(float sum, float *warpLevelSums RV_TRACER_PARAM)
{
    unsigned int laneId = threadIdx.x % 32;
    unsigned int warpId = threadIdx.x / 32;
    sum = warpReduceSum<32>(sum, laneId RV_TRACER_ARG);

    RV_STEP();
    if (laneId == 0) { warpLevelSums[warpId] = sum;  RV_REC(sum, RV_S(warpId), RV_REG()); } // rv:warp_sums
    __syncthreads();

    if (warpId == 0) {
        RV_STEP();
        sum = (laneId < blockSize / 32) ? warpLevelSums[laneId] : 0.0f;  RV_REC(sum, RV_REG(), RV_S_IF(laneId < blockSize / 32, laneId)); // rv:reload
        sum = warpReduceSum<blockSize / 32>(sum, laneId RV_TRACER_ARG);
    } else {
        RV_SKIP(1 + log2u(blockSize / 32)); // the other warps sit out the reload and the final shuffles
    }
    return sum;
}

template <unsigned int blockSize>
__global__ void __launch_bounds__(blockSize, rv_min_blocks_per_sm(blockSize))
reduce_v10(const float *__restrict__ in, float *__restrict__ out, unsigned int n RV_TRACE_PARAM)
{   RV_WAVES_BLOCK();
#if __CUDA_ARCH__ >= 900 // clusters exist from compute capability 9.0 on; the launcher refuses older GPUs
    __shared__ float warpLevelSums[32];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned int tid = threadIdx.x;
    unsigned int g = blockIdx.x * blockSize + tid;      // this thread's place in the grid
    unsigned int n4 = n / 4;                            // whole float4s in the array
    constexpr unsigned int TILE = UNROLL * blockSize;   // float4s in a tile
    const float4 *in4 = reinterpret_cast<const float4 *>(in);
    float *partials = out;                              // out[0 .. gridDim.x / CLUSTER): one per cluster
    float *result = out + gridDim.x;                    // out[gridDim.x]: the sum
    unsigned int clusters = gridDim.x / CLUSTER;
    RV_TRACE_BEGIN();

    // GMem -> registers: this block's tiles, four rows of float4s each, into four accumulators.
    RV_STEP();
    float acc0 = 0.0f, acc1 = 0.0f, acc2 = 0.0f, acc3 = 0.0f;
    unsigned int t = blockIdx.x;
    for (; (t + 1) * TILE <= n4; t += gridDim.x) {
        // Four 16-byte loads first: all four are in flight before the first add needs one.
        unsigned int i = t * TILE + tid;            // row 0 of tile t; rows lie blockSize apart
        float4 a = in4[i], b = in4[i + blockSize], c = in4[i + 2 * blockSize], d = in4[i + 3 * blockSize];
        acc0 += a.x; acc1 += a.y; acc2 += a.z; acc3 += a.w;
        acc0 += b.x; acc1 += b.y; acc2 += b.z; acc3 += b.w;
        acc0 += c.x; acc1 += c.y; acc2 += c.z; acc3 += c.w;
        acc0 += d.x; acc1 += d.y; acc2 += d.z; acc3 += d.w;  RV_REC((acc0 + acc1) + (acc2 + acc3), RV_REG(), RV_G4(4 * i), RV_G4(4 * (i + blockSize)), RV_G4(4 * (i + 2 * blockSize)), RV_G4(4 * (i + 3 * blockSize))); // rv:tiles
    }
    unsigned int i = t * TILE + tid;
    if (i < n4) {
        // The partial tile at the end, if this thread has rows in it: again every load before the first add.
        bool hasB = i + blockSize < n4, hasC = i + 2 * blockSize < n4, hasD = i + 3 * blockSize < n4;
        float4 a = in4[i], b = hasB ? in4[i + blockSize] : a, c = hasC ? in4[i + 2 * blockSize] : a, d = hasD ? in4[i + 3 * blockSize] : a;
        acc0 += a.x; acc1 += a.y; acc2 += a.z; acc3 += a.w;
        if (hasB) { acc0 += b.x; acc1 += b.y; acc2 += b.z; acc3 += b.w; }
        if (hasC) { acc0 += c.x; acc1 += c.y; acc2 += c.z; acc3 += c.w; }
        if (hasD) { acc0 += d.x; acc1 += d.y; acc2 += d.z; acc3 += d.w; }  RV_REC((acc0 + acc1) + (acc2 + acc3), RV_REG(), RV_G4(4 * i), RV_G4_IF(hasB, 4 * (i + blockSize)), RV_G4_IF(hasC, 4 * (i + 2 * blockSize)), RV_G4_IF(hasD, 4 * (i + 3 * blockSize))); // rv:partial_tile
    }
    // The last n % 4 elements, which make no whole float4: one each for the grid's first threads.
    if (g < n % 4) { acc0 += in[4 * n4 + g];            RV_REC((acc0 + acc1) + (acc2 + acc3), RV_REG(), RV_G(4 * n4 + g)); } // rv:tail
    float sum = (acc0 + acc1) + (acc2 + acc3);

    // The block's sum, in thread 0.
    sum = blockReduceSum<blockSize>(sum, warpLevelSums RV_TRACER_ARG);

    // Thread 0 leaves the block's sum in its shared memory, where the
    // cluster's rank 0 can read it.  (Only thread 0 read warpLevelSums[0]
    // in the reload, so overwriting it races with nobody.)
    RV_STEP();
    if (tid == 0) { warpLevelSums[0] = sum;             RV_REC(sum, RV_S(0), RV_REG()); } // rv:block_sum
    cluster.sync(); // every block of the cluster has left its sum

    // Rank 0 adds the other blocks' sums, read from their shared memory.
    // (The trace records the cluster's sum; the other blocks' shared memory
    // is not this block's picture, so the step names their ranks instead.)
    RV_STEP();
    bool rank0 = cluster.block_rank() == 0;
    if (rank0 && tid == 0) {
        RV_READ(RV_REG()); // sum holds its own block's sum: add the other blocks'
        for (unsigned int r = 1; r < CLUSTER; r++) {
            sum += *cluster.map_shared_rank(&warpLevelSums[0], r);  RV_REC(sum, RV_REG()); // rv:dsmem
        }
    }
    cluster.sync(); // no block leaves while rank 0 may still read its shared memory
    if (!rank0) return;

    // Thread 0 of rank 0 publishes the cluster's partial, then takes a
    // ticket, as v8's blocks do (its head says why the orders).
    RV_STEP();
    unsigned int c = blockIdx.x / CLUSTER;             // the cluster's number
    if (tid == 0) { partials[c] = sum;                  RV_REC(sum, RV_OUT(c), RV_REG()); } // rv:publish
    RV_STEP();
    unsigned int ticket = 0;
    if (tid == 0) {
        cuda::atomic_ref<unsigned int, cuda::thread_scope_device> counter(retirementCount);
        ticket = counter.fetch_add(1u, cuda::memory_order_acq_rel);  RV_REC(sum, RV_TICKET(), RV_TICKET()); // rv:ticket
    }
    bool amLast = __syncthreads_or(tid == 0 && ticket == clusters - 1);

    // Every cluster but the one that drew the last ticket is done.  (The
    // trace records the traced block up to here, then the last block.)
    RV_RECORD_IF(amLast);
    if (!amLast) return;

    // The last block: thread t sums the clusters' partials t, t + blockSize, ...
    RV_STEP();
    float total = 0.0f;                                 RV_REC(total, RV_REG()); // rv:gather_none
    #pragma unroll 4 // loads of several partials in flight at once; the adds keep their order
    for (unsigned int p = tid; p < clusters; p += blockSize) {
        total += __ldcg(&partials[p]);                  RV_REC(total, RV_REG(), RV_OUT(p)); // from L2: written by other SMs // rv:gather
    }
    total = blockReduceSum<blockSize>(total, warpLevelSums RV_TRACER_ARG);

    // Thread 0 writes the sum and resets the counter for the next launch.
    RV_STEP();
    if (tid == 0) {
        *result = total;                                RV_REC(total, RV_OUT(gridDim.x), RV_REG()); // rv:result
        retirementCount = 0;
    }
    RV_TRACE_END();
#endif
}

// A launch in clusters of CLUSTER blocks: a launch attribute rather than
// __cluster_dims__, which the older architectures the program is also built
// for would refuse to compile.  The grid must be a multiple of CLUSTER (the
// version table rounds it so); a GPU below compute capability 9.0 is refused
// before a launch (gpu_reduce.cu asks the version table).
struct cluster_launch {
    cudaLaunchAttribute attr;
    cudaLaunchConfig_t config;
    cluster_launch(unsigned int grid, unsigned int block, cudaStream_t stream) : attr(), config()
    {
        attr.id = cudaLaunchAttributeClusterDimension;
        attr.val.clusterDim.x = CLUSTER;
        attr.val.clusterDim.y = 1;
        attr.val.clusterDim.z = 1;
        config.gridDim = dim3(grid);
        config.blockDim = dim3(block);
        config.stream = stream;
        config.attrs = &attr;
        config.numAttrs = 1;
    }
    cluster_launch(const cluster_launch &) = delete; // config points into itself
};

static void launch_v10(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
                cudaStream_t stream RV_TRACE_PARAM)
{
    rv_with_block_size<32>(block, [&](auto bs) {
        cluster_launch l(grid, bs.value, stream);
        cudaLaunchKernelEx(&l.config, reduce_v10<decltype(bs)::value>, in, out, n RV_TRACE_ARG);
    });
}

// The grid that fills the GPU it runs on: the clusters that fit at once
// (a cluster must find room on one GPC), times CLUSTER blocks; 0 if the
// runtime cannot say.
static unsigned int resident_grid_v10(unsigned int block)
{
    int clusters = 0;
    rv_with_block_size<32>(block, [&](auto bs) {
        cluster_launch l(CLUSTER, bs.value, 0);
        if (cudaOccupancyMaxActiveClusters(&clusters, reduce_v10<decltype(bs)::value>, &l.config) != cudaSuccess) {
            cudaGetLastError(); // not sticky: leave nothing for the next check
            clusters = 0;
        }
    });
    return (unsigned int)clusters * CLUSTER;
}

RV_REGISTER_KERNEL(v10_cluster_dsmem, launch_v10, resident_grid_v10)

} // namespace RV_NS
