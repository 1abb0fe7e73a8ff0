/* levels.c — `reducevis levels`: the whole reduction, lanes to GPUs, as one
 * PNG for a slide (levels_draw.c paints it), with the times of a
 * `bench --gpus` results file: the given one, or the one bundled in
 * assets/results (*-gpus.json).
 *
 * Errors: usage (exit 1) is the command line; runtime (exit 2) is a file
 * that is missing or not a bench across GPUs, no run at the N asked for, a
 * font, an output that cannot be written.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/args.h"
#include "core/i18n.h"
#include "gpu/multi.h"
#include "viewer/export/export.h"
#include "levels.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"

#define LEVELS_MIN_W 1280     /* smaller, the rows' words do not fit */
#define LEVELS_MIN_H 720
#define LEVELS_MAX_SIDE 8192
#define LEVELS_SUFFIX "-gpus.json"

typedef struct levels_opts {
    const char *file, *out, *font, *nccl;
    uint64_t n;
    int width, height, theme;
} levels_opts;

static void levels_usage(void)
{
    printf(_("usage: reducevis levels [GPUS.json] [--n N] [--nccl allreduce|reduce] [--size WxH]\n"
             "                        [--theme light|dark] [--font PATH] -o FILE.png\n\n"
             "Draws the whole reduction as one picture, no display needed: lanes -> warp -> block ->\n"
             "grid (one GPU's kernel) -> GPUs (NCCL), each level with a sketch of how it adds and\n"
             "what is known of its time: the kernel per GPU and the NCCL step as measured, the levels\n"
             "inside a kernel as traced (no time of their own), NCCL's internals as not traced.  Under\n"
             "them, one GPU's and G GPUs' whole times to scale.  Every number comes from the file.\n\n"
             "  GPUS.json      results of `reducevis bench --gpus G -o GPUS.json`; default: the bundled\n"
             "                 one (assets/results/*%s)\n"
             "  --n N          the N to show (default 2^31, else the file's largest N on several GPUs)\n"
             "  --nccl C       allreduce (default) or reduce\n"
             "  --size WxH     pixels (default 1920x1080; %dx%d to %dx%d)\n"
             "  --theme T      light (default) or dark\n"
             "  --font PATH    a .ttf font instead of the system's DejaVu fonts\n"
             "  -o FILE.png    the picture to write\n\n"
             "Exit status: 0 written, 1 usage error, 2 runtime error (results file, font, output).\n"),
           LEVELS_SUFFIX, LEVELS_MIN_W, LEVELS_MIN_H, LEVELS_MAX_SIDE, LEVELS_MAX_SIDE);
}

static int parse(int argc, char **argv, levels_opts *x)
{
    *x = (levels_opts){.width = 1920, .height = 1080, .theme = THEME_LIGHT, .nccl = "allreduce"};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = !strcmp(a, "--size") || !strcmp(a, "--theme") || !strcmp(a, "--font") || !strcmp(a, "-o") ||
                    !strcmp(a, "--n") || !strcmp(a, "--nccl");
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            levels_usage();
            return -2;
        }
        if (takes && !val) return rv_usage_error("levels", _("%s needs a value"), a);
        if (!strcmp(a, "--size")) {
            char tail;
            if (sscanf(val, "%dx%d%c", &x->width, &x->height, &tail) != 2 || x->width < LEVELS_MIN_W ||
                x->height < LEVELS_MIN_H || x->width > LEVELS_MAX_SIDE || x->height > LEVELS_MAX_SIDE)
                return rv_usage_error("levels", _("--size '%s': expected WxH from %dx%d to %dx%d"), val, LEVELS_MIN_W,
                                      LEVELS_MIN_H, LEVELS_MAX_SIDE, LEVELS_MAX_SIDE);
        } else if (!strcmp(a, "--theme")) {
            if (strcmp(val, "light") && strcmp(val, "dark"))
                return rv_usage_error("levels", _("--theme '%s': expected light or dark"), val);
            x->theme = !strcmp(val, "light") ? THEME_LIGHT : THEME_DARK;
        } else if (!strcmp(a, "--font")) {
            x->font = val;
        } else if (!strcmp(a, "-o")) {
            x->out = val;
        } else if (!strcmp(a, "--n")) {
            if (rv_parse_u64(val, &x->n) || x->n == 0)
                return rv_usage_error("levels", _("N '%s' must be a whole number (e.g. 2^31)"), val);
        } else if (!strcmp(a, "--nccl")) {
            if (!rv_multi_nccl_name_ok(val, 0))
                return rv_usage_error("levels", _("--nccl '%s' must be allreduce or reduce"), val);
            x->nccl = val;
        } else if (a[0] == '-' && a[1]) {
            return rv_usage_error("levels", _("unknown option '%s'"), a);
        } else {
            if (x->file) return rv_usage_error("levels", _("only one results file, got '%s' and '%s'"), x->file, a);
            x->file = a;
        }
        if (takes) i++;
    }
    if (!x->out) return rv_usage_error("levels", _("-o FILE.png is required (the picture to write)"));
    return 0;
}

