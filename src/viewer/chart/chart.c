/* chart.c — `reducevis chart`: a sweep's GB/s against N as one PNG.
 *
 * The file is a sweep from `reducevis bench --sweep -o FILE.json`, or, when
 * none is given, the bundled sweep found the way the viewer finds bundled
 * results (assets_find_results).  The picture is chart_sweep.c's, painted
 * off-screen into a viewer_canvas (SDL's software renderer, no display) and
 * written by the exporter's PNG writer.
 *
 * Errors: usage (exit 1) is the command line; runtime (exit 2) is the
 * world: a file that is missing, is not results, is not a sweep or has too
 * few sizes; a font; an output that cannot be written.  Each message names
 * the file or option at fault.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/args.h"
#include "chart_pair.h"
#include "chart_sweep.h"
#include "core/i18n.h"
#include "viewer/export/export.h"
#include "viewer/window/shown.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"

enum { OPT_OUT = 'o', OPT_DEVICE = 1, OPT_SIZE, OPT_THEME, OPT_FONT, OPT_LANG };

static const rv_opt chart_opts_table[] = {
    {OPT_DEVICE, "device", 0, "NAME", N_("whose recorded sweep: a slug (nvidia-h200), the GPU's name or part of it"),
     NULL},
    {OPT_SIZE, "size", 0, "WxH", N_("pixels (default 1920x1080; %dx%d to %dx%d)"), NULL},
    {OPT_THEME, "theme", 0, "T", N_("light (default: for projectors) or dark"), THEME_WORDS},
    {OPT_FONT, "font", 0, "PATH", N_("a .ttf font instead of the system's DejaVu fonts"), "@file"},
    {OPT_LANG, "lang", 0, "zh|en", N_("the language of the words on the chart (default: the environment's)"),
     RV_LANG_WORDS},
    {OPT_OUT, NULL, 'o', "FILE.png", N_("the picture to write"), "@file"},
    {OPT_OUT, "output", 0, "FILE.png", NULL, "@file"},
    {0},
};

static const char *chart_help_of(int id, const char *text, char *buf, size_t len)
{
    if (id != OPT_SIZE) return text;
    snprintf(buf, len, text, CHART_MIN_W, CHART_MIN_H, CHART_MAX_SIDE, CHART_MAX_SIDE);
    return buf;
}

static void chart_notes(FILE *out)
{
    fprintf(out, "%s",
            _("Exit status: 0 written, 1 usage error, 2 runtime error (results file, font, output).\n"
              "Example: reducevis chart assets/results/nvidia-h200-sweep.json -o sweep-chart.png\n"
              "         reducevis chart assets/results/nvidia-h100-80gb-hbm3-sweep.json \\\n"
              "                         assets/results/nvidia-h200-sweep.json -o two-gpus.png\n"));
}

static const rv_command_opts chart_cmd = {
    .cmd = "chart",
    .usage = N_("usage: reducevis chart [SWEEP.json [SWEEP2.json] | --device NAME] [--size WxH] [--theme light|dark]\n"
                "                       [--font PATH] [--lang zh|en] -o FILE.png"),
    .about = N_(
        "Draws one PNG for a slide, without a display: GB/s against N (2^20 .. 2^30, log scale) for\n"
        "every version and CUB in the sweep, each a line of its own colour named in the key (CUB and\n"
        "the version compared with it thicker), the device's theoretical bandwidth as a line with its value and source, and the\n"
        "measured device-to-device copy as a dashed line.  A run whose sum was wrong is circled and\n"
        "crossed out.  Every number comes from the file.\n"
        "\n"
        "  SWEEP.json     results of `reducevis bench --sweep -o SWEEP.json`; default: the recorded\n"
        "                 sweep of --device, else of the first recorded device by name\n"
        "                 (assets/results/<device>-sweep.json, or `reducevis record`'s)\n"
        "  SWEEP2.json    a second GPU's sweep: both on one chart, CUB and the version compared\n"
        "                 with it, of each, the devices named (the first solid, the second thin)"),
    .tables = {chart_opts_table},
    .notes = chart_notes,
    .help_of = chart_help_of,
};

typedef struct chart_opts {
    const char *file, *file2, *out, *font, *device;
    int width, height, theme;
} chart_opts;

/* "WxH" within the chart's limits into *w, *h; 0, or -1. */
static int parse_size(const char *val, int *w, int *h)
{
    char tail;
    if (sscanf(val, "%dx%d%c", w, h, &tail) != 2) return -1;
    return *w < CHART_MIN_W || *h < CHART_MIN_H || *w > CHART_MAX_SIDE || *h > CHART_MAX_SIDE ? -1 : 0;
}

