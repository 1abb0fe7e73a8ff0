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
#include "own/trace/trace_run.h"
#include "core/versions.h"
#include "core/i18n.h"
#include "core/opts.h"

static const rv_opt versions_opts[] = {
    {'n', "names", 0, NULL, N_("only the names, one a line (for scripts and shell completion)"), NULL},
    {0},
};

static const rv_command_opts versions_cmd = {
    .cmd = "versions",
    .about = N_("Lists the reduction versions in teaching order, one line each."),
    .tables = {versions_opts},
};

int cmd_versions(int argc, char **argv)
{
    int names = 0;
    rv_opts p;
    rv_opts_begin(&p, &versions_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        if (rv_opts_ends(id)) return rv_opts_exit(id);
        if (id == RV_OPT_WORD) return rv_usage_error("versions", _("unexpected argument '%s'"), p.value);
        names = 1;
    }
    if (names) {
        /* for scripts and shell completion: nothing but the names */
        for (int k = 0; k < RV_NUM_VERSIONS; k++) printf("%s\n", rv_version_at(k)->name);
        return RV_EXIT_OK;
    }
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

enum { OPT_OUT = 'o' };

static const rv_opt make_trace_opts[] = {
    {OPT_OUT, NULL, 'o', "FILE.rvt", N_("where to write the trace"), "@file"},
    {0},
};

static void kernel_note(FILE *f) { fprintf(f, "%s", rv_kernel_option_note()); }

static const rv_command_opts simulate_cmd = {
    .cmd = "simulate",
    .words = "--version V",
    .tail = "-o FILE.rvt",
    .about = N_("Runs the CPU model of one version and records one block's steps (no GPU needed)."),
    .tables = {rv_version_opts, rv_run_opts, make_trace_opts},
    .notes = kernel_note,
};

static const rv_command_opts capture_cmd = {
    .cmd = "capture",
    .words = "--version V",
    .tail = "-o FILE.rvt",
    .about = N_("Runs one version's kernel on the GPU and records one block's steps: a kernel without\n"
                "trace macros traced unchanged through the Compute Sanitizer (as `trace --kernel`;\n"
                "kept only when every event is the CPU model's), the others through their macros\n"
                "into the device trace buffer (docs/kernels.md says which and why); also checks\n"
                "the whole sum."),
    .tables = {rv_version_opts, rv_run_opts, make_trace_opts},
    .notes = kernel_note,
};

/* simulate and capture take the same options; `run` makes the trace. */
static int make_trace(int argc, char **argv, const rv_command_opts *c,
                      rv_trace *(*run)(const rv_config *, char *, size_t))
{
    const char *cmd = c->cmd;
    rv_config cfg = rv_config_default();
    const char *out = NULL;
    int have_version = 0;
    rv_opts p;
    rv_opts_begin(&p, c, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        if (rv_opts_ends(id)) return rv_opts_exit(id);
        if (id == RV_OPT_WORD) return rv_usage_error(cmd, _("unexpected argument '%s'"), p.value);
        if (id == OPT_OUT)
            out = p.value;
        else if (rv_config_apply(&p, &cfg))
            return RV_EXIT_USAGE;
        have_version |= id == RV_CFG_VERSION;
    }
    if (!have_version) return rv_usage_error(cmd, _("--version is required (%s)"), rv_version_list());
    if (!out) return rv_usage_error(cmd, _("-o FILE.rvt is required"));
    char err[512];
    if (rv_config_check(&cfg, err, sizeof err)) return rv_usage_error(cmd, "%s", err);
    rv_trace *tr = run(&cfg, err, sizeof err);
    if (!tr) {
        rv_cmd_error(cmd, err);
        return RV_EXIT_RUNTIME;
    }
    int rc = rv_trace_save(tr, out, err, sizeof err);
    if (rc)
        rv_cmd_error(cmd, err);
    else
        printf(_("%s: %s, block size %d, N = %llu, block %u of %u, %d steps, from %s\n"), out,
               rv_version_name(tr->version), tr->block_size, (unsigned long long)tr->n, tr->traced_block, tr->grid,
               tr->nsteps, tr->origin);
    rv_trace_free(tr);
    return rc ? RV_EXIT_RUNTIME : RV_EXIT_OK;
}

int cmd_simulate(int argc, char **argv) { return make_trace(argc, argv, &simulate_cmd, rv_model_run); }

static rv_trace *capture_on_gpu(const rv_config *cfg, char *err, size_t errlen)
{
    char why[256];
    if (!rv_gpu_available(why, sizeof why)) {
        snprintf(err, errlen, _("%s; without a GPU, `reducevis simulate` records the same trace from the CPU model"),
                 why);
        return NULL;
    }
    /* a kernel file without trace macros is traced unchanged (docs/kernels.md) */
    return rv_gpu_instrumented(cfg->version) ? rv_gpu_capture(cfg, err, errlen) : rv_own_capture(cfg, err, errlen);
}

int cmd_capture(int argc, char **argv) { return make_trace(argc, argv, &capture_cmd, capture_on_gpu); }
