/* app.c — viewer state transitions: the one place input changes the
 * state (app_apply), playback, version and device switches, a trace file
 * read again; compare mode's pane is app_compare.c, the position and the
 * toast app_step.c.
 *
 * Keys and clicks arrive as actions (action.c reads them; predict mode and
 * the class say theirs, app_predict.c and app_class.c); nothing here draws,
 * and the frame is read from the state (app_view.c).  What is opened
 * beside a trace and followed is app_follow.c; the command line of `view`
 * is view_args.c.  The position stepped through is one of the shown's
 * story: every launch's steps in a row (story.h), so the arrows cross from
 * one launch to the next.
 */
#include "app.h"
#include "action.h"
#include "app_compare.h"
#include "core/i18n.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "class/room.h"
#include "viewer/draw/draw.h"
#include "core/versions.h"

/* Whether device `slug` has the bundled GPU trace of version v that the
 * viewer opens (shown_open_bundled's: block 256, data ones). */
static int recorded(const char *const *asset_dirs, int ndirs, const char *slug, int v)
{
    char dir[SHOWN_PATH_LEN], path[SHOWN_PATH_LEN + 300];
    return assets_device_dir(asset_dirs, ndirs, slug, dir, sizeof dir) == 0 &&
           assets_find_bundled(dir, slug, v, 256, "ones", path, sizeof path) == 0;
}

int app_open(app *a, const viewer_options *o, const char *const *asset_dirs, int ndirs, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    a->speed = APP_SPEED_DEFAULT;
    a->pq.mode = o->predict;
    a->pq.step = -1;
    a->results_path = o->results[0];
    a->width = o->width;
    a->height = o->height;
    a->beside_waves = o->beside_waves;
    for (int i = 0; i < ndirs && a->nasset_dirs < ASSETS_MAX_DIRS; i++)
        if (asset_dirs[i] && asset_dirs[i][0])
            snprintf(a->asset_dirs[a->nasset_dirs++], SHOWN_PATH_LEN, "%s", asset_dirs[i]);
    /* whose recording: the one asked for, else the first by name that
     * recorded the version asked for (v10 came when only an H200 was at
     * hand), else the first by name */
    char slugs[ASSETS_MAX_DEVICES][64];
    if (o->device) {
        if (assets_match_device(asset_dirs, ndirs, o->device, a->device, sizeof a->device, err, errlen) != 0) return -1;
    } else {
        int n = assets_list_devices(asset_dirs, ndirs, slugs), pick = 0;
        int bundled = o->version >= 0 && !o->file && !o->block_size && !o->data; /* else the model is shown */
        for (int k = n - 1; k >= 0 && bundled; k--)
            if (recorded(asset_dirs, ndirs, slugs[k], o->version)) pick = k;
        if (n > 0) snprintf(a->device, sizeof a->device, "%s", slugs[pick]);
    }
    snprintf(a->sc.device, sizeof a->sc.device, "%s", a->device);
    for (int k = 0; k < 2 && o->results[k]; k++) {
        a->results_given = 1;
        if (app_load_results(a, o->results[k], err, errlen) != 0) return -1;
    }
    /* the file as it is before it is read: one replaced while it loads is
     * seen changed at the first look, and read again */
    if (o->file) file_watch_start(&a->watch, o->file);
    if (shown_open_options(&a->sc, o, asset_dirs, ndirs, err, errlen) != 0) return -1;
    if (rv_trace_is_own(a->sc.tr)) app_own_follows_device(a);
    app_follow_results(a);
    app_follow_verify(a);
    return o->compare > 0 ? app_compare(a, o->compare - 1, err, errlen) : 0;
}

static void switch_version(app *a, int v)
{
    char msg[300];
    if (v == a->sc.tr->version) return;
    if (shown_switch_version(&a->sc, v, &a->step, msg, sizeof msg) != 0) {
        app_toast(a, msg);
        return;
    }
    a->focus = 0;
    if (a->comparing) app_compare_realign(a);
    app_follow_results(a);
    app_follow_verify(a);
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
        if (rv_version(v) && !strcmp(rv_version(v)->name, name)) return v;
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
    if (app_next_recorded(a, next, dir, sizeof dir, &k, &n) != 0) return;
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
        app_compare_realign(a);
        app_follow_second(a);
    }
    app_follow_results(a);
    app_follow_verify(a);
    snprintf(msg, sizeof msg, _("device %d of %d: %s"), k + 1, n,
             a->sc.tr->origin_kind == RV_ORIGIN_GPU ? a->sc.tr->origin : next);
    app_toast(a, msg);
}

