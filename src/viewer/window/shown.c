/* shown.c — the trace a pane shows: loading, simulating and switching it.
 *
 * Every operation builds the new trace and analysis first and only then
 * replaces the old ones, so a failure (bad file, block size a version does not
 * allow) leaves the teacher looking at what was there before.
 */
#include "shown.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/assets.h"
#include "core/versions.h"
#include "core/i18n.h"
#include "core/status.h"
#include "model/trace_read.h"

static void free_later(shown *sc)
{
    for (int k = 0; k < RV_OWN_MAX_LAUNCHES; k++) {
        rv_analysis_free(sc->later[k]);
        sc->later[k] = NULL;
    }
}

static void shown_replace(shown *sc, rv_trace *tr, rv_analysis *an, rv_analysis *later[RV_OWN_MAX_LAUNCHES])
{
    rv_analysis_free(sc->an);
    free_later(sc);
    rv_trace_free(sc->tr);
    sc->tr = tr;
    sc->an = an;
    memcpy(sc->later, later, sizeof sc->later);
    story_single(&sc->story, tr, an);
    for (int k = 0; k + 1 < RV_OWN_MAX_LAUNCHES && later[k]; k++) story_add(&sc->story, later[k]->tr, later[k]);
}

/* The configuration that reproduces tr with the model. */
static rv_config config_of(const rv_trace *tr)
{
    rv_config c = rv_config_default();
    c.version = tr->version;
    c.block_size = tr->block_size;
    c.n = tr->n;
    c.block = tr->traced_block;
    c.data = tr->data;
    c.grid =
        rv_version_has(tr->version, RV_VP_FILLS_GPU) ? tr->grid : 0; /* a grid that filled the GPU: the one it ran */
    return c;
}

/* Analyses tr and every later launch it holds, and makes it the one shown
 * (taking it; freed on failure). */
static int take_trace(shown *sc, rv_trace *tr, const rv_config *cfg, const char *path, char *err, size_t errlen)
{
    char why[256] = "";
    rv_analysis *an = rv_analyze(tr, why, sizeof why), *later[RV_OWN_MAX_LAUNCHES] = {0};
    int ok = an != NULL, k = 0;
    /* the launches after the first: as many as a story holds */
    for (const rv_trace *t = tr->next; ok && t && k + 1 < RV_OWN_MAX_LAUNCHES; t = t->next, k++)
        if (!(later[k] = rv_analyze(t, why, sizeof why))) {
            char launch[sizeof why];
            snprintf(launch, sizeof launch, "%s", why);
            snprintf(why, sizeof why, _("launch %d: %.200s"), k + 2, launch);
            ok = 0;
        }
    if (!ok) {
        snprintf(err, errlen, _("cannot analyse the trace: %s"), why);
        rv_analysis_free(an);
        for (int j = 0; j < RV_OWN_MAX_LAUNCHES; j++) rv_analysis_free(later[j]);
        rv_trace_free(tr);
        return -1;
    }
    shown_replace(sc, tr, an, later);
    sc->cfg = *cfg;
    snprintf(sc->path, sizeof sc->path, "%s", path);
    sc->note[0] = '\0';
    return 0;
}

int shown_open_file(shown *sc, const char *path, char *err, size_t errlen)
{
    char why[256] = "";
    rv_trace *tr = rv_trace_load(path, why, sizeof why);
    if (!tr) {
        snprintf(err, errlen, _("cannot open trace %s: %s"), path, why);
        return -1;
    }
    rv_config cfg = config_of(tr);
    return take_trace(sc, tr, &cfg, path, err, errlen);
}

int shown_take(shown *sc, rv_trace *tr, char *err, size_t errlen)
{
    rv_config cfg = config_of(tr);
    return take_trace(sc, tr, &cfg, "", err, errlen);
}

