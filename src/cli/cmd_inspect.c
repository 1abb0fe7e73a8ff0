/* cmd_inspect.c — `reducevis inspect FILE.rvt [--json]`: what each step does,
 * as text for people or JSON for programs, and the waves run's facts where
 * the trace has one (inspect_waves.c). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/analysis.h"
#include "core/buffers.h"
#include "core/kernel_name.h"
#include "core/launch_words.h"
#include "cli.h"
#include "inspect_waves.h"
#include "core/i18n.h"
#include "core/json.h"
#include "core/opts.h"
#include "core/versions.h"
#include "model/trace_read.h"

/* What a step's atomics did, in words: "256 lanes, 1 word, up to 256 on one
 * word (256 turns), 1820 tries". */
static void print_atomics_text(const rv_step_info *si)
{
    if (!si->atom_lanes) return;
    printf(ngettext("         atomic: %d lane on ", "         atomic: %d lanes on ", si->atom_lanes), si->atom_lanes);
    printf(ngettext("%d word", "%d words", si->atom_words), si->atom_words);
    printf(_(", up to %d on one word: served one after another, %d turns"), si->atom_same_word, si->atom_same_word);
    if (si->atom_tries > si->atom_lanes) printf(_("; a compare-and-swap loop: %d tries in all"), si->atom_tries);
    printf("\n");
}

static void print_totals_text(const rv_smem_totals *t)
{
    printf(_("shared memory of the block: loads %ld requests %ld wavefronts, stores %ld requests %ld wavefronts, "
             "atomics %ld requests %ld wavefronts; global atomics %ld requests\n"),
           t->ld_requests, t->ld_wavefronts, t->st_requests, t->st_wavefronts, t->atom_requests, t->atom_wavefronts,
           t->gatom_requests);
}

/* Appends a part to line (at most len bytes), after the one before a "; "
 * in the reader's language. */
static void add_part(char *line, size_t len, const char *part)
{
    size_t at = strlen(line);
    snprintf(line + at, len - at, "%s%s", at ? _("; ") : "", part);
}

/* The whole grid's copies and accesses of other blocks' shared memory, on
 * a line of their own where there are any: Nsight Compute counts each
 * apart from the shared loads and stores (format 7).  (A bulk copy moves
 * 16 bytes at least: its bytes are never one.) */
static void print_copies_text(const rv_own_grid *g)
{
    char line[600] = "", part[300];
    if (g->async_requests) {
        snprintf(part, sizeof part, _("cp.async %" PRId64 " requests %" PRId64 " bytes"), g->async_requests,
                 g->async_bytes);
        add_part(line, sizeof line, part);
    }
    if (g->bulk_copies) {
        snprintf(part, sizeof part, _("bulk copies %" PRId64 " (%" PRId64 " bytes)"), g->bulk_copies, g->bulk_bytes);
        add_part(line, sizeof line, part);
    }
    if (g->dsmem_ld_requests || g->dsmem_st_requests || g->dsmem_atom_requests) {
        snprintf(part, sizeof part,
                 _("other blocks' shared memory: loads %" PRId64 " requests, stores %" PRId64
                   " requests, atomics %" PRId64 " requests"),
                 g->dsmem_ld_requests, g->dsmem_st_requests, g->dsmem_atom_requests);
        add_part(line, sizeof line, part);
    }
    if (line[0])
        printf(_("  counted apart from the shared loads and stores, as Nsight Compute counts them: %s\n"), line);
}

/* What every block of the launch did, counted on the GPU, and the memory
 * it touched: which launch wrote what it reads hands the work on. */
