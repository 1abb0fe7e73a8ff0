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

/* smaller, the words do not fit */
static const picture_limits waves_limits = {1280, 720, 8192};

enum { OPT_LAUNCH = 1, OPT_TIME };

static const rv_opt waves_opts_table[] = {
    {OPT_LAUNCH, "launch", 0, "K", N_("the launch of the run to draw (default: the first with waves)"), NULL},
    {OPT_TIME, "time", 0, "A:B",
     N_("only A to B µs from the first block's start, as the axis says them (default: the whole run)"), NULL},
    PICTURE_ROW_SIZE,
    {PICTURE_OPT_THEME, "theme", 0, "T", N_("light (default) or dark"), THEME_WORDS},
    PICTURE_ROW_FONT,
    PICTURE_ROW_LANG,
    PICTURE_ROW_OUT,
    {0},
};

static const char *waves_help_of(int id, const char *text, char *buf, size_t len)
{
    return picture_help_of(id, text, buf, len, &waves_limits);
}

static void waves_notes(FILE *f)
{
    fprintf(f, "%s", _("Exit status: 0 written, 1 usage error, 2 runtime error (trace, font, output).\n"));
}

static const rv_command_opts waves_cmd = {
    .cmd = "waves",
    .words = "FILE.rvt",
    .tail = PICTURE_TAIL,
    .about = N_("Draws a trace's waves run as one picture: one row per SM, time across, each block's\n"
                "time in its wave's colour, shaded by how full its SM was; the tail marked from where the\n"
                "first SM ran out of blocks; the waves the occupancy predicts beside those the run took.\n"
                "The trace must come from `reducevis trace --waves` (docs/waves.md)."),
    .tables = {waves_opts_table},
    .notes = waves_notes,
    .help_of = waves_help_of,
};

typedef struct waves_opts {
    const char *file;
    unsigned launch;
    double a_us, b_us; /* --time; b_us 0: the whole run */
    picture_opts pic;
} waves_opts;

/* waves' own option or word (picture_own_fn). */
static int waves_own(const rv_opts *p, int id, const char *val, void *arg)
{
    waves_opts *x = arg;
    if (id == OPT_LAUNCH) {
        char *end;
        unsigned long k = strtoul(val, &end, 10);
        if (*end || k < 1 || k > 1000000 || val[0] == '-')
            return rv_opts_bad(p, _("--launch '%s' must be a launch number, 1 or more"), val);
        x->launch = (unsigned)k;
    } else if (id == OPT_TIME) {
        if (scene_waves_part_parse(val, &x->a_us, &x->b_us))
            return rv_opts_bad(p, _("--time '%s' must be A:B, microseconds from the first block's start, A below B"),
                               val);
    } else if (id == RV_OPT_WORD) {
        if (x->file) return rv_opts_bad(p, _("only one trace file, please ('%s' and '%s')"), x->file, val);
        x->file = val;
    }
    return 0;
}

/* 0: draw; PICTURE_ANSWERED: --help was answered; else the exit status of
 * a usage error. */
static int parse(int argc, char **argv, waves_opts *x)
{
    *x = (waves_opts){.pic = picture_opts_default()};
    int rc = picture_parse(&waves_cmd, &waves_limits, argc, argv, &x->pic, waves_own, x);
    if (rc) return rc;
    if (!x->file) return rv_usage_error("waves", "%s", _("which trace? give FILE.rvt"));
    return picture_opts_done("waves", &x->pic) ? RV_EXIT_USAGE : 0;
}

int waves_main(int argc, char **argv)
{
    waves_opts x;
    int pr = parse(argc, argv, &x);
    if (pr == PICTURE_ANSWERED) return RV_EXIT_OK;
    if (pr) return pr;
    char err[1400] = "";
    int rc = -1;
    scene_waves s;
    rv_trace *tr = rv_trace_load(x.file, err, sizeof err);
    scene_waves_in part = {.launch = x.launch};
    if (tr && x.b_us > 0 && scene_waves_part(tr, x.launch, x.a_us, x.b_us, &part.from, &part.to, err, sizeof err)) {
        char why[1500];
        snprintf(why, sizeof why, "--time %s", err);
        rv_cmd_error("waves", why); /* a part the run does not have: the option's fault */
        rv_trace_free(tr);
        return RV_EXIT_USAGE;
    }
    if (tr && scene_waves_build(tr, &part, &s, err, sizeof err) == 0) {
        waves_input in = {.s = &s, .theme = x.pic.theme, .w = x.pic.width, .h = x.pic.height};
        rc = picture_png(&x.pic, waves_paint, &in, err, sizeof err);
        if (rc == 0) printf(_("wrote %s, %dx%d: %s\n"), x.pic.out, x.pic.width, x.pic.height, s.title);
        scene_waves_free(&s);
    }
    rv_trace_free(tr);
    if (rc) {
        rv_cmd_error("waves", err);
        return RV_EXIT_RUNTIME;
    }
    return RV_EXIT_OK;
}
