/* cmd_trace.c — `reducevis trace FILE.cu`: a student's own kernel, unchanged,
 * traced on the GPU through the Compute Sanitizer patching API (the work is
 * src/own/trace/trace_run.c), written as a trace every output reads, and opened in
 * the viewer where there is a display.  A shipped version's waves run
 * (--kernel V --waves) is stamped in its kernel instead (src/gpu/gpu_waves.cu). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_words.h"
#include "cli.h"
#include "core/buffers.h"
#include "core/kernel_name.h"
#include "core/launch_words.h"
#include "core/datadir.h"
#include "core/i18n.h"
#include "core/opts.h"
#include "inspect_waves.h"
#include "own_gpcs.h"
#include "tracing_opts.h"
#include "own/trace/shipped.h"
#include "own/trace/trace_run.h"
#include "core/versions.h"
#include "core/waves.h"
#include "gpu/gpu.h"
#include "own/records/waves_raw.h"
#ifdef RV_HAVE_VIEWER
#include "viewer/window/viewer.h"
#endif

enum { OPT_OUT = 'o', OPT_LAUNCH = 1, OPT_NO_VIEW, OPT_KERNEL, OPT_REPLAY, OPT_NOT_OURS };

static const rv_opt trace_opts[] = {
    {OPT_OUT, NULL, 'o', "FILE.rvt", N_("where to write the trace (default: FILE.rvt beside FILE.cu)"), "@file"},
    {RV_CFG_BLOCK_SIZE, "block-size", 0, "B",
     N_("threads per block launch() is asked for: 32..1024, a power of two (256)"), NULL},
    {RV_CFG_N, "n", 0, "N", N_("elements to reduce, 1 .. 2^31 (default 2^25)"), NULL},
    {RV_CFG_BLOCK, "block", 0, "B", N_("the block to record in each launch (default 0)"), NULL},
    {OPT_LAUNCH, "launch", 0, "K", N_("trace only the K-th kernel launch of the run (default: every one)"), NULL},
    {RV_CFG_DATA, "data", 0, "PATTERN", N_("input values (default ones)"), RV_DATA_WORDS},
    {TRACING_OPT_TIMEOUT, "timeout", 0, "S", N_("stop a run of the kernel that takes longer (default 30 s)"), NULL},
    {TRACING_OPT_NO_TIME, "no-time", 0, NULL, N_("skip the timed run"), NULL},
    {OPT_NO_VIEW, "no-view", 0, NULL, N_("do not open the viewer"), NULL},
    {TRACING_OPT_WAVES, "waves", 0, NULL,
     N_("also a waves run: which SM ran each block of each traced launch, and when,\n"
        "beside what the occupancy predicts, kept in the trace (a run of its own: your\n"
        "file's block entry and exit patched alone; a --kernel version stamped in its\n"
        "kernel, its cost measured)"),
     NULL},
    {TRACING_OPT_KEEP, "keep", 0, "DIR", N_("keep the work (raw records, machine code, logs) in DIR"), "@dir"},
    {TRACING_OPT_SANDBOX, "sandbox", 0, NULL,
     N_("compile and run FILE.cu only inside a sandbox (bubblewrap): no network,\n"
        "nothing of the machine but the toolkit and the GPU, limits on time,\n"
        "memory and output (docs/class.md, \"Security\"); refused where none can be made"),
     NULL},
    /* the usage's other ways name these two */
    {OPT_KERNEL, "kernel", 0, "V", N_("trace a shipped version's kernel through the same path (the proof)"),
     "@version"},
    {OPT_REPLAY, "replay", 0, "DIR", N_("make the trace again from a folder --keep kept, without a GPU (with -o)"),
     "@dir"},
    /* named so that the message says why, rather than "unknown option" */
    {OPT_NOT_OURS, "version", 0, "V", NULL, RV_OPT_REFUSED},
    {OPT_NOT_OURS, "grid", 0, "G", NULL, RV_OPT_REFUSED},
    {0},
};

static void trace_notes(FILE *f)
{
    fprintf(f, "%s",
            _("Exit status: 0 traced (a wrong sum is traced too, and said), 1 usage error or a file\n"
              "that does not compile, 2 no GPU, nvcc, nvdisasm or tracer, or a kernel that failed or hung.\n"));
}

