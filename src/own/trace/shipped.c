/* shipped.c — a shipped kernel as a student's file (shipped.h): the
 * version's source, then a launch() that runs it with its version's grid. */
#include "own/trace/shipped.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/datadir.h"
#include "core/i18n.h"
#include "own/run/program_run.h"

/* A shipped kernel as a student's file: its text, then a launch() that runs
 * it with its version's grid (the proof traces every kernel this way). */
static char *shipped_with_launch(const rv_version_info *vi)
{
    static const char fmt[] =
        "\n// ---- added by `reducevis trace --kernel`: the launch() every traced file has ----\n"
        "unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)\n"
        "{\n"
        "    const timed::kernel_entry &k = timed::rv_kernel_%s;\n"
        "    unsigned int per_block = block * %d, grid = (n + per_block - 1) / per_block;\n"
        "    if (%d) { /* fills the GPU: its resident blocks, at most one float4 a thread */\n"
        "        unsigned int most = (n + 4 * block - 1) / (4 * block), r = k.resident_grid ? k.resident_grid(block) : 0;\n"
        "        most = (most + %d - 1) / %d * %d; /* whole clusters, where its launch has them */\n"
        "        grid = r && r < most ? r : most;\n"
        "    }\n"
        "    k.launch(in, out, n, grid, block, stream);\n"
        "    if (%d) { /* a single pass leaves the result after the partials */\n"
        "        cudaMemcpyAsync(out, out + grid, sizeof(float), cudaMemcpyDeviceToDevice, stream);\n"
        "        return 1;\n"
        "    }\n"
        "    return grid;\n"
        "}\n";
    const char *src = rv_version_source(vi->id);
    char stem[64];
    snprintf(stem, sizeof stem, "%s", vi->file);
    char *dot = strrchr(stem, '.');
    if (dot) *dot = 0;
    size_t len = strlen(src) + sizeof fmt + 256;
    char *text = malloc(len);
    if (!text) return NULL;
    int n = snprintf(text, len, "%s", src);
    int cluster = rv_version_cluster(vi->id);
    snprintf(text + n, len - (size_t)n, fmt, stem, vi->elems_per_thread, (vi->props & RV_VP_FILLS_GPU) != 0, cluster,
             cluster, cluster, (vi->props & RV_VP_SINGLE_PASS) != 0);
    return text;
}

int rv_own_shipped(const rv_version_info *vi, rv_own_opts *o, char **text, char *err, size_t errlen)
{
    static char include[RV_DATA_PATH_LEN]; /* o->extra_include points here */
    const char *dir = getenv("RV_KERNELS_DIR");
    rv_data_places places;
    rv_data_places_of("reducevis/kernels", RV_SOURCE_DIR "/kernels", &places);
    int at = rv_data_find(&places, "trace.cuh");
    if (!(dir && *dir) && at < 0)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, "%s",
                       _("the shipped kernels' headers (trace.cuh) are not installed"));
    snprintf(include, sizeof include, "%s", dir && *dir ? dir : places.path[at]);
    if (!(*text = shipped_with_launch(vi))) return rv_fail(err, errlen, RV_EXIT_RUNTIME, "%s", _("out of memory"));
    o->file = vi->file;
    o->text = *text;
    o->extra_include = include;
    return 0;
}
