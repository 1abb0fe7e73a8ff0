/* v7_shuffle.c — the model of kernels/v7_shuffle.cu: 32 elements per thread,
 * blockDim apart, summed in a register; then the block's sum by warp
 * shuffles (sim_block_sum) and thread 0's write. */
#include "sim.h"

void rv_model_v7(rv_sim *m)
{
    sim_load_strided_to_reg(m);
    sim_block_sum(m, "");
    sim_write_reg(m);
}