static void print_grid_text(const rv_trace *first, const rv_trace *tr)
{
    const rv_own_grid *g = tr->own_grid;
    if (!g) return;
    printf(_("whole grid, every block (counted on the GPU): shared loads %" PRId64 " requests %" PRId64 " wavefronts, "
             "stores %" PRId64 " requests %" PRId64 " wavefronts, atomics %" PRId64 " requests %" PRId64 " wavefronts; "
             "global atomics %" PRId64 " requests\n"),
           g->ld_requests, g->ld_wavefronts, g->st_requests, g->st_wavefronts, g->atom_requests, g->atom_wavefronts,
           g->gatom_requests);
    print_copies_text(g);
    char story[1024], did[1024];
    if (rv_launch_sentence(first, tr, did, sizeof did)) printf("%s\n", did);
    rv_launch_story(first, tr, story, sizeof story);
    if (story[0]) printf(ngettext("its %u block: %s\n", "its %u blocks: %s\n", tr->grid), tr->grid, story);
    if (g->cas_requests)
        printf(_("  %" PRId64 " of the shared atomics are a compare-and-swap (ATOMS.CAS in the machine code: a float "
                 "atomicAdd): 2 wavefronts each, as Nsight Compute counts them\n"),
               g->cas_requests);
    for (uint32_t k = 0; k < g->nbuffers; k++) {
        const rv_own_buffer *b = &g->buffers[k];
        char name[160];
        rv_buffer_name(b, name, sizeof name);
        printf(
            _("  %s: lanes of the grid that read it %" PRIu64 ", wrote it %" PRIu64 ", changed it atomically %" PRIu64),
            name, b->reads, b->writes, b->atomics);
        const rv_trace *w = b->reads ? rv_buffer_written_before(first, tr, b) : NULL;
        if (w) printf(_(" (reads what launch %u wrote)"), w->launch);
        printf("\n");
    }
}

/* The launch's shape, where it is more than a row of threads in a row of
 * blocks: x, y, z of the block (threads numbered x fastest) and of the grid,
 * and which blockIdx the traced block is. */
static void print_shape_text(const rv_trace *tr)
{
    uint32_t b[3], g[3];
    char bt[48], gt[48];
    rv_trace_block_dim(tr, b);
    rv_trace_grid_dim(tr, g);
    uint32_t c[3], blocks;
    if (rv_trace_clustered(tr, c, &blocks)) {
        char ct[48] = "";
        if (rv_dims_used(c) > 1) rv_dims_text(c, ct, sizeof ct);
        printf(ngettext("cluster: clusters of %u block%s%s%s, the traced block is rank %u of its cluster\n",
                        "cluster: clusters of %u blocks%s%s%s, the traced block is rank %u of its cluster\n", blocks),
               blocks, ct[0] ? " (" : "", ct, ct[0] ? ")" : "", rv_trace_cluster_rank(tr));
    }
    if (rv_dims_used(b) == 1 && rv_dims_used(g) == 1) return;
    rv_dims_text(b, bt, sizeof bt);
    rv_dims_text(g, gt, sizeof gt);
    printf(_("shape: block %s (threads numbered x fastest), grid %s: the traced block is blockIdx (%u, %u, %u)\n"), bt,
           gt, tr->traced_block % g[0], tr->traced_block / g[0] % g[1], tr->traced_block / (g[0] * g[1]));
}

/* "block_dim": [x, y, z], "grid_dim": [x, y, z] (a row's: [n, 1, 1]),
 * "cluster_dim": [x, y, z] ([1, 1, 1]: no cluster). */
static void print_shape_json(const rv_trace *tr, const char *sep)
{
    uint32_t b[3], g[3], c[3], blocks;
    rv_trace_block_dim(tr, b);
    rv_trace_grid_dim(tr, g);
    rv_trace_clustered(tr, c, &blocks);
    printf("%s\"block_dim\": [%u, %u, %u]%s\"grid_dim\": [%u, %u, %u]%s\"cluster_dim\": [%u, %u, %u]", sep, b[0], b[1],
           b[2], sep, g[0], g[1], g[2], sep, c[0], c[1], c[2]);
}

