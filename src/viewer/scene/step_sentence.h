/* step_sentence.h — what the threads of the block do at one step, in a
 * sentence (the block pane's banner, scene_block.c). */
#ifndef VIEWER_STEP_SENTENCE_H
#define VIEWER_STEP_SENTENCE_H

#include <stddef.h>

#include "core/analysis.h"
#include "core/trace.h"
#include "stepview.h"

/* Step `step` of tr in a sentence into buf: the version's own caption where
 * the version table has one for its label, else made from the trace (sv:
 * that step regrouped, stepview_build). */
void step_sentence(const rv_trace *tr, const rv_analysis *an, int step, const stepview *sv, char *buf, size_t len);

#endif
