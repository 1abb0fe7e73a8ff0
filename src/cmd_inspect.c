/* cmd_inspect.c — `reducevis inspect FILE.rvt [--json]`: what each step does,
 * as text for people or JSON for programs. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "cli.h"
#include "i18n.h"
#include "json.h"
#include "versions.h"

static void print_text(const rv_trace *tr, const rv_analysis *an)
{
    char data[48];
    rv_data_name(tr->data, data, sizeof data);
    printf(_("%s %s · block size %d · N %" PRIu64 " · block %" PRIu32 " of %" PRIu32 " · data %s\n"),
           rv_version(tr->version)->name, tr->own_name ? tr->own_name : _(rv_version(tr->version)->title), tr->block_size, tr->n,
           tr->traced_block, tr->grid, data);
    printf("origin: %s%s%s%s\n\n", tr->origin, tr->date[0] ? ", " : "", tr->date,
           rv_trace_unchanged(tr) ? _(", traced unchanged (its kernel file carries no trace macros)") : "");
    for (int s = 0; s < tr->nsteps; s++) {
        const rv_step_info *si = &an->steps[s];
        printf(_("step %2d  %-14s line %-4d %4d of %d threads execute"), s, tr->steps[s].label, si->line,
               si->active_threads, tr->block_size);
        if (si->wasted_threads) printf(_(", %d wasted"), si->wasted_threads);
        if (tr->steps[s].flags & RV_STEP_UNSYNCED) printf(_("  UNSYNCED: reads another thread's write with no __syncwarp between"));
        printf("\n");
        for (int w = 0; w < an->nwarps; w++) {
            const rv_warp_info *wi = rv_analysis_warp(an, s, w);
            if (wi->state == RV_WARP_IDLE) continue;
            printf(_("         warp %2d  %-9s %2d lanes"), w, rv_warp_state_name(wi->state), wi->active_lanes);
            if (wi->smem_requests && wi->max_conflict > 1)
                printf(ngettext("  shared: %d request, worst %d-way conflict",
                                "  shared: %d requests, worst %d-way conflict", wi->smem_requests),
                       wi->smem_requests, wi->max_conflict);
            else if (wi->smem_requests)
                printf(ngettext("  shared: %d request, worst %d-way (conflict-free)",
                                "  shared: %d requests, worst %d-way (conflict-free)", wi->smem_requests),
                       wi->smem_requests, wi->max_conflict);
            if (wi->gld_requests)
                printf(ngettext("  global loads: %d request, %d sectors (%.1f per request)",
                                "  global loads: %d requests, %d sectors (%.1f per request)", wi->gld_requests),
                       wi->gld_requests, wi->gld_sectors, (double)wi->gld_sectors / wi->gld_requests);
            printf("\n");
        }
    }
}

static void print_json(const rv_trace *tr, const rv_analysis *an)
{
    char data[48];
    rv_data_name(tr->data, data, sizeof data);
    printf("{\n  \"version\": %d,\n  \"name\": ", tr->version);
    rv_json_string(stdout, rv_version(tr->version)->name);
    printf(",\n  \"block_size\": %d,\n  \"n\": %" PRIu64 ",\n  \"block\": %" PRIu32 ",\n  \"grid\": %" PRIu32 ",\n  \"data\": ",
           tr->block_size, tr->n, tr->traced_block, tr->grid);
    rv_json_string(stdout, data);
    printf(",\n  \"origin\": ");
    rv_json_string(stdout, tr->origin);
    printf(",\n  \"date\": ");
    rv_json_string(stdout, tr->date);
    printf(",\n  \"traced_unchanged\": %s", rv_trace_unchanged(tr) || rv_trace_is_own(tr) ? "true" : "false");
    printf(",\n  \"source_hash\": \"%016" PRIx64 "\",\n  \"steps\": [", tr->source_hash);
    for (int s = 0; s < tr->nsteps; s++) {
        const rv_step_info *si = &an->steps[s];
        printf("%s\n    {\"step\": %d, \"label\": ", s ? "," : "", s);
        rv_json_string(stdout, tr->steps[s].label);
        printf(", \"phase\": \"%s\", \"stride\": %d, \"line\": %d, \"active_threads\": %d, \"wasted_threads\": %d, "
               "\"unsynced\": %s, \"warps\": [",
               rv_phase_name((rv_phase)tr->steps[s].phase), tr->steps[s].stride, si->line, si->active_threads,
               si->wasted_threads, (tr->steps[s].flags & RV_STEP_UNSYNCED) ? "true" : "false");
        for (int w = 0; w < an->nwarps; w++) {
            const rv_warp_info *wi = rv_analysis_warp(an, s, w);
            printf("%s\n      {\"warp\": %d, \"active_lanes\": %d, \"state\": \"%s\", \"max_conflict\": %d, "
                   "\"smem_requests\": %d, \"smem_wavefronts\": %d, \"gld_requests\": %d, \"gld_sectors\": %d, "
                   "\"wasted_lanes\": %d}",
                   w ? "," : "", w, wi->active_lanes, rv_warp_state_name(wi->state), wi->max_conflict,
                   wi->smem_requests, wi->smem_wavefronts, wi->gld_requests, wi->gld_sectors, wi->wasted_lanes);
        }
        printf("]}");
    }
    printf("\n  ]\n}\n");
}

int cmd_inspect(int argc, char **argv)
{
    const char *path = NULL;
    int json = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf(_("usage: reducevis inspect FILE.rvt [--json]\n\n"
                   "For each step: its label, source line, executing threads, each warp's state\n"
                   "(idle / full / divergent), the worst bank-conflict degree of its shared-memory\n"
                   "requests (1 = conflict-free, 0 in JSON = no shared access) and the 32-byte\n"
                   "sectors per global load request.  --json prints the same as JSON.\n"));
            return RV_EXIT_OK;
        }
        if (!strcmp(argv[i], "--json")) json = 1;
        else if (argv[i][0] == '-') return rv_usage_error("inspect", _("unknown option '%s'"), argv[i]);
        else if (path) return rv_usage_error("inspect", _("only one trace file, please ('%s' and '%s')"), path, argv[i]);
        else path = argv[i];
    }
    if (!path) return rv_usage_error("inspect", _("which trace? give FILE.rvt"));
    char err[512];
    rv_trace *tr = rv_trace_load(path, err, sizeof err);
    if (!tr) {
        fprintf(stderr, "reducevis inspect: %s\n", err);
        return RV_EXIT_RUNTIME;
    }
    rv_analysis *an = rv_analyze(tr, err, sizeof err);
    if (!an) {
        fprintf(stderr, "reducevis inspect: %s\n", err);
        rv_trace_free(tr);
        return RV_EXIT_RUNTIME;
    }
    if (json) print_json(tr, an);
    else print_text(tr, an);
    rv_analysis_free(an);
    rv_trace_free(tr);
    return RV_EXIT_OK;
}