/* The position in story s2 where position pos of s1 stands: the same
 * launch (or s2's last) and the step there that matches (shown_map_step). */
static int map_position(const story *s1, int pos, const story *s2)
{
    int step, k1 = story_locate(s1, pos, &step), k2 = k1 < s2->nlaunch ? k1 : s2->nlaunch - 1;
    return s2->first[k2] + shown_map_step(s1->tr[k1], step, s2->tr[k2]);
}

/* The trace file view opened changed on disk: read again where it is still
 * what is shown (a version or device switch left it), as app_open read it,
 * with the position, compare mode, W's picture and its zoom kept.  A file
 * that does not load (half written, cut short) leaves the trace shown as it
 * was, and the footer says why until a later change loads. */
static void reload_file(app *a)
{
    char err[1200], msg[400], said[400] = "";
    if (strcmp(a->sc.path, a->watch.path)) return;
    shown next = {0};
    snprintf(next.device, sizeof next.device, "%s", a->device);
    if (shown_open_file(&next, a->watch.path, err, sizeof err) != 0) {
        shown_close(&next);
        /* TRANSLATORS: %s says why the trace file, changed on disk, did not load. */
        snprintf(a->reload_note, sizeof a->reload_note, _("not reloaded, still the trace before: %s"), err);
        app_toast(a, a->reload_note);
        return;
    }
    const char *name = strrchr(a->watch.path, '/') ? strrchr(a->watch.path, '/') + 1 : a->watch.path;
    rv_config was = a->sc.cfg;
    int nsteps = a->sc.tr->nsteps;
    a->step = map_position(&a->sc.story, a->step, &next.story);
    shown_close(&a->sc);
    a->sc = next;
    if (rv_trace_is_own(a->sc.tr)) app_own_follows_device(a);
    a->reload_note[0] = '\0';
    /* predict mode asks the new trace's question (its score kept) */
    a->pq.an = NULL;
    a->pq.waves = NULL;
    if (a->comparing)
        app_compare_again(a, &was, nsteps, a->row, said, sizeof said);
    else
        app_goto(a, a->step);
    app_follow_results(a);
    app_follow_verify(a);
    /* TRANSLATORS: %s is the trace file's name; it was replaced on disk. */
    snprintf(msg, sizeof msg, _("%s changed on disk: reloaded"), name);
    if (said[0]) snprintf(msg + strlen(msg), sizeof msg - strlen(msg), "; %s", said);
    app_toast(a, msg);
}

int app_wait_file(app *a, unsigned timeout_ms, char *err, size_t errlen)
{
    if (!a->watch.on) {
        snprintf(err, errlen, "%s", _("--keys wait: no trace file is followed (wait is for `view FILE.rvt`)"));
        return -1;
    }
    for (unsigned waited = 0; waited < timeout_ms; waited += 20) {
        if (file_watch_look(&a->watch)) {
            app_apply(a, (app_action){.kind = APP_FILE_CHANGED});
            return 0;
        }
        SDL_Delay(20);
    }
    snprintf(err, errlen, _("--keys wait: %s did not change in %u s"), a->watch.path, timeout_ms / 1000);
    return -1;
}

/* L: English <-> Chinese, live.  Without a CJK font or the catalogue the
 * interface stays English and the toast says what to install. */
static void toggle_language(app *a)
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
        rv_cmd_error("view", err);
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
/* W: off, beside the steps, alone; with two pictures (compare mode, or
 * --beside-waves): off, both side by side.  A pane whose trace has no waves
 * run takes its GPU and version's recording (app_follow_waves), and the
 * toast says whose grid it is. */
