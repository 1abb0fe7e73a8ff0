/* cmd_prove.c — `reducevis prove TRACE.rvt [REFERENCE.rvt]`: a shipped kernel
 * traced unchanged (`trace --kernel V`) against the CPU model of the same run,
 * or against a given trace (its macro capture), access by access (prove.h). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "core/i18n.h"
#include "core/opts.h"
#include "model/model.h"
#include "model/trace_read.h"
#include "prove.h"
#include "core/versions.h"

static void prove_notes(FILE *f)
{
    fprintf(f, "%s",
            _("Exit status: 0 equal but for explained differences, 1 usage error or unexplained\n"
              "differences, 2 a file that cannot be read.\n"));
}

/* no options: --help, and `--` before a file whose name starts with - */
static const rv_command_opts prove_cmd = {
    .cmd = "prove",
    .words = "TRACE.rvt [REFERENCE.rvt]",
    .about = N_("TRACE.rvt is a shipped kernel traced unchanged (`reducevis trace --kernel V`).\n"
                "It is compared, thread by thread, with the CPU model of the same run (or with\n"
                "REFERENCE.rvt, e.g. the kernel's macro capture): global reads and writes, shared\n"
                "writes and their values, shared reads, the lanes of each write, bank conflicts.\n"
                "Differences that a rule explains (a value kept in a register, a wide access the\n"
                "compiler made, a last block the traced block was not) are counted and named."),
    .notes = prove_notes,
};

/* The shipped version an own trace came from, by its file name. */
static int version_of(const rv_trace *tr)
{
    for (int k = 0; k < RV_NUM_VERSIONS; k++) {
        const rv_version_info *vi = rv_version_at(k);
        if (vi && vi->file && tr->own_name && !strcmp(vi->file, tr->own_name)) return vi->id;
    }
    return -1;
}

int cmd_prove(int argc, char **argv)
{
    const char *paths[2] = {NULL, NULL};
    int np = 0;
    rv_opts o;
    rv_opts_begin(&o, &prove_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&o)) != RV_OPT_DONE;) {
        if (rv_opts_ends(id)) return rv_opts_exit(id);
        if (np == 2) return rv_usage_error("prove", _("at most two traces"));
        paths[np++] = o.value;
    }
    if (!np) return rv_usage_error("prove", _("give the trace of a kernel traced unchanged"));
    char err[512];
    rv_trace *gpu = rv_trace_load(paths[0], err, sizeof err), *ref = NULL;
    if (!gpu) {
        rv_cmd_error("prove", err);
        return RV_EXIT_RUNTIME;
    }
    int v = version_of(gpu), rc = RV_EXIT_RUNTIME;
    if (gpu->version != RV_VERSION_OWN || v < 0) {
        fprintf(stderr,
                _("reducevis prove: %s is not a shipped kernel traced unchanged (`reducevis trace --kernel V`)\n"),
                paths[0]);
        rv_trace_free(gpu);
        return RV_EXIT_USAGE;
    }
    if (paths[1]) {
        ref = rv_trace_load(paths[1], err, sizeof err);
        if (!ref) rv_cmd_error("prove", err);
    } else {
        rv_config cfg = {v, gpu->block_size, gpu->n, gpu->traced_block, gpu->data, gpu->grid};
        ref = rv_model_run(&cfg, err, sizeof err);
        if (!ref) rv_cmd_error("prove", err);
    }
    rv_proof p;
    if (ref && ref->version != v) {
        fprintf(stderr, _("reducevis prove: %s is %s, not %s\n"), paths[1], rv_version_name(ref->version),
                rv_version_name(v));
        rc = RV_EXIT_USAGE;
    } else if (ref && rv_prove(gpu, ref, &p, err, sizeof err)) {
        rv_cmd_error("prove", err);
        rc = RV_EXIT_USAGE;
    } else if (ref) {
        printf(_("%s (%s) traced unchanged on %s, block %u, block size %d, against %s:\n"), gpu->own_name,
               rv_version_name(v), gpu->origin, gpu->traced_block, gpu->block_size,
               paths[1] ? paths[1] : _("the CPU model"));
        for (int k = 0; k < RV_PROVE_KINDS; k++) {
            const rv_prove_row *r = &p.row[k];
            printf(_("  %-15s %7ld same, %5ld on the GPU only, %5ld in the reference only"),
                   rv_prove_kind_name((rv_prove_kind)k), r->same, r->only_gpu, r->only_ref);
            if (r->explained) printf(_(" (%ld explained: %s)"), r->explained, _(r->why));
            printf("\n");
        }
        if (p.skipped_steps)
            printf(_("  %d steps of the last block left out: block %u did not draw the last ticket on the GPU\n"),
                   p.skipped_steps, gpu->traced_block);
        if (p.unexplained)
            printf(_("DIFFERENT: %ld unexplained differences; the first: %s\n"), p.unexplained, p.first);
        else
            printf("%s\n", _("EQUAL, but for the explained differences above"));
        rc = p.unexplained ? RV_EXIT_USAGE : RV_EXIT_OK;
    }
    rv_trace_free(gpu);
    rv_trace_free(ref);
    return rc;
}
