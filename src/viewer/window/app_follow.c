/* app_follow.c — what the app opens beside the trace shown and follows
 * when it changes device: the timed runs (given with --results, else the
 * bundled ones), the hardware cross-check, compare mode's second device's
 * own; what is freed with them; and the rule `view` and `export` share for
 * what to open.  It calls nothing of app.c: the state transitions there
 * call it after a switch.
 */
#include "app.h"
#include "core/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/verify_record.h"
#include "core/results.h"

/* Loads one results file into the run or the sweep slot (by its "sweep"
 * flag).  0, or -1 with why in err. */
int app_load_results(app *a, const char *path, char *err, size_t errlen)
{
    char why[512] = "";
    rv_results *r = rv_results_load(path, why, sizeof why);
    if (!r) {
        snprintf(err, errlen, _("cannot read results: %s"), why);
        return -1;
    }
    rv_results **slot = rv_results_info(r)->sweep ? &a->sweep : &a->results;
    if (*slot) {
        snprintf(err, errlen, _("--results %s: a second %s; give one run at one N and one sweep"), path,
                 slot == &a->sweep ? _("sweep") : _("run at one N"));
        rv_results_free(r);
        return -1;
    }
    *slot = r;
    return 0;
}

void app_free_results(app *a)
{
    if (a->sweep != a->results) rv_results_free(a->sweep);
    rv_results_free(a->results);
    a->results = a->sweep = NULL;
}

static const char *file_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* The bundled results of the trace's device: a GPU trace's own, a CPU-model
 * trace's the only device's.  Failures leave a note, never an error. */
void app_follow_results(app *a)
{
    if (a->results_given) return;
    char slug[64] = "";
    int gpu = a->sc.tr->origin_kind == RV_ORIGIN_GPU;
    if (gpu)
        assets_device_slug(a->sc.tr->origin, slug, sizeof slug);
    else
        snprintf(slug, sizeof slug, "(model)");
    if ((a->results || a->sweep || a->results_note[0]) && !strcmp(slug, a->results_slug))
        return; /* already what this device needs */
    app_free_results(a);
    a->results_note[0] = '\0';
    snprintf(a->results_slug, sizeof a->results_slug, "%s", slug);
    const char *dirs[ASSETS_MAX_DIRS];
    for (int i = 0; i < a->nasset_dirs; i++) dirs[i] = a->asset_dirs[i];
    char main_path[SHOWN_PATH_LEN + 80], sweep_path[SHOWN_PATH_LEN + 80], msg[300];
    if (assets_find_results(dirs, a->nasset_dirs,
                            gpu            ? slug
                            : a->device[0] ? a->device
                                           : NULL,
                            main_path, sweep_path, sizeof main_path, msg, sizeof msg) != 0) {
        snprintf(a->results_note, sizeof a->results_note, "%s", msg);
        return;
    }
    char why[512] = "";
    for (int k = 0; k < 2; k++) {
        const char *path = k == 0 ? main_path : sweep_path;
        if (!path[0]) continue;
        rv_results *r = rv_results_load(path, why, sizeof why);
        if (!r) {
            size_t o = strlen(a->results_note);
            snprintf(a->results_note + o, sizeof a->results_note - o, _("%sbundled %s does not load: %s"),
                     o ? "; " : "", file_name(path), why);
            continue;
        }
        if (k == 0)
            a->results = r;
        else
            a->sweep = r;
    }
}

/* The bundled hardware cross-check of the trace's device (a CPU-model
 * trace: of the only device that has one).  None recorded: nothing to say;
 * a file that does not load: a note with the reason, never an error. */
void app_follow_verify(app *a)
{
    char slug[64];
    int gpu = a->sc.tr->origin_kind == RV_ORIGIN_GPU;
    if (gpu)
        assets_device_slug(a->sc.tr->origin, slug, sizeof slug);
    else
        snprintf(slug, sizeof slug, "(model)");
    if (a->cc_slug[0] && !strcmp(slug, a->cc_slug)) return; /* already what this device needs */
    rv_verify_free(a->cc);
    a->cc = NULL;
    a->cc_note[0] = '\0';
    snprintf(a->cc_slug, sizeof a->cc_slug, "%s", slug);
    const char *dirs[ASSETS_MAX_DIRS];
    for (int i = 0; i < a->nasset_dirs; i++) dirs[i] = a->asset_dirs[i];
    char path[SHOWN_PATH_LEN + 80], msg[300], why[300] = "";
    if (assets_find_verify(dirs, a->nasset_dirs,
                           gpu            ? slug
                           : a->device[0] ? a->device
                                          : NULL,
                           path, sizeof path, msg, sizeof msg) != 0)
        return;
    a->cc = rv_verify_load(path, why, sizeof why);
    if (!a->cc) snprintf(a->cc_note, sizeof a->cc_note, _("bundled %.80s does not load: %.200s"), file_name(path), why);
}

/* An own trace's partners (compare mode, a version switch) are what was
 * recorded on its GPU: the bundled traces of its device, at its block size
 * and data, where there are some; else the CPU model, whose header says so. */
void app_own_follows_device(app *a)
{
    char slug[64], dir[SHOWN_PATH_LEN];
    const char *dirs[ASSETS_MAX_DIRS];
    for (int i = 0; i < a->nasset_dirs; i++) dirs[i] = a->asset_dirs[i];
    assets_device_slug(a->sc.tr->origin, slug, sizeof slug);
    a->sc.bundled = 1;
    snprintf(a->sc.device, sizeof a->sc.device, "%s", slug);
    if (assets_device_dir(dirs, a->nasset_dirs, slug, dir, sizeof dir) == 0)
        snprintf(a->sc.asset_dir, sizeof a->sc.asset_dir, "%s", dir);
}

