/* test_reload.c — `view FILE.rvt` follows its file (file_watch.h): a trace
 * renamed over the one opened is read again at the window's tick, at most
 * once a second, with the position, compare mode and W's picture kept; a
 * file that does not load leaves the trace shown as it was and says why in
 * the footer until a later change loads; a trace the viewer no longer shows
 * (a version switch) and a bundled version are not followed.
 *
 * The traces are the bundled H200 ones of the mark version: its step trace
 * (no waves run) and its waves recording (assets/waves/: the same kernel
 * with a waves run), copied into a folder of the test's own, which is also
 * the asset folder (no recordings in it: W has no stand-in to show). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <SDL.h>
#include "../check.h"
#include "pixels.h"
#include "core/rules.h"
#include "core/versions.h"
#include "viewer/window/app.h"
#include "viewer/window/viewer.h"

#define W 1280
#define H 720

static char dir[64];
static char file[PATH_MAX]; /* the trace the viewer opens */
static char steps[PATH_MAX], waves[PATH_MAX];

static int copy(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    char buf[1 << 16];
    size_t n;
    int rc = in && out ? 0 : -1;
    while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n) rc = -1;
    if (in) fclose(in);
    if (out && fclose(out) != 0) rc = -1;
    return rc;
}

/* What a class does: the new trace written beside the old one and renamed
 * over it (another inode).  keep: bytes of it written, 0 the whole. */
static int replace_with(const char *from, long keep)
{
    char tmp[PATH_MAX + 8];
    snprintf(tmp, sizeof tmp, "%s.new", file);
    if (copy(from, tmp) != 0) return -1;
    if (keep && truncate(tmp, keep) != 0) return -1;
    return rename(tmp, file);
}

static int open_app(app *a, const char *path, int version, int compare)
{
    char err[600];
    viewer_options o;
    app_options_default(&o);
    o.file = path;
    o.version = version;
    o.width = W, o.height = H;
    o.compare = compare + 1;
    const char *dirs[] = {dir};
    if (app_open(a, &o, dirs, 1, err, sizeof err) != 0) {
        fprintf(stderr, "app_open %s: %s\n", path ? path : "(none)", err);
        app_close(a);
        return -1;
    }
    return 0;
}

/* The file renamed over: not looked at before a second has passed, then
 * read again at the tick, its waves run shown by W. */
static void test_renamed_over(void)
{
    app a;
    if (copy(steps, file) != 0 || open_app(&a, file, -1, -1) != 0) {
        CHECK(0, "opened a copy of %s", steps);
        return;
    }
    CHECK(a.sc.tr->waves == NULL, "the premise: the step trace has no waves run");
    for (int i = 0; i < 3; i++) key(&a, SDLK_RIGHT);
    const rv_trace *was = a.sc.tr;
    CHECK(replace_with(waves, 0) == 0, "renamed the waves recording over it");
    CHECK(app_tick(&a, 999) == 0 && a.sc.tr == was, "not looked at again within a second");
    CHECK(app_tick(&a, 1) == 1 && a.sc.tr != was && a.sc.tr->waves != NULL,
          "a second after the last look, the new trace with its waves run is shown");
    CHECK(strstr(a.toast, "changed on disk: reloaded") != NULL, "the toast says so: %s", a.toast);
    const rv_trace *now = a.sc.tr;
    app_tick(&a, 1000);
    CHECK(a.sc.tr == now, "an unchanged file is not read again");
    key(&a, SDLK_w);
    viewer_frame f = app_frame(&a, W, H);
    CHECK(a.waves == VIEW_WAVES_BESIDE && f.waves_src[0].tr == a.sc.tr, "W draws the new trace's own grid");
    app_close(&a);
}

/* W on, the file replaced by one cut short, then removed, then written
 * whole: the trace and W's picture kept, and why said in the footer while
 * no change loads; the whole one shown. */
