/* v7cg_cg_reduce.c — the model of kernels/v7cg_cg_reduce.cu: v7's load, then
 * cg::reduce over each warp (CUDA's xor butterfly: lane l adds lane l ^ 16,
 * ^ 8, ^ 4, ^ 2, ^ 1 in turn, so every lane ends with the warp's sum), lane
 * 0's partials through shared memory, cg::reduce again in the first warp,
 * thread 0's write.  A cg::reduce is one step: each lane reads all 32. */
#include <string.h>

#include "sim.h"

/* cg::reduce over the tiles of the first nthreads threads. */
static void tile_reduce(rv_sim *m, int nthreads, const char *label, const char *marker)
{
    sim_step(m, RV_PHASE_SHUFFLE, 0, label, 0);
    for (int w = 0; w < nthreads; w += 32) {
        float v[32], next[32];
        memcpy(v, m->reg + w, sizeof v);
        for (int mask = 16; mask > 0; mask >>= 1) {
            for (int l = 0; l < 32; l++) next[l] = v[l] + v[l ^ mask];
            memcpy(v, next, sizeof v);
        }
        for (int l = 0; l < 32; l++) {
            for (int k = 0; k < 32; k++) sim_rd_lane(m, w + l, k);
            sim_emit(m, w + l, marker, v[l], SIM_R(w + l));
        }
    }
    sim_end(m);
}

void rv_model_v7cg(rv_sim *m)
{
    int nwarps = m->B / 32;
    sim_load_strided_to_reg(m);
    tile_reduce(m, m->B, "cg::reduce", "warp_reduce");
    sim_step(m, RV_PHASE_STORE, 0, "warp sums", 0);
    for (int t = 0; t < m->B; t += 32) sim_emit(m, t, "warp_sums", sim_rd_reg(m, t), SIM_S(t / 32));
    sim_end(m);
    sim_step(m, RV_PHASE_STORE, 0, "reload", 0);
    for (int t = 0; t < 32; t++) {
        float x = t < nwarps ? sim_rd_smem(m, (uint64_t)t) : 0.0f;
        sim_emit(m, t, "reload", x, SIM_R(t));
    }
    sim_end(m);
    tile_reduce(m, 32, "final cg::reduce", "block_reduce");
    sim_write_reg(m);
}