static void print_text(const rv_trace *first, const rv_trace *tr, const rv_analysis *an)
{
    char data[48];
    rv_data_name(tr->data, data, sizeof data);
    if (rv_trace_is_own(tr) && tr->launches > 1) {
        char name[256];
        rv_kernel_short(tr->own_kernel, name, sizeof name);
        printf(_("launch %u of %u (call %u of launch()): kernel %s\n"), tr->launch, tr->launches, tr->call, name);
    }
    printf(_("%s %s · block size %d · N %" PRIu64 " · block %" PRIu32 " of %" PRIu32 " · data %s\n"),
           rv_version(tr->version)->name, tr->own_name ? tr->own_name : _(rv_version(tr->version)->title),
           tr->block_size, tr->n, tr->traced_block, tr->grid, data);
    print_shape_text(tr);
    printf("origin: %s%s%s%s\n", tr->origin, tr->date[0] ? ", " : "", tr->date,
           rv_trace_unchanged(tr) ? _(", traced unchanged (its kernel file carries no trace macros)") : "");
    if (tr->own_cut) printf(_("CUT: %s\n"), tr->own_cut);
    if (tr->own_flags & RV_OWN_NO_ACCESS)
        printf(_("no access: block %u made no shared or global access; its one step has no thread in it (an empty "
                 "kernel, or reads the compiler dropped since nothing written used them)\n"),
               tr->traced_block);
    if (tr->own_flags & RV_OWN_GPU_LAUNCHES)
        printf("%s\n",
               _("launched from the GPU: the kernels this program starts from a kernel (dynamic parallelism) are "
                 "not launches of their own here, since the tracer sees launches from the host only; steps of "
                 "theirs may appear inside the launching kernel's, as code without a line"));
    printf("\n");
    for (int s = 0; s < tr->nsteps; s++) {
        const rv_step_info *si = &an->steps[s];
        printf(_("step %2d  %-14s line %-4d %4d of %d threads execute"), s, tr->steps[s].label, si->line,
               si->active_threads, tr->block_size);
        if (si->wasted_threads) printf(_(", %d wasted"), si->wasted_threads);
        if (tr->steps[s].flags & RV_STEP_UNSYNCED)
            printf(_("  UNSYNCED: reads another thread's write with no __syncwarp between"));
        if (tr->steps[s].flags & RV_STEP_INFERRED) printf(_("  (lanes inferred: the offset came from a register)"));
        if (tr->steps[s].flags & RV_STEP_LIBRARY) printf(_("  (library code: no line of the file)"));
        if (tr->steps[s].flags & RV_STEP_CLUSTER_SYNC)
            printf(_("  (after cluster.sync(): every block of the cluster waits)"));
        if (tr->steps[s].flags & RV_STEP_DSMEM) printf(_("  (other blocks' shared memory: distributed shared memory)"));
        if (tr->steps[s].flags & RV_STEP_ASYNC_WAIT)
            printf(_(
                "  (after the wait for the asynchronous copies: the copies waited for are in shared memory from here on)"));
        printf("\n");
        print_atomics_text(si);
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
            if (wi->atom_lanes) printf(_("  atomics: %d lanes, %d on one word"), wi->atom_lanes, wi->atom_same_word);
            printf("\n");
        }
    }
    rv_smem_totals t = rv_analysis_totals(an);
    printf("\n");
    print_totals_text(&t);
    print_grid_text(first, tr);
}

