/* export.c — `reducevis export`: every step (or some) of a trace as PNG files,
 * or (--gif) as the frames of one animated GIF for a slide.
 *
 * The shown comes from the same rule as the viewer (a trace file; else the
 * bundled GPU trace of the version; else the CPU model), compare mode from
 * the same alignment, and each frame from the same draw_frame(), so a slide
 * shows exactly what the class saw.  No display is needed: the canvas is a
 * surface with SDL's software renderer, and SDL_VIDEODRIVER is set to
 * "dummy" when nothing else was asked for.  A GIF takes the same frames, one
 * per step, each shown for --delay milliseconds (gif_write.c).  --html writes
 * the same frames into one self-contained lesson page (html_export.c).  A
 * run of several launches is exported as the viewer steps through it, one
 * story (story.h), its files named with the launch: my-launch2-step03.png.
 *
 * Errors: usage (exit 1) is everything wrong in the command line, including a
 * --steps range the trace does not have; runtime (exit 2) is the world: a
 * trace that does not load, a missing font, a folder or GIF that cannot be
 * made or written, a build without giflib.  Each message names the file or
 * option at fault.
 */
#include "core/args.h"
#include "export.h"
#include "core/i18n.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "viewer/window/app.h"
#include "gif_write.h"
#include "html_export.h"
#include "html_waves_beside.h"
#include "png_write.h"
#include "core/predict.h"
#include "viewer/draw/theme.h"
#include "viewer/scene/scene_waves.h"
#include "core/versions.h"

/* --delay in milliseconds: GIF counts hundredths of a second, and browsers
 * show delays under 20 ms as 100 ms. */
enum { GIF_DELAY_DEFAULT = 1000, GIF_DELAY_MIN = 20, GIF_DELAY_MAX = 60000 };

enum {
    OPT_OUT = 'o',
    OPT_VERSION = 1,
    OPT_STEPS,
    OPT_SIZE,
    OPT_THEME,
    OPT_DATA,
    OPT_BLOCK_SIZE,
    OPT_QUIZ,
    OPT_GIF,
    OPT_DELAY,
    OPT_HTML,
    OPT_BESIDE_WAVES,
    OPT_WAVES_TIME
};

/* Its own words for the options it shares with view; those that check as
 * view checks go on to view's (app_option_apply), the rest are its own. */
