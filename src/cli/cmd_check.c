/* cmd_check.c — `reducevis check FILE.cu --exercise N`: a student's kernel
 * traced on the GPU (as `trace` does, with the timed run) and judged by the
 * exercise's rules (src/core/rules.c), one line per rule with the numbers from
 * the trace; `--trace FILE.rvt` judges a trace recorded earlier, no GPU
 * needed; `--replay DIR` judges again the run a check kept (check_replay.c);
 * `--waves-into FILE.rvt --built DIR` judges nothing: it adds the waves run
 * of the build a check kept to the trace that check saved.
 * Exit status: 0 pass, 1 fail (or a usage error), 2 nothing to judge (no GPU,
 * a file that does not compile or fails, a trace that does not load).  --save-trace keeps the trace judged, --summary the verdict and
 * the speed as JSON (check_report.c).  --prepare-cache judges nothing: it
 * compiles the version to beat into a build cache ahead (a class does). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "core/analysis.h"
#include "core/assets.h"
#include "core/rules.h"
#include "check_replay.h"
#include "check_report.h"
#include "check_opts.h"
#include "check_words.h"
#include "cli.h"
#include "core/exercises.h"
#include "core/i18n.h"
#include "inspect_waves.h"
#include "own_gpcs.h"
#include "mark_reuse.h"
#include "core/clock.h"
#include "own/turns/gpu_turn.h"
#include "own/sandbox/sandbox_folder.h"
#include "own/trace/shipped.h"
#include "own/nvcc/cache_dir.h"
#include "own/trace/trace_run.h"
#include "core/results.h"
#include "core/versions.h"
#include "model/trace_read.h"

/* A rule is broken: the status a usage error has too (the documented 1). */
#define EXIT_BROKEN 1

/* The mark version's time to hold the trace to (exercise 5): its run at the
 * trace's N in the recorded results of the trace's GPU.  0 with why in msg
 * when there is none; `from` names the file and the run. */
static double mark_time(const rv_trace *tr, char *from, size_t fromlen, char *msg, size_t msglen)
{
    char slug[64], paths[2][ASSETS_PATH_LEN], why[512], bufs[ASSETS_MAX_DIRS][1024];
    const char *mark = rv_version_name(rv_rules_mark_version()), *dirs[ASSETS_MAX_DIRS];
    assets_device_slug(tr->origin, slug, sizeof slug);
    /* the bundled results, then this GPU's own recording (`reducevis record`) */
    int ndirs = assets_default_dirs(bufs, dirs);
    if (assets_find_results(dirs, ndirs, slug, paths[0], paths[1], sizeof paths[0], why, sizeof why)) {
        snprintf(msg, msglen,
                 _("%s: %s's time on this GPU is needed; record it with `reducevis record` on the "
                   "same GPU (check then finds it), then check again"),
                 why, mark);
        return 0;
    }
    char n[32];
    rv_results_n_name(tr->n, n, sizeof n);
    for (int i = 0; i < 2; i++) {
        if (!paths[i][0]) continue;
        rv_results *r = rv_results_load(paths[i], why, sizeof why);
        const rv_result_run *run = r ? rv_rules_mark_run(r, tr->n, tr->block_size) : NULL;
        double ms = run ? run->median_ms : 0;
        if (run) snprintf(from, fromlen, _("%s at N = %s, block %d, in %s"), mark, n, run->block_size, paths[i]);
        rv_results_free(r);
        if (ms > 0) return ms;
    }
    snprintf(msg, msglen,
             _("no time of %s at N = %s in the results of %s (%s%s%s): check at the N they hold "
               "(--n 2^25), or time this N with `reducevis bench --n %s` and save it there"),
             mark, n, tr->origin, paths[0], paths[0][0] && paths[1][0] ? ", " : "", paths[1], n);
    return 0;
}

/* A class's GPU (mark_reuse.h): v8's time just taken, ms, held to the
 * fastest this GPU gave lately at the same N and block.  Not clean, it is
 * timed again; still not clean, the fastest stands in and nothing is
 * shared.  With no fastest to hold it to (the class's first), it is timed
 * again and the faster kept.  The time to judge by, from saying where it
 * came from where it is not this run's. */