static const rv_command_opts trace_cmd = {
    .cmd = "trace",
    .words = "FILE.cu",
    .more = N_("--kernel V [options]\n"
               "--replay DIR -o FILE.rvt"),
    .about = N_("Traces your own reduction kernel, unchanged, on the GPU: FILE.cu is compiled with nvcc\n"
                "-lineinfo and run under reducevis's Compute Sanitizer tool, which records every shared-\n"
                "and global-memory access, atomic, barrier, __syncwarp and shuffle of one block of every kernel\n"
                "launch that launch() makes (block 0 of each, up to 16 launches), one story in the viewer.\n"
                "The trace opens in the viewer like any bundled one (compare it with a version with C).\n"
                "Then it runs again, untouched, and is timed as `reducevis bench` times the versions.\n\n"
                "FILE.cu holds your kernel and the function that launches it (docs/exercises.md):\n\n"
                "    unsigned int launch(const float *in, float *out, unsigned int n,\n"
                "                        unsigned int block, cudaStream_t stream);\n\n"
                "It leaves partial sums in out[0 .. its return value); reducevis calls it again on them\n"
                "until one is left.  No main(): the file compiles on its own with `nvcc -c FILE.cu`."),
    .tables = {trace_opts},
    .notes = trace_notes,
};

/* Launches of each build a stamped waves run's overhead is the median of. */
#define WAVES_REPEATS 20

/* A shipped version's waves run: stamped in its kernel (its waves build, no
 * Compute Sanitizer, so the cost is the kernel's own and is measured), in
 * this process after the traced run, each launch held to the traced one of
 * its number; the grid of a version that fills the GPU is the traced run's,
 * so that both are the same launch. */
static int stamped_waves(int version, const rv_config *cfg, rv_trace *tr, char *err, size_t errlen)
{
    uint32_t g[3];
    rv_trace_grid_dim(tr, g);
    rv_waves_run_opts wo = {.version = version,
                            .block_size = cfg->block_size,
                            .n = cfg->n,
                            .data = cfg->data,
                            .grid = g[0],
                            .repeats = WAVES_REPEATS};
    char inner[2048];
    rv_waves *w = rv_gpu_waves(&wo, inner, sizeof inner);
    if (!w || rv_waves_keep(w, tr, inner, sizeof inner))
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the waves run of %s: %s"), rv_version_name(version), inner);
    return 0;
}

/* The default output: FILE.rvt beside FILE.cu. */
static void default_out(const char *file, char *out, size_t len)
{
    snprintf(out, len, "%s", file);
    size_t n = strlen(out);
    if (n > 3 && !strcmp(out + n - 3, ".cu")) out[n - 3] = 0;
    n = strlen(out);
    snprintf(out + n, len - n, ".rvt");
}

/* The tracer's count of the elements read and the timed calls' checks,
 * where the run left them (the same words as check's). */
static void say_checked(const rv_own_result *res)
{
    char call[256];
    const rv_reads *r = &res->reads;
    if (res->reads_state == 1)
        check_say_reads(r->n, r->read, r->first_unread, r->more_than_once, r->most);
    else if (res->reads_state)
        printf(_("reads: the tracer's count of the reads (reads.txt) cannot be trusted: %s"), res->reads_why);
    if (res->reads_state) printf("\n");
    if (res->timed_state == -1) {
        printf(_("calls: the timed run's results cannot be trusted: %s"), res->timed_why);
        printf("\n");
    } else if (res->timed_state == 1 && res->timed.nwrong) {
        rv_timed_describe(&res->timed, res->timed.first_wrong, call, sizeof call);
        printf(_("calls: %s (%lld of the %d calls wrong, each on an input of its own)"), call,
               (long long)res->timed.nwrong, res->timed.ncalls);
        printf("\n");
    }
}

/* One launch of the run: where the tracer counted its grid, what it did
 * ("launch 2 of 2: one block sums the 264 partials of buffer 5 into
 * out[0]"), its kernel under it; else its kernel, as traces without counts
 * always said it; then the memory it touched. */