int shown_open_options(shown *sc, const viewer_options *o, const char *const *asset_dirs, int ndirs, char *err,
                       size_t errlen)
{
    if (o->file) return shown_open_file(sc, o->file, err, errlen);

    rv_config cfg = rv_config_default();
    if (o->version >= 0) cfg.version = o->version;
    if (o->block_size) cfg.block_size = o->block_size;
    if (o->data && rv_data_parse(o->data, &cfg.data, err, errlen) != 0) return -1;
    /* Without model options the bundled GPU trace is the truth to show. */
    int want_bundle = !o->block_size && !o->data;
    char dir[SHOWN_PATH_LEN] = "";
    int have_dir = assets_device_dir(asset_dirs, ndirs, sc->device, dir, sizeof dir) == 0 ||
                   assets_pick_dir(asset_dirs, ndirs, dir, sizeof dir) == 0;
    if (want_bundle && have_dir) {
        char why[256];
        if (shown_open_bundled(sc, dir, cfg.version, NULL, why, sizeof why) == 0) return 0;
    }
    if (shown_simulate(sc, &cfg, err, errlen) != 0) return -1;
    if (want_bundle) {
        /* Keep following the bundle: other versions may have GPU traces. */
        sc->bundled = have_dir;
        snprintf(sc->asset_dir, sizeof sc->asset_dir, "%s", dir);
        snprintf(sc->note, sizeof sc->note, _("no bundled GPU trace found"));
    }
    return 0;
}

/* The second pane's own results and cross-check, when it shows another GPU. */
void app_free_second(app *a)
{
    rv_results_free(a->results2);
    rv_verify_free(a->cc2);
    a->results2 = NULL;
    a->cc2 = NULL;
}

void app_follow_second(app *a)
{
    app_free_second(a);
    if (!a->comparing || a->sc2.tr->origin_kind != RV_ORIGIN_GPU || !strcmp(a->sc2.device, a->sc.device)) return;
    char slug[64], main_path[SHOWN_PATH_LEN + 80], sweep_path[SHOWN_PATH_LEN + 80], msg[300], why[512];
    const char *dirs[ASSETS_MAX_DIRS];
    for (int i = 0; i < a->nasset_dirs; i++) dirs[i] = a->asset_dirs[i];
    assets_device_slug(a->sc2.tr->origin, slug, sizeof slug);
    if (assets_find_results(dirs, a->nasset_dirs, slug, main_path, sweep_path, sizeof main_path, msg, sizeof msg) == 0)
        a->results2 = rv_results_load(main_path[0] ? main_path : sweep_path, why, sizeof why);
    if (assets_find_verify(dirs, a->nasset_dirs, slug, main_path, sizeof main_path, msg, sizeof msg) == 0)
        a->cc2 = rv_verify_load(main_path, why, sizeof why);
}

void app_close(app *a)
{
    free(a->rows);
    a->rows = NULL;
    a->nrows = 0;
    shown_close(&a->sc);
    shown_close(&a->sc2);
    app_free_second(a);
    app_free_results(a);
    rv_verify_free(a->cc);
    a->cc = NULL;
    for (int p = 0; p < 2; p++) waves_rec_free(&a->wrec[p]);
    waves_rec_free(&a->wbeside);
}

/* The trace whose waves run pane p's picture shows: the first launch of
 * the run, where the waves are kept (rv_trace.waves); NULL: none. */
static const rv_trace *pane_first(const app *a, int p)
{
    if (p) return a->comparing ? a->sc2.tr : NULL;
    return a->sc.story.tr[0];
}

const char *app_follow_waves(app *a)
{
    const char *dirs[ASSETS_MAX_DIRS];
    char slug[64];
    for (int i = 0; i < a->nasset_dirs; i++) dirs[i] = a->asset_dirs[i];
    const char *lost = NULL;
    for (int p = 0; p < 2; p++) {
        const rv_trace *first = pane_first(a, p);
        /* a trace with a run of its own, or a student's kernel: no stand-in */
        if (!first || first->waves || rv_trace_is_own(first)) continue;
        waves_rec_slug(first, a->device, slug);
        if (waves_rec_follow(&a->wrec[p], dirs, a->nasset_dirs, slug,
                             first->origin_kind == RV_ORIGIN_GPU ? first->origin : slug, first->version) &&
            !a->wrec[p].tr && !lost)
            lost = a->wrec[p].why;
    }
    const rv_trace *first = pane_first(a, 0);
    if (a->beside_waves && first) {
        /* the class's kernel window: a class records a kernel's grid only
           when started with --waves, and only after its verdict */
        snprintf(a->beside_why, sizeof a->beside_why,
                 _("The class has not recorded the grid of %s: its trace has no waves run. A class started with "
                   "`reducevis class --waves` records it after the verdict, once no kernel waits for one."),
                 rv_trace_name(first));
        waves_rec_slug(first, a->device, slug);
        if (waves_rec_follow(&a->wbeside, dirs, a->nasset_dirs, slug,
                             first->origin_kind == RV_ORIGIN_GPU ? first->origin : slug, a->beside_waves - 1) &&
            !a->wbeside.tr && !lost)
            lost = a->wbeside.why;
    }
    return lost;
}
