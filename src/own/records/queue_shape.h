/* queue_shape.h — whether what launch() queued in the traced run
 * (WORK/queued.txt, src/tracer/queued.h) can be timed while the GPU waits.
 *
 * The timed calls (the driver's time mode, and the judge's runner, which
 * replays the recording) time each call with CUDA events on launch()'s
 * stream.  Where the GPU would start on a call's first kernel before the
 * host had queued the rest, the events would hold the host's pace: the
 * runner's replay of a launch reaches the GPU about a microsecond later
 * than a student's own <<< >>> (3% of a 40 us reduction).  So each call is
 * queued while the GPU waits, then let go (driver.cu's window), when every
 * operation of the recording is on launch()'s own stream and none makes the
 * host wait for the GPU: launches, memsets, device copies, events, stream
 * memory operations, and allocations and frees made on the stream.  Any
 * other stream, a copy to or from the host, a plain cudaFree (which waits
 * for the device) or a wait of launch()'s own: the calls are timed as the
 * GPU runs them, the host's pace in the time, on both sides alike. */
#ifndef RV_OWN_QUEUE_SHAPE_H
#define RV_OWN_QUEUE_SHAPE_H

#include <stddef.h>

/* 1 where the recording's text (queued.txt's) can be timed while the GPU
 * waits, else 0 (also for text that is not a recording). */
int rv_queue_holdable(const char *text);
/* ... of WORK/queued.txt: 0 where there is none or it cannot be read. */
int rv_queue_holdable_in(const char *work);

#endif