static double mark_clean(rv_own_opts *m, const char *cache, const char *reuse, const char *name, double ms, char *from,
                         size_t fromlen)
{
    double age, best = mark_reuse_best(reuse, name, m->n, m->block_size, &age), again = 0;
    char why[2048];
    if (best <= 0 || !mark_reuse_clean(ms, best)) {
        if (rv_own_time_cached(m, cache, &again, why, sizeof why) != 0) again = 0;
        if (again > 0 && (best <= 0 ? again < ms : mark_reuse_clean(again, best)))
            ms = again;
        else if (best > 0) {
            snprintf(from, fromlen,
                     _("%s's fastest time on this GPU in this class, %.0f s before this check, block %d "
                       "(timed in this run at %.4f ms, over %.0f%% slower: other work ran on the GPU, "
                       "so that time is not kept)"),
                     name, age, m->block_size, ms, MARK_CLEAN_SLACK * 100);
            return best;
        }
    }
    mark_reuse_write(reuse, name, m->n, m->block_size, ms);
    return ms;
}

/* The version to beat, timed in this run on this GPU (exercise 5 of a .cu
 * file): the way the project measures speed, as a ratio in one run.  Its
 * median time in ms, or 0 with why (then the recorded results stand in). */
static double mark_now(const rv_own_opts *student, const char *cache, const char *keep_timed, const char *reuse,
                       char *from, size_t fromlen, char *why, size_t whylen)
{
    const rv_version_info *vi = rv_version(rv_rules_mark_version());
    rv_own_opts m = *student;
    m.beside = NULL;
    char *text = NULL;
    double age, reused = mark_reuse_read(reuse, vi->name, m.n, m.block_size, &age);
    if (reused > 0) { /* a class's GPU: timed by a check just before, on this GPU (mark_reuse.h) */
        snprintf(from, fromlen,
                 _("%s timed on this GPU %.0f s before this check, by another check of the class, "
                   "block %d"),
                 vi->name, age, m.block_size);
        return reused;
    }
    m.keep = NULL;
    m.keep_timed = keep_timed; /* beside the student's kept run, for --replay */
    m.timed_stream = 1;        /* inputs of its own, of the same distribution as the student's */
    if (rv_own_shipped(vi, &m, &text, why, whylen)) return 0;
    /* only its time is wanted: its timed run alone, no trace of it */
    double ms; /* 0 unless timed */
    if (rv_own_time_cached(&m, cache, &ms, why, whylen) == 0) {
        snprintf(from, fromlen, _("%s timed in this run on this GPU, block %d"), vi->name, m.block_size);
        if (reuse && ms > 0) ms = mark_clean(&m, cache, reuse, vi->name, ms, from, fromlen);
    }
    free(text);
    return ms;
}

/* The version to beat's timed run as the run stage runs it beside the
 * making of the student's trace (rv_own_opts.beside): mark_now's arguments
 * and what it gives back. */
typedef struct mark_job {
    const rv_own_opts *student;
    const char *cache, *reuse;
    char cache_buf[1024], keep_timed[4200], from[256], why[2048];
    double ms, seconds;
    int ran;
} mark_job;

static void mark_beside(void *arg)
{
    mark_job *j = arg;
    double t0 = rv_mono_s();
    j->ms = mark_now(j->student, j->cache, j->keep_timed[0] ? j->keep_timed : NULL, j->reuse, j->from, sizeof j->from,
                     j->why, sizeof j->why);
    j->seconds = rv_mono_s() - t0;
    j->ran = 1;
}

/* The whole reduction's time and bandwidth (N floats read once), and the
 * version to beat's where it was timed in this run; else why it was not. */
static void say_speed(const rv_trace *tr, const check_speed *sp, const char *mark_from, const char *no_mark,
                      int timed_here)
{
    if (tr->version != RV_VERSION_OWN) return;
    const char *mark = rv_version_name(rv_rules_mark_version());
    if (sp->ms <= 0 && timed_here) { /* timed, but its results not to be trusted (the calls rule says why) */
        printf(_("speed: no time to trust, so none against %s\n"), mark);
        return;
    }
    if (sp->ms <= 0) {
        printf(_("speed: no time (traced with --no-time), so none against %s\n"), mark);
        return;
    }
    printf(_("speed: %.4f ms, %.1f GB/s"), sp->ms, sp->gbps);
    if (sp->mark_ms > 0)
        printf(_("; %s: %.4f ms, %.1f GB/s; yours runs at %.0f%% of its speed"), mark_from, sp->mark_ms, sp->mark_gbps,
               sp->percent);
    else
        printf(_("; no time of %s in this run (%s)"), mark, no_mark);
    printf("\n");
}

