/* app.c — viewer state transitions: keys, mouse, playback, version switches.
 *
 * The command line of `view` is view_args.c.  Nothing here draws.  Mouse positions are hit-tested against the layout of
 * the last frame, so a click lands on what the teacher saw under the pointer.
 * The position stepped through is one of the shown's story: every launch's
 * steps in a row (story.h), so the arrows cross from one launch to the next.
 */
#include "app.h"
#include "core/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "viewer/draw/draw.h"
#include "core/verify_record.h"
#include "core/results.h"
#include "core/versions.h"

static const double speeds[] = { 0.25, 0.5, 1, 2, 4, 8 };
#define NSPEEDS ((int)(sizeof speeds / sizeof speeds[0]))
#define SPEED_DEFAULT 2

/* Loads one results file into the run or the sweep slot (by its "sweep"
 * flag).  0, or -1 with why in err. */
static int load_results(app *a, const char *path, char *err, size_t errlen)
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

static void free_results(app *a)
{
    if (a->sweep != a->results)
        rv_results_free(a->sweep);
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
static void follow_results(app *a)
{
    if (a->results_given)
        return;
    char slug[64] = "";
    int gpu = a->sc.tr->origin_kind == RV_ORIGIN_GPU;
    if (gpu)
        assets_device_slug(a->sc.tr->origin, slug, sizeof slug);
    else
        snprintf(slug, sizeof slug, "(model)");
    if ((a->results || a->sweep || a->results_note[0]) && !strcmp(slug, a->results_slug))
        return;   /* already what this device needs */
    free_results(a);
    a->results_note[0] = '\0';
    snprintf(a->results_slug, sizeof a->results_slug, "%s", slug);
    const char *dirs[ASSETS_MAX_DIRS];
    for (int i = 0; i < a->nasset_dirs; i++)
        dirs[i] = a->asset_dirs[i];
    char main_path[SHOWN_PATH_LEN + 80], sweep_path[SHOWN_PATH_LEN + 80], msg[300];
    if (assets_find_results(dirs, a->nasset_dirs, gpu ? slug : a->device[0] ? a->device : NULL, main_path, sweep_path, sizeof main_path,
                           msg, sizeof msg) != 0) {
        snprintf(a->results_note, sizeof a->results_note, "%s", msg);
        return;
    }
    char why[512] = "";
    for (int k = 0; k < 2; k++) {
        const char *path = k == 0 ? main_path : sweep_path;
        if (!path[0])
            continue;
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
static void follow_verify(app *a)
{
    char slug[64];
    int gpu = a->sc.tr->origin_kind == RV_ORIGIN_GPU;
    if (gpu)
        assets_device_slug(a->sc.tr->origin, slug, sizeof slug);
    else
        snprintf(slug, sizeof slug, "(model)");
    if (a->cc_slug[0] && !strcmp(slug, a->cc_slug))
        return;   /* already what this device needs */
    rv_verify_free(a->cc);
    a->cc = NULL;
    a->cc_note[0] = '\0';
    snprintf(a->cc_slug, sizeof a->cc_slug, "%s", slug);
    const char *dirs[ASSETS_MAX_DIRS];
    for (int i = 0; i < a->nasset_dirs; i++)
        dirs[i] = a->asset_dirs[i];
    char path[SHOWN_PATH_LEN + 80], msg[300], why[300] = "";
    if (assets_find_verify(dirs, a->nasset_dirs, gpu ? slug : a->device[0] ? a->device : NULL, path, sizeof path,
                              msg, sizeof msg) != 0)
        return;
    a->cc = rv_verify_load(path, why, sizeof why);
    if (!a->cc)
        snprintf(a->cc_note, sizeof a->cc_note, _("bundled %.80s does not load: %.200s"), file_name(path), why);
}

/* An own trace's partners (compare mode, a version switch) are what was
 * recorded on its GPU: the bundled traces of its device, at its block size
 * and data, where there are some; else the CPU model, whose header says so. */
static void own_follows_device(app *a)
{
    char slug[64], dir[SHOWN_PATH_LEN];
    const char *dirs[ASSETS_MAX_DIRS];
    for (int i = 0; i < a->nasset_dirs; i++)
        dirs[i] = a->asset_dirs[i];
    assets_device_slug(a->sc.tr->origin, slug, sizeof slug);
    a->sc.bundled = 1;
    snprintf(a->sc.device, sizeof a->sc.device, "%s", slug);
    if (assets_device_dir(dirs, a->nasset_dirs, slug, dir, sizeof dir) == 0)
        snprintf(a->sc.asset_dir, sizeof a->sc.asset_dir, "%s", dir);
}

int app_open(app *a, const viewer_options *o, const char *const *asset_dirs, int ndirs,
             char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    a->speed = SPEED_DEFAULT;
    a->pq.mode = o->predict;
    a->pq.step = -1;
    a->results_path = o->results[0];
    a->width = o->width;
    a->height = o->height;
    for (int i = 0; i < ndirs && a->nasset_dirs < ASSETS_MAX_DIRS; i++)
        if (asset_dirs[i] && asset_dirs[i][0])
            snprintf(a->asset_dirs[a->nasset_dirs++], SHOWN_PATH_LEN, "%s", asset_dirs[i]);
    /* whose recording: the one asked for, else the first by name */
    char slugs[ASSETS_MAX_DEVICES][64];
    if (o->device) {
        if (assets_match_device(asset_dirs, ndirs, o->device, a->device, sizeof a->device, err, errlen) != 0)
            return -1;
    } else if (assets_list_devices(asset_dirs, ndirs, slugs) > 0) {
        snprintf(a->device, sizeof a->device, "%s", slugs[0]);
    }
    snprintf(a->sc.device, sizeof a->sc.device, "%s", a->device);
    for (int k = 0; k < 2 && o->results[k]; k++) {
        a->results_given = 1;
        if (load_results(a, o->results[k], err, errlen) != 0)
            return -1;
    }
    if (shown_open_options(&a->sc, o, asset_dirs, ndirs, err, errlen) != 0)
        return -1;
    if (rv_trace_is_own(a->sc.tr))
        own_follows_device(a);
    follow_results(a);
    follow_verify(a);
    if (o->compare > 0 && app_compare(a, o->compare - 1, err, errlen) != 0)
        return -1;
    return 0;
}

int shown_open_options(shown *sc, const viewer_options *o, const char *const *asset_dirs, int ndirs,
                       char *err, size_t errlen)
{
    if (o->file)
        return shown_open_file(sc, o->file, err, errlen);

    rv_config cfg = rv_config_default();
    if (o->version >= 0)
        cfg.version = o->version;
    if (o->block_size)
        cfg.block_size = o->block_size;
    if (o->data && rv_data_parse(o->data, &cfg.data, err, errlen) != 0)
        return -1;
    /* Without model options the bundled GPU trace is the truth to show. */
    int want_bundle = !o->block_size && !o->data;
    char dir[SHOWN_PATH_LEN] = "";
    int have_dir = assets_device_dir(asset_dirs, ndirs, sc->device, dir, sizeof dir) == 0 ||
                   assets_pick_dir(asset_dirs, ndirs, dir, sizeof dir) == 0;
    if (want_bundle && have_dir) {
        char why[256];
        if (shown_open_bundled(sc, dir, cfg.version, NULL, why, sizeof why) == 0)
            return 0;
    }
    if (shown_simulate(sc, &cfg, err, errlen) != 0)
        return -1;
    if (want_bundle) {
        /* Keep following the bundle: other versions may have GPU traces. */
        sc->bundled = have_dir;
        snprintf(sc->asset_dir, sizeof sc->asset_dir, "%s", dir);
        snprintf(sc->note, sizeof sc->note, _("no bundled GPU trace found"));
    }
    return 0;
}

/* The second pane's own results and cross-check, when it shows another GPU. */
static void free_second(app *a)
{
    rv_results_free(a->results2);
    rv_verify_free(a->cc2);
    a->results2 = NULL;
    a->cc2 = NULL;
}

static void follow_second(app *a)
{
    free_second(a);
    if (!a->comparing || a->sc2.tr->origin_kind != RV_ORIGIN_GPU || !strcmp(a->sc2.device, a->sc.device))
        return;
    char slug[64], main_path[SHOWN_PATH_LEN + 80], sweep_path[SHOWN_PATH_LEN + 80], msg[300], why[512];
    const char *dirs[ASSETS_MAX_DIRS];
    for (int i = 0; i < a->nasset_dirs; i++)
        dirs[i] = a->asset_dirs[i];
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
    free_second(a);
    free_results(a);
    rv_verify_free(a->cc);
    a->cc = NULL;
}

void app_toast(app *a, const char *msg)
{
    snprintf(a->toast, sizeof a->toast, "%s", msg);
    a->toast_ms = APP_TOAST_MS;
}

/* Positions the arrows move through: the steps of every launch in a row,
 * or aligned rows when comparing. */
int app_positions(const app *a)
{
    return a->comparing ? a->nrows : story_total(&a->sc.story);
}

static int position(const app *a)
{
    return a->comparing ? a->row : a->step;
}

/* The step of the first shown at row r, or the last one before it. */
static int step_at_row(const app *a, int r)
{
    for (; r >= 0; r--)
        if (a->rows[r].step[0] >= 0)
            return a->rows[r].step[0];
    return 0;
}

static void set_step(app *a, int s)
{
    int last = app_positions(a) - 1;
    s = s < 0 ? 0 : s > last ? last : s;
    if (a->comparing) {
        a->row = s;
        a->step = step_at_row(a, s);
    } else {
        a->step = s;
    }
    a->play_ms = 0;
}

void app_goto(app *a, int pos)
{
    set_step(a, pos);
}

/* Compare mode aligns the first launch of the shown with the other
 * version: a position in a later launch stands at the first's last step. */
static void realign(app *a)
{
    int step;
    free(a->rows);
    a->nrows = compare_align(a->sc.tr, a->sc2.tr, &a->rows);
    if (a->nrows < 0)
        a->nrows = 0;
    if (story_locate(&a->sc.story, a->step, &step) > 0)
        step = a->sc.tr->nsteps - 1;
    a->row = compare_row_of(a->rows, a->nrows, 0, step);
}

/* The second pane: version v opened as `like` would open it (its block size,
 * data, and the device whose recording it follows). */
static int compare_like(app *a, const shown *like, int v, char *msg, size_t len)
{
    shown next = { 0 };
    if (shown_open_like(&next, like, v, msg, len) != 0) {
        app_toast(a, msg);
        return -1;
    }
    shown_close(&a->sc2);
    a->sc2 = next;
    a->comparing = 1;
    realign(a);
    follow_second(a);
    const char *na = rv_trace_name(a->sc.tr), *nb = rv_trace_name(a->sc2.tr);
    if (strcmp(a->sc2.device, a->sc.device) && a->sc2.tr->origin_kind == RV_ORIGIN_GPU)
        snprintf(msg, len, _("comparing %s on %s with %s on %s"), na,
                 a->sc.tr->origin_kind == RV_ORIGIN_GPU ? a->sc.tr->origin : _("the CPU model"), nb,
                 a->sc2.tr->origin);
    else
        snprintf(msg, len, _("comparing %s with %s%s"), na, nb,
                 a->sc2.tr->origin_kind == RV_ORIGIN_GPU ? _(" (GPU trace)") : _(" (CPU model)"));
    app_toast(a, msg);
    return 0;
}

/* The recorded device after the one shown, and the folder of its traces:
 * 0, or -1 with a toast (fewer than two devices, or no traces). */
static int next_recorded(app *a, char slug[64], char *dir, size_t len, int *index, int *count)
{
    char slugs[ASSETS_MAX_DEVICES][64], msg[160];
    const char *dirs[ASSETS_MAX_DIRS];
    for (int i = 0; i < a->nasset_dirs; i++)
        dirs[i] = a->asset_dirs[i];
    int n = assets_list_devices(dirs, a->nasset_dirs, slugs), k = 0;
    if (n < 2) {
        app_toast(a, n ? _("only one device is recorded (reducevis record adds yours)")
                       : _("no device is recorded (reducevis record makes a recording)"));
        return -1;
    }
    while (k < n && strcmp(slugs[k], a->device))
        k++;
    snprintf(slug, 64, "%s", slugs[(k + 1) % n]);
    if (assets_device_dir(dirs, a->nasset_dirs, slug, dir, len) != 0) {
        snprintf(msg, sizeof msg, _("no traces of %s"), slug);
        app_toast(a, msg);
        return -1;
    }
    *index = (k + 1) % n;
    *count = n;
    return 0;
}

/* C then D: this version on the next recorded device, beside this one. */
static void compare_next_device(app *a)
{
    char slug[64], dir[SHOWN_PATH_LEN], msg[400];
    int k, n;
    if (next_recorded(a, slug, dir, sizeof dir, &k, &n) != 0)
        return;
    shown like = a->sc; /* shares the trace: only read, never closed */
    snprintf(like.device, sizeof like.device, "%s", slug);
    snprintf(like.asset_dir, sizeof like.asset_dir, "%s", dir);
    like.bundled = 1;
    compare_like(a, &like, a->sc.tr->version, msg, sizeof msg);
}

int app_compare(app *a, int v, char *msg, size_t len)
{
    if (v < 0) {
        if (a->comparing)
            a->step = step_at_row(a, a->row);
        a->comparing = 0;
        free(a->rows);
        a->rows = NULL;
        a->nrows = 0;
        shown_close(&a->sc2);
        free_second(a);
        app_toast(a, _("compare off"));
        return 0;
    }
    return compare_like(a, &a->sc, v, msg, len);
}

static void switch_version(app *a, int v)
{
    char msg[300];
    if (v == a->sc.tr->version)
        return;
    if (shown_switch_version(&a->sc, v, &a->step, msg, sizeof msg) != 0) {
        app_toast(a, msg);
        return;
    }
    a->focus = 0;
    if (a->comparing)
        realign(a);
    follow_results(a);
    follow_verify(a);
    const rv_version_info *vi = rv_version(v);
    if (a->sc.tr->origin_kind == RV_ORIGIN_GPU)
        snprintf(msg, sizeof msg, _("%s %s: GPU trace from %s"), vi->name, _(vi->title), a->sc.tr->origin);
    else
        snprintf(msg, sizeof msg, _("%s %s: simulated with the CPU model"), vi->name, _(vi->title));
    app_toast(a, msg);
}

int app_version_of_digit(int digit)
{
    char name[8];
    snprintf(name, sizeof name, "v%d", digit);
    for (int v = 0; v < RV_NUM_VERSIONS; v++)
        if (rv_version(v) && !strcmp(rv_version(v)->name, name))
            return v;
    return -1;
}

/* The digit of a key (top row or keypad), or -1. */
int app_key_digit(SDL_Keycode key)
{
    if (key >= SDLK_0 && key <= SDLK_9)
        return (int)(key - SDLK_0);
    if (key >= SDLK_KP_1 && key <= SDLK_KP_9)
        return (int)(key - SDLK_KP_1) + 1;
    if (key == SDLK_KP_0)
        return 0;
    return -1;
}

/* Digit D: the version named "vD", or a toast saying there is none. */
static int digit_version(app *a, int digit)
{
    int v = app_version_of_digit(digit);
    if (v < 0) {
        char msg[80];
        snprintf(msg, sizeof msg, _("there is no version v%d ([ and ] step through all versions)"), digit);
        app_toast(a, msg);
    }
    return v;
}

/* D: the same version and point of the reduction on the next recorded
 * device (its trace, its timed runs, its cross-check). */
static void next_device(app *a)
{
    char next[64], msg[400], dir[SHOWN_PATH_LEN];
    int k, n;
    if (next_recorded(a, next, dir, sizeof dir, &k, &n) != 0)
        return;
    /* reopen this version there: shown_switch_version builds it beside the old one */
    shown keep = a->sc;
    snprintf(a->sc.device, sizeof a->sc.device, "%s", next);
    snprintf(a->sc.asset_dir, sizeof a->sc.asset_dir, "%s", dir);
    a->sc.bundled = 1;
    if (shown_switch_version(&a->sc, a->sc.tr->version, &a->step, msg, sizeof msg) != 0) {
        a->sc = keep; /* unchanged: the new shown is built beside the old one */
        app_toast(a, msg);
        return;
    }
    snprintf(a->device, sizeof a->device, "%s", next);
    a->focus = 0;
    if (a->comparing) {
        realign(a);
        follow_second(a);
    }
    follow_results(a);
    follow_verify(a);
    snprintf(msg, sizeof msg, _("device %d of %d: %s"), k + 1, n,
             a->sc.tr->origin_kind == RV_ORIGIN_GPU ? a->sc.tr->origin : next);
    app_toast(a, msg);
}

/* L: English <-> Chinese, live.  Without a CJK font or the catalogue the
 * interface stays English and the toast says what to install. */
void app_toggle_language(app *a)
{
    char msg[320], err[1400];
    int to_zh = !strcmp(i18n_lang(), "en");
    if (to_zh && a->no_cjk_font) {
        snprintf(msg, sizeof msg, _("no Chinese font found: install Debian's %s (fontconfig finds it)"),
                 FONT_CJK_PACKAGE);
        app_toast(a, msg);
        return;
    }
    if (i18n_set(to_zh ? "zh" : "en", err, sizeof err) != 0) {
        fprintf(stderr, "reducevis view: %s\n", err);
        app_toast(a, _("no Chinese catalogue: build reducevis with Debian's gettext package installed"));
        return;
    }
    /* TRANSLATORS: shown after the L key switched to this language: name it. */
    app_toast(a, _("interface: English"));
}

/* [ and ]: the version before or after the current one in teaching order. */
static void step_version(app *a, int dir)
{
    const rv_version_info *next = rv_version_at(rv_version(a->sc.tr->version)->order + dir);
    int v = next ? next->id : -1;
    if (v < 0) {
        char msg[160];
        snprintf(msg, sizeof msg, dir < 0 ? _("%s is the first version") : _("%s is the last version"),
                 rv_trace_name(a->sc.tr));
        app_toast(a, msg);
        return;
    }
    switch_version(a, v);
}

double app_speed(const app *a)
{
    return speeds[a->speed];
}

void app_key(app *a, SDL_Keycode key, Uint16 mod)
{
    (void)mod;
    int last = app_positions(a) - 1;
    if (a->compare_pending) {
        /* C was pressed: a digit picks the second version, C again ends it. */
        char msg[300];
        a->compare_pending = 0;
        int dg = app_key_digit(key);
        if (dg >= 0) {
            int v = digit_version(a, dg);
            if (v >= 0)
                app_compare(a, v, msg, sizeof msg);
            return;
        }
        if (key == SDLK_c) {
            app_compare(a, -1, msg, sizeof msg);
            return;
        }
        if (key == SDLK_d) {
            compare_next_device(a);
            return;
        }
        if (key == SDLK_ESCAPE) {
            app_toast(a, _("compare: cancelled"));
            return;
        }
    }
    if (app_class_key(a, key) || app_predict_key(a, key, mod))
        return;
    switch (key) {
    case SDLK_RIGHT: case SDLK_SPACE:
        set_step(a, position(a) + 1);
        break;
    case SDLK_LEFT:
        set_step(a, position(a) - 1);
        break;
    case SDLK_c:
        a->compare_pending = 1;
        app_toast(a, a->comparing ? _("compare: press a digit for the second version, C again to stop")
                                  : _("compare: press a digit for the version to show beside this one"));
        break;
    case SDLK_e:
        a->save_requested = 1;
        break;
    case SDLK_HOME:
        set_step(a, 0);
        break;
    case SDLK_END:
        set_step(a, last);
        break;
    case SDLK_p:
        a->playing = !a->playing;
        if (a->playing && position(a) >= last)
            set_step(a, 0);   /* play from the start rather than do nothing */
        a->play_ms = 0;
        break;
    case SDLK_PLUS: case SDLK_KP_PLUS: case SDLK_EQUALS:
        if (a->speed < NSPEEDS - 1)
            a->speed++;
        break;
    case SDLK_MINUS: case SDLK_KP_MINUS: case SDLK_UNDERSCORE:
        if (a->speed > 0)
            a->speed--;
        break;
    case SDLK_t:
        a->theme = !a->theme;
        break;
    case SDLK_f:
        a->fullscreen = !a->fullscreen;
        break;
    case SDLK_z: {
        /* Toggle between a row per warp and the strip, from what is shown. */
        viewer_frame f = app_frame(a, a->width, a->height);
        layout L;
        draw_layout_for(&f, &L);
        a->warps_view = L.compact ? 1 : 2;
        break;
    }
    case SDLK_h: case SDLK_QUESTION: case SDLK_F1:
        a->help = !a->help;
        break;
    case SDLK_l:
        app_toggle_language(a);
        break;
    case SDLK_ESCAPE:
        if (a->help)
            a->help = 0;   /* Esc closes the overlay before it quits */
        else
            a->quit = 1;
        break;
    case SDLK_q:
        a->quit = 1;
        break;
    case SDLK_d:
        next_device(a);
        break;
    case SDLK_LEFTBRACKET:
        step_version(a, -1);
        break;
    case SDLK_RIGHTBRACKET:
        step_version(a, +1);
        break;
    default: {
        int dg = app_key_digit(key), v;
        if (dg >= 0 && (v = digit_version(a, dg)) >= 0)
            switch_version(a, v);
        break;
    }
    }
}

static void click(app *a, int x, int y)
{
    if (app_class_click(a, x, y) || app_predict_click(a, x, y))
        return;
    viewer_frame f = app_frame(a, a->width, a->height);
    if (a->comparing) {
        static layout_cmp C;
        draw_compare_layout(&f, &C);
        int r = layout_compare_row_at(&C, x, y);
        if (r >= 0) {
            set_step(a, r);
            return;
        }
        int w = f.step >= 0 ? layout_warp_at(&C.pane[0], x, y) : -1;
        if (w >= 0)
            a->focus = a->focus == w + 1 ? 0 : w + 1;
        return;
    }
    layout L;
    draw_layout_for(&f, &L);
    int m = layout_step_at(&L, x, y);
    if (m >= 0) {
        /* a folded run's box: the step at that point of it */
        lrect b = layout_step_rect(&L, m);
        int p = scene_timeline_position(&f, m, x - b.x, b.w);
        if (p >= 0)
            set_step(a, p);
        return;
    }
    int w = layout_warp_at(&L, x, y);
    if (w >= 0)
        a->focus = a->focus == w + 1 ? 0 : w + 1;
}

void app_event(app *a, const SDL_Event *e)
{
    switch (e->type) {
    case SDL_QUIT:
        a->quit = 1;
        break;
    case SDL_KEYDOWN:
        app_key(a, e->key.keysym.sym, e->key.keysym.mod);
        break;
    case SDL_TEXTINPUT:
        /* '?' needs Shift on most layouts and has no keycode of its own
         * there: it arrives as text. */
        if (!strcmp(e->text.text, "?"))
            a->help = !a->help;
        break;
    case SDL_MOUSEMOTION:
        a->hover = 1;
        a->mouse_x = e->motion.x;
        a->mouse_y = e->motion.y;
        break;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button == SDL_BUTTON_LEFT)
            click(a, e->button.x, e->button.y);
        break;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_LEAVE)
            a->hover = 0;
        break;
    default:
        break;
    }
}

int app_tick(app *a, unsigned ms)
{
    int changed = app_class_sync(a);
    if (a->toast_ms) {
        a->toast_ms = ms >= a->toast_ms ? 0 : a->toast_ms - ms;
        changed |= a->toast_ms == 0;
    }
    if (!a->playing)
        return changed;
    a->play_ms += ms;
    unsigned period = (unsigned)(1000.0 / speeds[a->speed]);
    while (a->play_ms >= period && a->playing) {
        unsigned left = a->play_ms - period;
        if (position(a) >= app_positions(a) - 1) {
            a->playing = 0;
        } else {
            set_step(a, position(a) + 1);
            changed = 1;
        }
        a->play_ms = left;
    }
    return changed;
}

viewer_frame app_frame(app *a, int w, int h)
{
    a->width = w;
    a->height = h;
    /* the launch the position is in, and its step there */
    int step, k = story_locate(&a->sc.story, a->step, &step);
    viewer_frame f = {
        .tr = a->sc.story.tr[k], .an = a->sc.story.an[k], .step = step,
        .story = &a->sc.story, .pos = a->step, .theme = a->theme,
        .width = w, .height = h, .note = a->sc.note,
        .hover = a->hover, .mouse_x = a->mouse_x, .mouse_y = a->mouse_y,
        .focus = a->focus, .help = a->help, .warps_view = a->warps_view, .playing = a->playing,
        .speed = speeds[a->speed], .toast = a->toast_ms ? a->toast : NULL,
        .results_path = a->results_path, .results = a->results ? a->results : a->sweep,
        .sweep = a->sweep, .results_note = a->results_note,
        .verify = a->cc, .verify_note = a->cc_note,
    };
    f.quiz = app_predict_frame(a);
    if (a->room && a->class_line[0])
        f.note = a->class_line;
    if (a->room)
        f.live = a->live;
    if (!f.sweep && f.results && rv_results_info(f.results)->sweep)
        f.sweep = f.results;
    if (a->comparing && a->sc2.tr && a->nrows > 0) {
        f.other2 = a->sc2.tr->origin_kind == RV_ORIGIN_GPU && strcmp(a->sc2.device, a->sc.device) != 0;
        f.results2 = a->results2;
        f.verify2 = a->cc2;
        f.tr2 = a->sc2.tr;
        f.an2 = a->sc2.an;
        f.note2 = a->sc2.note;
        f.rows = a->rows;
        f.nrows = a->nrows;
        f.row = a->row;
        f.story = NULL;   /* the first launch beside the other version */
        f.tr = a->sc.tr;
        f.an = a->sc.an;
        f.step = a->rows[a->row].step[0];
        f.step2 = a->rows[a->row].step[1];
        f.note = a->sc.note;
    }
    return f;
}

static const struct { const char *name; SDL_Keycode key; } key_names[] = {
    { "a", SDLK_a }, { "enter", SDLK_RETURN }, { "backspace", SDLK_BACKSPACE },
    { "right", SDLK_RIGHT }, { "left", SDLK_LEFT }, { "space", SDLK_SPACE },
    { "home", SDLK_HOME }, { "end", SDLK_END }, { "p", SDLK_p }, { "t", SDLK_t },
    { "f", SDLK_f }, { "d", SDLK_d }, { "z", SDLK_z }, { "c", SDLK_c }, { "e", SDLK_e }, { "k", SDLK_k }, { "h", SDLK_h }, { "l", SDLK_l }, { "?", SDLK_QUESTION }, { "q", SDLK_q },
    { "esc", SDLK_ESCAPE }, { "plus", SDLK_PLUS }, { "+", SDLK_PLUS },
    { "minus", SDLK_MINUS }, { "-", SDLK_MINUS },
    { "0", SDLK_0 }, { "1", SDLK_1 }, { "2", SDLK_2 }, { "3", SDLK_3 },
    { "4", SDLK_4 }, { "5", SDLK_5 }, { "6", SDLK_6 }, { "7", SDLK_7 },
    { "8", SDLK_8 }, { "9", SDLK_9 }, { "[", SDLK_LEFTBRACKET }, { "]", SDLK_RIGHTBRACKET },
};

int app_run_keys(app *a, const char *script, char *err, size_t errlen)
{
    char name[32];
    const char *p = script;
    while (*p) {
        size_t n = strcspn(p, ", ");
        if (n > 0) {
            if (n >= sizeof name) {
                snprintf(err, errlen, _("--keys: '%.*s' is not a key"), (int)n, p);
                return -1;
            }
            memcpy(name, p, n);
            name[n] = '\0';
            int shift = !strcmp(name, "A");   /* Shift+A: predict mode, teacher */
            if (shift)
                name[0] = 'a';
            size_t i;
            for (i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
                if (!strcmp(name, key_names[i].name))
                    break;
            if (i == sizeof key_names / sizeof key_names[0]) {
                snprintf(err, errlen, _("--keys: '%s' is not a key (right left space home end "
                         "p t f d z c e h l ? q esc plus minus [ ] 0..9 a A enter backspace)"), name);
                return -1;
            }
            SDL_Event e = { 0 };
            e.type = SDL_KEYDOWN;
            e.key.keysym.sym = key_names[i].key;
            e.key.keysym.mod = shift ? KMOD_LSHIFT : 0;
            app_event(a, &e);
        }
        p += n;
        if (*p)
            p++;
    }
    return 0;
}