int shown_simulate(shown *sc, const rv_config *cfg, char *err, size_t errlen)
{
    char why[256] = "";
    if (rv_config_check(cfg, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    rv_trace *tr = rv_model_run(cfg, why, sizeof why);
    if (!tr) {
        snprintf(err, errlen, _("the CPU model failed: %s"), why);
        return -1;
    }
    return take_trace(sc, tr, cfg, "", err, errlen);
}
int shown_open_bundled(shown *sc, const char *asset_dir, int v, const rv_config *like, char *err, size_t errlen)
{
    char data[64] = "ones", path[SHOWN_PATH_LEN + 300];
    int bs = 256;
    if (like) {
        bs = like->block_size;
        rv_data_name(like->data, data, sizeof data);
    }
    if (!asset_dir || !asset_dir[0] ||
        assets_find_bundled(asset_dir, sc->device, v, bs, data, path, sizeof path) != 0) {
        const rv_version_info *vi = rv_version(v);
        snprintf(err, errlen, _("no bundled GPU trace of %s (block %d, %s)"), vi ? vi->name : "?", bs, data);
        return -1;
    }
    if (shown_open_file(sc, path, err, errlen) != 0) return -1;
    sc->bundled = 1;
    snprintf(sc->asset_dir, sizeof sc->asset_dir, "%s", asset_dir);
    return 0;
}

/* The block a version runs at after (or beside) a student's launch of a
 * shape it cannot run (48 threads, one): the smallest power of two it
 * allows above it; its own block otherwise, refused as before. */
static int block_for(int v, int bs, const rv_trace *was)
{
    if (!was || !rv_trace_is_own(was) || !rv_version_check_block(v, bs)) return bs;
    for (int b = 32; b <= 1024; b *= 2)
        if (b >= bs && !rv_version_check_block(v, b)) return b;
    return bs;
}

int shown_switch_version(shown *sc, int v, int *step, char *msg, size_t len)
{
    const rv_version_info *vi = rv_version(v);
    if (!vi) {
        snprintf(msg, len, _("there is no version %d"), v);
        return -1;
    }
    int keep = sc->cfg.block_size; /* put back when the switch fails */
    sc->cfg.block_size = block_for(v, keep, sc->tr);
    const char *why = rv_version_check_block(v, sc->cfg.block_size);
    if (why) {
        snprintf(msg, len, "%s cannot run with block %d: %s", vi->name, sc->cfg.block_size, why);
        sc->cfg.block_size = keep;
        return RV_EXIT_USAGE;
    }
    /* Build the new shown beside the old one, then swap. */
    shown next = {0};
    next.cfg = sc->cfg;
    snprintf(next.device, sizeof next.device, "%s", sc->device);
    char err[512] = "";
    int ok = -1;
    if (sc->bundled) {
        ok = shown_open_bundled(&next, sc->asset_dir, v, &sc->cfg, err, sizeof err);
        if (ok != 0) {
            rv_config c = sc->cfg;
            c.version = v;
            c.grid = 0; /* another version: its own grid */
            ok = shown_simulate(&next, &c, err, sizeof err);
            if (ok == 0) snprintf(next.note, sizeof next.note, _("no bundled GPU trace of %s"), vi->name);
            next.bundled = 1;
            snprintf(next.asset_dir, sizeof next.asset_dir, "%s", sc->asset_dir);
        }
    } else {
        rv_config c = sc->cfg;
        c.version = v;
        c.grid = 0;
        ok = shown_simulate(&next, &c, err, sizeof err);
    }
    if (ok != 0) {
        snprintf(msg, len, _("cannot show %s: %s"), vi->name, err);
        shown_close(&next);
        sc->cfg.block_size = keep;
        return -1;
    }
    if (step) *step = shown_map_step(sc->tr, *step, next.tr);
    shown_close(sc);
    *sc = next;
    msg[0] = '\0';
    return 0;
}

int shown_open_like(shown *dst, const shown *like, int v, char *msg, size_t len)
{
    shown next = {0};
    next.cfg = like->cfg;
    next.cfg.block_size = block_for(v, like->cfg.block_size, like->tr);
    next.bundled = like->bundled;
    snprintf(next.asset_dir, sizeof next.asset_dir, "%s", like->asset_dir);
    snprintf(next.device, sizeof next.device, "%s", like->device);
    int rc = shown_switch_version(&next, v, NULL, msg, len);
    if (rc != 0) return rc;
    *dst = next;
    return 0;
}

void shown_close(shown *sc)
{
    rv_analysis_free(sc->an);
    free_later(sc);
    rv_trace_free(sc->tr);
    sc->an = NULL;
    sc->tr = NULL;
    memset(&sc->story, 0, sizeof sc->story);
}

static int is_reduction(uint32_t phase)
{
    return phase == RV_PHASE_TREE || phase == RV_PHASE_WARP || phase == RV_PHASE_SHUFFLE;
}

/* Which of its kind step s is: its ordinal among reduction steps, or among
 * steps of the same phase. */
static int ordinal(const rv_trace *tr, int s)
{
    int k = 0;
    uint32_t ph = tr->steps[s].phase;
    for (int i = 0; i < s; i++) {
        uint32_t p = tr->steps[i].phase;
        if (is_reduction(ph) ? is_reduction(p) : p == ph) k++;
    }
    return k;
}

int shown_map_step(const rv_trace *from, int step, const rv_trace *to)
{
    if (!to || to->nsteps <= 0) return 0;
    if (!from || from->nsteps <= 0 || step < 0) return 0;
    if (step >= from->nsteps) step = from->nsteps - 1;
    uint32_t ph = from->steps[step].phase;
    int want = ordinal(from, step);
    int k = 0;
    for (int i = 0; i < to->nsteps; i++) {
        uint32_t p = to->steps[i].phase;
        if (is_reduction(ph) ? is_reduction(p) : p == ph) {
            if (k == want) return i;
            k++;
        }
    }
    return step < to->nsteps ? step : to->nsteps - 1;
}