static const rv_opt export_opts_table[] = {
    {OPT_VERSION, "version", 0, "V",
     N_("a version's name; the bundled GPU trace of V if there is one, else the CPU model\n"
        "(the frame header says which)"),
     "@version"},
    {OPT_VERSION, "kernel", 0, "V", NULL, "@version"},
    {VIEW_OPT_COMPARE, "compare", 0, "V2", N_("V2 beside it, aligned step by step, with the difference named"),
     "@version"},
    {OPT_STEPS, "steps", 0, "S", N_("all (default), K, or A-B: step numbers as on screen, from 1"), "all"},
    {OPT_SIZE, "size", 0, "WxH", N_("pixels (default 1920x1080; at least 320x240)"), NULL},
    {OPT_THEME, "theme", 0, "T", N_("light (default: for slides) or dark"), THEME_WORDS},
    {OPT_DATA, "data", 0, "PATTERN", N_("ones, index, mod10, random[:SEED] (CPU model)"), RV_DATA_WORDS},
    {OPT_BLOCK_SIZE, "block-size", 0, "B", N_("threads per block (CPU model), a power of two 32..1024"), NULL},
    {VIEW_OPT_RESULTS, "results", 0, "FILE",
     N_("timed results from `reducevis bench -o FILE.json` (twice: a run at one N\n"
        "and a sweep); default: the bundled results of the trace's GPU"),
     "@file"},
    {VIEW_OPT_FONT, "font", 0, "PATH", N_("a .ttf font instead of the system's DejaVu fonts"), "@file"},
    {OPT_QUIZ, "quiz", 0, NULL,
     N_("two frames per step, for predict-before-you-look slides: the question\n"
        "with the step hidden (V-step03a-question.png), then the step with the\n"
        "answer and why (V-step03b-answer.png), and the questions as data\n"
        "(V-quiz.json); with --gif, both frames of each step in turn;\n"
        "not with --compare"),
     NULL},
    {VIEW_OPT_DEVICE, "device", 0, "NAME",
     N_("whose recording: a slug (nvidia-h200), the GPU's name or a part of one\n"
        "(h100); default: the first recorded, by name"),
     NULL},
    {VIEW_OPT_LANG, "lang", 0, "zh|en", N_("the language of the frames' words (default: the environment's)"),
     RV_LANG_WORDS},
    {OPT_OUT, NULL, 'o', "DIR", N_("output folder, created if needed"), "@dir"},
    {OPT_OUT, "output", 0, "DIR", NULL, "@dir"},
    {OPT_GIF, "gif", 0, "FILE.gif", N_("one animated GIF instead of PNG files (the folder must exist)"), "@file"},
    {OPT_DELAY, "delay", 0, "MS", N_("with --gif: milliseconds per step, %d..%d in tens (default %d)"), NULL},
    {OPT_HTML, "html", 0, "FILE.html",
     N_("one lesson page for any browser, no network needed (the folder must exist);\n"
        "with --quiz, each step asks its question before it shows the step"),
     "@file"},
    {OPT_BESIDE_WAVES, "beside-waves", 0, "V",
     N_("with --html: end the page on the trace's grid beside V's recorded one\n"
        "(waves/DEVICE-V.rvt, of the trace's GPU where one is kept), or on why the\n"
        "trace has no grid; the class's pages of its students' kernels ask for it"),
     "@version"},
    {OPT_WAVES_TIME, "waves-time", 0, "A:B",
     N_("the waves picture of A to B µs from the first block's start, as its axis\n"
        "says them (the viewer's I, O, comma and period): the tail of a long run on\n"
        "a slide (default: the whole run)"),
     NULL},
    {0},
};

static const char *export_help_of(int id, const char *text, char *buf, size_t len)
{
    if (id != OPT_DELAY) return text;
    snprintf(buf, len, text, GIF_DELAY_MIN, GIF_DELAY_MAX, GIF_DELAY_DEFAULT);
    return buf;
}

static void export_notes(FILE *out)
{
    fprintf(out,
            _("Exit status: 0 written, 1 usage error, 2 runtime error (trace, font, folder, GIF, page).\n"
              "Examples: reducevis export --version %s --compare %s --steps 2-5 -o slides/\n"
              "          reducevis export --version %s --size 1280x720 --gif %s.gif --delay 1500\n"
              "          reducevis export --html lesson.html --version %s --compare %s\n"),
            rv_version_at(1)->name, rv_version_at(2)->name, rv_version_at(1)->name, rv_version_at(1)->name,
            rv_version_at(1)->name, rv_version_at(2)->name);
    fprintf(out, "%s",
            _("A trace of every launch of a run (your kernel traced by `reducevis trace`) is one story:\n"
              "--steps counts through all of its launches, and the files say the launch:\n"
              "my_reduce-launch2-step03.png.\n"));
    fprintf(out, "%s", rv_kernel_option_note());
}