/* Where the judged trace came from and what its run said beside it. */
typedef struct judged_run {
    const rv_own_result *run; /* NULL: a recorded trace (--trace)        */
    int replayed;             /* 1: run is a kept one (--replay)         */
    int drawn;                /* 1: this check drew the data's seed      */
    int time_it;              /* the run was timed (no --no-time)        */
} judged_run;

/* The run's facts for the rules of the run (every call, every element),
 * and why one is not known or not trusted. */
static void facts_of(const judged_run *jr, rv_rules_facts *f, check_context *cx)
{
    const rv_own_result *r = jr->run;
    if (!r) {
        memset(f, 0, sizeof *f);
        cx->reads_why = _("a recorded trace keeps no count of the elements read");
        cx->calls_why = _("a recorded trace keeps only the median time of its timed calls");
        return;
    }
    rv_own_result_facts(r, jr->time_it, f);
    cx->reads_why = r->reads_state ? r->reads_why
                                   : _("the tracer left no count of the elements read (no reads.txt: an older tracer)");
    if (f->calls == RV_FACT_KNOWN)
        cx->timed = &r->timed;
    else if (!jr->time_it)
        cx->calls_why = _("--no-time: no call was timed");
    else if (r->timed_state == 1)
        cx->calls_why = _("the timed run's results hold no checked call");
    else
        cx->calls_why = r->timed_state ? r->timed_why : _("the timed run left no results (timed.txt)");
    cx->calls_not_replayed = r->timed_state == RV_OWN_NOT_REPLAYED;
    cx->calls_faulted = r->timed_state == RV_OWN_CALL_FAULTED;
}

/* The data the trace was judged on, and how to see the same again. */
static void say_data(const rv_trace *tr, const judged_run *jr)
{
    char d[64];
    rv_data_name(tr->data, d, sizeof d);
    if (tr->version != RV_VERSION_OWN) return;
    if (!jr->run)
        printf(_("data %s, as the trace was recorded (a recorded trace: not a verified verdict)\n"), d);
    else if (jr->replayed)
        printf(_("data %s, as the run kept says (a replay: not a verified verdict)\n"), d);
    else if (jr->drawn)
        printf(_("data %s (repeat with --data %s)\n"), d, d);
    else
        printf(_("data %s, as --data gave it (data chosen ahead: not a verified verdict)\n"), d);
    if (jr->run && jr->run->judged_set) {
        rv_data_name(jr->run->judged, d, sizeof d);
        printf(_("judged calls: made by the judge's runner on streams of %s, drawn apart from the traced run's data\n"),
               d);
    }
}

/* What the timed window saw that the time alone does not say. */
static void say_window(const check_context *cx)
{
    const rv_timed_run *t = cx->timed;
    if (!t || !t->checked || t->median_ms <= 0) return;
    if (2 * t->outside >= t->ntimed)
        printf(_("note: in %d of the %d timed calls work went on after launch()'s stream had finished (another "
                 "stream, or work left running): those calls are timed until the whole GPU was idle\n"),
               t->outside, t->ntimed);
    if (!t->held && t->host_median_ms > 0.05 && t->host_median_ms > 0.5 * t->median_ms) /* held: not in it */
        printf(_("note: launch() itself ran %.4f ms of the %.4f ms on the host (medians): copies and work on the CPU "
                 "are in the time\n"),
               t->host_median_ms, t->median_ms);
}

/* The verdict's last line. */
static void say_verdict(const rv_trace *tr, const rv_exercise *ex, const rv_rules_result *res)
{
    int broken = 0;
    for (int i = 0; i < res->nrules; i++) broken += !res->rules[i].ok;
    if (res->pass && !res->unjudged)
        printf(_("PASS: all %d rules of exercise %d hold\n"), res->nrules, ex->number);
    else if (res->pass)
        printf(_("PASS: the %d rules of exercise %d that could be judged hold; %d could not be (not a verified "
                 "verdict)\n"),
               res->nrules - res->unjudged, ex->number, res->unjudged);
    else if (tr->version != RV_VERSION_OWN)
        printf(_("FAIL: not a trace of your kernel, so nothing of exercise %d was judged\n"), ex->number);
    else
        printf(_("FAIL: %d of the %d rules of exercise %d broken (docs/exercises.md says what each asks)\n"), broken,
               res->nrules, ex->number);
}

