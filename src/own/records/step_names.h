/* step_names.h — what an own trace's steps are called, from what their
 * events did ("load", "s=128", "shfl 16", "atomic", "ticket"), and the lanes
 * of shuffles the tracer could not see, from their neighbours. */
#ifndef RV_OWN_STEP_NAMES_H
#define RV_OWN_STEP_NAMES_H

#include "core/trace.h"

/* Names step s (its phase, label and stride).  substeps: steps in its
 * barrier interval; after_shuffle: a shuffle step came before it;
 * shuffles: the step holds a shuffle the tracer saw. */
void rv_own_name_step(rv_trace *tr, int s, int substeps, int after_shuffle, int shuffles);

/* Fills in the lanes of shuffle steps between two whose distances are known
 * (RV_STEP_INFERRED), after every step is named. */
void rv_own_infer_shuffles(rv_trace *tr);

#endif