static const rv_command_opts export_cmd = {
    .cmd = "export",
    .usage = N_("usage: reducevis export (FILE.rvt | --version V) [--compare V2] [--steps all|K|A-B]\n"
                "                        [--size WxH] [--theme light|dark] [--data PATTERN]\n"
                "                        [--block-size B] [--results FILE.json] [--font PATH] [--device NAME]\n"
                "                        [--lang zh|en] [--quiz] (-o DIR | --gif FILE.gif [--delay MS]\n"
                "                        | --html FILE.html [--beside-waves V]) [--waves-time A:B]"),
    .about = N_("Writes one PNG per step, drawn exactly as the viewer draws it, without a display.\n"
                "Files are named to sort in step order: V-step03.png, or V-vs-V2-step03.png\n"
                "with --compare (one file per aligned step of the two versions); a trace of your own\n"
                "kernel by its file: my_reduce-step03.png.  With --gif, the\n"
                "same frames go into one animated GIF instead, one frame per step, looping forever.\n"
                "With --html, into one self-contained web page that steps with the keys, a timeline\n"
                "and play/pause, shows the viewer's values on hover, and opens at #step=N.\n"
                "\n"
                "  FILE.rvt          a trace from `reducevis capture` or `reducevis simulate`"),
    .tables = {export_opts_table},
    .notes = export_notes,
    .help_of = export_help_of,
};

static int parse_pos(const char *s, int *out)
{
    char *end;
    if (!*s || *s < '0' || *s > '9') return -1;
    long v = strtol(s, &end, 10);
    if (*end || v < 1 || v > 100000) return -1;
    *out = (int)v;
    return 0;
}

int export_parse_steps(const char *spec, int n, int *first, int *last, char *err, size_t errlen)
{
    int a, b;
    if (!strcmp(spec, "all")) {
        *first = 0;
        *last = n - 1;
        return 0;
    }
    const char *dash = strchr(spec, '-');
    char left[32];
    if (dash) {
        size_t k = (size_t)(dash - spec);
        if (k == 0 || k >= sizeof left) {
            snprintf(err, errlen, _("--steps '%s': expected all, K or A-B (e.g. 3 or 2-5)"), spec);
            return -1;
        }
        memcpy(left, spec, k);
        left[k] = '\0';
        if (parse_pos(left, &a) != 0 || parse_pos(dash + 1, &b) != 0) {
            snprintf(err, errlen, _("--steps '%s': expected all, K or A-B (e.g. 3 or 2-5)"), spec);
            return -1;
        }
    } else if (parse_pos(spec, &a) == 0) {
        b = a;
    } else {
        snprintf(err, errlen, _("--steps '%s': expected all, K or A-B (e.g. 3 or 2-5)"), spec);
        return -1;
    }
    if (a > b) {
        snprintf(err, errlen, _("--steps '%s': the range runs backwards (%d > %d)"), spec, a, b);
        return -1;
    }
    if (b > n) {
        snprintf(err, errlen, _("--steps '%s': there are only %d steps (1..%d)"), spec, n, n);
        return -1;
    }
    *first = a - 1;
    *last = b - 1;
    return 0;
}

/* mkdir -p; 0, or -1 with errno set. */
static int make_dirs(const char *dir)
{
    char p[4096];
    snprintf(p, sizeof p, "%s", dir);
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/') p[--n] = '\0';
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) return -1;
        *s = '/';
    }
    if (mkdir(p, 0777) != 0 && errno != EEXIST) return -1;
    struct stat st;
    if (stat(p, &st) != 0) return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

/* ---- the command ------------------------------------------------------------ */

typedef struct export_opts {
    viewer_options vo;
    const char *steps, *out, *theme, *gif, *html;
    int delay_ms;                  /* 0: not given */
    int quiz;                      /* --quiz: a question and an answer frame per step */
    int beside;                    /* --beside-waves V: V; -1: not given */
    double waves_a_us, waves_b_us; /* --waves-time; b 0: the whole run */
} export_opts;

/* What one option, read by rv_opts_next, says: 0, or non-zero with the
 * message printed. */
