/* own_gpcs.h — the GPU's GPCs onto a student's waves run (by the patch),
 * in `trace --waves` and in a check's waves (own_gpcs.c). */
#ifndef RV_CLI_OWN_GPCS_H
#define RV_CLI_OWN_GPCS_H

#include "core/trace.h"

/* The GPU's GPCs probed (gpu.h, rv_gpu_waves_gpcs) after tr's waves run, in
 * this process (the student's program has ended), and kept where they agree
 * with the run; else the recording goes without them, said on stdout.
 * Nothing where tr has no waves run. */
void rv_own_gpcs(rv_trace *tr);

#endif