static void print_steps_json(const rv_trace *tr, const rv_analysis *an, const char *pad)
{
    for (int s = 0; s < tr->nsteps; s++) {
        const rv_step_info *si = &an->steps[s];
        printf("%s\n%s  {\"step\": %d, \"label\": ", s ? "," : "", pad, s);
        rv_json_string(stdout, tr->steps[s].label);
        printf(
            ", \"phase\": \"%s\", \"stride\": %d, \"line\": %d, \"active_threads\": %d, \"wasted_threads\": %d, "
            "\"unsynced\": %s, \"inferred\": %s, \"library\": %s, \"after_cluster_sync\": %s, \"dsmem\": %s, \"after_async_wait\": %s, \"atomic\": {\"lanes\": %d, \"words\": %d, \"most_on_one_word\": %d, "
            "\"tries\": %d}, \"warps\": [",
            rv_phase_name((rv_phase)tr->steps[s].phase), tr->steps[s].stride, si->line, si->active_threads,
            si->wasted_threads, (tr->steps[s].flags & RV_STEP_UNSYNCED) ? "true" : "false",
            (tr->steps[s].flags & RV_STEP_INFERRED) ? "true" : "false",
            (tr->steps[s].flags & RV_STEP_LIBRARY) ? "true" : "false",
            (tr->steps[s].flags & RV_STEP_CLUSTER_SYNC) ? "true" : "false",
            (tr->steps[s].flags & RV_STEP_DSMEM) ? "true" : "false",
            (tr->steps[s].flags & RV_STEP_ASYNC_WAIT) ? "true" : "false", si->atom_lanes, si->atom_words,
            si->atom_same_word, si->atom_tries);
        for (int w = 0; w < an->nwarps; w++) {
            const rv_warp_info *wi = rv_analysis_warp(an, s, w);
            printf("%s\n%s    {\"warp\": %d, \"active_lanes\": %d, \"state\": \"%s\", \"max_conflict\": %d, "
                   "\"smem_requests\": %d, \"smem_wavefronts\": %d, \"gld_requests\": %d, \"gld_sectors\": %d, "
                   "\"wasted_lanes\": %d, \"atom_lanes\": %d, \"atom_words\": %d, \"atom_same_word\": %d, "
                   "\"smem_atom_requests\": %d, \"smem_atom_wavefronts\": %d, \"gatom_requests\": %d}",
                   w ? "," : "", pad, w, wi->active_lanes, rv_warp_state_name(wi->state), wi->max_conflict,
                   wi->smem_requests, wi->smem_wavefronts, wi->gld_requests, wi->gld_sectors, wi->wasted_lanes,
                   wi->atom_lanes, wi->atom_words, wi->atom_same_word, wi->smem_atom_requests, wi->smem_atom_wavefronts,
                   wi->gatom_requests);
        }
        printf("]}");
    }
}

/* The whole grid's counts and buffers of a launch ("grid_counts": null
 * when it was not counted). */
static void print_grid_json(const rv_trace *first, const rv_trace *tr)
{
    const rv_own_grid *g = tr->own_grid;
    printf(",\n     \"grid_counts\": ");
    if (!g) {
        printf("null");
        return;
    }
    printf("{\"ld_requests\": %" PRId64 ", \"ld_wavefronts\": %" PRId64 ", \"st_requests\": %" PRId64
           ", \"st_wavefronts\": %" PRId64 ", \"atom_requests\": %" PRId64 ", \"atom_wavefronts\": %" PRId64
           ", \"global_atom_requests\": %" PRId64 ", \"cas_requests\": %" PRId64,
           g->ld_requests, g->ld_wavefronts, g->st_requests, g->st_wavefronts, g->atom_requests, g->atom_wavefronts,
           g->gatom_requests, g->cas_requests);
    /* format 7's: 0 in a trace from before */
    printf(", \"async_requests\": %" PRId64 ", \"async_bytes\": %" PRId64 ", \"bulk_copies\": %" PRId64
           ", \"bulk_bytes\": %" PRId64 ", \"dsmem_ld_requests\": %" PRId64 ", \"dsmem_st_requests\": %" PRId64
           ", \"dsmem_atom_requests\": %" PRId64 ", \"buffers\": [",
           g->async_requests, g->async_bytes, g->bulk_copies, g->bulk_bytes, g->dsmem_ld_requests, g->dsmem_st_requests,
           g->dsmem_atom_requests);
    static const char *const roles[] = {"?", "in", "out", "own", "variable", "other"};
    for (uint32_t k = 0; k < g->nbuffers; k++) {
        const rv_own_buffer *b = &g->buffers[k];
        char name[160];
        rv_buffer_name(b, name, sizeof name);
        const rv_trace *w = b->reads ? rv_buffer_written_before(first, tr, b) : NULL;
        printf("%s{\"buffer\": %u, \"role\": \"%s\", \"bytes\": %" PRIu64 ", \"call\": %u, \"name\": ", k ? ", " : "",
               b->id, roles[b->role <= RV_BUF_OTHER ? b->role : 0], b->bytes, b->call);
        rv_json_string(stdout, name);
        printf(", \"reads\": %" PRIu64 ", \"writes\": %" PRIu64 ", \"atomics\": %" PRIu64 ", \"written_by_launch\": ",
               b->reads, b->writes, b->atomics);
        if (w)
            printf("%u}", w->launch);
        else
            printf("null}");
    }
    printf("]}");
}