static int apply(const rv_opts *p, int id, export_opts *x)
{
    const char *val = p->value;
    switch (id) {
    case OPT_VERSION:
        if ((x->vo.version = rv_version_parse(val)) < 0)
            return rv_opts_bad(p, _("unknown version '%s' (see `reducevis versions`)"), val);
        return 0;
    case OPT_STEPS: x->steps = val; return 0;
    case OPT_SIZE: {
        char tail;
        if (sscanf(val, "%dx%d%c", &x->vo.width, &x->vo.height, &tail) != 2 || x->vo.width < 320 ||
            x->vo.height < 240 || x->vo.width > 8192 || x->vo.height > 8192)
            return rv_opts_bad(p, _("--size '%s': expected WxH from 320x240 to 8192x8192 (e.g. 1920x1080)"), val);
        return 0;
    }
    case OPT_THEME:
        if (strcmp(val, "light") && strcmp(val, "dark"))
            return rv_opts_bad(p, _("--theme '%s': expected light or dark"), val);
        x->theme = val;
        return 0;
    case OPT_DATA: {
        rv_data d;
        char err[160];
        if (rv_data_parse(val, &d, err, sizeof err) != 0) return rv_opts_bad(p, _("--data: %s"), err);
        x->vo.data = val;
        return 0;
    }
    case OPT_BLOCK_SIZE: {
        char *end;
        long b = strtol(val, &end, 10);
        if (*end || b < 32 || b > 1024 || (b & (b - 1)))
            return rv_opts_bad(p, _("--block-size '%s': expected a power of two from 32 to 1024"), val);
        x->vo.block_size = (int)b;
        return 0;
    }
    case OPT_OUT: x->out = val; return 0;
    case OPT_GIF: x->gif = val; return 0;
    case OPT_HTML: x->html = val; return 0;
    case OPT_DELAY: {
        char *end = (char *)val;
        long ms = val[0] >= '0' && val[0] <= '9' ? strtol(val, &end, 10) : -1;
        if (ms < GIF_DELAY_MIN || ms > GIF_DELAY_MAX || *end || ms % 10) {
            char range[96];
            snprintf(range, sizeof range, _("a multiple of 10 from %d to %d"), GIF_DELAY_MIN, GIF_DELAY_MAX);
            return rv_opts_bad(p,
                               _("--delay '%s': expected milliseconds per step, %s "
                                 "(GIF counts hundredths of a second)"),
                               val, range);
        }
        x->delay_ms = (int)ms;
        return 0;
    }
    case OPT_QUIZ: x->quiz = 1; return 0;
    case OPT_WAVES_TIME:
        if (scene_waves_part_parse(val, &x->waves_a_us, &x->waves_b_us))
            return rv_opts_bad(
                p, _("--waves-time '%s' must be A:B, microseconds from the first block's start, A below B"), val);
        return 0;
    case OPT_BESIDE_WAVES:
        if ((x->beside = rv_version_parse(val)) < 0)
            return rv_opts_bad(p, _("unknown version '%s' (see `reducevis versions`)"), val);
        return 0;
    default: /* the trace file, and the options that check as view's do */ return app_option_apply(p, id, &x->vo);
    }
}

