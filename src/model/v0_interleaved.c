/* v0_interleaved.c — the model of kernels/v0_interleaved.cu: one element per
 * thread, then pairs at strides 1, 2, 4, ... added by the threads whose
 * tid % (2*s) == 0. */
#include "sim.h"

static int works(int t, int s, int B, int *dst)
{
    (void)B;
    *dst = t;
    return t % (2 * s) == 0;
}

void rv_model_v0(rv_sim *m)
{
    sim_load_one(m, m->cfg->block * (uint64_t)m->B);
    for (int s = 1; s < m->B; s *= 2) sim_tree_level(m, s, "tree", works);
    sim_write_smem(m);
}