static void say_launch(const rv_trace *tr, const rv_trace *t)
{
    char name[256], story[1024], did[1024];
    rv_kernel_short(t->own_kernel, name, sizeof name);
    const char *lib = rv_kernel_library(t->own_kernel);
    int named = tr->launches > 1 || tr->next || lib; /* a library's kernel is named even alone */
    if (rv_launch_sentence(tr, t, did, sizeof did)) {
        printf("  %s\n", did);
        if (named) {
            char threads[48];
            snprintf(threads, sizeof threads, ngettext("%d thread", "%d threads", t->block_size), t->block_size);
            printf(ngettext("    %s%s%s%s, block %u of %u, %s, %d step\n",
                            "    %s%s%s%s, block %u of %u, %s, %d steps\n", t->nsteps),
                   name, lib ? _(" (library code: ") : "", lib ? lib : "", lib ? ")" : "", t->traced_block, t->grid,
                   threads, t->nsteps);
        }
    } else if (named) {
        printf(_("  launch %u of %u: %s%s%s%s, block %u of %u, %d threads, %d steps\n"), t->launch, t->launches, name,
               lib ? _(" (library code: ") : "", lib ? lib : "", lib ? ")" : "", t->traced_block, t->grid,
               t->block_size, t->nsteps);
    }
    rv_launch_story(tr, t, story, sizeof story);
    if (story[0]) printf(ngettext("    its %u block: %s\n", "    its %u blocks: %s\n", t->grid), t->grid, story);
    if (t->own_cut) printf(_("  CUT (launch %u): %s; the rest is not shown\n"), t->launch, t->own_cut);
}

/* What was traced, the sum's verdict and the times, in words. */
static void say_traced(const rv_own_result *res, const char *out, int replayed)
{
    const rv_trace *tr = res->tr;
    printf(_("traced unchanged, %s, on %s: block %u of %u, %d threads, %d steps -> %s\n"), tr->own_name, tr->origin,
           tr->traced_block, tr->grid, tr->block_size, tr->nsteps, out);
    for (const rv_trace *t = tr; t; t = t->next) say_launch(tr, t);
    if (rv_trace_count_launches(tr) < (int)tr->launches)
        printf(_("  %d of the run's %u launches traced (--launch K picks one; at most %d)\n"),
               rv_trace_count_launches(tr), tr->launches, RV_OWN_MAX_LAUNCHES);
    if (res->verdict.ok)
        printf(_("sum %.9g: right (%s %.9g)\n"), tr->own_sum, res->verdict.exact ? _("exactly") : _("expected"),
               res->verdict.expected);
    else
        printf(_("WRONG SUM: %.9g, expected %.9g (allowed error %.3g)\n"), tr->own_sum, res->verdict.expected,
               res->verdict.bound);
    say_checked(res);
    if (tr->own_ms > 0) {
        printf(_("timed without the tracer: %.4f ms for the whole reduction (median of 20), %.1f GB/s\n"), tr->own_ms,
               (double)tr->n * 4.0 / (tr->own_ms * 1e6));
        printf(_("under the tracer the same reduction took %.3f ms (%.0fx: the patched kernel calls the tracer at "
                 "every access of every block, and records one block)\n"),
               res->traced_ms, res->traced_ms / tr->own_ms);
    }
    if (replayed) return; /* nothing ran */
    /* where the time went: the machine code is listed while compiling, or
       else by nvdisasm beside the plain run */
    char listing[200];
    if (res->listed_in_build)
        snprintf(listing, sizeof listing, "%s", _("the machine code listed while compiling"));
    else if (tr->own_ms > 0)
        snprintf(listing, sizeof listing, _("listing the machine code %.2f s (beside the plain run)"), res->disasm_s);
    else
        snprintf(listing, sizeof listing, _("listing the machine code %.2f s"), res->disasm_s);
    if (tr->own_ms > 0)
        printf(_("took %.1f s: compiling %.2f s, the traced run %.2f s, the plain run %.2f s, %s, making the trace "
                 "%.2f s\n"),
               res->trace_s, res->compile_s, res->traced_run_s, res->plain_run_s, listing, res->convert_s);
    else
        printf(_("took %.1f s: compiling %.2f s, the traced run %.2f s, %s, making the trace %.2f s\n"), res->trace_s,
               res->compile_s, res->traced_run_s, listing, res->convert_s);
}