static void waves_view(app *a)
{
    if (a->waves) {
        a->waves = a->comparing || a->beside_waves ? VIEW_WAVES_OFF : (a->waves + 1) % 3;
        return;
    }
    app_follow_waves(a);
    viewer_frame f = app_view(a, a->width, a->height);
    const waves_source *s = f.waves_src;
    char msg[400];
    if (!s[0].tr && !s[1].tr && !a->beside_waves) {
        const char *why = s[0].why ? s[0].why : s[1].why;
        app_toast(a, why ? why : _("no waves run in this trace: record one with `reducevis trace --waves`"));
        return;
    }
    a->waves = a->comparing || a->beside_waves ? VIEW_WAVES_ALONE : VIEW_WAVES_BESIDE;
    if (s[0].file) {
        snprintf(msg, sizeof msg, _("this trace has no waves run: the grid shown is %s's separate recording, %s"),
                 s[0].name, s[0].file);
        app_toast(a, msg);
    }
}

/* I, O, R, comma and period: the part of the run's time W's picture shows,
 * zoomed about its middle and moved a quarter of itself at a time, never
 * past either end of the run. */
static void waves_zoom(app *a, app_action act)
{
    if (!a->waves) {
        app_toast(a, _("I, O, comma, period and R zoom and move W's waves picture: press W first"));
        return;
    }
    double w = ldexp(1.0, -a->waves_zoom), mid = a->waves_at + w / 2;
    if (act.kind == APP_WAVES_PAN)
        mid += act.arg * w / 4;
    else if (act.arg == 0)
        a->waves_zoom = 0;
    else if (a->waves_zoom + act.arg >= 0 && a->waves_zoom + act.arg <= APP_WAVES_ZOOM_MAX)
        a->waves_zoom += act.arg;
    w = ldexp(1.0, -a->waves_zoom);
    a->waves_at = mid - w / 2 < 0 ? 0 : mid + w / 2 > 1 ? 1 - w : mid - w / 2;
}

/* Predict mode's question kept with the step shown; a new one stops play. */
static void sync_question(app *a)
{
    if (app_predict_shown(a) && app_predict_sync(&a->pq, a)) a->playing = 0;
}

const predict *app_predict_frame(app *a)
{
    sync_question(a);
    return app_predict_shown(a);
}

/* The position, playback, what is drawn, the window: 1 when act was one of them. */
static int apply_view(app *a, app_action act)
{
    switch (act.kind) {
    case APP_STEP_BY: app_goto(a, app_position(a) + act.arg); return 1;
    case APP_GOTO: app_goto(a, act.arg); return 1;
    case APP_PLAY_TOGGLE:
        a->playing = !a->playing;
        if (a->playing && app_position(a) >= app_positions(a) - 1)
            app_goto(a, 0); /* play from the start rather than do nothing */
        a->play_ms = 0;
        return 1;
    case APP_SPEED:
        if (a->speed + act.arg >= 0 && a->speed + act.arg < APP_NSPEEDS) a->speed += act.arg;
        return 1;
    case APP_THEME: a->theme = !a->theme; return 1;
    case APP_FULLSCREEN: a->fullscreen = !a->fullscreen; return 1;
    case APP_WARPS_VIEW: {
        /* Toggle between a row per warp and the strip, from what is shown. */
        viewer_frame f = app_view(a, a->width, a->height);
        layout L;
        draw_layout_for(&f, &L);
        a->warps_view = L.compact ? 1 : 2;
        return 1;
    }
    case APP_WAVES_VIEW: waves_view(a); return 1;
    case APP_WAVES_ZOOM:
    case APP_WAVES_PAN: waves_zoom(a, act); return 1;
    case APP_HELP: a->help = !a->help; return 1;
    case APP_FOCUS_WARP: a->focus = a->focus == act.arg + 1 ? 0 : act.arg + 1; return 1;
    case APP_HOVER:
        a->hover = 1;
        a->mouse_x = act.arg;
        a->mouse_y = act.arg2;
        return 1;
    case APP_HOVER_END: a->hover = 0; return 1;
    case APP_TOAST: app_toast(a, act.text); return 1;
    case APP_QUIT: a->quit = 1; return 1;
    case APP_SAVE: a->save_requested = 1; return 1;
    default: return 0;
    }
}

