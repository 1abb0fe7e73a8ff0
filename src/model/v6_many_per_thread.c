/* v6_many_per_thread.c — the model of kernels/v6_many_per_thread.cu: a
 * grid-stride loop into a register (two elements per iteration), one store
 * to shared memory, then v5's unrolled tree and warp phase. */
#include "sim.h"

#include "core/versions.h"

static void load_grid_stride(rv_sim *m)
{
    uint64_t B = (uint64_t)m->B, n = m->cfg->n;
    uint64_t grid_size = 2 * B * m->grid;
    sim_step(m, RV_PHASE_LOAD, 0, "load", 0);
    for (int t = 0; t < m->B; t++) {
        float sum = 0.0f;
        for (uint64_t i = m->cfg->block * 2 * B + (uint64_t)t; i < n; i += grid_size) {
            float a = sim_rd_global(m, i);
            float b = sim_rd_global(m, i + B);
            sum += a + b;
        }
        sim_emit(m, t, "load", sum, SIM_S(t));
    }
    sim_end(m);
}

void rv_model_v6(rv_sim *m)
{
    load_grid_stride(m);
    sim_tree_sequential(m, 32, "tree%d");
    sim_warp_phase(m);
    sim_write_smem(m);
}
