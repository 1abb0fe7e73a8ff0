/* model.h — the CPU reference model: every version, step by step, in C.
 *
 * It emits exactly the events the instrumented kernels record on the GPU, so
 * the tool works without a GPU (any block size, any data pattern) and CI can
 * prove that the model reproduces the GPU-recorded traces bit for bit.
 */
#ifndef RV_MODEL_H
#define RV_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include "core/config.h"
#include "core/data.h"
#include "core/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

struct rv_sim;
/* A version's CPU model: the steps of its kernel, on the block simulator. */
typedef void (*rv_model_fn)(struct rv_sim *m);

/* The model function of version `version`, found by the kernel file its row
 * names (models.c), or NULL for one without (a student's kernel, an unknown
 * id). */
rv_model_fn rv_model_for(int version);

/* The steps a version takes at a block size (labels, strides, phases).
 * Fills steps[0..RV_MAX_STEPS) and returns how many there are. */
int rv_model_plan(int version, int block_size, rv_step *steps);

/* The first step of the plan that only the block drawing the last ticket
 * runs (the last block's phase), or the number of steps when every step is the
 * traced block's own. */
int rv_model_last_block_step(int version, int block_size);

/* Runs the model of cfg's traced block (and a last block's phase, from every
 * block's partial, where the version has one). The trace's origin is "CPU model".
 * Returns NULL with a message in err (bad config, out of memory). */
rv_trace *rv_model_run(const rv_config *cfg, char *err, size_t errlen);

/* A trace with cfg's header and the version's steps, every event "not
 * executed": what the model and a GPU capture both fill in.  origin says
 * which; the caller names a GPU and its date.  NULL with err when memory
 * runs out. */
rv_trace *rv_trace_begin(const rv_config *cfg, uint32_t grid, rv_origin_kind origin, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
