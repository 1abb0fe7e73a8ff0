/* adopt.h — a shipped kernel traced unchanged becomes its version's GPU trace.
 *
 * `reducevis capture` of a version whose kernel file carries no trace macros
 * traces that file through the Compute Sanitizer path (as `trace --kernel`
 * does) and hands the result here.  The trace is adopted only when every
 * event the hardware recorded is the event the CPU model plans, step by step
 * and thread by thread: the same steps, lines, written values and places,
 * and reads.  Then it is written as an ordinary trace of that version
 * (format 1, origin the GPU), which verify, the fidelity test and every view
 * read as before.  Otherwise nothing is adopted and err names the first
 * difference: the version's kernel needs its macros back (docs/kernels.md).
 */
#ifndef RV_OWN_ADOPT_H
#define RV_OWN_ADOPT_H

#include <stddef.h>

#include "core/trace.h"

/* own: an own trace of version's kernel file (`trace --kernel`).  Returns the
 * adopted trace, or NULL with the first difference (or the failed sum) in err. */
rv_trace *rv_own_adopt(const rv_trace *own, int version, char *err, size_t errlen);

#endif
