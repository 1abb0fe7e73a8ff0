/* inspect_waves.h — `reducevis inspect`'s account of a trace's waves run
 * (src/core/waves.h): as text in the reader's language, or as JSON. */
#ifndef RV_CLI_INSPECT_WAVES_H
#define RV_CLI_INSPECT_WAVES_H

#include "core/waves.h"

/* Every launch's waves, after the launches' steps (nothing when w is NULL).
 * 0, or -1 when out of memory (with a message on stderr). */
int rv_inspect_waves_text(const rv_waves *w);
/* `"waves": [...]` (null when w is NULL), after `sep`. */
int rv_inspect_waves_json(const rv_waves *w, const char *sep);

#endif
