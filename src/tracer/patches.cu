// patches.cu — the device functions the Compute Sanitizer patching API calls
// at every shared- and global-memory access, barrier, __syncwarp and shuffle
// of a kernel it patched (tool.c says which).  Each appends one record for a
// thread of the traced block to the buffer the tool passed as userdata; all
// other blocks return at once.  Compiled with --compile-as-tools-patch into a
// fatbin that the tool loads: it is never linked into the kernel's program.
#include <sanitizer_patching.h>
#include <stdint.h>

#include "raw.h"

static __device__ __forceinline__ uint32_t block_index()
{
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

static __device__ __forceinline__ uint32_t thread_index()
{
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

// A record slot for this thread, or nullptr when it is not of the traced
// block or the buffer is full (the count still grows: the host sees the cut).
static __device__ __forceinline__ rv_raw_record *claim(void *userdata, uint64_t pc, uint8_t kind)
{
    rv_raw_buffer *b = (rv_raw_buffer *)userdata;
    if (!b || block_index() != b->block) return nullptr;
    uint32_t mask = __activemask();
    uint32_t k = atomicAdd(&b->count, 1u);
    if (k >= b->cap) {
        b->last[thread_index()] = ~0u; // a run never goes on across a dropped record
        return nullptr;
    }
    b->last[thread_index()] = k;
    rv_raw_record *r = &b->records[k];
    r->pc = pc;
    r->addr = 0;
    r->value[0] = r->value[1] = r->value[2] = r->value[3] = 0;
    r->mask = mask;
    r->thread = (uint16_t)thread_index();
    r->kind = kind;
    r->size = 0;
    r->flags = 0;
    r->pad = 0;
    return r;
}

// Whether a global read goes on from the thread's latest record as a run
// (raw.h): then that record counts it, and no record is made.  Only the
// thread itself writes its records, so no other thread races this.
static __device__ __forceinline__ bool extends_run(void *userdata, uint64_t addr, uint32_t size)
{
    rv_raw_buffer *b = (rv_raw_buffer *)userdata;
    if (!b || block_index() != b->block) return false;
    uint32_t k = b->last[thread_index()];
    if (k == ~0u) return false;
    rv_raw_record *r = &b->records[k];
    if (r->kind != RV_RAW_GMEM || r->flags != SANITIZER_MEMORY_DEVICE_FLAG_READ || r->size != size) return false;
    int64_t step = (int64_t)(addr - r->addr);
    uint32_t more = r->value[0];
    if (more == 0) {
        if (step == 0) return false;
        r->value[1] = (uint32_t)(uint64_t)step;
        r->value[2] = (uint32_t)((uint64_t)step >> 32);
    } else {
        int64_t stride = (int64_t)((uint64_t)r->value[1] | ((uint64_t)r->value[2] << 32));
        if (more == 0xffffffffu || step != stride * (int64_t)(more + 1)) return false;
    }
    r->value[0] = more + 1;
    return true;
}

static __device__ __forceinline__ void access(void *userdata, uint64_t pc, uint8_t kind, void *ptr,
                                              uint32_t size, uint32_t flags, const void *data)
{
    if (kind == RV_RAW_GMEM && flags == SANITIZER_MEMORY_DEVICE_FLAG_READ &&
        extends_run(userdata, (uint64_t)(uintptr_t)ptr, size))
        return;
    rv_raw_record *r = claim(userdata, pc, kind);
    if (!r) return;
    r->addr = (uint64_t)(uintptr_t)ptr;
    r->size = (uint8_t)size;
    r->flags = flags;
    // A write's new value (an atomic has none): byte by byte, since the API
    // does not promise its alignment.
    if ((flags & SANITIZER_MEMORY_DEVICE_FLAG_WRITE) && !(flags & SANITIZER_MEMORY_DEVICE_FLAG_READ) && data) {
        const uint8_t *src = (const uint8_t *)data;
        uint8_t *dst = (uint8_t *)r->value;
        for (uint32_t i = 0; i < size && i < sizeof r->value; i++) dst[i] = src[i];
    }
}

extern "C" __device__ __noinline__ SanitizerPatchResult
rv_shared_access(void *userdata, uint64_t pc, void *ptr, uint32_t size, uint32_t flags, const void *data)
{
    access(userdata, pc, RV_RAW_SMEM, ptr, size, flags, data);
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
rv_global_access(void *userdata, uint64_t pc, void *ptr, uint32_t size, uint32_t flags, const void *data)
{
    access(userdata, pc, RV_RAW_GMEM, ptr, size, flags, data);
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
rv_barrier(void *userdata, uint64_t pc, uint32_t index, uint32_t count, uint32_t flags)
{
    (void)flags;
    rv_raw_record *r = claim(userdata, pc, RV_RAW_BARRIER);
    if (r) { r->value[0] = index; r->value[1] = count; }
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
rv_syncwarp(void *userdata, uint64_t pc, uint32_t mask)
{
    rv_raw_record *r = claim(userdata, pc, RV_RAW_SYNCWARP);
    if (r) r->value[0] = mask;
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
rv_shfl(void *userdata, uint64_t pc)
{
    claim(userdata, pc, RV_RAW_SHFL);
    return SANITIZER_PATCH_SUCCESS;
}
