/* queued.h — what the student's launch() queued on the GPU, recorded by the
 * tracer for the judge's runner (src/tracer/judge.cu), which replays it with
 * the judged calls' buffers and never runs the student's host code.
 *
 * OUT/queued.txt, one line an operation, in the order launch() made them,
 * only while the program is armed (inside launch()):
 *
 *   arrays in ADDR N out ADDR ADDR SLOTS stream S   (the driver's, once)
 *   call C m M                                      (launch()'s C-th call, of M elements)
 *   alloc ADDR BYTES sync|async stream S
 *   free ADDR sync|async stream S
 *   launch MODULE NAME grid X Y Z block X Y Z cluster X Y Z smem B coop 0|1
 *          stream S params HEX                      (the parameters' bytes)
 *   memset ADDR WIDTH HEIGHT PITCH ELEMSIZE VALUE stream S
 *   copy DST SRC BYTES stream S                     (device to device)
 *   upload DST BYTES stream S data HEX              (host to device, small)
 *   fetch SRC BYTES stream S [at OFF,...]           (device to host)
 *   upload-fetched DST K BYTES stream S             (host to device of the
 *                              bytes the call's K-th fetch (from 0) brought,
 *                              unchanged)
 *   waitvalue ADDR VALUE BITS FLAGS stream S        (cuStreamWaitValue32/64: BITS 32
 *                              or 64, FLAGS the comparison; a batch's waits too)
 *   writevalue ADDR VALUE BITS FLAGS stream S       (cuStreamWriteValue32/64, and
 *                              a batch's writes, each a line in its order)
 *   record EVENT stream S
 *   waitevent EVENT stream S
 *   hold WHAT [at OFF,...]    (launch() waited for the GPU: WHAT is sync or
 *                              host-function)
 *   unreplayable WHAT         (something the runner cannot make again)
 *
 * "at OFF,...": where the host made the call, the main program's return
 * addresses on its stack, innermost first, as offsets in the program (hex;
 * frames.h): reducevis names the student's line from them when the runner
 * cannot replay what follows.  A recording made before has none, and a
 * reader of before passes over it (each line is read field by field from
 * its start).
 *
 * Streams and events are the program's handles, as numbers: the runner maps
 * each to one of its own.  Nothing here is trusted by the runner beyond
 * what it can do with it: launch the student's own kernels. */
#ifndef RV_TRACER_QUEUED_H
#define RV_TRACER_QUEUED_H

#include <sanitizer.h>

/* Where the file goes (the tracer's OUT folder), and how the tool reads the
 * device's memory (0, or -1): an upload is compared with what launch()
 * copied to the host before it. */
void rv_queued_init(const char *out, int (*read)(void *dst, const void *src, size_t n, Sanitizer_StreamHandle s));

/* Each callback of a domain the recording needs, with the launch() call it
 * falls in (0: not inside launch(), nothing recorded) and, for a launch, the
 * index of its module (the tracer's numbering, module%d.cubin). */
void rv_queued_api(Sanitizer_CallbackDomain domain, Sanitizer_CallbackId cbid, const Sanitizer_CallbackData *d,
                   unsigned call);
void rv_queued_launch(const Sanitizer_LaunchData *d, int module, unsigned call);
void rv_queued_memory(int freed, int async, const Sanitizer_ResourceMemoryData *m, unsigned call);
void rv_queued_memcpy(const Sanitizer_MemcpyData *d, unsigned call);
void rv_queued_memset(const Sanitizer_MemsetData *d, unsigned call);
void rv_queued_event(Sanitizer_CallbackId cbid, const Sanitizer_EventData *d, unsigned call);
void rv_queued_sync(unsigned call);
void rv_queued_graph(unsigned call);

/* The dynamic shared memory of the launch API call in progress on this
 * thread (0 when none): the waves run's occupancy needs it. */
uint64_t rv_queued_smem(void);

/* The driver API and runtime API callbacks the recording asks for. */
void rv_queued_enable(Sanitizer_SubscriberHandle h,
                      SanitizerResult (*enable)(uint32_t, Sanitizer_SubscriberHandle, Sanitizer_CallbackDomain,
                                                Sanitizer_CallbackId));

#endif