/* The trace judged by exercise ex: its lines printed, the rules' verdicts,
 * the speed and whether the verdict is verified in *sum (res the rules').
 * mark_ms: the version to beat timed in this run (0: not; then no_mark says
 * why). */
static int judge(const rv_trace *tr, const rv_exercise *ex, const judged_run *jr, double mark_ms,
                 const char *mark_from_now, const char *no_mark, rv_rules_result *res, check_summary *sum)
{
    char err[512];
    sum->speed = check_speed_of(tr, mark_ms);
    rv_analysis *an = rv_analyze(tr, err, sizeof err);
    if (!an) {
        rv_cmd_error("check", err);
        return RV_EXIT_RUNTIME;
    }
    char mark_from[ASSETS_PATH_LEN + 128] = "", mark_why[2 * ASSETS_PATH_LEN + 512] = "", n[32];
    if (mark_ms > 0)
        snprintf(mark_from, sizeof mark_from, "%s", mark_from_now);
    else if ((ex->rules & RV_RULE_BIT(RV_RULE_FAST)) && tr->version == RV_VERSION_OWN)
        mark_ms = mark_time(tr, mark_from, sizeof mark_from, mark_why, sizeof mark_why);
    rv_rules_facts facts;
    check_context cx = {.mark_from = mark_from, .mark_why = mark_why};
    facts_of(jr, &facts, &cx);
    rv_rules_judge(tr, an, ex, mark_ms, &facts, res);
    rv_results_n_name(tr->n, n, sizeof n);
    printf(_("exercise %d: %s\n"), ex->number, _(ex->title));
    if (tr->version == RV_VERSION_OWN)
        printf(_("%s, traced on %s: block %u of %u, %d threads, N = %s, %d steps\n"), tr->own_name, tr->origin,
               tr->traced_block, tr->grid, tr->block_size, n, tr->nsteps);
    say_data(tr, jr);
    for (int i = 0; i < res->nrules; i++) {
        printf("  ");
        rv_print_padded(!res->rules[i].judged ? "--" : res->rules[i].ok ? _("ok") : _("FAIL"), 7);
        check_say_rule(tr, &res->rules[i], &cx);
    }
    say_speed(tr, &sum->speed, mark_from, no_mark, jr->run && jr->time_it);
    say_window(&cx);
    say_verdict(tr, ex, res);
    rv_analysis_free(an);
    sum->verified = jr->run && jr->drawn && res->pass && !res->unjudged;
    return res->pass ? RV_EXIT_OK : EXIT_BROKEN;
}

/* Where a .cu file's work goes: both stages in turn, or one of them
 * (--build-only, --built), and the version to beat's build cache (or only
 * that cache filled: --prepare-cache); or the work a check kept, judged
 * again (--replay). */
typedef struct stages {
    const char *build_only, *built, *cache, *prepare, *replay, *waves_into;
    const char *mark_reuse; /* NULL, or the class's file (mark_reuse.h) */
} stages;

/* The .cu file traced (and the version to beat timed beside it): its trace,
 * or NULL with the exit status in *rc (0 after --build-only, which judges
 * nothing) and, on a failure, the summary's reason in *reason. */
