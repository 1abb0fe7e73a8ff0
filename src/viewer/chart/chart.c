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
#include "picture_opts.h"
#include "viewer/window/shown.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"

enum { OPT_DEVICE = 1 };

static const picture_limits chart_limits = {CHART_MIN_W, CHART_MIN_H, CHART_MAX_SIDE};

static const rv_opt chart_opts_table[] = {
    /* the usage's words name it, as the sweep's other way */
    {OPT_DEVICE, "device", 0, "NAME", N_("whose recorded sweep: a slug (nvidia-h200), the GPU's name or part of it"),
     NULL},
    PICTURE_ROW_SIZE,
    {PICTURE_OPT_THEME, "theme", 0, "T", N_("light (default: for projectors) or dark"), THEME_WORDS},
    PICTURE_ROW_FONT,
    {PICTURE_OPT_LANG, "lang", 0, "zh|en", N_("the language of the words on the chart (default: the environment's)"),
     RV_LANG_WORDS},
    PICTURE_ROW_OUT,
    {PICTURE_OPT_OUT, "output", 0, "FILE.png", NULL, "@file"},
    {0},
};

static const char *chart_help_of(int id, const char *text, char *buf, size_t len)
{
    return picture_help_of(id, text, buf, len, &chart_limits);
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
    .words = "[SWEEP.json [SWEEP2.json] | --device NAME]",
    .tail = PICTURE_TAIL,
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
    const char *file, *file2, *device;
    picture_opts pic;
} chart_opts;

/* chart's own option or word (picture_own_fn). */
static int chart_own(const rv_opts *p, int id, const char *val, void *arg)
{
    chart_opts *x = arg;
    if (id == OPT_DEVICE) {
        x->device = val;
    } else if (id == RV_OPT_WORD) {
        if (x->file2) return rv_opts_bad(p, _("at most two results files (two GPUs), got a third: '%s'"), val);
        *(x->file ? &x->file2 : &x->file) = val;
    }
    return 0;
}

/* 0: draw; PICTURE_ANSWERED: --help was answered; else the exit status of
 * a usage error. */
static int parse(int argc, char **argv, chart_opts *x)
{
    *x = (chart_opts){.pic = picture_opts_default()};
    int rc = picture_parse(&chart_cmd, &chart_limits, argc, argv, &x->pic, chart_own, x);
    if (rc) return rc;
    if (picture_opts_done("chart", &x->pic)) return RV_EXIT_USAGE;
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
    chart_geom g;
    chart_sweep_geom(s, x->pic.width, x->pic.height, &g);
    chart_input in = {.s = s, .source = base_name(path), .theme = x->pic.theme, .g = &g};
    return picture_png(&x->pic, chart_sweep_paint, &in, err, errlen);
}

/* Two sweeps, two GPUs: one chart of both. */
static int pair_main(const chart_opts *x)
{
    char err[1400] = "";
    rv_results *a = load_sweep(x->file, err, sizeof err), *b = a ? load_sweep(x->file2, err, sizeof err) : NULL;
    int rc = RV_EXIT_RUNTIME;
    const picture_opts *pic = &x->pic;
    if (a && b) {
        chart_pair_input in = {{a, b}, {base_name(x->file), base_name(x->file2)}, pic->theme, pic->width, pic->height};
        if (picture_png(pic, chart_pair_paint, &in, err, sizeof err) == 0) rc = 0;
    }
    if (rc == 0)
        printf("wrote %s, %dx%d, %s theme: %s and %s, from %s and %s\n", pic->out, pic->width, pic->height,
               picture_theme_name(pic), rv_results_device(a), rv_results_device(b), x->file, x->file2);
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
    if (pr == PICTURE_ANSWERED) return RV_EXIT_OK;
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
    printf(_("wrote %s, %dx%d, %s theme: %s, N = %s .. %s (%d sizes), from %s\n"), x.pic.out, x.pic.width, x.pic.height,
           picture_theme_name(&x.pic), rv_results_device(s), lo, hi, ns, path);
    rv_results_free(s);
    return 0;
}