/* 0: export; -2: --help was answered; else the exit status of a usage error. */
static int parse(int argc, char **argv, export_opts *x)
{
    memset(x, 0, sizeof *x);
    app_options_default(&x->vo);
    x->vo.width = 1920;
    x->vo.height = 1080;
    x->steps = "all";
    x->theme = "light";
    x->beside = -1;
    rv_opts p;
    rv_opts_begin(&p, &export_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        if (id == RV_OPT_HELP || id == RV_OPT_LIST) return -2;
        if (id == RV_OPT_BAD || apply(&p, id, x)) return RV_EXIT_USAGE;
    }
    if (!x->vo.file && x->vo.version < 0)
        return rv_usage_error("export", "%s", _("which trace? give FILE.rvt or --version V"));
    if (app_options_check("export", &x->vo)) return RV_EXIT_USAGE;
    if (x->out && x->gif)
        return rv_usage_error("export", "%s",
                              _("-o DIR and --gif FILE.gif: give one (PNG files in a folder, or one animated GIF)"));
    if (x->html && (x->out || x->gif))
        return rv_usage_error("export", _("--html FILE.html and %s: give one (a lesson page, PNG files or a GIF)"),
                              x->out ? "-o DIR" : "--gif FILE.gif");
    if (!x->out && !x->gif && !x->html)
        return rv_usage_error("export", "%s",
                              _("-o DIR is required (the folder the PNG files go to), or --gif FILE.gif "
                                "for one animated GIF, or --html FILE.html for a lesson page"));
    if (x->beside >= 0 && !x->html)
        return rv_usage_error("export", "%s", _("--beside-waves is for --html only (a lesson page)"));
    if (x->beside >= 0 && x->waves_b_us > 0)
        return rv_usage_error("export", "%s",
                              _("--waves-time and --beside-waves: the page beside a version's grid shows both whole "
                                "runs; give one"));
    if (x->delay_ms && !x->gif)
        return rv_usage_error("export", "%s", _("--delay is for --gif only (PNG files have no delay)"));
    if (!x->delay_ms) x->delay_ms = GIF_DELAY_DEFAULT;
    if (x->quiz && x->vo.compare)
        return rv_usage_error("export", "%s", _("--quiz asks about one version: leave out --compare"));
    int v = x->vo.version;
    if (v >= 0 && x->vo.block_size) {
        const char *why = rv_version_check_block(v, x->vo.block_size);
        if (why)
            return rv_usage_error("export", _("--block-size: %s cannot run with this block size (%s)"),
                                  rv_version(v)->name, why);
    }
    return 0;
}

/* Draws the frames first..last and writes each as a PNG in x->out, or into
 * gif; *written counts them, first_name and name are the first's and the
 * last's.  0, or RV_EXIT_RUNTIME with why on stderr. */
static int write_frames(app *a, viewer_canvas *c, const export_opts *x, gif_writer *gif, int first, int last,
                        int *written, char first_name[160], char name[160])
{
    int total = app_positions(a);
    const rv_trace *ta = a->sc.tr, *tb = a->comparing ? a->sc2.tr : NULL;
    char path[4200], err[1024];
    int rc = 0;
    int per_step = x->quiz ? 2 : 1;
    for (int p = first; p <= last && rc == 0; p++) {
        app_goto(a, p);
        for (int k = 0; k < per_step && rc == 0; k++) {
            viewer_frame f = app_frame(a, x->vo.width, x->vo.height);
            predict pq;
            f.toast = NULL;
            if (x->quiz) {
                /* k = 0: the question, the step hidden; k = 1: the answer. */
                predict_slide(&pq, f.an, f.step, k);
                f.quiz = &pq;
            }
            if (viewer_canvas_draw(c, &f) != 0) {
                fprintf(stderr, _("reducevis export: drawing failed: %s\n"), SDL_GetError());
                rc = RV_EXIT_RUNTIME;
                break;
            }
            if (tb)
                export_frame_name(ta, tb, p + 1, total, name, 160);
            else /* a run of several launches: the launch in the name too */
                export_story_frame_name(&a->sc.story, p, x->quiz ? k : -1, name, 160);
            int failed;
            if (gif) {
                failed = export_add_gif_frame(gif, viewer_canvas_surface(c), x->delay_ms / 10, err, sizeof err) != 0;
            } else {
                snprintf(path, sizeof path, "%s/%s", x->out, name);
                failed = export_write_png(viewer_canvas_surface(c), path, err, sizeof err) != 0;
            }
            if (failed) {
                rv_cmd_error("export", err);
                rc = RV_EXIT_RUNTIME;
                break;
            }
            if (!(*written)++) snprintf(first_name, 160, "%s", name);
        }
    }
    return rc;
}

/* Whether the export ends on the waves picture: the run shown, or either
 * version compared, has a waves run (docs/waves.md). */
static int has_waves(const app *a)
{
    return (a->sc.story.tr[0] && a->sc.story.tr[0]->waves) || (a->comparing && a->sc2.tr && a->sc2.tr->waves);
}

