/* v1_strided_index.c — the model of kernels/v1_strided_index.cu: as v0, but
 * thread tid adds at index = 2*s*tid while that is inside the block. */
#include "sim.h"

static int works(int t, int s, int B, int *dst)
{
    *dst = 2 * s * t;
    return *dst < B;
}

void rv_model_v1(rv_sim *m)
{
    sim_load_one(m, m->cfg->block * (uint64_t)m->B);
    for (int s = 1; s < m->B; s *= 2) sim_tree_level(m, s, "tree", works);
    sim_write_smem(m);
}