static void test_bad_file(void)
{
    app a;
    if (copy(waves, file) != 0 || open_app(&a, file, -1, -1) != 0) {
        CHECK(0, "opened a copy of %s", waves);
        return;
    }
    key(&a, SDLK_w);
    key(&a, SDLK_RIGHT);
    const rv_trace *was = a.sc.tr;
    int step = a.step;
    CHECK(a.waves == VIEW_WAVES_BESIDE, "the premise: W shows the grid");
    CHECK(replace_with(waves, 300) == 0, "a trace cut short renamed over it");
    app_tick(&a, 1000);
    CHECK(a.sc.tr == was && a.step == step && a.waves == VIEW_WAVES_BESIDE, "the trace shown is kept, W too");
    CHECK(strstr(a.reload_note, "not reloaded, still the trace before") && strstr(a.reload_note, file),
          "why, naming the file: %s", a.reload_note);
    app_tick(&a, APP_TOAST_MS + 1000); /* the toast runs out; the note stays */
    viewer_frame f = app_frame(&a, W, H);
    CHECK(f.toast && !strcmp(f.toast, a.reload_note), "the footer still says why: %s", f.toast ? f.toast : "nothing");
    CHECK(unlink(file) == 0, "the file removed");
    app_tick(&a, 1000);
    CHECK(a.sc.tr == was && strstr(a.reload_note, "not reloaded"), "a file gone: the trace kept: %s", a.reload_note);
    CHECK(replace_with(steps, 0) == 0, "a whole trace written in its place");
    app_tick(&a, 1000);
    CHECK(a.sc.tr != was && a.sc.tr->waves == NULL && a.reload_note[0] == '\0', "a change that loads is shown (%s)",
          a.reload_note);
    f = app_frame(&a, W, H);
    CHECK(!f.toast || !strstr(f.toast, "not reloaded"), "and the note is gone");
    app_close(&a);
}

/* Compare mode: the second pane and the row kept across a reload of the
 * same kernel written again (the same steps, another inode). */
static void test_compare_kept(void)
{
    app a;
    int v = rv_version_at(3)->id;
    if (copy(steps, file) != 0 || open_app(&a, file, -1, v) != 0) {
        CHECK(0, "opened a copy of %s beside %s", steps, rv_version_name(v));
        return;
    }
    key(&a, SDLK_RIGHT);
    key(&a, SDLK_RIGHT);
    int row = a.row, nrows = a.nrows;
    const rv_trace *second = a.sc2.tr;
    const rv_trace *was = a.sc.tr;
    CHECK(a.comparing && row == 2, "the premise: comparing, at row %d", row);
    CHECK(replace_with(steps, 0) == 0, "renamed over");
    app_tick(&a, 1000);
    CHECK(a.sc.tr != was, "reloaded");
    CHECK(a.comparing && a.sc2.tr == second && a.nrows == nrows && a.row == row,
          "still beside %s, at row %d of %d (%d of %d)", rv_version_name(v), row, nrows, a.row, a.nrows);
    app_close(&a);
}

/* Only the file opened is followed: not after a version switch has left
 * it, and not for a version asked by name. */
static void test_not_followed(void)
{
    app a;
    if (copy(steps, file) != 0 || open_app(&a, file, -1, -1) != 0) {
        CHECK(0, "opened a copy of %s", steps);
        return;
    }
    key(&a, SDLK_LEFTBRACKET);
    const rv_trace *shown = a.sc.tr;
    CHECK(strcmp(a.sc.path, file) != 0, "the premise: [ shows another version");
    CHECK(replace_with(waves, 0) == 0, "renamed over");
    app_tick(&a, 1000);
    CHECK(a.sc.tr == shown && strcmp(a.sc.path, file) != 0, "the version switched to stays");
    app_close(&a);
    if (open_app(&a, NULL, rv_version_at(1)->id, -1) == 0) {
        CHECK(!a.watch.on, "a version by name: no file followed");
        char err[200];
        CHECK(app_wait_file(&a, 100, err, sizeof err) != 0 && strstr(err, "no trace file is followed"),
              "--keys wait says so: %s", err);
        app_close(&a);
    }
}

int main(void)
{
    int v = rv_rules_mark_version();
    snprintf(steps, sizeof steps, "%s/traces/nvidia-h200-%s-b256-ones.rvt", RV_TEST_ASSETS, rv_version_name(v));
    snprintf(waves, sizeof waves, "%s/waves/nvidia-h200-%s.rvt", RV_TEST_ASSETS, rv_version_name(v));
    snprintf(dir, sizeof dir, "/tmp/rv-reload-XXXXXX");
    if (!mkdtemp(dir)) {
        perror("test_reload: mkdtemp");
        return 1;
    }
    snprintf(file, sizeof file, "%s/kernel.rvt", dir);
    test_renamed_over();
    test_bad_file();
    test_compare_kept();
    test_not_followed();
    unlink(file);
    rmdir(dir);
    return check_report();
}
