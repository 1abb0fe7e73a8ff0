/* html_waves_beside.c — a kernel's grid beside the version to beat's
 * recorded one, the last position of its lesson page (html_waves_beside.h).
 *
 * The recording is chosen by the GPU the trace names (its origin), never by
 * the class's machine: with Slurm a check lands on whichever node has a GPU
 * free, and the trace is what says where it ran.  A recording of another
 * GPU is still shown, for the shape of a grid sized to the GPU, with the
 * two GPUs named: their SMs and occupancy differ, so the page never says
 * they are the same. */
#include "html_waves_beside.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "canvas_png.h"
#include "core/i18n.h"
#include "core/versions.h"
#include "model/trace_read.h"
#include "viewer/draw/draw.h"
#include "viewer/draw/draw_waves.h"
#include "viewer/scene/scene_waves.h"
#include "viewer/window/waves_rec.h"

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* dir/waves/NAME for the alphabetically first NAME ending in tail: 0, or -1. */
static int first_of_any_device(const char *dir, const char *tail, char *out, size_t len)
{
    char folder[ASSETS_PATH_LEN + 8], best[256] = "";
    snprintf(folder, sizeof folder, "%s/waves", dir);
    DIR *d = opendir(folder);
    if (!d) return -1;
    size_t tl = strlen(tail);
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n > tl && n < sizeof best && !strcmp(e->d_name + n - tl, tail) && (!best[0] || strcmp(e->d_name, best) < 0))
            snprintf(best, sizeof best, "%s", e->d_name);
    }
    closedir(d);
    if (!best[0] || (size_t)snprintf(out, len, "%s/%s", folder, best) >= len || !is_file(out)) return -1;
    return 0;
}

/* Where V's recording lies: the trace's GPU's (found as the viewer's W
 * finds it), else any GPU's, for a page that names both. */
static int find_path(const char *const *dirs, int ndirs, const char *slug, const char *vname, const char *tail,
                     char *out, size_t len)
{
    if (slug[0] && assets_find_waves(dirs, ndirs, slug, vname, out, len, NULL, 0) == 0) return 0;
    for (int i = 0; i < ndirs; i++)
        if (first_of_any_device(dirs[i], tail, out, len) == 0) return 0;
    return -1;
}

int waves_beside_find(const char *const *dirs, int ndirs, int v, const rv_trace *tr, waves_beside *b, char *err,
                      size_t errlen)
{
    memset(b, 0, sizeof *b);
    b->version = v;
    const char *vname = rv_version_name(v), *name = rv_trace_name(tr);
    int on_gpu = tr->origin_kind == RV_ORIGIN_GPU && tr->origin[0];
    char slug[64] = "", tail[32];
    if (on_gpu) assets_device_slug(tr->origin, slug, sizeof slug);
    snprintf(tail, sizeof tail, "-%s.rvt", vname);
    if (find_path(dirs, ndirs, slug, vname, tail, b->path, sizeof b->path)) {
        snprintf(err, errlen, _("no recording of %s's waves (waves/DEVICE-%s.rvt) in the asset folders"), vname, vname);
        return -1;
    }
    char why[600];
    if (!(b->rec = rv_trace_load(b->path, why, sizeof why))) {
        snprintf(err, errlen, "%s: %s", b->path, why);
        return -1;
    }
    if (!waves_rec_of_version(b->rec, v)) {
        snprintf(err, errlen, _("%s is not a recording of %s's waves"), b->path, vname);
        waves_beside_free(b);
        return -1;
    }
    /* the same GPU by the names the two traces give, not by the file's */
    const char *where = b->rec->origin;
    char rec_slug[64] = "";
    if (b->rec->origin_kind == RV_ORIGIN_GPU) assets_device_slug(where, rec_slug, sizeof rec_slug);
    int same = on_gpu && rec_slug[0] && !strcmp(slug, rec_slug);
    if (same)
        snprintf(b->note, sizeof b->note, _("%s's grid as recorded on the %s, the GPU %s ran on."), vname, where, name);
    else if (on_gpu) {
        snprintf(b->aside, sizeof b->aside, _("On the right, %s's grid as recorded on the %s, not on the %s."), vname,
                 where, tr->origin);
        snprintf(b->note, sizeof b->note,
                 _("%s's grid as recorded on the %s: no recording of %s is kept for the %s, the GPU %s ran on, and "
                   "the two GPUs' SMs and occupancy differ, so compare the shapes, not the times."),
                 vname, where, vname, tr->origin, name);
    } else
        snprintf(b->note, sizeof b->note, _("%s's grid as recorded on the %s (%s did not run on a GPU)."), vname, where,
                 name);
    return 0;
}

void waves_beside_free(waves_beside *b)
{
    rv_trace_free(b->rec);
    b->rec = NULL;
}

/* Two sentences in a row, as the language writes them. */
static const char *then(void)
{
    /* TRANSLATORS: two sentences one after the other (a language without
       spaces between sentences writes "%s%s") */
    return _("%s %s");
}

/* The version's recording under its row's name and its GPU ("v8 (vector
 * loads, single pass) on the NVIDIA H200"), for its picture's and its
 * paragraphs' words: a recording made by tracing the version's kernel file
 * as one's own (`trace --kernel V`, record) is otherwise titled with the
 * file's name, which is not how a class knows the version.  A shallow copy
 * that only its words read: named as its own, which asks for a source too. */
