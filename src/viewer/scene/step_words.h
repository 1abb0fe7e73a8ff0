/* step_words.h — a step's label and phase in the reader's language.
 *
 * Step labels are data (a trace file stores "s=64", "warp s=16", "shfl 8",
 * "load + add", "last: gather" ...), written by the model and the capture
 * in English; the viewer shows them through the catalogue, keeping the code
 * in them ("s=64", "shfl 8", "atomicAdd") as it is.
 */
#ifndef VIEWER_STEP_WORDS_H
#define VIEWER_STEP_WORDS_H

#include <stddef.h>
#include "core/analysis.h"

/* The label of a step as the viewer shows it; an unknown label unchanged. */
const char *step_label(const char *label, char *buf, size_t len);

/* "load", "tree", "warp" ... translated. */
const char *step_phase_name(rv_phase p);

#endif
