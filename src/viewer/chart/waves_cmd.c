/* waves_cmd.c — `reducevis waves FILE.rvt -o FILE.png`: a trace's waves run
 * (docs/waves.md) as one picture for a slide, no display needed: one row per
 * SM, time across, the waves told apart, the tail marked, the occupancy's
 * prediction beside what the run took (scene_waves.c decides it,
 * draw/draw_waves.c paints it).
 *
 * Errors: usage (exit 1) is the command line; runtime (exit 2) a trace that
 * does not load or has no waves run, a font, an output that cannot be
 * written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/i18n.h"
#include "core/opts.h"
#include "core/status.h"
#include "model/trace_read.h"
#include "viewer/draw/theme.h"
#include "picture_opts.h"
#include "viewer/export/export.h"
#include "viewer/scene/scene_waves.h"
#include "viewer/window/viewer.h"
#include "viewer/draw/draw_waves.h"

#define WAVES_MIN_W    1280 /* smaller, the words do not fit */
#define WAVES_MIN_H    720
#define WAVES_MAX_SIDE 8192

enum { OPT_OUT = 'o', OPT_LAUNCH = 1, OPT_SIZE, OPT_THEME, OPT_FONT, OPT_LANG };

static const rv_opt waves_opts_table[] = {
    {OPT_LAUNCH, "launch", 0, "K", N_("the launch of the run to draw (default: the first with waves)"), NULL},
    {OPT_SIZE, "size", 0, "WxH", N_("pixels (default 1920x1080; %dx%d to %dx%d)"), NULL},
    {OPT_THEME, "theme", 0, "T", N_("light (default) or dark"), THEME_WORDS},
    {OPT_FONT, "font", 0, "PATH", N_("a .ttf font instead of the system's DejaVu fonts"), "@file"},
    {OPT_LANG, "lang", 0, "zh|en", N_("the language of the picture's words (default: the environment's)"), "zh en"},
    {OPT_OUT, NULL, 'o', "FILE.png", N_("the picture to write"), "@file"},
    {0},
};

static const char *waves_help_of(int id, const char *text, char *buf, size_t len)
{
    if (id != OPT_SIZE) return text;
    snprintf(buf, len, text, WAVES_MIN_W, WAVES_MIN_H, WAVES_MAX_SIDE, WAVES_MAX_SIDE);
    return buf;
}

static void waves_notes(FILE *f)
{
    fprintf(f, "%s", _("Exit status: 0 written, 1 usage error, 2 runtime error (trace, font, output).\n"));
}

static const rv_command_opts waves_cmd = {
    .cmd = "waves",
    .usage = N_("usage: reducevis waves FILE.rvt [--launch K] [--size WxH] [--theme light|dark] [--font PATH]\n"
                "                       [--lang zh|en] -o FILE.png"),
    .about = N_("Draws a trace's waves run as one picture: one row per SM, time across, each block's\n"
                "time in its wave's colour, shaded by how full its SM was; the tail marked from where the\n"
                "first SM ran out of blocks; the waves the occupancy predicts beside those the run took.\n"
                "The trace must come from `reducevis trace --waves` (docs/waves.md)."),
    .tables = {waves_opts_table},
    .notes = waves_notes,
    .help_of = waves_help_of,
};

typedef struct waves_opts {
    const char *file, *out, *font;
    unsigned launch;
    int width, height, theme;
} waves_opts;

/* 0: draw; -2: --help was answered; else the exit status of a usage error. */
static int parse(int argc, char **argv, waves_opts *x)
{
    *x = (waves_opts){.width = 1920, .height = 1080, .theme = THEME_LIGHT};
    rv_opts p;
    rv_opts_begin(&p, &waves_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        const char *val = p.value;
        int bad = 0;
        switch (id) {
        case RV_OPT_HELP:
        case RV_OPT_LIST: return -2;
        case RV_OPT_BAD: return RV_EXIT_USAGE;
        case OPT_SIZE:
            bad = picture_opt_size(&p, val, WAVES_MIN_W, WAVES_MIN_H, WAVES_MAX_SIDE, &x->width, &x->height);
            break;
        case OPT_THEME: bad = picture_opt_theme(&p, val, &x->theme); break;
        case OPT_LANG: break; /* applied by main before anything is said */
        case OPT_FONT: x->font = val; break;
        case OPT_OUT: x->out = val; break;
        case OPT_LAUNCH: {
            char *end;
            unsigned long k = strtoul(val, &end, 10);
            if (*end || k < 1 || k > 1000000 || val[0] == '-')
                bad = rv_opts_bad(&p, _("--launch '%s' must be a launch number, 1 or more"), val);
            x->launch = (unsigned)k;
            break;
        }
        case RV_OPT_WORD:
            if (x->file) bad = rv_opts_bad(&p, _("only one trace file, please ('%s' and '%s')"), x->file, val);
            x->file = val;
            break;
        }
        if (bad) return RV_EXIT_USAGE;
    }
    if (!x->file) return rv_usage_error("waves", "%s", _("which trace? give FILE.rvt"));
    if (!x->out) return rv_usage_error("waves", "%s", _("-o FILE.png is required (the picture to write)"));
    return 0;
}

int waves_main(int argc, char **argv)
{
    waves_opts x;
    int pr = parse(argc, argv, &x);
    if (pr == -2) return RV_EXIT_OK;
    if (pr) return pr;
    char err[1400] = "";
    int rc = -1;
    scene_waves s;
    rv_trace *tr = rv_trace_load(x.file, err, sizeof err);
    if (tr && scene_waves_make(tr, x.launch, &s, err, sizeof err) == 0) {
        if (!getenv("SDL_VIDEODRIVER") || !getenv("SDL_VIDEODRIVER")[0]) SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
        viewer_canvas *c = viewer_canvas_new(x.font, err, sizeof err);
        if (c) {
            waves_input in = {.s = &s, .theme = x.theme, .w = x.width, .h = x.height};
            if (viewer_canvas_paint(c, x.width, x.height, waves_paint, &in))
                snprintf(err, sizeof err, _("drawing failed: %s"), SDL_GetError());
            else
                rc = export_write_png(viewer_canvas_surface(c), x.out, err, sizeof err);
            viewer_canvas_free(c);
        }
        if (rc == 0) printf(_("wrote %s, %dx%d: %s\n"), x.out, x.width, x.height, s.title);
        scene_waves_free(&s);
    }
    rv_trace_free(tr);
    if (rc) {
        rv_cmd_error("waves", err);
        return RV_EXIT_RUNTIME;
    }
    return RV_EXIT_OK;
}
