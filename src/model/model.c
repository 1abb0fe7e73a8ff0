/* model.c — the CPU reference model: the run and the plan (what to run,
 * rv_config, is core/config.c's).
 *
 * A version's model is one function in its own file in this folder, found
 * by the kernel file its row names (models.c); it tells its kernel's steps
 * to the block simulator (sim.h).  Run with a trace it records every
 * thread's events; run without one it only collects the steps, which is the
 * version's plan: the plan is the model itself, not a second description
 * that could disagree with it.
 * Source lines come from markers the kernels carry (`// rv:NAME`), so
 * editing a kernel's code or comments cannot make model and GPU disagree
 * silently: a missing marker stops the model with a message.
 */
#include "model.h"
#include "core/i18n.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/versions.h"
#include "sim.h"

/* ---- the run ---------------------------------------------------------------- */

/* Runs cfg's model into tr (NULL: plan only, into plan[]); returns the steps
 * taken, or -1 when memory runs out.  *last_block gets the first step of a
 * last block's phase, or the steps taken when the version has none. */
static int simulate(const rv_config *cfg, rv_trace *tr, rv_step *plan, int *last_block)
{
    int B = cfg->block_size;
    size_t bytes = (size_t)B * sizeof(float);
    rv_sim m = {.cfg = cfg, .tr = tr, .plan = plan, .B = B, .grid = rv_config_grid(cfg), .last_block = -1};
    m.smem = calloc(1, bytes);
    m.smem_next = calloc(1, bytes);
    m.reg = calloc(1, bytes);
    m.reg_next = calloc(1, bytes);
    if (m.smem && m.smem_next && m.reg && m.reg_next)
        rv_model_for(cfg->version)(&m);
    else
        m.oom = 1;
    free(m.smem);
    free(m.smem_next);
    free(m.reg);
    free(m.reg_next);
    if (m.overflow) abort(); /* a programmer error: more steps or reads than a trace holds */
    if (last_block) *last_block = m.last_block >= 0 ? m.last_block : m.step;
    return m.oom ? -1 : m.step;
}

/* The plan of a version at a block size, and where its last block's phase
 * begins: the steps depend on these only, so the smallest run tells. */
static int plan_of(int version, int block_size, rv_step *steps, int *last_block)
{
    rv_config cfg = {version, block_size, 1, 0, {RV_DATA_ONES, 0}, 0};
    *last_block = 0;
    if (!rv_model_for(version) || rv_version_check_block(version, block_size)) return 0;
    int n = simulate(&cfg, NULL, steps, last_block);
    return n < 0 ? 0 : n;
}

int rv_model_plan(int version, int block_size, rv_step *steps)
{
    int last_block;
    return plan_of(version, block_size, steps, &last_block);
}

int rv_model_last_block_step(int version, int block_size)
{
    rv_step steps[RV_MAX_STEPS];
    int last_block;
    plan_of(version, block_size, steps, &last_block);
    return last_block;
}

rv_trace *rv_trace_begin(const rv_config *cfg, uint32_t grid, rv_origin_kind origin, char *err, size_t errlen)
{
    rv_step plan[RV_MAX_STEPS];
    int nsteps = rv_model_plan(cfg->version, cfg->block_size, plan);
    rv_trace *tr = nsteps > 0 ? rv_trace_new(cfg->block_size, nsteps) : NULL;
    if (!tr) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    memcpy(tr->steps, plan, (size_t)nsteps * sizeof *plan);
    tr->version = cfg->version;
    tr->n = cfg->n;
    tr->traced_block = cfg->block;
    tr->grid = grid;
    tr->data = cfg->data;
    tr->origin_kind = origin;
    if (origin == RV_ORIGIN_MODEL) snprintf(tr->origin, sizeof tr->origin, "CPU model");
    tr->source_hash = rv_version_source_hash(cfg->version);
    return tr;
}

rv_trace *rv_model_run(const rv_config *cfg, char *err, size_t errlen)
{
    if (rv_config_check(cfg, err, errlen)) return NULL;
    rv_trace *tr = rv_trace_begin(cfg, rv_config_grid(cfg), RV_ORIGIN_MODEL, err, errlen);
    if (!tr) return NULL;
    rv_step plan[RV_MAX_STEPS];
    int taken = simulate(cfg, tr, plan, NULL);
    if (taken < 0) {
        snprintf(err, errlen, "out of memory");
        rv_trace_free(tr);
        return NULL;
    }
    if (taken != tr->nsteps) abort(); /* the model took other steps than its own plan */
    return tr;
}
