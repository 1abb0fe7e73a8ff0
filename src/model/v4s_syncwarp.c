/* v4s_syncwarp.c — the model of kernels/v4s_syncwarp.cu: v4 with its warp
 * phase made safe: v = cache[tid]; then per level v += cache[tid + s],
 * __syncwarp(), cache[tid] = v (one step each side of the barrier). */
#include <stdio.h>

#include "sim.h"

static void warp_phase_syncwarp(rv_sim *m)
{
    char marker[32];
    sim_step(m, RV_PHASE_STORE, 0, "warp reg load", 0);
    for (int t = 0; t < 32; t++) sim_emit(m, t, "warp_load", sim_rd_smem(m, (uint64_t)t), SIM_R(t));
    sim_end(m);
    for (int s = 32; s > 0; s >>= 1) {
        snprintf(marker, sizeof marker, "warp%d", s);
        sim_step(m, RV_PHASE_WARP, s, "warp s=%d", s);
        for (int t = 0; t < 32; t++) {
            float v = sim_rd_reg(m, t);
            sim_emit(m, t, marker, v + sim_rd_smem(m, (uint64_t)(t + s)), SIM_R(t));
        }
        sim_end(m);
        sim_step(m, RV_PHASE_STORE, 0, "store s=%d", s);
        for (int t = 0; t < 32; t++) sim_emit(m, t, marker, sim_rd_reg(m, t), SIM_S(t));
        sim_end(m);
    }
}

void rv_model_v4s(rv_sim *m)
{
    sim_load_two(m, m->cfg->block * 2 * (uint64_t)m->B);
    sim_tree_sequential(m, 32, "tree");
    warp_phase_syncwarp(m);
    sim_write_smem(m);
}