/* One traced launch: which, its kernel and grid, its shared-memory requests
 * and wavefronts by kind (what Nsight Compute counts), and its steps. */
static void print_launch_json(const rv_trace *first, const rv_trace *tr, const rv_analysis *an)
{
    rv_smem_totals t = rv_analysis_totals(an);
    printf("\n    {\"launch\": %u, \"of\": %u, \"call\": %u, \"kernel\": ", tr->launch, tr->launches, tr->call);
    rv_json_string(stdout, tr->own_kernel ? tr->own_kernel : "");
    char name[256], story[1024];
    rv_kernel_short(tr->own_kernel, name, sizeof name);
    printf(", \"kernel_short\": ");
    rv_json_string(stdout, name);
    rv_launch_story(first, tr, story, sizeof story);
    printf(", \"story\": ");
    rv_json_string(stdout, story);
    rv_launch_sentence(first, tr, story, sizeof story); /* "" when not counted */
    printf(", \"did\": ");
    rv_json_string(stdout, story);
    printf(", \"grid\": %" PRIu32 ", \"block_size\": %d, \"n\": %" PRIu64 ", \"block\": %" PRIu32 ", \"cut\": ",
           tr->grid, tr->block_size, tr->n, tr->traced_block);
    if (tr->own_cut)
        rv_json_string(stdout, tr->own_cut);
    else
        printf("null");
    printf(", \"gpu_launches_untraced\": %s", (tr->own_flags & RV_OWN_GPU_LAUNCHES) ? "true" : "false");
    printf(", \"no_access\": %s", (tr->own_flags & RV_OWN_NO_ACCESS) ? "true" : "false");
    print_shape_json(tr, ", ");
    printf(
        ",\n     \"smem\": {\"ld_requests\": %ld, \"ld_wavefronts\": %ld, \"st_requests\": %ld, \"st_wavefronts\": %ld, "
        "\"atom_requests\": %ld, \"atom_wavefronts\": %ld}, \"global_atom_requests\": %ld",
        t.ld_requests, t.ld_wavefronts, t.st_requests, t.st_wavefronts, t.atom_requests, t.atom_wavefronts,
        t.gatom_requests);
    print_grid_json(first, tr);
    printf(",\n     \"steps\": [");
    print_steps_json(tr, an, "     ");
    printf("]}");
}

