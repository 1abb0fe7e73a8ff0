/* model.c — the CPU reference model: configurations, the run, the plan.
 *
 * A version's model is one function in its own file in this folder, named
 * in the version table; it tells its kernel's steps to the block simulator
 * (sim.h).  Run with a trace it records every thread's events; run without
 * one it only collects the steps, which is the version's plan: the plan is
 * the model itself, not a second description that could disagree with it.
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

rv_config rv_config_default(void)
{
    rv_config c = {0, 256, 1ull << 25, 0, {RV_DATA_ONES, 0}, 0};
    return c;
}

uint32_t rv_config_grid(const rv_config *cfg)
{
    return cfg->grid ? cfg->grid : (uint32_t)rv_version_grid(cfg->version, cfg->block_size, cfg->n);
}

/* A version that fills the GPU: the most reads one thread records in one
 * step, at this grid (four float4s from each tile of block 0, which has the
 * most, plus one tail element; or the partials one thread of a last block
 * gathers). */
static uint64_t tile_reads_per_thread(int B, uint64_t n, uint64_t grid, uint64_t *gather)
{
    uint64_t tiles = (n / 4 + RV_FILL_UNROLL * (uint64_t)B - 1) / (RV_FILL_UNROLL * (uint64_t)B);
    *gather = (grid + (uint64_t)B - 1) / (uint64_t)B;
    return RV_FILL_UNROLL * ((tiles + grid - 1) / grid) + (n % 4 ? 1 : 0);
}

int rv_config_check(const rv_config *cfg, char *err, size_t errlen)
{
    const char *why;
    if (!rv_version(cfg->version)) {
        snprintf(err, errlen, _("unknown version %d (expected 0..%d: %s)"), cfg->version, RV_NUM_VERSIONS - 1, rv_version_list());
        return -1;
    }
    if ((why = rv_version_check_block(cfg->version, cfg->block_size))) {
        snprintf(err, errlen, _("block size %d for %s: %s"), cfg->block_size, rv_version_name(cfg->version), _(why));
        return -1;
    }
    if (cfg->n < 1 || cfg->n > RV_MAX_N) {
        snprintf(err, errlen, _("N = %" PRIu64 " is out of range: it must be at least 1 and at most 2^31"), cfg->n);
        return -1;
    }
    uint64_t most = rv_version_grid_max(cfg->version, cfg->block_size, cfg->n);
    if (cfg->grid && rv_version_has(cfg->version, RV_VP_FILLS_GPU) && cfg->grid > most) {
        snprintf(err, errlen, _("a grid of %" PRIu32 " blocks is more than %s can use at N = %" PRIu64 " and block size %d: "
                 "at most %" PRIu64 " (one float4 per thread)"), cfg->grid, rv_version_name(cfg->version), cfg->n, cfg->block_size, most);
        return -1;
    }
    if (cfg->grid && cfg->grid % (uint32_t)rv_version_cluster(cfg->version)) {
        snprintf(err, errlen, _("a grid of %" PRIu32 " blocks is not whole clusters: %s launches clusters of %d blocks"),
                 cfg->grid, rv_version_name(cfg->version), rv_version_cluster(cfg->version));
        return -1;
    }
    if (cfg->grid && !rv_version_has(cfg->version, RV_VP_FILLS_GPU) && cfg->grid != most) {
        snprintf(err, errlen, _("%s at N = %" PRIu64 " and block size %d runs exactly %" PRIu64 " blocks; only a version whose grid fills the GPU can choose its grid"),
                 rv_version_name(cfg->version), cfg->n, cfg->block_size, most);
        return -1;
    }
    uint64_t grid = rv_config_grid(cfg);
    if (rv_version_has(cfg->version, RV_VP_FILLS_GPU)) {
        uint64_t gather, reads = tile_reads_per_thread(cfg->block_size, cfg->n, grid, &gather);
        if (!rv_version_has(cfg->version, RV_VP_LAST_BLOCK)) gather = 0; /* only a last block gathers */
        if (reads > RV_MAX_READS || gather > RV_MAX_READS) {
            snprintf(err, errlen, _("%s at N = %" PRIu64 " with %" PRIu64 " blocks of %d threads reads %" PRIu64 " values per thread in one step, "
                     "but a trace holds at most %d: choose a larger grid (up to %" PRIu64 ") or a smaller N"),
                     rv_version_name(cfg->version), cfg->n, grid, cfg->block_size, reads > gather ? reads : gather, RV_MAX_READS, most);
            return -1;
        }
    }
    if (cfg->block >= grid) {
        snprintf(err, errlen,
                 ngettext("block %" PRIu32 " does not exist: %s with N = %" PRIu64 " and block size %d runs %" PRIu64 " block (0..%" PRIu64 ")",
                          "block %" PRIu32 " does not exist: %s with N = %" PRIu64 " and block size %d runs %" PRIu64 " blocks (0..%" PRIu64 ")",
                          (unsigned long)grid),
                 cfg->block, rv_version_name(cfg->version), cfg->n, cfg->block_size, grid, grid - 1);
        return -1;
    }
    if ((unsigned)cfg->data.kind >= RV_DATA_KIND_COUNT) {
        snprintf(err, errlen, "%s", _("unknown data pattern"));
        return -1;
    }
    return 0;
}

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
    if (m.smem && m.smem_next && m.reg && m.reg_next) rv_version(cfg->version)->model(&m);
    else m.oom = 1;
    free(m.smem); free(m.smem_next); free(m.reg); free(m.reg_next);
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
    if (!rv_version(version) || rv_version_check_block(version, block_size)) return 0;
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