/* --waves-time's part of the first run with waves (the one the page shows,
 * html_waves_trace), set as the W pictures' part: both pictures alike, as
 * the viewer's zoom.  0, or -1 with why in err. */
static int waves_part(app *a, const export_opts *x, char *err, size_t errlen)
{
    const rv_trace *tr = html_waves_trace(a);
    if (!tr) {
        snprintf(err, errlen, "%s", _("--waves-time: this trace has no waves run to draw a part of"));
        return -1;
    }
    char why[600];
    if (scene_waves_part(tr, 0, x->waves_a_us, x->waves_b_us, &a->waves_part[0], &a->waves_part[1], why, sizeof why)) {
        snprintf(err, errlen, "--waves-time: %s", why);
        return -1;
    }
    return 0;
}

/* After the steps, the grid: the viewer's W picture alone (compare mode:
 * each version's), into gif or as STEM-waves.png in x->out.  0, or
 * RV_EXIT_RUNTIME with why on stderr. */
static int write_waves_frame(app *a, viewer_canvas *c, const export_opts *x, gif_writer *gif, int *written,
                             char name[160])
{
    char path[4200], err[1024];
    app_goto(a, 0);
    viewer_frame f = app_frame(a, x->vo.width, x->vo.height);
    f.toast = NULL;
    f.quiz = NULL;
    f.waves = VIEW_WAVES_ALONE;
    if (viewer_canvas_draw(c, &f) != 0) {
        fprintf(stderr, _("reducevis export: drawing failed: %s\n"), SDL_GetError());
        return RV_EXIT_RUNTIME;
    }
    export_waves_frame_name(a->sc.tr, a->comparing ? a->sc2.tr : NULL, name, 160);
    int failed;
    if (gif) { /* shown twice as long as a step: a class reads its numbers */
        failed = export_add_gif_frame(gif, viewer_canvas_surface(c), 2 * x->delay_ms / 10, err, sizeof err) != 0;
    } else {
        snprintf(path, sizeof path, "%s/%s", x->out, name);
        failed = export_write_png(viewer_canvas_surface(c), path, err, sizeof err) != 0;
    }
    if (failed) {
        rv_cmd_error("export", err);
        return RV_EXIT_RUNTIME;
    }
    (*written)++;
    return 0;
}

/* One line: what was written where, at what size, from what trace. */
static void say_written(const app *a, const export_opts *x, int gif, int first, int last, int written,
                        const char *first_name, const char *name)
{
    const rv_trace *tr = a->sc.tr;
    char what[4400];
    if (gif && first < last)
        snprintf(what, sizeof what, _("%s, one animated GIF (steps %d..%d, %d ms each, looping)"), x->gif, first + 1,
                 last + 1, x->delay_ms);
    else if (gif)
        snprintf(what, sizeof what, _("%s, one animated GIF (step %d)"), x->gif, first + 1);
    else
        snprintf(what, sizeof what, "%s (%s%s%s)", x->out, first_name, written > 1 ? " .. " : "",
                 written > 1 ? name : "");
    printf(ngettext("wrote %d frame%s to %s, %dx%d, %s theme, %s%s\n",
                    "wrote %d frames%s to %s, %dx%d, %s theme, %s%s\n", written),
           written, x->quiz ? _(" (a question and its answer per step)") : "", what, x->vo.width, x->vo.height,
           x->theme, tr->origin_kind == RV_ORIGIN_GPU ? _("GPU trace from ") : _("CPU model"),
           tr->origin_kind == RV_ORIGIN_GPU ? tr->origin : "");
}

