/* test_fidelity.c — FILE.rvt recorded on a GPU: the CPU model, run with the
 * same header (version, block size, N, block, data), must produce the same
 * events bit for bit, from the same kernel source. */
#include <inttypes.h>
#include <stdio.h>

#include "model/model.h"
#include "model/trace_read.h"
#include "core/trace.h"
#include "core/versions.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "no recorded traces in assets/traces: record them on a GPU with `reducevis capture`\n");
        printf("0 passed, 1 failed\n");
        return 1;
    }
    char err[512], msg[512];
    rv_trace *gpu = rv_trace_load(argv[1], err, sizeof err);
    if (!gpu) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    int failed = 0;
    if (gpu->origin_kind != RV_ORIGIN_GPU) {
        fprintf(stderr, "%s was not recorded on a GPU (origin: %s)\n", argv[1], gpu->origin);
        failed = 1;
    }
    if (gpu->source_hash != rv_version_source_hash(gpu->version)) {
        fprintf(stderr, "%s was recorded from another version of %s (source hash %016" PRIx64 ", now %016" PRIx64 "):"
                        " capture it again on a GPU\n", argv[1], rv_version(gpu->version)->file, gpu->source_hash,
                rv_version_source_hash(gpu->version));
        failed = 1;
    }
    rv_config cfg = {gpu->version, gpu->block_size, gpu->n, gpu->traced_block, gpu->data, gpu->grid};
    rv_trace *cpu = rv_model_run(&cfg, err, sizeof err);
    if (!cpu) {
        fprintf(stderr, "model: %s\n", err);
        failed = 1;
    } else if (rv_trace_compare(gpu, cpu, msg, sizeof msg)) {
        fprintf(stderr, "%s: the model differs from the GPU: %s\n", argv[1], msg);
        failed = 1;
    }
    if (!failed)
        printf("%s: v%d, %d steps x %d threads, recorded on %s (%s): the model matches bit for bit\n", argv[1],
               gpu->version, gpu->nsteps, gpu->block_size, gpu->origin, gpu->date);
    printf("%d passed, %d failed\n", !failed, failed);
    rv_trace_free(cpu);
    rv_trace_free(gpu);
    return failed;
}