static void print_json(const rv_trace *tr, const rv_analysis *an, const rv_analysis *const *later)
{
    char data[48];
    rv_data_name(tr->data, data, sizeof data);
    printf("{\n  \"version\": %d,\n  \"name\": ", tr->version);
    rv_json_string(stdout, rv_version(tr->version)->name);
    printf(",\n  \"block_size\": %d,\n  \"n\": %" PRIu64 ",\n  \"block\": %" PRIu32 ",\n  \"grid\": %" PRIu32
           ",\n  \"data\": ",
           tr->block_size, tr->n, tr->traced_block, tr->grid);
    rv_json_string(stdout, data);
    print_shape_json(tr, ",\n  ");
    printf(",\n  \"origin\": ");
    rv_json_string(stdout, tr->origin);
    printf(",\n  \"date\": ");
    rv_json_string(stdout, tr->date);
    printf(",\n  \"traced_unchanged\": %s", rv_trace_unchanged(tr) || rv_trace_is_own(tr) ? "true" : "false");
    printf(",\n  \"source_hash\": \"%016" PRIx64 "\",\n  \"steps\": [", tr->source_hash);
    print_steps_json(tr, an, "  ");
    printf("\n  ],\n  \"launches\": [");
    int k = 0;
    for (const rv_trace *t = tr; t; t = t->next, k++) {
        printf("%s", k ? "," : "");
        print_launch_json(tr, t, k ? later[k - 1] : an);
    }
    printf("\n  ]");
    rv_inspect_waves_json(tr->waves, ",\n  ");
    printf("\n}\n");
}

enum { OPT_JSON = 1 };

/* the about text tells what it does, as it always has: no line of its own */
static const rv_opt inspect_opts[] = {
    {OPT_JSON, "json", 0, NULL, NULL, NULL},
    {0},
};

static const rv_command_opts inspect_cmd = {
    .cmd = "inspect",
    .usage = N_("usage: reducevis inspect FILE.rvt [--json]"),
    .about = N_("For each step: its label, source line, executing threads, each warp's state\n"
                "(idle / full / divergent), the worst bank-conflict degree of its shared-memory\n"
                "requests (1 = conflict-free, 0 in JSON = no shared access) and the 32-byte\n"
                "sectors per global load request.  --json prints the same as JSON."),
    .tables = {inspect_opts},
};

int cmd_inspect(int argc, char **argv)
{
    const char *path = NULL;
    int json = 0;
    rv_opts p;
    rv_opts_begin(&p, &inspect_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        if (rv_opts_ends(id)) return rv_opts_exit(id);
        switch (id) {
        case OPT_JSON: json = 1; break;
        case RV_OPT_WORD:
            if (path) return rv_usage_error("inspect", _("only one trace file, please ('%s' and '%s')"), path, p.value);
            path = p.value;
            break;
        }
    }
    if (!path) return rv_usage_error("inspect", _("which trace? give FILE.rvt"));
    char err[512];
    rv_trace *tr = rv_trace_load(path, err, sizeof err);
    if (!tr) {
        rv_cmd_error("inspect", err);
        return RV_EXIT_RUNTIME;
    }
    rv_analysis *an = rv_analyze(tr, err, sizeof err);
    if (!an) {
        rv_cmd_error("inspect", err);
        rv_trace_free(tr);
        return RV_EXIT_RUNTIME;
    }
    /* the launches after the first, each analysed on its own */
    rv_analysis *later[RV_OWN_MAX_LAUNCHES] = {0};
    int nlater = 0, rc = RV_EXIT_OK;
    for (const rv_trace *t = tr->next; t && nlater < RV_OWN_MAX_LAUNCHES; t = t->next)
        if (!(later[nlater++] = rv_analyze(t, err, sizeof err))) {
            rv_cmd_error("inspect", err);
            rc = RV_EXIT_RUNTIME;
            goto out;
        }
    if (json)
        print_json(tr, an, (const rv_analysis *const *)later);
    else {
        print_text(tr, tr, an);
        int k = 0;
        for (const rv_trace *t = tr->next; t; t = t->next, k++) {
            printf("\n");
            print_text(tr, t, later[k]);
        }
        rv_inspect_waves_text(tr->waves);
    }
out:
    for (int k = 0; k < nlater; k++) rv_analysis_free(later[k]);
    rv_analysis_free(an);
    rv_trace_free(tr);
    return rc;
}