int export_main(int argc, char **argv)
{
    export_opts x;
    int pr = parse(argc, argv, &x);
    if (pr == -2) return RV_EXIT_OK;
    if (pr != 0) return pr;

    char err[1024] = "";
    char bufs[ASSETS_MAX_DIRS][1024];
    const char *dirs[ASSETS_MAX_DIRS];
    int ndirs = viewer_asset_dirs(bufs, dirs);
    app a;
    int opened = app_open(&a, &x.vo, dirs, ndirs, err, sizeof err);
    if (opened != 0) {
        rv_cmd_error("export", err);
        app_close(&a);
        /* a version pair that cannot share the block size is the command's
         * fault; anything else is the world's */
        return opened == RV_EXIT_USAGE ? RV_EXIT_USAGE : RV_EXIT_RUNTIME;
    }
    a.theme = !strcmp(x.theme, "light") ? THEME_LIGHT : THEME_DARK;
    if (x.waves_b_us > 0 && waves_part(&a, &x, err, sizeof err)) {
        app_close(&a);
        return rv_usage_error("export", "%s", err);
    }
    int first, last, total = app_positions(&a);
    if (export_parse_steps(x.steps, total, &first, &last, err, sizeof err) != 0) {
        app_close(&a);
        return rv_usage_error("export", "%s", err);
    }
    if (x.waves_b_us > 0 && !x.html && !(first == 0 && last == total - 1)) {
        app_close(&a);
        return rv_usage_error("export", "%s",
                              _("--waves-time draws the waves frame, which follows every step of the run: not with "
                                "--steps A-B"));
    }
    if (!getenv("SDL_VIDEODRIVER") || !getenv("SDL_VIDEODRIVER")[0]) SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    viewer_canvas *c = viewer_canvas_new(x.vo.font, err, sizeof err);
    if (!c) {
        rv_cmd_error("export", err);
        app_close(&a);
        return RV_EXIT_RUNTIME;
    }
    int rc = 0;
    if (x.html) { /* one lesson page instead of image files (html_export.c) */
        waves_beside beside = {0};
        /* without the version's recording the page still ends on the
           trace's own grid where it has one: said, not refused */
        if (x.beside >= 0 && waves_beside_find(dirs, ndirs, x.beside, a.sc.story.tr[0], &beside, err, sizeof err))
            fprintf(stderr, _("reducevis export: %s; the page ends without it\n"), err);
        rc = html_export_command(&a, c, x.html, x.vo.width, x.vo.height, first, last, x.quiz, x.theme,
                                 beside.rec ? &beside : NULL);
        waves_beside_free(&beside);
        viewer_canvas_free(c);
        app_close(&a);
        return rc;
    }
    gif_writer *gif = NULL;
    if (x.gif) {
        if (!(gif = gif_write_open(x.gif, x.vo.width, x.vo.height, err, sizeof err))) {
            rv_cmd_error("export", err);
            rc = RV_EXIT_RUNTIME;
        }
    } else if (make_dirs(x.out) != 0 || access(x.out, W_OK) != 0) {
        fprintf(stderr, _("reducevis export: cannot create or write the output folder %s: %s\n"), x.out,
                strerror(errno));
        rc = RV_EXIT_RUNTIME;
    }
    int written = 0;
    char path[4200], name[160] = "", first_name[160] = "";
    if (rc == 0) rc = write_frames(&a, c, &x, gif, first, last, &written, first_name, name);
    /* the grid after every step of the run, not after a part of them */
    int waves = rc == 0 && has_waves(&a) && first == 0 && last == total - 1;
    if (waves) rc = write_waves_frame(&a, c, &x, gif, &written, name);
    if (x.quiz && !gif && rc == 0 &&
        export_quiz_index(&a.sc.story, first, last, x.out, path, sizeof path, err, sizeof err)) {
        rv_cmd_error("export", err);
        rc = RV_EXIT_RUNTIME;
    }
    if (gif && gif_write_close(gif, rc == 0, err, sizeof err) != 0) {
        rv_cmd_error("export", err);
        rc = RV_EXIT_RUNTIME;
    }
    if (rc == 0) say_written(&a, &x, gif != NULL, first, last, written, first_name, name);
    if (rc == 0 && waves) printf("%s\n", _("and last, the waves picture: which SM ran each block, and when"));
    viewer_canvas_free(c);
    app_close(&a);
    return rc;
}
