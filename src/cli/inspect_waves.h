/* inspect_waves.h — `reducevis inspect`'s account of a trace's waves run
 * (src/core/waves.h): as text in the reader's language, or as JSON. */
#ifndef RV_CLI_INSPECT_WAVES_H
#define RV_CLI_INSPECT_WAVES_H

#include "core/trace.h"
#include "core/waves.h"

/* Every launch's waves, after the launches' steps (nothing when w is NULL).
 * 0, or -1 when out of memory (with a message on stderr). */
int rv_inspect_waves_text(const rv_waves *w);
/* `"waves": [...]` (null when w is NULL), after `sep`. */
int rv_inspect_waves_json(const rv_waves *w, const char *sep);

/* The line `trace` and `check` say of the waves run's cost, once the run is
 * made: stamped, all its launches' kernel times together; by the patch, the
 * whole reduction's, or why_not (nothing without a waves run). */
void rv_say_waves_cost(const rv_trace *tr, const char *why_not);

#endif