/* 0: draw; -2: --help was answered; else the exit status of a usage error. */
static int parse(int argc, char **argv, chart_opts *x)
{
    *x = (chart_opts){.width = 1920, .height = 1080, .theme = THEME_LIGHT};
    rv_opts p;
    rv_opts_begin(&p, &chart_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        const char *val = p.value;
        switch (id) {
        case RV_OPT_HELP:
        case RV_OPT_LIST: return -2;
        case RV_OPT_BAD: return RV_EXIT_USAGE;
        case OPT_SIZE:
            if (parse_size(val, &x->width, &x->height) != 0) {
                char range[64];
                snprintf(range, sizeof range, "%dx%d to %dx%d", CHART_MIN_W, CHART_MIN_H, CHART_MAX_SIDE,
                         CHART_MAX_SIDE);
                rv_opts_bad(&p, _("--size '%s': expected WxH from %s (e.g. 1920x1080)"), val, range);
                return RV_EXIT_USAGE;
            }
            break;
        case OPT_THEME:
            if (strcmp(val, "light") && strcmp(val, "dark")) {
                rv_opts_bad(&p, _("--theme '%s': expected light or dark"), val);
                return RV_EXIT_USAGE;
            }
            x->theme = !strcmp(val, "light") ? THEME_LIGHT : THEME_DARK;
            break;
        case OPT_LANG: break; /* applied by main before anything is drawn */
        case OPT_FONT: x->font = val; break;
        case OPT_DEVICE: x->device = val; break;
        case OPT_OUT: x->out = val; break;
        case RV_OPT_WORD:
            if (x->file2) {
                rv_opts_bad(&p, _("at most two results files (two GPUs), got a third: '%s'"), val);
                return RV_EXIT_USAGE;
            }
            if (x->file)
                x->file2 = val;
            else
                x->file = val;
            break;
        }
    }
    if (!x->out) return rv_usage_error("chart", "%s", _("-o FILE.png is required (the picture to write)"));
    if (x->device && x->file)
        return rv_usage_error("chart", _("--device picks a recorded sweep; with '%s' given it has nothing to pick"),
                              x->file);
    return 0;
}

