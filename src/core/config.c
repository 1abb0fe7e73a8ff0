/* config.c — what to run (config.h): the seeds' defaults, the grid, and a
 * configuration checked against the version table before anything runs. */
#include "core/config.h"

#include <inttypes.h>
#include <stdio.h>

#include "core/i18n.h"
#include "core/trace.h"
#include "core/versions.h"

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
        snprintf(err, errlen, _("unknown version %d (expected 0..%d: %s)"), cfg->version, RV_NUM_VERSIONS - 1,
                 rv_version_list());
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
        snprintf(err, errlen,
                 _("a grid of %" PRIu32 " blocks is more than %s can use at N = %" PRIu64 " and block size %d: "
                   "at most %" PRIu64 " (one float4 per thread)"),
                 cfg->grid, rv_version_name(cfg->version), cfg->n, cfg->block_size, most);
        return -1;
    }
    if (cfg->grid && cfg->grid % (uint32_t)rv_version_cluster(cfg->version)) {
        snprintf(err, errlen,
                 _("a grid of %" PRIu32 " blocks is not whole clusters: %s launches clusters of %d blocks"), cfg->grid,
                 rv_version_name(cfg->version), rv_version_cluster(cfg->version));
        return -1;
    }
    if (cfg->grid && !rv_version_has(cfg->version, RV_VP_FILLS_GPU) && cfg->grid != most) {
        snprintf(err, errlen,
                 _("%s at N = %" PRIu64 " and block size %d runs exactly %" PRIu64
                   " blocks; only a version whose grid fills the GPU can choose its grid"),
                 rv_version_name(cfg->version), cfg->n, cfg->block_size, most);
        return -1;
    }
    uint64_t grid = rv_config_grid(cfg);
    if (rv_version_has(cfg->version, RV_VP_FILLS_GPU)) {
        uint64_t gather, reads = tile_reads_per_thread(cfg->block_size, cfg->n, grid, &gather);
        if (!rv_version_has(cfg->version, RV_VP_LAST_BLOCK)) gather = 0; /* only a last block gathers */
        if (reads > RV_MAX_READS || gather > RV_MAX_READS) {
            snprintf(err, errlen,
                     _("%s at N = %" PRIu64 " with %" PRIu64 " blocks of %d threads reads %" PRIu64
                       " values per thread in one step, "
                       "but a trace holds at most %d: choose a larger grid (up to %" PRIu64 ") or a smaller N"),
                     rv_version_name(cfg->version), cfg->n, grid, cfg->block_size, reads > gather ? reads : gather,
                     RV_MAX_READS, most);
            return -1;
        }
    }
    if (cfg->block >= grid) {
        snprintf(err, errlen,
                 ngettext("block %" PRIu32 " does not exist: %s with N = %" PRIu64 " and block size %d runs %" PRIu64
                          " block (0..%" PRIu64 ")",
                          "block %" PRIu32 " does not exist: %s with N = %" PRIu64 " and block size %d runs %" PRIu64
                          " blocks (0..%" PRIu64 ")",
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