int cmd_trace(int argc, char **argv)
{
    rv_config cfg = rv_config_default();
    rv_own_opts o = {.timeout_s = 30, .time_it = 1};
    const char *out = NULL, *kernel = NULL, *replay = NULL;
    int view = 1;
    rv_opts p;
    rv_opts_begin(&p, &trace_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        char *end;
        if (rv_opts_ends(id)) return rv_opts_exit(id);
        switch (id) {
        case OPT_NOT_OURS:
            return rv_usage_error("trace", _("%s is not an option of trace: your file decides its kernel and grid"),
                                  p.word);
        case OPT_NO_VIEW: view = 0; break;
        case OPT_KERNEL: kernel = p.value; break;
        case OPT_OUT: out = p.value; break;
        case OPT_REPLAY: replay = p.value; break;
        case OPT_LAUNCH: {
            unsigned long k = strtoul(p.value, &end, 10);
            if (*end || k < 1 || k > 1000000 || p.value[0] == '-')
                return rv_usage_error("trace", _("--launch '%s' must be a launch's number, from 1"), p.value);
            o.launch = (uint32_t)k;
            break;
        }
        default: { /* the options of tracing a file it shares (tracing_opts.h) */
            int rc = tracing_opt(&p, id, &o, &cfg);
            if (rc) return rc;
        }
        }
    }
    char *text = NULL;
    int stamped = 0; /* the waves run stamped in the kernel, not patched */
    const rv_version_info *vi = NULL;
    if (kernel) {
        vi = rv_version(rv_version_parse(kernel));
        if (!vi || o.file)
            return rv_usage_error("trace", _("--kernel takes a version (%s) and no file"), rv_version_list());
        const char *why = rv_version_check_block(vi->id, cfg.block_size);
        if (why) return rv_usage_error("trace", _("block size %d for %s: %s"), cfg.block_size, vi->name, _(why));
        char why2[300];
        if (rv_own_shipped(vi, &o, &text, why2, sizeof why2)) {
            rv_cmd_error("trace", why2);
            return RV_EXIT_RUNTIME;
        }
        stamped = o.waves, o.waves = 0;
    }
    if (replay && (o.file || !out))
        return rv_usage_error("trace", _("--replay takes a kept folder and -o FILE.rvt, and no .cu file"));
    if (!o.file && !replay) return rv_usage_error("trace", _("give the .cu file to trace"));
    if (cfg.block_size < 32) return rv_usage_error("trace", _("block size must be at least 32 (a whole warp)"));
    char outbuf[4200];
    if (!out) {
        default_out(o.file, outbuf, sizeof outbuf);
        out = outbuf;
    }
    o.block_size = cfg.block_size;
    o.n = cfg.n;
    o.block = cfg.block;
    o.data = cfg.data;
    rv_own_result res;
    char err[8192];
    int rc = replay ? rv_own_replay(replay, &res, err, sizeof err) : rv_own_trace(&o, &res, err, sizeof err);
    if (rc == RV_EXIT_NO_GPU_WORK) rc = 2; /* trace's status: the kernel failed */
    free(text);
    if (!rc && stamped && (rc = stamped_waves(vi->id, &cfg, res.tr, err, sizeof err))) rv_trace_free(res.tr);
    if (!rc && !stamped && !replay) rv_own_gpcs(res.tr); /* nothing where the run made no waves */
    if (rc) {
        rv_cmd_error("trace", err);
        return rc;
    }
    /* written whole to a temporary name, then renamed: never a half trace */
    char tmp[4300], serr[600];
    snprintf(tmp, sizeof tmp, "%s.part", out);
    if (rv_trace_save(res.tr, tmp, serr, sizeof serr) || rename(tmp, out) != 0) {
        remove(tmp);
        rv_cmd_error("trace", serr[0] ? serr : _("cannot write the trace"));
        rv_trace_free(res.tr);
        return RV_EXIT_RUNTIME;
    }
    say_traced(&res, out, replay != NULL);
    rv_say_waves_cost(res.tr, res.waves_cost_why);
    rv_trace_free(res.tr);
#ifdef RV_HAVE_VIEWER
    const char *disp = getenv("DISPLAY"), *way = getenv("WAYLAND_DISPLAY");
    if (view && ((disp && *disp) || (way && *way))) {
        char *vargv[] = {"view", (char *)out, NULL};
        return viewer_main(2, vargv);
    }
#else
    (void)view;
#endif
    return RV_EXIT_OK;
}
