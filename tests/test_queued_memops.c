/* test_queued_memops.c — the tracer's recording of launch()'s stream memory
 * operations (src/tracer/queued.c), without a GPU: the driver API callbacks
 * are called as the Compute Sanitizer calls them, with the API call's own
 * arguments.  cuStreamWaitValue32/64 and cuStreamWriteValue32/64 (the _v2
 * the toolkit's names stand for, the first version and the per-thread
 * forms) each become one line of queued.txt with their address, value,
 * width, flags and stream (the per-thread default stream named as the
 * runner names it); a batch becomes one line an operation, in its order,
 * and a barrier in it is written as what cannot be replayed; nothing is
 * recorded outside launch() or at the call's exit; every one of the 20
 * callbacks is asked for. */
#define _GNU_SOURCE
#include <cuda.h>
#include <sanitizer.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "queued.h"

static char dir[64], path[128];

static void api(Sanitizer_CallbackId cbid, const void *params, int enter, unsigned call)
{
    Sanitizer_CallbackData d;
    memset(&d, 0, sizeof d);
    d.callbackSite = enter ? SANITIZER_API_ENTER : SANITIZER_API_EXIT;
    d.functionParams = params;
    rv_queued_api(SANITIZER_CB_DOMAIN_DRIVER_API, cbid, &d, call);
}

typedef struct { CUstream s; CUdeviceptr addr; cuuint32_t value; unsigned flags; } args32;
typedef struct { CUstream s; CUdeviceptr addr; cuuint64_t value; unsigned flags; } args64;
typedef struct { CUstream s; unsigned count; CUstreamBatchMemOpParams *ops; unsigned flags; } batch;

static int enabled[SANITIZER_CBID_DRIVER_API_SIZE];
static SanitizerResult enable(uint32_t on, Sanitizer_SubscriberHandle h, Sanitizer_CallbackDomain domain,
                              Sanitizer_CallbackId cbid)
{
    (void)h;
    if (on && domain == SANITIZER_CB_DOMAIN_DRIVER_API && cbid < SANITIZER_CBID_DRIVER_API_SIZE) enabled[cbid] = 1;
    return SANITIZER_SUCCESS;
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/rv-queued-memops-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    snprintf(path, sizeof path, "%s/queued.txt", dir);
    setenv("RV_TRACER_ARRAYS", "in 1000 4 out 2000 3000 2 stream 77", 1);
    setenv("RV_TRACER_CALL_N", "4", 1);
    rv_queued_init(dir, NULL);

    args32 w32 = {(CUstream)(uintptr_t)77, 0x7f0000000100ull, 5, CU_STREAM_WAIT_VALUE_EQ};
    args64 v64 = {(CUstream)(uintptr_t)88, 0x7f0000000108ull, 1ull << 40, CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER};
    args32 ptsz = {NULL, 0x7f0000000100ull, 6, CU_STREAM_WAIT_VALUE_GEQ};
    api(SANITIZER_CBID_DRIVER_API_cuStreamWaitValue32_v2, &w32, 1, 0);        /* outside launch(): nothing */
    api(SANITIZER_CBID_DRIVER_API_cuStreamWaitValue32_v2, &w32, 1, 1);
    api(SANITIZER_CBID_DRIVER_API_cuStreamWaitValue32_v2, &w32, 0, 1);        /* its exit: nothing */
    api(SANITIZER_CBID_DRIVER_API_cuStreamWriteValue64, &v64, 1, 1);
    api(SANITIZER_CBID_DRIVER_API_cuStreamWaitValue32_v2_ptsz, &ptsz, 1, 1);
    CUstreamBatchMemOpParams ops[3];
    memset(ops, 0, sizeof ops);
    ops[0].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
    ops[0].writeValue.address = 0x7f0000000110ull;
    ops[0].writeValue.value = 9;
    ops[1].waitValue.operation = CU_STREAM_MEM_OP_WAIT_VALUE_64;
    ops[1].waitValue.address = 0x7f0000000118ull;
    ops[1].waitValue.value64 = 10;
    ops[1].waitValue.flags = CU_STREAM_WAIT_VALUE_AND;
    ops[2].memoryBarrier.operation = CU_STREAM_MEM_OP_BARRIER;
    batch b = {(CUstream)(uintptr_t)77, 3, ops, 0};
    api(SANITIZER_CBID_DRIVER_API_cuStreamBatchMemOp_v2, &b, 1, 1);

    FILE *f = fopen(path, "r");
    char text[4096] = "";
    size_t got = f ? fread(text, 1, sizeof text - 1, f) : 0;
    text[got] = 0;
    if (f) fclose(f);
    char want[1024];
    snprintf(want, sizeof want,
             "queued 1\narrays in 1000 4 out 2000 3000 2 stream 77\ncall 1 m 4\n"
             "waitvalue %llu 5 32 1 stream 77\n"
             "writevalue %llu 1099511627776 64 1 stream 88\n"
             "waitvalue %llu 6 32 0 stream %llu\n"
             "writevalue %llu 9 32 0 stream 77\n"
             "waitvalue %llu 10 64 2 stream 77\n"
             "unreplayable cuStreamBatchMemOp-operation-6\n",
             0x7f0000000100ull, 0x7f0000000108ull, 0x7f0000000100ull,
             (unsigned long long)(uintptr_t)CU_STREAM_PER_THREAD, 0x7f0000000110ull, 0x7f0000000118ull);
    CHECK(!strcmp(text, want), "the recording:\n%s\nexpected:\n%s", text, want);

    rv_queued_enable(NULL, enable);
    static const Sanitizer_CallbackId memops[] = {
        SANITIZER_CBID_DRIVER_API_cuStreamWaitValue32, SANITIZER_CBID_DRIVER_API_cuStreamWaitValue32_ptsz,
        SANITIZER_CBID_DRIVER_API_cuStreamWaitValue32_v2, SANITIZER_CBID_DRIVER_API_cuStreamWaitValue32_v2_ptsz,
        SANITIZER_CBID_DRIVER_API_cuStreamWaitValue64, SANITIZER_CBID_DRIVER_API_cuStreamWaitValue64_ptsz,
        SANITIZER_CBID_DRIVER_API_cuStreamWaitValue64_v2, SANITIZER_CBID_DRIVER_API_cuStreamWaitValue64_v2_ptsz,
        SANITIZER_CBID_DRIVER_API_cuStreamWriteValue32, SANITIZER_CBID_DRIVER_API_cuStreamWriteValue32_ptsz,
        SANITIZER_CBID_DRIVER_API_cuStreamWriteValue32_v2, SANITIZER_CBID_DRIVER_API_cuStreamWriteValue32_v2_ptsz,
        SANITIZER_CBID_DRIVER_API_cuStreamWriteValue64, SANITIZER_CBID_DRIVER_API_cuStreamWriteValue64_ptsz,
        SANITIZER_CBID_DRIVER_API_cuStreamWriteValue64_v2, SANITIZER_CBID_DRIVER_API_cuStreamWriteValue64_v2_ptsz,
        SANITIZER_CBID_DRIVER_API_cuStreamBatchMemOp, SANITIZER_CBID_DRIVER_API_cuStreamBatchMemOp_ptsz,
        SANITIZER_CBID_DRIVER_API_cuStreamBatchMemOp_v2, SANITIZER_CBID_DRIVER_API_cuStreamBatchMemOp_v2_ptsz};
    for (size_t i = 0; i < sizeof memops / sizeof memops[0]; i++)
        CHECK(enabled[memops[i]], "callback %u asked for", (unsigned)memops[i]);
    unlink(path);
    rmdir(dir);
    return check_report();
}