static rv_trace *trace_file(rv_own_opts *o, const stages *st, const rv_exercise *ex, rv_own_result *res,
                            double *mark_ms, double *mark_s, char *mark_from, size_t fromlen, int *rc,
                            const char **reason)
{
    char err[8192];
    *rc = RV_EXIT_RUNTIME;
    if (st->build_only) {
        if (rv_own_compile(o, st->build_only, err, sizeof err) == 0) {
            printf(_("%s compiled into %s; judge it with --built %s\n"), o->file, st->build_only, st->build_only);
            *rc = RV_EXIT_OK;
        } else {
            rv_cmd_error("check", err);
            *reason = "compile";
        }
        return NULL;
    }
    /* every exercise's speed is said against the version to beat, timed
       here too: a ratio in one run, as the bench measures (a rule only in
       the exercise that asks for speed).  It is timed once the student's
       timed run has ended, beside the making of the trace (rv_own_opts) */
    mark_job mj = {.student = o, .reuse = st->mark_reuse};
    const char *kept = st->built ? st->built : o->keep;
    mj.cache = st->cache                                                      ? st->cache
               : rv_own_default_cache(mj.cache_buf, sizeof mj.cache_buf) == 0 ? mj.cache_buf
                                                                              : NULL;
    if (kept) snprintf(mj.keep_timed, sizeof mj.keep_timed, "%s/%s", kept, CHECK_MARK_TIMED);
    o->beside = mark_beside;
    o->beside_arg = &mj;
    /* any failure to trace (a file that does not compile included) leaves
       nothing to judge; status 1 of both stages in one is the file's (nvcc's
       messages, or not a CUDA source) */
    int failed =
        st->built ? rv_own_run_built(o, st->built, res, err, sizeof err) : rv_own_trace(o, res, err, sizeof err);
    o->beside = NULL;
    if (failed == RV_EXIT_NO_GPU_WORK) { /* it ran, and broke the first rule of all */
        printf(_("  FAIL   gpu: %s\n"), err);
        *rc = EXIT_BROKEN;
        *reason = "run";
        return NULL;
    }
    if (failed) {
        rv_cmd_error("check", err);
        *reason = !st->built && failed == 1 ? "compile" : "run";
        return NULL;
    }
    /* the GPU's GPCs beside the waves, and what the waves run cost,
       measured once the judged calls were over (or why not) */
    if (o->waves) rv_own_gpcs(res->tr);
    if (o->waves) rv_say_waves_cost(res->tr, res->waves_cost_why);
    if (res->tr->own_ms > 0 && mj.ran) {
        *mark_ms = mj.ms;
        *mark_s = mj.seconds;
        snprintf(mark_from, fromlen, "%s", mj.from);
        if (*mark_ms <= 0 && (ex->rules & RV_RULE_BIT(RV_RULE_FAST))) {
            snprintf(err, sizeof err,
                     _("the version to beat could not be timed here (%s); its recorded time stands in"), mj.why);
            rv_cmd_error("check", err);
        }
    }
    return res->tr;
}

/* Where check writes besides its words (--save-trace, --summary). */
typedef struct outputs {
    const char *trace, *summary;
} outputs;

/* --save-trace FILE, --summary FILE: a file that cannot be made there is
 * said at once, before a run that would be lost.  0, or the exit status. */
static int output_option(const rv_opts *p, const char **slot)
{
    char err[4400];
    if (check_target_ok(p->value, err, sizeof err) != 0) {
        rv_cmd_error("check", err);
        return RV_EXIT_RUNTIME;
    }
    *slot = p->value;
    return 0;
}

/* What was judged (or why nothing was) written where --save-trace and
 * --summary asked; rc, or RV_EXIT_RUNTIME when a file could not be. */
static int write_outputs(const outputs *out, const check_summary *sum, const rv_trace *tr, int rc)
{
    char err[4400];
    if (out->trace && tr && check_trace_write(out->trace, tr, err, sizeof err) != 0) {
        rv_cmd_error("check", err);
        rc = RV_EXIT_RUNTIME;
    }
    if (out->summary && check_summary_write(out->summary, sum, err, sizeof err) != 0) {
        rv_cmd_error("check", err);
        rc = RV_EXIT_RUNTIME;
    }
    return rc;
}

/* --prepare-cache DIR: the version to beat compiled into that build cache,
 * nothing judged (a class does it with its first kernel, so that its first check
 * does not wait for the compile).  Only --sandbox goes with it. */
static int prepare_cache(rv_own_opts *o, const stages *st, const outputs *out, const char *trace, int number)
{
    if (o->file || trace || number || st->build_only || st->built || st->cache || st->replay || o->keep || out->trace ||
        out->summary)
        return rv_usage_error("check", _("--prepare-cache DIR goes alone (--sandbox at most): it compiles the "
                                         "version to beat and judges nothing"));
    const rv_version_info *vi = rv_version(rv_rules_mark_version());
    char err[8192], *text = NULL;
    int rc = rv_own_shipped(vi, o, &text, err, sizeof err);
    if (!rc) rc = rv_own_fill_cache(o, st->prepare, err, sizeof err);
    free(text);
    if (rc) {
        rv_cmd_error("check", err);
        return RV_EXIT_RUNTIME;
    }
    printf(_("%s, the version to beat, is compiled in %s\n"), vi->name, st->prepare);
    return RV_EXIT_OK;
}

/* The options that do not go together, or a missing one: 0, or the usage
 * error's status with the message printed. */