/* The recorded sweep of `device` (NULL: the first recorded device by name). */
static int bundled_sweep(const char *device, char *path, size_t len, char *err, size_t errlen)
{
    char bufs[ASSETS_MAX_DIRS][1024], main_path[1024], msg[512], slug[64] = "";
    char slugs[ASSETS_MAX_DEVICES][64];
    const char *dirs[ASSETS_MAX_DIRS];
    int ndirs = viewer_asset_dirs(bufs, dirs);
    if (device) {
        if (assets_match_device(dirs, ndirs, device, slug, sizeof slug, msg, sizeof msg) != 0) {
            snprintf(err, errlen, _("--device: %s"), msg);
            return -1;
        }
    } else if (assets_list_devices(dirs, ndirs, slugs) > 0) {
        snprintf(slug, sizeof slug, "%s", slugs[0]);
    }
    if (assets_find_results(dirs, ndirs, slug[0] ? slug : NULL, main_path, path, len, msg, sizeof msg) != 0) {
        snprintf(err, errlen,
                 _("no bundled sweep to chart (%s); give SWEEP.json from "
                   "`reducevis bench --sweep -o SWEEP.json`"),
                 msg);
        return -1;
    }
    if (!path[0]) {
        snprintf(err, errlen,
                 _("no bundled sweep to chart (only %s, a run at one N); give SWEEP.json from "
                   "`reducevis bench --sweep -o SWEEP.json`"),
                 main_path);
        return -1;
    }
    return 0;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Loads the sweep and checks that it can be charted; NULL + err. */
static rv_results *load_sweep(const char *path, char *err, size_t errlen)
{
    char why[700];
    rv_results *s = rv_results_load(path, why, sizeof why);
    if (!s) {
        snprintf(err, errlen, _("cannot read results: %s"), why);
        return NULL;
    }
    if (chart_sweep_check(s, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s: %s", path, why);
        rv_results_free(s);
        return NULL;
    }
    return s;
}

/* Paints the chart and writes it.  0, or -1 + err. */
static int write_chart(const chart_opts *x, const rv_results *s, const char *path, char *err, size_t errlen)
{
    if (!getenv("SDL_VIDEODRIVER") || !getenv("SDL_VIDEODRIVER")[0]) SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    viewer_canvas *c = viewer_canvas_new(x->font, err, errlen);
    if (!c) return -1;
    chart_geom g;
    chart_sweep_geom(s, x->width, x->height, &g);
    chart_input in = {.s = s, .source = base_name(path), .theme = x->theme, .g = &g};
    int rc = viewer_canvas_paint(c, x->width, x->height, chart_sweep_paint, &in);
    if (rc != 0)
        snprintf(err, errlen, _("drawing failed: %s"), SDL_GetError());
    else
        rc = export_write_png(viewer_canvas_surface(c), x->out, err, errlen);
    viewer_canvas_free(c);
    return rc;
}

/* Two sweeps, two GPUs: one chart of both. */
static int pair_main(const chart_opts *x)
{
    char err[1400] = "";
    rv_results *a = load_sweep(x->file, err, sizeof err), *b = a ? load_sweep(x->file2, err, sizeof err) : NULL;
    int rc = RV_EXIT_RUNTIME;
    if (a && b) {
        if (!getenv("SDL_VIDEODRIVER") || !getenv("SDL_VIDEODRIVER")[0]) SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
        viewer_canvas *c = viewer_canvas_new(x->font, err, sizeof err);
        if (c) {
            chart_pair_input in = {{a, b}, {base_name(x->file), base_name(x->file2)}, x->theme, x->width, x->height};
            if (viewer_canvas_paint(c, x->width, x->height, chart_pair_paint, &in) != 0)
                snprintf(err, sizeof err, "drawing failed: %s", SDL_GetError());
            else if (export_write_png(viewer_canvas_surface(c), x->out, err, sizeof err) == 0)
                rc = 0;
            viewer_canvas_free(c);
        }
    }
    if (rc == 0)
        printf("wrote %s, %dx%d, %s theme: %s and %s, from %s and %s\n", x->out, x->width, x->height,
               x->theme == THEME_LIGHT ? "light" : "dark", rv_results_device(a), rv_results_device(b), x->file,
               x->file2);
    else
        rv_cmd_error("chart", err);
    rv_results_free(a);
    rv_results_free(b);
    return rc;
}

int chart_main(int argc, char **argv)
{
    chart_opts x;
    int pr = parse(argc, argv, &x);
    if (pr == -2) return RV_EXIT_OK;
    if (pr != 0) return pr;
    char err[1400] = "", found[1024] = "";
    const char *path = x.file;
    if (!path) {
        if (bundled_sweep(x.device, found, sizeof found, err, sizeof err) != 0) {
            rv_cmd_error("chart", err);
            return RV_EXIT_RUNTIME;
        }
        path = found;
    }
    if (x.file2) return pair_main(&x);
    rv_results *s = load_sweep(path, err, sizeof err);
    if (!s || write_chart(&x, s, path, err, sizeof err) != 0) {
        rv_cmd_error("chart", err);
        rv_results_free(s);
        return RV_EXIT_RUNTIME;
    }
    const uint64_t *sizes;
    int ns = rv_results_sizes(s, &sizes);
    char lo[32], hi[32];
    rv_results_n_name(sizes[0], lo, sizeof lo);
    rv_results_n_name(sizes[ns - 1], hi, sizeof hi);
    printf(_("wrote %s, %dx%d, %s theme: %s, N = %s .. %s (%d sizes), from %s\n"), x.out, x.width, x.height,
           x.theme == THEME_LIGHT ? "light" : "dark", rv_results_device(s), lo, hi, ns, path);
    rv_results_free(s);
    return 0;
}
