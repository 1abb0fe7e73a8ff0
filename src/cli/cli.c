/* cli.c — the commands that make traces: `versions`, `simulate` (CPU
 * model) and `capture` (GPU).  The option parsing every command shares is
 * core/args.c's. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gpu.h"
#include "own/trace_run.h"
#include "core/versions.h"
#include "core/i18n.h"

int cmd_versions(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf(_("usage: reducevis versions\n\nLists the reduction versions in teaching order, one line each.\n"));
        printf("%s", _("\n  --names   only the names, one a line (for scripts and shell completion)\n"));
        return RV_EXIT_OK;
    }
    if (argc > 1 && !strcmp(argv[1], "--names") && argc == 2) {
        /* for scripts and shell completion: nothing but the names */
        for (int k = 0; k < RV_NUM_VERSIONS; k++)
            printf("%s\n", rv_version_at(k)->name);
        return RV_EXIT_OK;
    }
    if (argc > 1) return rv_usage_error("versions", _("unexpected argument '%s'"), argv[1]);
    for (int k = 0; k < RV_NUM_VERSIONS; k++) {
        const rv_version_info *info = rv_version_at(k);
        printf("%-5s ", info->name);
        rv_print_padded(_(info->title), 26);
        printf(" %s\n", _(info->summary));
        if (info->note) {
            printf("%-5s ", "");
            rv_print_padded("", 26);
            printf(_(" note: %s\n"), _(info->note));
        }
    }
    printf(_("\nNumbering follows the seed document 002; the others number the same ideas one higher.\n"));
    return RV_EXIT_OK;
}

static void trace_usage(const char *cmd, const char *what)
{
    printf(_("usage: reducevis %s --version V [--block-size B] [--n N] [--block K] [--grid G]\n"
           "                 [--data ones|index|mod10|random[:SEED]] -o FILE.rvt\n\n"
           "%s\n\n"
           "  --version V      a version's name (see `reducevis versions`)\n"
           "  --block-size B   threads per block, a power of two 32..1024 (default 256;\n"
           "                   a version whose last warp reads sdata[tid + 32] needs 64)\n"
           "  --n N            elements in the array, 1 .. 2^31 (default 2^25; 2^K accepted)\n"
           "  --block K        which block to trace (default 0)\n"
           "  --grid G         a version whose grid fills the GPU only: blocks in the grid,\n"
           "                   1 .. N / (4 x B) rounded up; by default\n"
           "                   capture fills the GPU it runs on and simulate assumes an H100/H200\n"
           "                   (132 SMs x 2048 threads); the other versions' grid follows from N\n"
           "  --data PATTERN   input values (default ones)\n"
           "  -o FILE.rvt      where to write the trace\n"), cmd, what);
    printf("%s", rv_kernel_option_note());
}

/* simulate and capture take the same options; `run` makes the trace. */
static int make_trace(int argc, char **argv, const char *cmd, const char *what,
                      rv_trace *(*run)(const rv_config *, char *, size_t))
{
    rv_config cfg = rv_config_default();
    const char *out = NULL;
    int have_version = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            trace_usage(cmd, what);
            return RV_EXIT_OK;
        }
        if (!strcmp(argv[i], "-o")) {
            if (i + 1 >= argc) return rv_usage_error(cmd, _("-o needs a file name"));
            out = argv[++i];
            continue;
        }
        have_version |= !strcmp(argv[i], "--version") || !strcmp(argv[i], "--kernel");
        int used = rv_parse_config_option(argc, argv, i, &cfg, cmd);
        if (used < 0) return RV_EXIT_USAGE;
        if (used == 0) return rv_usage_error(cmd, _("unknown option '%s'"), argv[i]);
        i += used - 1;
    }
    if (!have_version) return rv_usage_error(cmd, _("--version is required (%s)"), rv_version_list());
    if (!out) return rv_usage_error(cmd, _("-o FILE.rvt is required"));
    char err[512];
    if (rv_config_check(&cfg, err, sizeof err)) return rv_usage_error(cmd, "%s", err);
    rv_trace *tr = run(&cfg, err, sizeof err);
    if (!tr) {
        fprintf(stderr, "reducevis %s: %s\n", cmd, err);
        return RV_EXIT_RUNTIME;
    }
    int rc = rv_trace_save(tr, out, err, sizeof err);
    if (rc) fprintf(stderr, "reducevis %s: %s\n", cmd, err);
    else printf(_("%s: %s, block size %d, N = %llu, block %u of %u, %d steps, from %s\n"), out, rv_version_name(tr->version),
                tr->block_size, (unsigned long long)tr->n, tr->traced_block, tr->grid, tr->nsteps, tr->origin);
    rv_trace_free(tr);
    return rc ? RV_EXIT_RUNTIME : RV_EXIT_OK;
}

int cmd_simulate(int argc, char **argv)
{
    return make_trace(argc, argv, "simulate",
                      _("Runs the CPU model of one version and records one block's steps (no GPU needed)."),
                      rv_model_run);
}

static rv_trace *capture_on_gpu(const rv_config *cfg, char *err, size_t errlen)
{
    char why[256];
    if (!rv_gpu_available(why, sizeof why)) {
        snprintf(err, errlen, _("%s; without a GPU, `reducevis simulate` records the same trace from the CPU model"), why);
        return NULL;
    }
    /* a kernel file without trace macros is traced unchanged (docs/kernels.md) */
    return rv_gpu_instrumented(cfg->version) ? rv_gpu_capture(cfg, err, errlen) : rv_own_capture(cfg, err, errlen);
}

int cmd_capture(int argc, char **argv)
{
    return make_trace(argc, argv, "capture",
                      _("Runs one version's kernel on the GPU and records one block's steps: a kernel without\n"
                        "trace macros traced unchanged through the Compute Sanitizer (as `trace --kernel`;\n"
                        "kept only when every event is the CPU model's), the others through their macros\n"
                        "into the device trace buffer (docs/kernels.md says which and why); also checks\n"
                        "the whole sum."),
                      capture_on_gpu);
}
