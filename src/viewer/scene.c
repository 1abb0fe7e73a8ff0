/* scene.c — loading, simulating and switching traces for the viewer.
 *
 * Every operation builds the new trace and analysis first and only then
 * replaces the old ones, so a failure (bad file, block size a version does not
 * allow) leaves the teacher looking at what was there before.
 */
#define _POSIX_C_SOURCE 200809L
#include "scene.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "../results.h"
#include "../versions.h"
#include "../i18n.h"

static void scene_replace(scene *sc, rv_trace *tr, rv_analysis *an)
{
    rv_analysis_free(sc->an);
    rv_trace_free(sc->tr);
    sc->tr = tr;
    sc->an = an;
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
    c.grid = rv_version_has(tr->version, RV_VP_FILLS_GPU) ? tr->grid : 0; /* a grid that filled the GPU: the one it ran */
    return c;
}

/* Analyses tr and makes it the scene's (taking it; freed on failure). */
static int take_trace(scene *sc, rv_trace *tr, const rv_config *cfg, const char *path, char *err, size_t errlen)
{
    char why[256] = "";
    rv_analysis *an = rv_analyze(tr, why, sizeof why);
    if (!an) {
        snprintf(err, errlen, _("cannot analyse the trace: %s"), why);
        rv_trace_free(tr);
        return -1;
    }
    scene_replace(sc, tr, an);
    sc->cfg = *cfg;
    snprintf(sc->path, sizeof sc->path, "%s", path);
    sc->note[0] = '\0';
    return 0;
}

int scene_open_file(scene *sc, const char *path, char *err, size_t errlen)
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

int scene_simulate(scene *sc, const rv_config *cfg, char *err, size_t errlen)
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

/* The bundled trace of version v for the device `slug` ("<slug>-v3-b256-ones.rvt");
 * slug NULL or "": the first of any device by name. */
static int find_bundled_on(const char *asset_dir, const char *slug, int v, int block_size, const char *data,
                           char *out, size_t len)
{
    const rv_version_info *vi = rv_version(v);
    if (!vi)
        return -1;
    char dir[SCENE_PATH_LEN + 16], suffix[96];
    snprintf(dir, sizeof dir, "%s/traces", asset_dir);
    snprintf(suffix, sizeof suffix, "-%s-b%d-%s.rvt", vi->name, block_size, data);
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    char best[256] = "";
    size_t sl = strlen(suffix), pl = slug ? strlen(slug) : 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t nl = strlen(e->d_name);
        if (nl > sl && nl < sizeof best && strcmp(e->d_name + nl - sl, suffix) == 0
            && (!pl || (nl == pl + sl && strncmp(e->d_name, slug, pl) == 0))
            && (best[0] == '\0' || strcmp(e->d_name, best) < 0))
            snprintf(best, sizeof best, "%s", e->d_name);
    }
    closedir(d);
    if (best[0] == '\0')
        return -1;
    snprintf(out, len, "%s/%s", dir, best);
    return 0;
}

int scene_find_bundled(const char *asset_dir, int v, int block_size, const char *data,
                       char *out, size_t len)
{
    return find_bundled_on(asset_dir, NULL, v, block_size, data, out, len);
}

