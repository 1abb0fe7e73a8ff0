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
#include "picture_opts.h"
#include "viewer/window/viewer.h"

#define LEVELS_SUFFIX "-gpus.json"

/* smaller, the rows' words do not fit */
static const picture_limits levels_limits = {1280, 720, 8192};

typedef struct levels_opts {
    const char *file, *nccl;
    uint64_t n;
    picture_opts pic;
} levels_opts;

enum { OPT_N = 1, OPT_NCCL };

static const rv_opt levels_opts_table[] = {
    {OPT_N, "n", 0, "N", N_("the N to show (default 2^31, else the file's largest N on several GPUs)"), NULL},
    {OPT_NCCL, "nccl", 0, "C", N_("allreduce (default) or reduce"), RV_NCCL_WORDS},
    PICTURE_ROW_SIZE,
    {PICTURE_OPT_THEME, "theme", 0, "T", N_("light (default) or dark"), THEME_WORDS},
    PICTURE_ROW_FONT,
    PICTURE_ROW_LANG,
    PICTURE_ROW_OUT,
    {0},
};

static const char *levels_help_of(int id, const char *text, char *buf, size_t len)
{
    if (id != 0) return picture_help_of(id, text, buf, len, &levels_limits);
    snprintf(buf, len, text, LEVELS_SUFFIX);
    return buf;
}

static void levels_notes(FILE *f)
{
    fprintf(f, "%s", _("Exit status: 0 written, 1 usage error, 2 runtime error (results file, font, output).\n"));
}

static const rv_command_opts levels_cmd = {
    .cmd = "levels",
    .words = "[GPUS.json]",
    .tail = PICTURE_TAIL,
    .about = N_("Draws the whole reduction as one picture, no display needed: lanes -> warp -> block ->\n"
                "grid (one GPU's kernel) -> GPUs (NCCL), each level with a sketch of how it adds and\n"
                "what is known of its time: the kernel per GPU and the NCCL step as measured, the levels\n"
                "inside a kernel as traced (no time of their own), NCCL's internals as not traced.  Under\n"
                "them, one GPU's and G GPUs' whole times to scale.  Every number comes from the file.\n"
                "\n"
                "  GPUS.json    results of `reducevis bench --gpus G -o GPUS.json`; default: the bundled\n"
                "               one (assets/results/*%s)"),
    .tables = {levels_opts_table},
    .notes = levels_notes,
    .help_of = levels_help_of,
};

/* levels' own option or word (picture_own_fn). */
static int levels_own(const rv_opts *p, int id, const char *val, void *arg)
{
    levels_opts *x = arg;
    switch (id) {
    case OPT_N:
        if (rv_parse_u64(val, &x->n) || x->n == 0)
            return rv_opts_bad(p, _("N '%s' must be a whole number (e.g. 2^31)"), val);
        break;
    case OPT_NCCL:
        if (!rv_multi_nccl_name_ok(val, 0)) return rv_opts_bad(p, _("--nccl '%s' must be allreduce or reduce"), val);
        x->nccl = val;
        break;
    case RV_OPT_WORD:
        if (x->file) return rv_opts_bad(p, _("only one results file, got '%s' and '%s'"), x->file, val);
        x->file = val;
        break;
    }
    return 0;
}

/* 0: draw; PICTURE_ANSWERED: --help was answered; else the exit status of
 * a usage error. */
static int parse(int argc, char **argv, levels_opts *x)
{
    *x = (levels_opts){.nccl = "allreduce", .pic = picture_opts_default()};
    int rc = picture_parse(&levels_cmd, &levels_limits, argc, argv, &x->pic, levels_own, x);
    if (rc) return rc;
    return picture_opts_done("levels", &x->pic) ? RV_EXIT_USAGE : 0;
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
    if (found)
        snprintf(err, errlen, _("%d bundled results across GPUs (*%s): give one"), found, LEVELS_SUFFIX);
    else
        snprintf(err, errlen,
                 _("no bundled results across GPUs (*%s): give GPUS.json from "
                   "`reducevis bench --gpus G -o GPUS.json`"),
                 LEVELS_SUFFIX);
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
    if (pr == PICTURE_ANSWERED) return RV_EXIT_OK;
    if (pr) return pr;
    char err[1400] = "", found[1200] = "", why[900];
    const char *path = x.file;
    if (!path) {
        if (bundled(found, sizeof found, err, sizeof err)) {
            rv_cmd_error("levels", err);
            return RV_EXIT_RUNTIME;
        }
        path = found;
    }
    rv_results *r = rv_results_load(path, why, sizeof why);
    levels_input in;
    levels_geom g;
    int rc = -1;
    if (!r)
        snprintf(err, sizeof err, _("cannot read results: %s"), why);
    else if (levels_pick(r, x.n, x.nccl, &in, why, sizeof why))
        snprintf(err, sizeof err, "%s: %s", path, why);
    else {
        levels_geom_for(&in, x.pic.width, x.pic.height, &g);
        in.g = &g;
        in.theme = x.pic.theme;
        in.source = base_name(path);
        rc = picture_png(&x.pic, levels_paint, &in, err, sizeof err);
    }
    if (rc) {
        rv_cmd_error("levels", err);
        rv_results_free(r);
        return RV_EXIT_RUNTIME;
    }
    char n_name[32];
    rv_results_n_name(in.many->n, n_name, sizeof n_name);
    printf(_("wrote %s, %dx%d: %s x %d at N = %s, from %s\n"), x.pic.out, x.pic.width, x.pic.height,
           rv_results_device(r), in.many->gpus, n_name, path);
    rv_results_free(r);
    return RV_EXIT_OK;
}