/* What is shown: the version, the device, the language, compare mode. */
static int apply_shown(app *a, app_action act)
{
    char msg[300];
    int v;
    switch (act.kind) {
    case APP_VERSION:
        if ((v = digit_version(a, act.arg)) >= 0) switch_version(a, v);
        return 1;
    case APP_VERSION_STEP: step_version(a, act.arg); return 1;
    case APP_DEVICE_NEXT: next_device(a); return 1;
    case APP_LANGUAGE: toggle_language(a); return 1;
    case APP_COMPARE_BEGIN:
        a->compare_pending = 1;
        app_toast(a, a->comparing ? _("compare: press a digit for the second version, C again to stop")
                                  : _("compare: press a digit for the version to show beside this one"));
        return 1;
    case APP_COMPARE_WITH:
        if ((v = digit_version(a, act.arg)) >= 0) app_compare(a, v, msg, sizeof msg);
        return 1;
    case APP_COMPARE_END: app_compare(a, -1, msg, sizeof msg); return 1;
    case APP_COMPARE_DEVICE: app_compare_next_device(a); return 1;
    case APP_FILE_CHANGED: reload_file(a); return 1;
    default: return 0;
    }
}

/* Predict mode's state (predict.h) and a live class's (app_class.c). */
static void apply_modes(app *a, app_action act)
{
    char msg[400];
    switch (act.kind) {
    case APP_PREDICT_MODE: {
        int now = predict_set_mode(&a->pq, act.arg);
        app_toast(a, app_predict_said(now));
        if (now != PREDICT_OFF) a->playing = 0;
        break;
    }
    case APP_PREDICT_INPUT: predict_input(&a->pq, (predict_in)act.arg, act.arg2); break;
    case APP_PREDICT_LANE: predict_pick_lane(&a->pq, act.arg); break;
    case APP_PREDICT_WORD: predict_pick_word(&a->pq, act.arg); break;
    case APP_ROOM_MOVED: /* the class's room is followed, and its reveal */
        if (act.arg != app_position(a)) {
            app_goto(a, act.arg);
            sync_question(a);
        }
        if (act.arg2 && predict_veiled(app_predict_shown(a))) predict_reveal(&a->pq);
        break;
    case APP_CLASS_LIST:
    case APP_CLASS_LIST_CLOSE:
    case APP_CLASS_OPEN_KERNEL:
        if (app_class_do(a->kernels, act, a, msg, sizeof msg)) app_toast(a, msg);
        break;
    default: break;
    }
}

void app_apply(app *a, app_action act)
{
    if (act.key) a->compare_pending = 0;
    if (act.sync) sync_question(a);
    if (!apply_view(a, act) && !apply_shown(a, act)) apply_modes(a, act);
    const char *lost = a->waves ? app_follow_waves(a) : NULL; /* a version or GPU switched under W's picture */
    if (lost) app_toast(a, lost);
}

void app_key(app *a, SDL_Keycode key, Uint16 mod) { app_apply(a, app_action_of_key(a, key, mod)); }

void app_event(app *a, const SDL_Event *e)
{
    /* a click lands on what the frame shows: its question as drawn */
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) sync_question(a);
    app_apply(a, app_action_of_event(a, e));
}

/* A live class at this tick: the room read (never waited for), followed
 * where it moved, and told where the window is.  1 when the frame changed. */
static int follow_room(app *a)
{
    room_view v;
    int changed = app_class_reap(a->kernels);
    if (!a->room || !room_view_try(a->room, &v)) return changed;
    app_action act = app_class_look(a, &v, &changed);
    sync_question(a);
    int moved = act.kind == APP_ROOM_MOVED, pos = moved ? v.step : app_position(a);
    app_apply(a, act);
    return app_class_tell(a, &v, pos) | changed | moved;
}

int app_tick(app *a, unsigned ms)
{
    int changed = follow_room(a);
    if (file_watch_tick(&a->watch, ms)) {
        app_apply(a, (app_action){.kind = APP_FILE_CHANGED});
        changed = 1;
    }
    if (a->toast_ms) {
        a->toast_ms = ms >= a->toast_ms ? 0 : a->toast_ms - ms;
        changed |= a->toast_ms == 0;
    }
    if (!a->playing) return changed;
    a->play_ms += ms;
    unsigned period = (unsigned)(1000.0 / app_speed(a));
    while (a->play_ms >= period && a->playing) {
        unsigned left = a->play_ms - period;
        if (app_position(a) >= app_positions(a) - 1) {
            a->playing = 0;
        } else {
            app_goto(a, app_position(a) + 1);
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
    /* Its question brought up to the step (or the grid) shown now, before
     * the frame is made of it: the frame hides what the question asks (W's
     * picture while its grid question is open); a new one stops play. */
    sync_question(a);
    return app_view(a, w, h);
}