size_t scene_device_slug(const char *device, char *out, size_t len)
{
    size_t o = 0;
    int dash = 0;
    for (const char *p = device ? device : ""; *p && o + 1 < len; p++) {
        unsigned char c = (unsigned char)*p;
        if (isalnum(c) && c < 128) {
            if (dash && o > 0 && o + 2 < len)
                out[o++] = '-';
            out[o++] = (char)tolower(c);
            dash = 0;
        } else {
            dash = 1;
        }
    }
    if (len)
        out[o] = '\0';
    return o;
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The distinct devices (as slugs) of the timed results in dir/results,
 * read from the files themselves: other JSON kept there (verify tables)
 * and files that do not load are not results.  Returns how many. */
#define MAX_DEVICES SCENE_MAX_DEVICES
static int results_devices(const char *dir, char slugs[MAX_DEVICES][64], int n)
{
    char rdir[SCENE_PATH_LEN + 16];
    snprintf(rdir, sizeof rdir, "%s/results", dir);
    DIR *d = opendir(rdir);
    if (!d)
        return n;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t nl = strlen(e->d_name);
        if (nl <= 5 || strcmp(e->d_name + nl - 5, ".json") != 0 || e->d_name[0] == '.')
            continue;
        char path[SCENE_PATH_LEN + 300], why[256], slug[64];
        snprintf(path, sizeof path, "%s/%s", rdir, e->d_name);
        rv_results *r = rv_results_load(path, why, sizeof why);
        if (!r)
            continue;
        scene_device_slug(rv_results_device(r), slug, sizeof slug);
        rv_results_free(r);
        int k = 0;
        while (k < n && strcmp(slugs[k], slug) != 0)
            k++;
        if (k == n && n < MAX_DEVICES && slug[0])
            snprintf(slugs[n++], 64, "%s", slug);
    }
    closedir(d);
    return n;
}

static int by_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

int scene_list_devices(const char *const *asset_dirs, int ndirs, char slugs[SCENE_MAX_DEVICES][64])
{
    int n = 0;
    for (int i = 0; i < ndirs; i++)
        if (asset_dirs[i] && asset_dirs[i][0])
            n = results_devices(asset_dirs[i], slugs, n);
    qsort(slugs, (size_t)n, sizeof slugs[0], by_name);
    return n;
}

int scene_match_device(const char *const *asset_dirs, int ndirs, const char *name, char *out, size_t len,
                       char *msg, size_t msglen)
{
    char slugs[SCENE_MAX_DEVICES][64], want[64];
    int n = scene_list_devices(asset_dirs, ndirs, slugs), found = -1, count = 0;
    scene_device_slug(name, want, sizeof want);
    for (int k = 0; k < n && want[0]; k++) {
        if (!strcmp(slugs[k], want)) {
            found = k;
            count = 1;
            break;
        }
        if (strstr(slugs[k], want)) {
            found = k;
            count++;
        }
    }
    if (count == 1) {
        snprintf(out, len, "%s", slugs[found]);
        return 0;
    }
    size_t o = (size_t)snprintf(msg, msglen, count ? _("device '%s' could be any of:") : _("no recording of a device '%s'; "
                                                     "recorded:"), name);
    for (int k = 0; k < n && o < msglen; k++)
        if (!count || strstr(slugs[k], want))
            o += (size_t)snprintf(msg + o, msglen - o, " %s", slugs[k]);
    if (!n && o < msglen)
        snprintf(msg + o, msglen - o, "%s", _(" none (record one with `reducevis record`)"));
    return -1;
}

int scene_device_dir(const char *const *asset_dirs, int ndirs, const char *slug, char *out, size_t len)
{
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < ndirs; i++) {
            if (!asset_dirs[i] || !asset_dirs[i][0])
                continue;
            char dir[SCENE_PATH_LEN + 16];
            snprintf(dir, sizeof dir, "%s/traces", asset_dirs[i]);
            DIR *d = opendir(dir);
            if (!d)
                continue;
            size_t pl = slug ? strlen(slug) : 0;
            int hit = 0;
            for (struct dirent *e; !hit && (e = readdir(d)) != NULL;) {
                size_t nl = strlen(e->d_name);
                hit = nl > 4 && !strcmp(e->d_name + nl - 4, ".rvt") &&
                      (pass == 1 || (pl && !strncmp(e->d_name, slug, pl) && e->d_name[pl] == '-'));
            }
            closedir(d);
            if (hit) {
                snprintf(out, len, "%s", asset_dirs[i]);
                return 0;
            }
        }
    return -1;
}