static const rv_trace *named_as_version(const waves_beside *b, rv_trace *copy, char *name, size_t len)
{
    const rv_version_info *vi = rv_version(b->version);
    if (!vi) return b->rec;
    *copy = *b->rec;
    snprintf(name, len, _("%s (%s) on the %s"), vi->name, _(vi->title), b->rec->origin);
    copy->version = RV_VERSION_OWN;
    copy->own_name = name;
    if (!copy->own_source) copy->own_source = name;
    return copy;
}

/* The two halves: the trace's grid, or why it has none; the version's. */
typedef struct beside_paint {
    const scene_waves *own, *rec; /* own NULL: none */
    const char *none;
    int theme, w, h;
} beside_paint;

static void paint_both(SDL_Renderer *r, text_cache *tc, const void *arg)
{
    const beside_paint *p = arg;
    int half = p->w / 2;
    waves_input left = {p->own, p->theme, half, p->h, 0, 0}, right = {p->rec, p->theme, p->w - half, p->h, half, 0};
    if (p->own)
        waves_paint(r, tc, &left);
    else
        waves_paint_none(r, tc, &left, p->none);
    waves_paint(r, tc, &right);
}

int html_waves_beside_step(app *a, viewer_canvas *c, int w, int h, const waves_beside *b, html_zoom *z, int pos,
                           html_waves *hw, html_step *st, char *err, size_t errlen)
{
    memset(hw, 0, sizeof *hw);
    memset(st, 0, sizeof *st);
    const rv_trace *tr = a->sc.story.tr[0], *own = tr && tr->waves ? tr : NULL;
    const char *name = tr ? rv_trace_name(tr) : "?", *vname = rv_version_name(b->version);
    static scene_waves sown, srec; /* their words are large: off the stack */
    char none[HTML_WAVES_TEXT];
    snprintf(none, sizeof none,
             _("The class has not recorded the grid of %s: its trace has no waves run. A class started with "
               "`reducevis class --waves` records it after the verdict, once no kernel waits for one."),
             name);
    char left[2 * HTML_WAVES_TEXT]; /* where the GPUs differ, said where the class looks */
    if (b->aside[0])
        snprintf(left, sizeof left, then(), none, b->aside);
    else
        snprintf(left, sizeof left, "%s", none);
    rv_trace named;
    char vtitle[RV_ORIGIN_LEN + 160];
    const rv_trace *rec = named_as_version(b, &named, vtitle, sizeof vtitle);
    if (own && scene_waves_make(own, 0, &sown, err, errlen)) return -1;
    if (scene_waves_make(rec, 0, &srec, err, errlen)) {
        if (own) scene_waves_free(&sown);
        return -1;
    }
    beside_paint p = {own ? &sown : NULL, &srec, left, a->theme, w, h};
    int rc = viewer_canvas_paint(c, w, h, paint_both, &p);
    scene_waves_free(&srec);
    if (own) scene_waves_free(&sown);
    if (rc != 0) {
        snprintf(err, errlen, "drawing failed: %s", SDL_GetError());
        return -1;
    }
    /* the same two, zoomable: the version's under its row's name */
    waves_source src[2] = {{.tr = own, .why = own ? NULL : left}, {.tr = rec}};
    if (canvas_png(c, &hw->png, &hw->png_len, err, errlen) || html_zoom_add(z, pos, src, 2, 0.0, 0.0, err, errlen))
        return -1;
    snprintf(hw->heading, sizeof hw->heading, _("The grid: %s beside %s, which SM ran each block, and when"), name,
             vname);
    snprintf(hw->alt, sizeof hw->alt,
             _("Two waves pictures side by side, one row per SM and time across: %s's grid on the left (or why it "
               "was not recorded), %s's recorded grid on the right"),
             name, vname);
    int n = 0;
    if (own) {
        if (html_waves_paras(own, hw->para, err, errlen)) return -1;
        n = 4;
    } else {
        snprintf(hw->para[n++], HTML_WAVES_TEXT,
                 _("%s That costs each kernel its check once more, with two more runs in it (the program's waves "
                   "run, and the judge's runner again under its patch, for what the patch costs), so a class "
                   "makes none unless the teacher asks; on your own machine, `reducevis trace FILE.cu --waves` "
                   "records it."),
                 none);
    }
    if (html_waves_paras(rec, hw->para + n, err, errlen)) return -1;
    /* which GPU it was recorded on leads the version's words */
    char first[HTML_WAVES_TEXT];
    snprintf(first, sizeof first, "%s", hw->para[n]);
    if (snprintf(hw->para[n], HTML_WAVES_TEXT, then(), b->note, first) >= HTML_WAVES_TEXT)
        snprintf(hw->para[n], HTML_WAVES_TEXT, "%s", b->note); /* the GPUs said, whatever else */
    n += 4;
    for (int k = 0; k < n; k++) st->para[k] = hw->para[k];
    st->nparas = n;
    st->png = hw->png;
    st->png_len = hw->png_len;
    st->alt = hw->alt;
    st->heading = hw->heading;
    return 0;
}