/* The bundled results across GPUs: the only *-gpus.json in the asset folders. */
static int bundled(char *path, size_t len, char *err, size_t errlen)
{
    char bufs[ASSETS_MAX_DIRS][1024];
    const char *dirs[ASSETS_MAX_DIRS];
    int ndirs = viewer_asset_dirs(bufs, dirs), found = 0;
    for (int i = 0; i < ndirs && !found; i++) {
        char rdir[1100];
        snprintf(rdir, sizeof rdir, "%s/results", dirs[i]);
        DIR *d = opendir(rdir);
        if (!d) continue;
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            size_t nl = strlen(e->d_name), sl = strlen(LEVELS_SUFFIX);
            if (nl <= sl || strcmp(e->d_name + nl - sl, LEVELS_SUFFIX) || e->d_name[0] == '.') continue;
            found++;
            if (found == 1) snprintf(path, len, "%s/%s", rdir, e->d_name);
        }
        closedir(d);
    }
    if (found == 1) return 0;
    if (found) snprintf(err, errlen, _("%d bundled results across GPUs (*%s): give one"), found, LEVELS_SUFFIX);
    else snprintf(err, errlen, _("no bundled results across GPUs (*%s): give GPUS.json from "
                                 "`reducevis bench --gpus G -o GPUS.json`"), LEVELS_SUFFIX);
    return -1;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int levels_main(int argc, char **argv)
{
    levels_opts x;
    int pr = parse(argc, argv, &x);
    if (pr == -2) return RV_EXIT_OK;
    if (pr) return pr;
    char err[1400] = "", found[1200] = "", why[900];
    const char *path = x.file;
    if (!path) {
        if (bundled(found, sizeof found, err, sizeof err)) {
            fprintf(stderr, "reducevis levels: %s\n", err);
            return RV_EXIT_RUNTIME;
        }
        path = found;
    }
    rv_results *r = rv_results_load(path, why, sizeof why);
    levels_input in;
    levels_geom g;
    int rc = -1;
    if (!r) snprintf(err, sizeof err, _("cannot read results: %s"), why);
    else if (levels_pick(r, x.n, x.nccl, &in, why, sizeof why)) snprintf(err, sizeof err, "%s: %s", path, why);
    else {
        if (!getenv("SDL_VIDEODRIVER") || !getenv("SDL_VIDEODRIVER")[0]) SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
        viewer_canvas *c = viewer_canvas_new(x.font, err, sizeof err);
        if (c) {
            levels_geom_for(&in, x.width, x.height, &g);
            in.g = &g;
            in.theme = x.theme;
            in.source = base_name(path);
            if (viewer_canvas_paint(c, x.width, x.height, levels_paint, &in))
                snprintf(err, sizeof err, _("drawing failed: %s"), SDL_GetError());
            else
                rc = export_write_png(viewer_canvas_surface(c), x.out, err, sizeof err);
            viewer_canvas_free(c);
        }
    }
    if (rc) {
        fprintf(stderr, "reducevis levels: %s\n", err);
        rv_results_free(r);
        return RV_EXIT_RUNTIME;
    }
    char n_name[32];
    rv_results_n_name(in.many->n, n_name, sizeof n_name);
    printf(_("wrote %s, %dx%d: %s x %d at N = %s, from %s\n"), x.out, x.width, x.height, rv_results_device(r),
           in.many->gpus, n_name, path);
    rv_results_free(r);
    return RV_EXIT_OK;
}