int scene_find_results(const char *const *asset_dirs, int ndirs, const char *slug,
                       char *main_path, char *sweep_path, size_t len, char *msg, size_t msglen)
{
    main_path[0] = sweep_path[0] = '\0';
    char only[64] = "";
    if (!slug) {
        /* A CPU-model trace: any device's timing will do, if there is one. */
        char slugs[MAX_DEVICES][64];
        int n = 0;
        for (int i = 0; i < ndirs; i++)
            if (asset_dirs[i] && asset_dirs[i][0])
                n = results_devices(asset_dirs[i], slugs, n);
        if (n != 1) {
            if (n == 0) {
                snprintf(msg, msglen, _("no bundled results"));
            } else {
                size_t o = (size_t)snprintf(msg, msglen, _("results of %d devices bundled (give one with --results):"), n);
                for (int k = 0; k < n && o < msglen; k++)
                    o += (size_t)snprintf(msg + o, msglen - o, "%s %s", k ? "," : "", slugs[k]);
            }
            return -1;
        }
        snprintf(only, sizeof only, "%s", slugs[0]);
        slug = only;
    }
    for (int i = 0; i < ndirs; i++) {
        if (!asset_dirs[i] || !asset_dirs[i][0])
            continue;
        snprintf(main_path, len, "%s/results/%s.json", asset_dirs[i], slug);
        snprintf(sweep_path, len, "%s/results/%s-sweep.json", asset_dirs[i], slug);
        int has_main = is_file(main_path), has_sweep = is_file(sweep_path);
        if (!has_main)
            main_path[0] = '\0';
        if (!has_sweep)
            sweep_path[0] = '\0';
        if (has_main || has_sweep)
            return 0;
    }
    snprintf(msg, msglen, _("no bundled results for %s"), slug);
    return -1;
}

#define VERIFY_SUFFIX "-verify.json"

int scene_find_crosscheck(const char *const *asset_dirs, int ndirs, const char *slug,
                          char *path, size_t len, char *msg, size_t msglen)
{
    char only[64] = "";
    path[0] = '\0';
    if (!slug) {
        /* A CPU-model trace: the cross-check of the only device that has one. */
        char slugs[MAX_DEVICES][64];
        int n = 0;
        size_t sl = strlen(VERIFY_SUFFIX);
        for (int i = 0; i < ndirs; i++) {
            char rdir[SCENE_PATH_LEN + 16];
            if (!asset_dirs[i] || !asset_dirs[i][0])
                continue;
            snprintf(rdir, sizeof rdir, "%s/results", asset_dirs[i]);
            DIR *d = opendir(rdir);
            if (!d)
                continue;
            for (struct dirent *e; (e = readdir(d)) != NULL;) {
                size_t nl = strlen(e->d_name);
                if (nl <= sl || nl - sl >= 64 || e->d_name[0] == '.' || strcmp(e->d_name + nl - sl, VERIFY_SUFFIX))
                    continue;
                char s[64];
                snprintf(s, sizeof s, "%.*s", (int)(nl - sl), e->d_name);
                int k = 0;
                while (k < n && strcmp(slugs[k], s) != 0)
                    k++;
                if (k == n && n < MAX_DEVICES)
                    snprintf(slugs[n++], 64, "%s", s);
            }
            closedir(d);
        }
        if (n != 1) {
            snprintf(msg, msglen, n ? _("hardware cross-checks of %d devices bundled") : _("no hardware cross-check recorded"),
                     n);
            return -1;
        }
        snprintf(only, sizeof only, "%s", slugs[0]);
        slug = only;
    }
    for (int i = 0; i < ndirs; i++) {
        if (!asset_dirs[i] || !asset_dirs[i][0])
            continue;
        snprintf(path, len, "%s/results/%s%s", asset_dirs[i], slug, VERIFY_SUFFIX);
        if (is_file(path))
            return 0;
    }
    path[0] = '\0';
    snprintf(msg, msglen, _("no hardware cross-check recorded for %s"), slug);
    return -1;
}

int scene_pick_asset_dir(const char *const *candidates, int n, char *out, size_t len)
{
    for (int i = 0; i < n; i++) {
        if (!candidates[i] || !candidates[i][0])
            continue;
        char dir[SCENE_PATH_LEN + 16];
        struct stat st;
        snprintf(dir, sizeof dir, "%s/traces", candidates[i]);
        if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
            snprintf(out, len, "%s", candidates[i]);
            return 0;
        }
    }
    return -1;
}