static int refuse_together(const rv_own_opts *o, const stages *st, const outputs *out, const char *trace,
                           const char *traced_with, int number, int block_size)
{
    if (!number) return rv_usage_error("check", _("--exercise N is required (1 to %d)"), RV_NUM_EXERCISES);
    if (trace && st->replay) return rv_usage_error("check", _("give --trace FILE.rvt or --replay DIR, not both"));
    if (trace && o->file) return rv_usage_error("check", _("give a .cu file or --trace FILE.rvt, not both"));
    if (st->replay && o->file)
        return rv_usage_error("check", _("give a .cu file or --replay DIR, not both: the folder holds its file"));
    if (trace && traced_with[0])
        return rv_usage_error("check",
                              _("%s is an option of tracing a file; a trace given with --trace is judged "
                                "as it was recorded"),
                              traced_with);
    if (st->replay && traced_with[0])
        return rv_usage_error("check",
                              _("%s is an option of tracing a file; a run given with --replay is judged "
                                "as it was kept"),
                              traced_with);
    if (!trace && !st->replay && !o->file)
        return rv_usage_error("check", _("give the .cu file to check (or --trace FILE.rvt)"));
    if (out->trace && st->build_only)
        return rv_usage_error("check", _("--save-trace with --build-only: nothing is traced; give it with --built"));
    if (o->keep && (st->build_only || st->built))
        return rv_usage_error("check", _("--keep is not needed with %s: that folder keeps the work"),
                              st->built ? "--built" : "--build-only");
    if (block_size < 32) return rv_usage_error("check", _("block size must be at least 32 (a whole warp)"));
    return 0;
}

/* A seed nobody could know ahead, drawn for this check alone (signed:SEED).
 * 0, or the exit status. */
static int draw_seed(rv_data *d)
{
    uint64_t seed;
    if (rv_data_fresh_seed(&seed)) {
        rv_cmd_error("check", _("no random source to draw the data's seed from (getrandom, /dev/urandom); give "
                                "the data with --data signed:SEED"));
        return RV_EXIT_RUNTIME;
    }
    *d = (rv_data){RV_DATA_SIGNED, seed};
    return 0;
}

/* The data: unless --data names them, the traced run's drawn for this check
 * alone; and the judged calls' drawn apart from them (the student's program
 * sees the traced run's data, never the judged ones': judged_run.h).  With
 * --data the judged calls take stream RV_JUDGED_STREAM of it, to repeat a
 * check's picture (such a verdict is never a verified one).  0, or the exit
 * status. */
#define RV_JUDGED_STREAM 1000
static int draw_data(rv_config *cfg, rv_own_opts *o, int data_given)
{
    int rc = data_given ? 0 : draw_seed(&cfg->data);
    if (!rc) {
        if (data_given)
            o->judged = rv_data_derive(cfg->data, RV_JUDGED_STREAM);
        else
            rc = draw_seed(&o->judged);
    }
    o->judge = 1;
    return rc;
}

/* The file traced (or the trace given loaded) and judged by exercise ex, and
 * the outputs written; the exit status. */
