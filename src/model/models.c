/* models.c — which function models which version: the model's own index of
 * its per-version functions, by the kernel file each models (the file a
 * row of the version table names, as the GPU side finds that file's
 * launchers).  Which C function tells a kernel's steps is the model's
 * business, not a fact the table teaches, so the list is kept here, below
 * nothing of core: a new version's model function gets its line here, and
 * test_model fails for a row whose kernel file has no model.
 */
#include "model.h"

#include <string.h>

#include "core/versions.h"

/* The model functions, one file each in this folder (src/model/STEM.c
 * models kernels/STEM.cu). */
void rv_model_v0(struct rv_sim *m);
void rv_model_v1(struct rv_sim *m);
void rv_model_v2(struct rv_sim *m);
void rv_model_v3(struct rv_sim *m);
void rv_model_v4(struct rv_sim *m);
void rv_model_v5(struct rv_sim *m);
void rv_model_v6(struct rv_sim *m);
void rv_model_v7(struct rv_sim *m);
void rv_model_v4s(struct rv_sim *m);
void rv_model_v8(struct rv_sim *m);
void rv_model_v9(struct rv_sim *m);
void rv_model_v7cg(struct rv_sim *m);
void rv_model_v10(struct rv_sim *m);

static const struct {
    const char *file; /* the kernel file it models, as the table's row names it */
    rv_model_fn run;
} models[] = {
    {"v0_interleaved.cu", rv_model_v0},      {"v1_strided_index.cu", rv_model_v1},
    {"v2_sequential.cu", rv_model_v2},       {"v3_add_during_load.cu", rv_model_v3},
    {"v4_unroll_last_warp.cu", rv_model_v4}, {"v5_complete_unroll.cu", rv_model_v5},
    {"v6_many_per_thread.cu", rv_model_v6},  {"v7_shuffle.cu", rv_model_v7},
    {"v4s_syncwarp.cu", rv_model_v4s},       {"v8_vector_single_pass.cu", rv_model_v8},
    {"v9_atomic_add.cu", rv_model_v9},       {"v7cg_cg_reduce.cu", rv_model_v7cg},
    {"v10_cluster_dsmem.cu", rv_model_v10},
};

/* A row added to the table without its model here (or a model left after
 * its row went) stops the build; a misspelt file, test_model. */
_Static_assert(sizeof models / sizeof *models == RV_NUM_VERSIONS, "models"); /* one per version */

rv_model_fn rv_model_for(int version)
{
    const rv_version_info *info = rv_version(version);
    for (size_t i = 0; info && info->file && i < sizeof models / sizeof *models; i++)
        if (!strcmp(models[i].file, info->file)) return models[i].run;
    return NULL;
}