int scene_open_bundled(scene *sc, const char *asset_dir, int v, const rv_config *like,
                       char *err, size_t errlen)
{
    char data[64] = "ones", path[SCENE_PATH_LEN + 300];
    int bs = 256;
    if (like) {
        bs = like->block_size;
        rv_data_name(like->data, data, sizeof data);
    }
    if (!asset_dir || !asset_dir[0]
        || find_bundled_on(asset_dir, sc->device, v, bs, data, path, sizeof path) != 0) {
        const rv_version_info *vi = rv_version(v);
        snprintf(err, errlen, _("no bundled GPU trace of %s (block %d, %s)"), vi ? vi->name : "?", bs, data);
        return -1;
    }
    if (scene_open_file(sc, path, err, errlen) != 0)
        return -1;
    sc->bundled = 1;
    snprintf(sc->asset_dir, sizeof sc->asset_dir, "%s", asset_dir);
    return 0;
}

int scene_switch_version(scene *sc, int v, int *step, char *msg, size_t len)
{
    const rv_version_info *vi = rv_version(v);
    if (!vi) {
        snprintf(msg, len, _("there is no version %d"), v);
        return -1;
    }
    const char *why = rv_version_check_block(v, sc->cfg.block_size);
    if (why) {
        snprintf(msg, len, "%s cannot run with block %d: %s", vi->name, sc->cfg.block_size, why);
        return -1;
    }
    /* Build the new scene beside the old one, then swap. */
    scene next = { 0 };
    next.cfg = sc->cfg;
    snprintf(next.device, sizeof next.device, "%s", sc->device);
    char err[512] = "";
    int ok = -1;
    if (sc->bundled) {
        ok = scene_open_bundled(&next, sc->asset_dir, v, &sc->cfg, err, sizeof err);
        if (ok != 0) {
            rv_config c = sc->cfg;
            c.version = v;
            c.grid = 0;       /* another version: its own grid */
            ok = scene_simulate(&next, &c, err, sizeof err);
            if (ok == 0)
                snprintf(next.note, sizeof next.note, _("no bundled GPU trace of %s"), vi->name);
            next.bundled = 1;
            snprintf(next.asset_dir, sizeof next.asset_dir, "%s", sc->asset_dir);
        }
    } else {
        rv_config c = sc->cfg;
        c.version = v;
        c.grid = 0;
        ok = scene_simulate(&next, &c, err, sizeof err);
    }
    if (ok != 0) {
        snprintf(msg, len, _("cannot show %s: %s"), vi->name, err);
        scene_close(&next);
        return -1;
    }
    if (step)
        *step = scene_map_step(sc->tr, *step, next.tr);
    scene_close(sc);
    *sc = next;
    msg[0] = '\0';
    return 0;
}

int scene_open_like(scene *dst, const scene *like, int v, char *msg, size_t len)
{
    scene next = { 0 };
    next.cfg = like->cfg;
    next.bundled = like->bundled;
    snprintf(next.asset_dir, sizeof next.asset_dir, "%s", like->asset_dir);
    snprintf(next.device, sizeof next.device, "%s", like->device);
    if (scene_switch_version(&next, v, NULL, msg, len) != 0)
        return -1;
    *dst = next;
    return 0;
}

void scene_close(scene *sc)
{
    rv_analysis_free(sc->an);
    rv_trace_free(sc->tr);
    sc->an = NULL;
    sc->tr = NULL;
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
        if (is_reduction(ph) ? is_reduction(p) : p == ph)
            k++;
    }
    return k;
}

int scene_map_step(const rv_trace *from, int step, const rv_trace *to)
{
    if (!to || to->nsteps <= 0)
        return 0;
    if (!from || from->nsteps <= 0 || step < 0)
        return 0;
    if (step >= from->nsteps)
        step = from->nsteps - 1;
    uint32_t ph = from->steps[step].phase;
    int want = ordinal(from, step);
    int k = 0;
    for (int i = 0; i < to->nsteps; i++) {
        uint32_t p = to->steps[i].phase;
        if (is_reduction(ph) ? is_reduction(p) : p == ph) {
            if (k == want)
                return i;
            k++;
        }
    }
    return step < to->nsteps ? step : to->nsteps - 1;
}
