/* queued.c — the tracer's recording of what launch() queued (queued.h).
 *
 * A launch's grid, block, cluster, module and stream come with the launch
 * callback; its dynamic shared memory, parameters and whether it is
 * cooperative come only with the API call that made it (the runtime's
 * cudaLaunchKernel and kin, or the driver's cuLaunchKernel and kin, whichever
 * the program called: the runtime's calls into the driver are seen too).  So
 * the API call's arguments are kept, per thread, from its entry to its exit,
 * and the launch callback between them packs the parameters by the kernel's
 * own layout (cuFuncGetParamInfo).  A launch seen with no such call (a graph's
 * node, say) is written as unreplayable, never guessed.  A copy to the host
 * and a host function queued carry the frames of the call (frames.h), so
 * that the verdict, when the runner cannot replay what follows, names the
 * student's line that made it. */
#define _GNU_SOURCE
#include "queued.h"
#include "frames.h"

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The arguments of the launch calls as the API callbacks hand them: each
 * function's parameters in order (the Sanitizer's generated_cuda_meta.h
 * names them too, but its copy need not match the toolkit's headers). */
typedef struct {
    CUfunction f;
    unsigned gx, gy, gz, bx, by, bz, smem;
    CUstream s;
    void **params, **extra;
} cu_launch_args;
typedef struct {
    CUfunction f;
    unsigned gx, gy, gz, bx, by, bz, smem;
    CUstream s;
    void **params;
} cu_coop_args;
typedef struct {
    const CUlaunchConfig *config;
    CUfunction f;
    void **params, **extra;
} cu_launch_ex_args;
typedef struct {
    const void *func;
    dim3 grid, block;
    void **args;
    size_t smem;
    cudaStream_t s;
} rt_launch_args;
typedef struct {
    const cudaLaunchConfig_t *config;
    const void *func;
    void **args;
} rt_launch_ex_args;

#define UPLOAD_MAX 4096  /* host-to-device copies kept whole, at most   */
#define PARAMS_MAX 32768 /* a kernel's parameters, at most (CUDA 12.1+) */

static char path[4200];
static unsigned last_call;
static int arrays_said;

/* The launch API call in progress on this thread. */
static __thread struct {
    int set, coop;
    void **params, **extra;
    uint64_t smem;
} args;
static __thread int in_free; /* inside cudaFree/cuMemFree: its wait is the free's */

static void fetches_read(unsigned call);
static CUresult (*param_info)(CUfunction, size_t, size_t *, size_t *);
static int (*read_device)(void *, const void *, size_t, Sanitizer_StreamHandle);

void rv_queued_init(const char *out, int (*read)(void *dst, const void *src, size_t n, Sanitizer_StreamHandle s))
{
    read_device = read;
    rv_frames_init();
    snprintf(path, sizeof path, "%s/queued.txt", out);
    void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (cuda) *(void **)&param_info = dlsym(cuda, "cuFuncGetParamInfo");
}

static void hex(FILE *f, const unsigned char *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) fputc(digits[p[i] >> 4], f), fputc(digits[p[i] & 15], f);
}

/* One line, after the `call` line its call needs; where data is not NULL,
 * its n bytes end the line in hex ("-" for none). */
static void vput(unsigned call, const void *data, size_t n, const char *fmt, va_list ap)
{
    FILE *f = fopen(path, "a");
    if (!f) return;
    if (!arrays_said) {
        /* the driver's arrays and stream, as it set them for the tracer */
        const char *a = getenv("RV_TRACER_ARRAYS");
        fprintf(f, "queued 1\narrays %s\n", a ? a : "unknown");
        arrays_said = 1;
    }
    if (call != last_call) {
        const char *m = getenv("RV_TRACER_CALL_N"); /* the elements this call was given */
        fprintf(f, "call %u m %s\n", call, m ? m : "0");
        last_call = call;
    }
    vfprintf(f, fmt, ap);
    if (data) {
        fputc(' ', f);
        if (n)
            hex(f, data, n);
        else
            fputc('-', f);
    }
    fputc('\n', f);
    fclose(f);
}

