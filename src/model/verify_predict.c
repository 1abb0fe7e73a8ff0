/* verify_predict.c — the trace analysis's counts for one whole launch
 * (verify_predict.h).
 *
 * Every block of a first pass follows the same addresses when N fills them,
 * so a block's counts times the grid are the launch's; the steps from the
 * last block's on run once.  A version over thread-block clusters is traced
 * once per rank (block r is rank r of the first cluster), each rank's counts
 * times the clusters: after cluster.sync() only rank 0 goes on, and only it
 * reads the other blocks' shared memory. */
#include "model/verify_predict.h"

#include <string.h>

#include "core/analysis.h"
#include "model/model.h"
#include "core/versions.h"

int rv_verify_predict(int v, int B, uint64_t n, uint32_t grid, rv_prediction *p, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    int cluster = rv_version_cluster(v);
    int last_block = rv_model_last_block_step(v, B); /* from here on: once per launch */
    double lanes = 0, insts = 0;
    for (int rank = 0; rank < cluster; rank++) {
        rv_config cfg = {v, B, n, (uint32_t)rank, {RV_DATA_ONES, 0}, grid};
        rv_trace *tr = rv_model_run(&cfg, err, errlen);
        if (!tr) return -1;
        rv_analysis *an = rv_analyze(tr, err, errlen);
        if (!an) {
            rv_trace_free(tr);
            return -1;
        }
        for (int s = 0; s < tr->nsteps; s++) {
            if (s >= last_block && rank > 0) break; /* the last block's steps: counted with rank 0's */
            double times = s < last_block ? (double)tr->grid / cluster : 1.0;
            /* one load instruction per rank named, per warp that runs the
               step (v10's thread 0 reads the three in a loop) */
            char ranks[16][8];
            int dsmem = rv_step_dsmem_ranks(&tr->steps[s], ranks, 16);
            for (int w = 0; w < an->nwarps; w++) {
                const rv_warp_info *wi = rv_analysis_warp(an, s, w);
                p->ld_wavefronts += wi->smem_ld_wavefronts * times;
                p->st_wavefronts += wi->smem_st_wavefronts * times;
                p->ld_inst += wi->smem_ld_requests * times;
                p->st_inst += wi->smem_st_requests * times;
                if (wi->active_lanes) {
                    p->dsmem_ld_inst += dsmem * times;
                    lanes += wi->active_lanes;
                    insts += 1;
                }
            }
        }
        rv_analysis_free(an);
        rv_trace_free(tr);
    }
    p->lanes_per_inst = insts ? lanes / insts : 0;
    return 0;
}