static int check_judge(rv_own_opts *o, const stages *st, const outputs *out, const char *trace, const rv_exercise *ex,
                       rv_config *cfg, int block_given, int data_given)
{
    /* speed is compared like with like: unless told otherwise, the kernel runs
       at the block size the version to beat was tuned for */
    const rv_version_info *mark = rv_version(rv_rules_mark_version());
    if (!block_given && (ex->rules & RV_RULE_BIT(RV_RULE_FAST)) && mark && mark->tuned_block)
        cfg->block_size = mark->tuned_block;
    char err[1024], mark_from[256] = "";
    rv_trace *tr = NULL;
    double mark_ms = 0, t0 = rv_mono_s();
    int rc = RV_EXIT_RUNTIME;
    check_summary sum = {.exercise = ex->number, .reason = "load"};
    rv_own_result *run = calloc(1, sizeof *run);
    if (!run) return RV_EXIT_RUNTIME;
    if (trace) {
        if (!(tr = rv_trace_load(trace, err, sizeof err))) rv_cmd_error("check", err);
    } else if (st->replay) {
        tr = check_replay(st->replay, (ex->rules & RV_RULE_BIT(RV_RULE_FAST)) != 0, run, &mark_ms, mark_from,
                          sizeof mark_from, &rc, &sum.reason);
    } else if (!st->build_only && (rc = draw_data(cfg, o, data_given))) {
        sum.reason = "run";
    } else {
        o->block_size = cfg->block_size;
        o->n = cfg->n;
        o->data = cfg->data;
        tr = trace_file(o, st, ex, run, &mark_ms, &sum.seconds.mark, mark_from, sizeof mark_from, &rc, &sum.reason);
        sum.seconds.compile = run->compile_s;
        sum.seconds.traced_run = run->traced_run_s;
        sum.seconds.disassembly = run->disasm_s;
        sum.seconds.timed_run = run->plain_run_s;
        sum.seconds.trace = run->convert_s;
        rv_turn_waited(&sum.seconds.wait_shared, &sum.seconds.wait_alone);
        if (!st->build_only) /* run here: on which GPU (a class on Slurm says it beside the time) */
            check_gpu_name(sum.gpu, sizeof sum.gpu);
    }
    if (!tr) {
        free(run);
        sum.seconds.whole = rv_mono_s() - t0;
        return st->build_only && rc == RV_EXIT_OK ? rc : write_outputs(out, &sum, NULL, rc);
    }
    rv_rules_result res = {0};
    const char *no_mark = trace        ? _("a recorded trace is judged, with the time taken when it was traced")
                          : st->replay ? _("the run kept holds none to trust")
                                       : _("it could not be timed here");
    judged_run jr = {.run = trace ? NULL : run,
                     .replayed = st->replay != NULL,
                     .drawn = !data_given && !st->replay,
                     .time_it = o->time_it};
    rc = judge(tr, ex, &jr, mark_ms, mark_from, no_mark, &res, &sum);
    sum.reason = rc == RV_EXIT_RUNTIME ? "load" : NULL;
    sum.res = &res;
    if (!sum.reason) rv_data_name(tr->data, sum.data, sizeof sum.data);
    sum.seconds.whole = rv_mono_s() - t0;
    rc = write_outputs(out, &sum, rc == RV_EXIT_RUNTIME ? NULL : tr, rc);
    rv_trace_free(tr);
    free(run);
    return rc;
}

/* --waves-into FILE.rvt: the waves run alone of what --built kept, added
 * to the trace its check saved, written whole to --save-trace or over
 * FILE.rvt; nothing judged, so the trace is still the verdict's (a class's
 * grid after its verdict: submit_queue.c).  not_with: the first option
 * given that does not go with it.  The exit status: 0; 1 a usage error;
 * 2 nothing to run (no build, no GPU, a trace that is not the run's). */
static int waves_into(rv_own_opts *o, const stages *st, const outputs *out, const char *not_with)
{
    if (not_with[0])
        return rv_usage_error("check",
                              _("%s does not go with --waves-into, which judges nothing: it runs what --built "
                                "kept as its run ran"),
                              not_with);
    if (!o->file || !st->built)
        return rv_usage_error("check", "%s",
                              _("--waves-into FILE.rvt needs the .cu file and --built DIR, the folder of the check "
                                "that saved FILE.rvt"));
    char err[8192];
    const char *to = out->trace ? out->trace : st->waves_into;
    if (!out->trace && check_target_ok(to, err, sizeof err) != 0) {
        rv_cmd_error("check", err);
        return RV_EXIT_RUNTIME;
    }
    rv_own_result *run = calloc(1, sizeof *run);
    if (!run) return RV_EXIT_RUNTIME;
    int rc = (run->tr = rv_trace_load(st->waves_into, err, sizeof err)) ? 0 : RV_EXIT_RUNTIME;
    if (!rc) rc = rv_own_waves_built(o, st->built, st->waves_into, run, err, sizeof err);
    if (!rc) {
        rv_own_gpcs(run->tr);
        rv_say_waves_cost(run->tr, run->waves_cost_why);
        if (check_trace_write(to, run->tr, err, sizeof err) != 0) rc = RV_EXIT_RUNTIME;
    }
    if (rc) { /* a build, run or trace that is not there or not this one: nothing to run, as --built says it */
        rv_cmd_error("check", err);
        rc = RV_EXIT_RUNTIME;
    } else {
        printf(_("the waves run of %s added to its trace: %s\n"), o->file, to);
    }
    rv_trace_free(run->tr);
    free(run);
    return rc;
}