static void put(unsigned call, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(unsigned call, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vput(call, NULL, 0, fmt, ap);
    va_end(ap);
}

static void put_data(unsigned call, const void *data, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void put_data(unsigned call, const void *data, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vput(call, data, n, fmt, ap);
    va_end(ap);
}

static void keep_args(void **params, void **extra, uint64_t smem, int coop)
{
    args.set = 1, args.params = params, args.extra = extra, args.smem = smem, args.coop = coop;
}

uint64_t rv_queued_smem(void) { return args.set ? args.smem : 0; }

static int cooperative_attr(const CUlaunchAttribute *a, unsigned n)
{
    for (unsigned i = 0; a && i < n; i++)
        if (a[i].id == CU_LAUNCH_ATTRIBUTE_COOPERATIVE && a[i].value.cooperative) return 1;
    return 0;
}

static int cooperative_rt(const cudaLaunchAttribute *a, unsigned n)
{
    for (unsigned i = 0; a && i < n; i++)
        if (a[i].id == cudaLaunchAttributeCooperative && a[i].val.cooperative) return 1;
    return 0;
}

/* A launch API call's arguments, at its entry. */
static void launch_entered(Sanitizer_CallbackDomain domain, Sanitizer_CallbackId cbid, const void *p)
{
    if (domain == SANITIZER_CB_DOMAIN_DRIVER_API) {
        switch (cbid) {
        case SANITIZER_CBID_DRIVER_API_cuLaunchKernel:
        case SANITIZER_CBID_DRIVER_API_cuLaunchKernel_ptsz: {
            const cu_launch_args *k = p;
            keep_args(k->params, k->extra, k->smem, 0);
            return;
        }
        case SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel:
        case SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel_ptsz: {
            const cu_coop_args *k = p;
            keep_args(k->params, NULL, k->smem, 1);
            return;
        }
        case SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx:
        case SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx_ptsz: {
            const cu_launch_ex_args *k = p;
            keep_args(k->params, k->extra, k->config->sharedMemBytes,
                      cooperative_attr(k->config->attrs, k->config->numAttrs));
            return;
        }
        default: return;
        }
    }
    switch (cbid) {
    case SANITIZER_CBID_RUNTIME_API_cudaLaunchKernel:
    case SANITIZER_CBID_RUNTIME_API_cudaLaunchKernel_ptsz: {
        const rt_launch_args *k = p;
        keep_args(k->args, NULL, k->smem, 0);
        return;
    }
    case SANITIZER_CBID_RUNTIME_API_cudaLaunchCooperativeKernel:
    case SANITIZER_CBID_RUNTIME_API_cudaLaunchCooperativeKernel_ptsz: {
        const rt_launch_args *k = p;
        keep_args(k->args, NULL, k->smem, 1);
        return;
    }
    case SANITIZER_CBID_RUNTIME_API_cudaLaunchKernelExC:
    case SANITIZER_CBID_RUNTIME_API_cudaLaunchKernelExC_ptsz: {
        const rt_launch_ex_args *k = p;
        keep_args(k->args, NULL, k->config->dynamicSmemBytes, cooperative_rt(k->config->attrs, k->config->numAttrs));
        return;
    }
    default: return;
    }
}

static int is_launch(Sanitizer_CallbackDomain domain, Sanitizer_CallbackId cbid)
{
    if (domain == SANITIZER_CB_DOMAIN_DRIVER_API)
        return cbid == SANITIZER_CBID_DRIVER_API_cuLaunchKernel ||
               cbid == SANITIZER_CBID_DRIVER_API_cuLaunchKernel_ptsz ||
               cbid == SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel ||
               cbid == SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel_ptsz ||
               cbid == SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx ||
               cbid == SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx_ptsz;
    return cbid == SANITIZER_CBID_RUNTIME_API_cudaLaunchKernel ||
           cbid == SANITIZER_CBID_RUNTIME_API_cudaLaunchKernel_ptsz ||
           cbid == SANITIZER_CBID_RUNTIME_API_cudaLaunchCooperativeKernel ||
           cbid == SANITIZER_CBID_RUNTIME_API_cudaLaunchCooperativeKernel_ptsz ||
           cbid == SANITIZER_CBID_RUNTIME_API_cudaLaunchKernelExC ||
           cbid == SANITIZER_CBID_RUNTIME_API_cudaLaunchKernelExC_ptsz;
}

static int is_free(Sanitizer_CallbackDomain domain, Sanitizer_CallbackId cbid)
{
    return domain == SANITIZER_CB_DOMAIN_DRIVER_API ? cbid == SANITIZER_CBID_DRIVER_API_cuMemFree_v2
                                                    : cbid == SANITIZER_CBID_RUNTIME_API_cudaFree;
}

static int is_host_func(Sanitizer_CallbackDomain domain, Sanitizer_CallbackId cbid)
{
    return domain == SANITIZER_CB_DOMAIN_DRIVER_API && (cbid == SANITIZER_CBID_DRIVER_API_cuLaunchHostFunc ||
                                                        cbid == SANITIZER_CBID_DRIVER_API_cuLaunchHostFunc_ptsz);
}

/* The stream memory operations (cuStreamWaitValue32/64, cuStreamWriteValue32/64
 * and the batch of them, cuStreamBatchMemOp; each as the _v2 the toolkit's
 * names stand for, the first version and the per-thread forms): the
 * Compute Sanitizer's batch-memop domain tells of the writes only, so they
 * are read from the API call's own arguments, at its entry.  Each becomes
 * one line, a batch's in its order: a stream's operations run in the order
 * queued, as a batch's do. */
typedef struct {
    CUstream s;
    CUdeviceptr addr;
    cuuint32_t value;
    unsigned flags;
} memop32_args;
typedef struct {
    CUstream s;
    CUdeviceptr addr;
    cuuint64_t value;
    unsigned flags;
} memop64_args;
typedef struct {
    CUstream s;
    unsigned count;
    CUstreamBatchMemOpParams *ops;
    unsigned flags;
} batch_args;

/* 'w' wait, 'v' write (value), 'b' batch; 32 or 64 bits; ptsz: per-thread default stream.  0: not one. */
static int memop_of(Sanitizer_CallbackId cbid, int *bits, int *ptsz)
{
    static const struct {
        Sanitizer_CallbackId id;
        char kind;
        int bits, ptsz;
    } ids[] = {
        {SANITIZER_CBID_DRIVER_API_cuStreamWaitValue32, 'w', 32, 0},
        {SANITIZER_CBID_DRIVER_API_cuStreamWaitValue32_ptsz, 'w', 32, 1},
        {SANITIZER_CBID_DRIVER_API_cuStreamWaitValue32_v2, 'w', 32, 0},
        {SANITIZER_CBID_DRIVER_API_cuStreamWaitValue32_v2_ptsz, 'w', 32, 1},
        {SANITIZER_CBID_DRIVER_API_cuStreamWaitValue64, 'w', 64, 0},
        {SANITIZER_CBID_DRIVER_API_cuStreamWaitValue64_ptsz, 'w', 64, 1},
        {SANITIZER_CBID_DRIVER_API_cuStreamWaitValue64_v2, 'w', 64, 0},
        {SANITIZER_CBID_DRIVER_API_cuStreamWaitValue64_v2_ptsz, 'w', 64, 1},
        {SANITIZER_CBID_DRIVER_API_cuStreamWriteValue32, 'v', 32, 0},
        {SANITIZER_CBID_DRIVER_API_cuStreamWriteValue32_ptsz, 'v', 32, 1},
        {SANITIZER_CBID_DRIVER_API_cuStreamWriteValue32_v2, 'v', 32, 0},
        {SANITIZER_CBID_DRIVER_API_cuStreamWriteValue32_v2_ptsz, 'v', 32, 1},
        {SANITIZER_CBID_DRIVER_API_cuStreamWriteValue64, 'v', 64, 0},
        {SANITIZER_CBID_DRIVER_API_cuStreamWriteValue64_ptsz, 'v', 64, 1},
        {SANITIZER_CBID_DRIVER_API_cuStreamWriteValue64_v2, 'v', 64, 0},
        {SANITIZER_CBID_DRIVER_API_cuStreamWriteValue64_v2_ptsz, 'v', 64, 1},
        {SANITIZER_CBID_DRIVER_API_cuStreamBatchMemOp, 'b', 0, 0},
        {SANITIZER_CBID_DRIVER_API_cuStreamBatchMemOp_ptsz, 'b', 0, 1},
        {SANITIZER_CBID_DRIVER_API_cuStreamBatchMemOp_v2, 'b', 0, 0},
        {SANITIZER_CBID_DRIVER_API_cuStreamBatchMemOp_v2_ptsz, 'b', 0, 1},
    };
    *bits = *ptsz = 0;
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (ids[i].id == cbid) {
            *bits = ids[i].bits, *ptsz = ids[i].ptsz;
            return ids[i].kind;
        }
    return 0;
}

static void memop_line(unsigned call, int wait, int bits, uint64_t addr, uint64_t value, unsigned flags,
                       unsigned long long s)
{
    put(call, "%s %llu %llu %d %u stream %llu", wait ? "waitvalue" : "writevalue", (unsigned long long)addr,
        (unsigned long long)value, bits, flags, s);
}

static void memop_entered(Sanitizer_CallbackId cbid, const void *p, unsigned call)
{
    int bits, ptsz, kind = memop_of(cbid, &bits, &ptsz);
    const memop32_args *a32 = p;
    /* the per-thread default stream, as the runner names it */
    unsigned long long s = (unsigned long long)(uintptr_t)a32->s;
    if (!s && ptsz) s = (unsigned long long)(uintptr_t)CU_STREAM_PER_THREAD;
    if (kind != 'b') {
        const memop64_args *a64 = p;
        memop_line(call, kind == 'w', bits, bits == 32 ? a32->addr : a64->addr, bits == 32 ? a32->value : a64->value,
                   bits == 32 ? a32->flags : a64->flags, s);
        return;
    }
    const batch_args *b = p;
    for (unsigned i = 0; b->ops && i < b->count; i++) {
        const CUstreamBatchMemOpParams *o = &b->ops[i];
        switch (o->operation) {
        case CU_STREAM_MEM_OP_WAIT_VALUE_32:
        case CU_STREAM_MEM_OP_WAIT_VALUE_64: {
            int w = o->operation == CU_STREAM_MEM_OP_WAIT_VALUE_32 ? 32 : 64;
            memop_line(call, 1, w, o->waitValue.address, w == 32 ? o->waitValue.value : o->waitValue.value64,
                       o->waitValue.flags, s);
            break;
        }
        case CU_STREAM_MEM_OP_WRITE_VALUE_32:
        case CU_STREAM_MEM_OP_WRITE_VALUE_64: {
            int w = o->operation == CU_STREAM_MEM_OP_WRITE_VALUE_32 ? 32 : 64;
            memop_line(call, 0, w, o->writeValue.address, w == 32 ? o->writeValue.value : o->writeValue.value64,
                       o->writeValue.flags, s);
            break;
        }
        default: /* a barrier or a flush of remote writes: not replayed, named */
            put(call, "unreplayable cuStreamBatchMemOp-operation-%d", (int)o->operation);
            return;
        }
    }
}

void rv_queued_api(Sanitizer_CallbackDomain domain, Sanitizer_CallbackId cbid, const Sanitizer_CallbackData *d,
                   unsigned call)
{
    int bits, ptsz;
    int enter = d->callbackSite == SANITIZER_API_ENTER;
    if (is_launch(domain, cbid)) {
        if (enter)
            launch_entered(domain, cbid, d->functionParams);
        else
            args.set = 0;
    } else if (is_free(domain, cbid)) {
        in_free = enter;
    } else if (domain == SANITIZER_CB_DOMAIN_DRIVER_API && memop_of(cbid, &bits, &ptsz)) {
        if (call && enter) memop_entered(cbid, d->functionParams, call);
    } else if (call && enter && is_host_func(domain, cbid)) {
        char at[RV_FRAMES_MAX * 20]; /* the line that queued it, for the verdict's words */
        rv_frames_text(at, sizeof at);
        put(call, "hold host-function%s", at);
    }
}

void rv_queued_launch(const Sanitizer_LaunchData *d, int module, unsigned call)
{
    if (!call) return;
    const char *name = d->functionName ? d->functionName : "?";
    if (!args.set) {
        put(call, "unreplayable launch-without-its-call %s", name);
        return;
    }
    static unsigned char buf[PARAMS_MAX];
    size_t total = 0;
    int known = 1;
    if (args.extra) {
        /* CU_LAUNCH_PARAM_BUFFER_POINTER, CU_LAUNCH_PARAM_BUFFER_SIZE, END */
        void *ptr = NULL;
        size_t size = 0;
        for (void **e = args.extra; *e != CU_LAUNCH_PARAM_END; e += 2) {
            if (e[0] == CU_LAUNCH_PARAM_BUFFER_POINTER)
                ptr = e[1];
            else if (e[0] == CU_LAUNCH_PARAM_BUFFER_SIZE)
                size = *(size_t *)e[1];
        }
        if (!ptr || size > PARAMS_MAX)
            known = 0;
        else
            memcpy(buf, ptr, size), total = size;
    } else if (!param_info) {
        known = 0;
    } else {
        /* the padding between parameters zero, not an earlier launch's
           bytes: the runner reads every 8-byte word of the block */
        memset(buf, 0, sizeof buf);
        for (size_t i = 0;; i++) {
            size_t off, size;
            if (param_info(d->function, i, &off, &size) != CUDA_SUCCESS) break;
            if (off + size > PARAMS_MAX || !args.params || !args.params[i]) {
                known = 0;
                break;
            }
            memcpy(buf + off, args.params[i], size);
            if (off + size > total) total = off + size;
        }
    }
    if (!known) {
        put(call, "unreplayable parameters-unknown %s", name);
        return;
    }
    put_data(call, buf, total,
             "launch %d %s grid %u %u %u block %u %u %u cluster %u %u %u smem %llu coop %d stream %llu params", module,
             name, d->gridDim_x, d->gridDim_y, d->gridDim_z, d->blockDim_x, d->blockDim_y, d->blockDim_z,
             d->clusterDim_x ? d->clusterDim_x : 1, d->clusterDim_y ? d->clusterDim_y : 1,
             d->clusterDim_z ? d->clusterDim_z : 1, (unsigned long long)args.smem, args.coop,
             (unsigned long long)(uintptr_t)d->stream);
}

void rv_queued_memory(int freed, int async, const Sanitizer_ResourceMemoryData *m, unsigned call)
{
    if (!call) return;
    if (freed) fetches_read(call); /* before the memory goes */
    if (freed)
        put(call, "free %llu %s stream %llu", (unsigned long long)m->address, async ? "async" : "sync",
            (unsigned long long)(uintptr_t)m->stream);
    else
        put(call, "alloc %llu %llu %s stream %llu", (unsigned long long)m->address, (unsigned long long)m->size,
            async ? "async" : "sync", (unsigned long long)(uintptr_t)m->stream);
}

/* The copies to the host of the call in progress, and the bytes each
 * brought once they had come (read back from the device while its memory
 * still holds them: at the next wait, or before it is freed).  An upload of
 * the same bytes is the value passing through the host unchanged (Thrust's
 * reduce returns its sum to the host, which launch() writes to out[0]). */
#define FETCHES_MAX 16
static struct fetch {
    uint64_t src, size;
    Sanitizer_StreamHandle stream;
    int have;
    unsigned char bytes[UPLOAD_MAX];
} fetches[FETCHES_MAX];
static int nfetches;
static unsigned fetches_call;

static void fetches_read(unsigned call)
{
    if (call != fetches_call || !read_device) return;
    for (int i = 0; i < nfetches; i++) {
        struct fetch *f = &fetches[i];
        if (!f->have && f->size <= UPLOAD_MAX)
            f->have = read_device(f->bytes, (void *)(uintptr_t)f->src, f->size, f->stream) == 0;
    }
}

/* The copy to the host of call `call` that brought the n bytes at host, or
 * -1. */
static int fetched_as(unsigned call, const void *host, uint64_t n)
{
    fetches_read(call);
    if (call != fetches_call) return -1;
    for (int i = nfetches - 1; i >= 0; i--)
        if (fetches[i].have && fetches[i].size == n && !memcmp(fetches[i].bytes, host, n)) return i;
    return -1;
}

void rv_queued_memcpy(const Sanitizer_MemcpyData *d, unsigned call)
{
    if (!call) return;
    unsigned long long s = (unsigned long long)(uintptr_t)d->apiStream;
    if (d->height > 1) {
        put(call, "unreplayable copy-2d");
        return;
    }
    switch (d->direction) {
    case SANITIZER_MEMCPY_DIRECTION_DEVICE_TO_DEVICE:
        put(call, "copy %llu %llu %llu stream %llu", (unsigned long long)d->dstAddress,
            (unsigned long long)d->srcAddress, (unsigned long long)d->size, s);
        return;
    case SANITIZER_MEMCPY_DIRECTION_HOST_TO_DEVICE: {
        const void *host = (const void *)(uintptr_t)d->srcAddress;
        int k = fetched_as(call, host, d->size);
        if (k >= 0)
            put(call, "upload-fetched %llu %d %llu stream %llu", (unsigned long long)d->dstAddress, k,
                (unsigned long long)d->size, s);
        else if (d->size > UPLOAD_MAX)
            put(call, "unreplayable upload-of-%llu-bytes", (unsigned long long)d->size);
        else
            put_data(call, host, d->size, "upload %llu %llu stream %llu data", (unsigned long long)d->dstAddress,
                     (unsigned long long)d->size, s);
        return;
    }
    case SANITIZER_MEMCPY_DIRECTION_DEVICE_TO_HOST: {
        char at[RV_FRAMES_MAX * 20]; /* the line that copied, for the verdict's words */
        rv_frames_text(at, sizeof at);
        if (call != fetches_call) nfetches = 0, fetches_call = call;
        if (nfetches < FETCHES_MAX) fetches[nfetches++] = (struct fetch){d->srcAddress, d->size, d->hSrcStream, 0, {0}};
        put(call, "fetch %llu %llu stream %llu%s", (unsigned long long)d->srcAddress, (unsigned long long)d->size, s,
            at);
        return;
    }
    default: put(call, "unreplayable copy-direction-%d", (int)d->direction); return;
    }
}

void rv_queued_memset(const Sanitizer_MemsetData *d, unsigned call)
{
    if (!call) return;
    put(call, "memset %llu %llu %llu %llu %u %u stream %llu", (unsigned long long)d->address,
        (unsigned long long)d->width, (unsigned long long)(d->height ? d->height : 1), (unsigned long long)d->pitch,
        d->elementSize, d->value, (unsigned long long)(uintptr_t)d->stream);
}

void rv_queued_event(Sanitizer_CallbackId cbid, const Sanitizer_EventData *d, unsigned call)
{
    if (!call) return;
    if (cbid == SANITIZER_CBID_EVENTS_RECORD)
        put(call, "record %llu stream %llu", (unsigned long long)(uintptr_t)d->event,
            (unsigned long long)(uintptr_t)d->stream);
    else if (cbid == SANITIZER_CBID_EVENTS_STREAM_WAIT)
        put(call, "waitevent %llu stream %llu", (unsigned long long)(uintptr_t)d->event,
            (unsigned long long)(uintptr_t)d->stream);
    else if (cbid == SANITIZER_CBID_EVENTS_SYNCHRONIZE)
        put(call, "hold sync");
}

void rv_queued_sync(unsigned call)
{
    if (!call) return;
    fetches_read(call);
    if (!in_free) put(call, "hold sync");
}

void rv_queued_graph(unsigned call)
{
    if (call) put(call, "unreplayable graph");
}

void rv_queued_enable(Sanitizer_SubscriberHandle h,
                      SanitizerResult (*enable)(uint32_t, Sanitizer_SubscriberHandle, Sanitizer_CallbackDomain,
                                                Sanitizer_CallbackId))
{
    static const Sanitizer_CallbackId driver[] = {SANITIZER_CBID_DRIVER_API_cuLaunchKernel,
                                                  SANITIZER_CBID_DRIVER_API_cuLaunchKernel_ptsz,
                                                  SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel,
                                                  SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel_ptsz,
                                                  SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx,
                                                  SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx_ptsz,
                                                  SANITIZER_CBID_DRIVER_API_cuMemFree_v2,
                                                  SANITIZER_CBID_DRIVER_API_cuLaunchHostFunc,
                                                  SANITIZER_CBID_DRIVER_API_cuLaunchHostFunc_ptsz};
    static const Sanitizer_CallbackId runtime[] = {SANITIZER_CBID_RUNTIME_API_cudaLaunchKernel,
                                                   SANITIZER_CBID_RUNTIME_API_cudaLaunchKernel_ptsz,
                                                   SANITIZER_CBID_RUNTIME_API_cudaLaunchCooperativeKernel,
                                                   SANITIZER_CBID_RUNTIME_API_cudaLaunchCooperativeKernel_ptsz,
                                                   SANITIZER_CBID_RUNTIME_API_cudaLaunchKernelExC,
                                                   SANITIZER_CBID_RUNTIME_API_cudaLaunchKernelExC_ptsz,
                                                   SANITIZER_CBID_RUNTIME_API_cudaFree};
    for (size_t i = 0; i < sizeof driver / sizeof driver[0]; i++)
        enable(1, h, SANITIZER_CB_DOMAIN_DRIVER_API, driver[i]);
    for (Sanitizer_CallbackId id = 0; id < SANITIZER_CBID_DRIVER_API_SIZE; id++) { /* the stream memory operations */
        int bits, ptsz;
        if (memop_of(id, &bits, &ptsz)) enable(1, h, SANITIZER_CB_DOMAIN_DRIVER_API, id);
    }
    for (size_t i = 0; i < sizeof runtime / sizeof runtime[0]; i++)
        enable(1, h, SANITIZER_CB_DOMAIN_RUNTIME_API, runtime[i]);
    enable(1, h, SANITIZER_CB_DOMAIN_GRAPHS, SANITIZER_CBID_GRAPHS_LAUNCH_BEGIN);
    enable(1, h, SANITIZER_CB_DOMAIN_EVENTS, SANITIZER_CBID_EVENTS_RECORD);
    enable(1, h, SANITIZER_CB_DOMAIN_EVENTS, SANITIZER_CBID_EVENTS_STREAM_WAIT);
    enable(1, h, SANITIZER_CB_DOMAIN_EVENTS, SANITIZER_CBID_EVENTS_SYNCHRONIZE);
    enable(1, h, SANITIZER_CB_DOMAIN_MEMCPY, SANITIZER_CBID_MEMCPY_STARTING);
    enable(1, h, SANITIZER_CB_DOMAIN_MEMSET, SANITIZER_CBID_MEMSET_STARTING);
}