int cmd_check(int argc, char **argv)
{
    rv_config cfg = rv_config_default();
    rv_own_opts o = {.timeout_s = 30, .time_it = 1};
    stages st = {0};
    outputs out = {0};
    const char *trace = NULL;
    char traced_with[64] = "", not_waves[64] = "", mark_file[4096];
    int number = 0, block_given = 0, data_given = 0;
    rv_opts p;
    rv_opts_begin(&p, check_command(), argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        char *end;
        if ((id == OPT_GPU_GATE || id == OPT_GPU_LOCK) && rv_turn_have_gate())
            return rv_usage_error("check", "%s", _("give --gpu-gate-fd or --gpu-lock, not both"));
        if (id > 0 && p.value && !p.value[0]) /* a folder or file named "" */
            return rv_opts_bad(&p, _("%s needs a value (%s)"), p.word, p.opt->value);
        if (id > 0 && check_tracing_only(p.opt)) /* its row says so (check_opts.c) */
            snprintf(traced_with, sizeof traced_with, "%s", p.word);
        if (id > 0 && !check_on_waves_line(p.opt) && !not_waves[0]) snprintf(not_waves, sizeof not_waves, "%s", p.word);
        block_given |= id == RV_CFG_BLOCK_SIZE;
        data_given |= id == RV_CFG_DATA;
        if (rv_opts_ends(id)) return rv_opts_exit(id);
        switch (id) {
        case OPT_NOT_OURS:
            return rv_usage_error("check",
                                  _("%s is not an option of check: your file decides its kernel and grid, "
                                    "and block 0 is judged"),
                                  p.word);
        case OPT_EXERCISE: {
            long k = strtol(p.value, &end, 10);
            if (*end || !rv_exercise_get((int)k) || k != (int)k)
                return rv_usage_error("check", _("unknown exercise '%s': exercises are 1 to %d (docs/exercises.md)"),
                                      p.value, RV_NUM_EXERCISES);
            number = (int)k;
            break;
        }
        case OPT_TRACE: trace = p.value; break;
        case OPT_REPLAY: st.replay = p.value; break;
        case OPT_WAVES_INTO: st.waves_into = p.value; break;
        case OPT_BUILD_ONLY:
        case OPT_BUILT:
        case OPT_BUILD_CACHE:
        case OPT_PREPARE_CACHE:
            /* a folder, not "" (which would be the current one) */
            if (!p.value[0]) return rv_usage_error("check", _("%s needs a value (%s)"), p.word, p.opt->value);
            *(id == OPT_BUILD_ONLY    ? &st.build_only
              : id == OPT_BUILT       ? &st.built
              : id == OPT_BUILD_CACHE ? &st.cache
                                      : &st.prepare) = p.value;
            break;
        case OPT_MARK_REUSE:
            if (mark_reuse_path(p.value, mark_file, sizeof mark_file))
                return rv_usage_error("check", "%s", _("--mark-reuse: the file's name is too long"));
            st.mark_reuse = mark_file;
            break;
        case OPT_GPU_GATE: {
            char why[200];
            long fd = strtol(p.value, &end, 10);
            if (*end || fd < 0 || fd > 1023 || rv_turn_use_gate((int)fd, why, sizeof why))
                return rv_usage_error("check", "%s",
                                      *end || fd < 0 || fd > 1023 ? _("--gpu-gate-fd needs a descriptor number") : why);
            break;
        }
        case OPT_GPU_LOCK: {
            char why[4200];
            if (rv_turn_use_lock(p.value, why, sizeof why)) {
                /* the node's doing, not the file's: a status no verdict has
                   (sysexits.h), so that the class tries the check again */
                rv_cmd_error("check", why);
                rv_sandbox_tell_refused(-1, why);
                return EX_TEMPFAIL;
            }
            break;
        }
        case OPT_SAVE_TRACE:
        case OPT_SUMMARY: {
            int rc = output_option(&p, id == OPT_SAVE_TRACE ? &out.trace : &out.summary);
            if (rc) return rc;
            break;
        }
        default: { /* the options of tracing a file it shares (tracing_opts.h) */
            int rc = tracing_opt(&p, id, &o, &cfg);
            if (rc) return rc;
        }
        }
    }
    if (st.build_only && st.built) return rv_usage_error("check", _("give --build-only DIR or --built DIR, not both"));
    if (st.prepare) return prepare_cache(&o, &st, &out, trace, number);
    if (st.waves_into) return waves_into(&o, &st, &out, not_waves);
    int refused = refuse_together(&o, &st, &out, trace, traced_with, number, cfg.block_size);
    if (refused) return refused;
    o.build_cache = st.cache; /* the driver's object kept there too (NULL: the default cache) */
    return check_judge(&o, &st, &out, trace, rv_exercise_get(number), &cfg, block_given, data_given);
}
