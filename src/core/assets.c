/* assets.c — finding recordings on disk: bundled traces, timed results and
 * verify records in the asset folders, by device.
 *
 * File names carry the device ("nvidia-h200-v3-b256-ones.rvt",
 * "results/nvidia-h200-sweep.json"), so finding one is a matter of names;
 * results files are also opened to learn which device they name.
 */
#include "assets.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "datadir.h"
#include "i18n.h"
#include "results.h"
#include "versions.h"

int assets_find_bundled(const char *asset_dir, const char *slug, int v, int block_size, const char *data, char *out,
                        size_t len)
{
    const rv_version_info *vi = rv_version(v);
    if (!vi) return -1;
    char dir[ASSETS_PATH_LEN + 16], suffix[96], word[64];
    /* recordings name data without its colon ("random:1" -> "random1"), as
     * `reducevis record` writes them */
    size_t o = 0;
    for (const char *p = data; *p && o + 1 < sizeof word; p++)
        if (*p != ':') word[o++] = *p;
    word[o] = '\0';
    snprintf(dir, sizeof dir, "%s/traces", asset_dir);
    snprintf(suffix, sizeof suffix, "-%s-b%d-%s.rvt", vi->name, block_size, word);
    DIR *d = opendir(dir);
    if (!d) return -1;
    char best[256] = "";
    size_t sl = strlen(suffix), pl = slug ? strlen(slug) : 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t nl = strlen(e->d_name);
        if (nl > sl && nl < sizeof best && strcmp(e->d_name + nl - sl, suffix) == 0 &&
            (!pl || (nl == pl + sl && strncmp(e->d_name, slug, pl) == 0)) &&
            (best[0] == '\0' || strcmp(e->d_name, best) < 0))
            snprintf(best, sizeof best, "%s", e->d_name);
    }
    closedir(d);
    if (best[0] == '\0') return -1;
    snprintf(out, len, "%s/%s", dir, best);
    return 0;
}

size_t assets_device_slug(const char *device, char *out, size_t len)
{
    size_t o = 0;
    int dash = 0;
    for (const char *p = device ? device : ""; *p && o + 1 < len; p++) {
        unsigned char c = (unsigned char)*p;
        if (isalnum(c) && c < 128) {
            if (dash && o > 0 && o + 2 < len) out[o++] = '-';
            out[o++] = (char)tolower(c);
            dash = 0;
        } else {
            dash = 1;
        }
    }
    if (len) out[o] = '\0';
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
#define MAX_DEVICES ASSETS_MAX_DEVICES
static int results_devices(const char *dir, char slugs[MAX_DEVICES][64], int n)
{
    char rdir[ASSETS_PATH_LEN + 16];
    snprintf(rdir, sizeof rdir, "%s/results", dir);
    DIR *d = opendir(rdir);
    if (!d) return n;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t nl = strlen(e->d_name);
        if (nl <= 5 || strcmp(e->d_name + nl - 5, ".json") != 0 || e->d_name[0] == '.') continue;
        char path[ASSETS_PATH_LEN + 300], why[256], slug[64];
        snprintf(path, sizeof path, "%s/%s", rdir, e->d_name);
        rv_results *r = rv_results_load(path, why, sizeof why);
        if (!r) continue;
        assets_device_slug(rv_results_device(r), slug, sizeof slug);
        rv_results_free(r);
        int k = 0;
        while (k < n && strcmp(slugs[k], slug) != 0) k++;
        if (k == n && n < MAX_DEVICES && slug[0]) snprintf(slugs[n++], 64, "%s", slug);
    }
    closedir(d);
    return n;
}

static int by_name(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

int assets_list_devices(const char *const *asset_dirs, int ndirs, char slugs[ASSETS_MAX_DEVICES][64])
{
    int n = 0;
    for (int i = 0; i < ndirs; i++)
        if (asset_dirs[i] && asset_dirs[i][0]) n = results_devices(asset_dirs[i], slugs, n);
    qsort(slugs, (size_t)n, sizeof slugs[0], by_name);
    return n;
}

int assets_match_device(const char *const *asset_dirs, int ndirs, const char *name, char *out, size_t len, char *msg,
                        size_t msglen)
{
    char slugs[ASSETS_MAX_DEVICES][64], want[64];
    int n = assets_list_devices(asset_dirs, ndirs, slugs), found = -1, count = 0;
    assets_device_slug(name, want, sizeof want);
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
    size_t o = (size_t)snprintf(msg, msglen,
                                count ? _("device '%s' could be any of:")
                                      : _("no recording of a device '%s'; "
                                          "recorded:"),
                                name);
    for (int k = 0; k < n && o < msglen; k++)
        if (!count || strstr(slugs[k], want)) o += (size_t)snprintf(msg + o, msglen - o, " %s", slugs[k]);
    if (!n && o < msglen) snprintf(msg + o, msglen - o, "%s", _(" none (record one with `reducevis record`)"));
    return -1;
}

int assets_device_dir(const char *const *asset_dirs, int ndirs, const char *slug, char *out, size_t len)
{
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < ndirs; i++) {
            if (!asset_dirs[i] || !asset_dirs[i][0]) continue;
            char dir[ASSETS_PATH_LEN + 16];
            snprintf(dir, sizeof dir, "%s/traces", asset_dirs[i]);
            DIR *d = opendir(dir);
            if (!d) continue;
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

int assets_find_results(const char *const *asset_dirs, int ndirs, const char *slug, char *main_path, char *sweep_path,
                        size_t len, char *msg, size_t msglen)
{
    main_path[0] = sweep_path[0] = '\0';
    char only[64] = "";
    if (!slug) {
        /* A CPU-model trace: any device's timing will do, if there is one. */
        char slugs[MAX_DEVICES][64];
        int n = 0;
        for (int i = 0; i < ndirs; i++)
            if (asset_dirs[i] && asset_dirs[i][0]) n = results_devices(asset_dirs[i], slugs, n);
        if (n != 1) {
            if (n == 0) {
                snprintf(msg, msglen, _("no bundled results"));
            } else {
                size_t o =
                    (size_t)snprintf(msg, msglen, _("results of %d devices bundled (give one with --results):"), n);
                for (int k = 0; k < n && o < msglen; k++)
                    o += (size_t)snprintf(msg + o, msglen - o, "%s %s", k ? "," : "", slugs[k]);
            }
            return -1;
        }
        snprintf(only, sizeof only, "%s", slugs[0]);
        slug = only;
    }
    for (int i = 0; i < ndirs; i++) {
        if (!asset_dirs[i] || !asset_dirs[i][0]) continue;
        snprintf(main_path, len, "%s/results/%s.json", asset_dirs[i], slug);
        snprintf(sweep_path, len, "%s/results/%s-sweep.json", asset_dirs[i], slug);
        int has_main = is_file(main_path), has_sweep = is_file(sweep_path);
        if (!has_main) main_path[0] = '\0';
        if (!has_sweep) sweep_path[0] = '\0';
        if (has_main || has_sweep) return 0;
    }
    snprintf(msg, msglen, _("no bundled results for %s"), slug);
    return -1;
}

#define VERIFY_SUFFIX "-verify.json"

int assets_find_verify(const char *const *asset_dirs, int ndirs, const char *slug, char *path, size_t len, char *msg,
                       size_t msglen)
{
    char only[64] = "";
    path[0] = '\0';
    if (!slug) {
        /* A CPU-model trace: the cross-check of the only device that has one. */
        char slugs[MAX_DEVICES][64];
        int n = 0;
        size_t sl = strlen(VERIFY_SUFFIX);
        for (int i = 0; i < ndirs; i++) {
            char rdir[ASSETS_PATH_LEN + 16];
            if (!asset_dirs[i] || !asset_dirs[i][0]) continue;
            snprintf(rdir, sizeof rdir, "%s/results", asset_dirs[i]);
            DIR *d = opendir(rdir);
            if (!d) continue;
            for (struct dirent *e; (e = readdir(d)) != NULL;) {
                size_t nl = strlen(e->d_name);
                if (nl <= sl || nl - sl >= 64 || e->d_name[0] == '.' || strcmp(e->d_name + nl - sl, VERIFY_SUFFIX))
                    continue;
                char s[64];
                snprintf(s, sizeof s, "%.*s", (int)(nl - sl), e->d_name);
                int k = 0;
                while (k < n && strcmp(slugs[k], s) != 0) k++;
                if (k == n && n < MAX_DEVICES) snprintf(slugs[n++], 64, "%s", s);
            }
            closedir(d);
        }
        if (n != 1) {
            snprintf(msg, msglen,
                     n ? _("hardware cross-checks of %d devices bundled") : _("no hardware cross-check recorded"), n);
            return -1;
        }
        snprintf(only, sizeof only, "%s", slugs[0]);
        slug = only;
    }
    for (int i = 0; i < ndirs; i++) {
        if (!asset_dirs[i] || !asset_dirs[i][0]) continue;
        snprintf(path, len, "%s/results/%s%s", asset_dirs[i], slug, VERIFY_SUFFIX);
        if (is_file(path)) return 0;
    }
    path[0] = '\0';
    snprintf(msg, msglen, _("no hardware cross-check recorded for %s"), slug);
    return -1;
}

/* The first folder's waves/SLUG-V.rvt: 0 with it in path, or -1. */
static int waves_path(const char *const *asset_dirs, int ndirs, const char *slug, const char *vname, char *path,
                      size_t len)
{
    for (int i = 0; i < ndirs; i++)
        if (asset_dirs[i] && asset_dirs[i][0] &&
            (size_t)snprintf(path, len, "%s/waves/%s-%s.rvt", asset_dirs[i], slug, vname) < len && is_file(path))
            return 0;
    return -1;
}

int assets_find_waves(const char *const *asset_dirs, int ndirs, const char *slug, const char *vname, char *path,
                      size_t len, char *have, size_t havelen)
{
    if (havelen) have[0] = '\0';
    if (waves_path(asset_dirs, ndirs, slug, vname, path, len) == 0) return 0;
    /* by the version table's names, so that a run of another size
       ("-v8-n4194304") is not taken for a version's recording */
    size_t o = 0;
    for (int k = 0; k < RV_NUM_VERSIONS && rv_version_at(k); k++) {
        const char *name = rv_version_at(k)->name;
        if (waves_path(asset_dirs, ndirs, slug, name, path, len) == 0 && o < havelen)
            o += (size_t)snprintf(have + o, havelen - o, "%s%s", o ? ", " : "", name);
    }
    if (o >= havelen && havelen) have[havelen - 1] = '\0';
    path[0] = '\0';
    return -1;
}

int assets_pick_dir(const char *const *candidates, int n, char *out, size_t len)
{
    for (int i = 0; i < n; i++) {
        if (!candidates[i] || !candidates[i][0]) continue;
        char dir[ASSETS_PATH_LEN + 16];
        struct stat st;
        snprintf(dir, sizeof dir, "%s/traces", candidates[i]);
        if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
            snprintf(out, len, "%s", candidates[i]);
            return 0;
        }
    }
    return -1;
}

int assets_default_dirs(char bufs[ASSETS_MAX_DIRS][1024], const char *out[ASSETS_MAX_DIRS])
{
    int n = 0;
    /* the bundled recordings: the first place that has them (datadir.h) */
    rv_data_places p;
    rv_recordings_places(&p);
    int k = rv_data_find(&p, "traces");
    if (k >= 0) {
        snprintf(bufs[n], sizeof bufs[n], "%s", p.path[k]);
        out[n] = bufs[n];
        n++;
    }
    /* then the user's own recordings (`reducevis record`), one folder a device */
    char root[1024], err[160];
    if (rv_user_data_root(root, sizeof root, err, sizeof err) != 0) return n;
    DIR *d = opendir(root);
    if (!d) return n;
    for (struct dirent *e; n < ASSETS_MAX_DIRS && (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.') continue;
        char traces[1400];
        struct stat st;
        snprintf(traces, sizeof traces, "%s/%s/traces", root, e->d_name);
        if (stat(traces, &st) != 0 || !S_ISDIR(st.st_mode) || strlen(root) + strlen(e->d_name) + 2 > sizeof bufs[0])
            continue;
        snprintf(bufs[n], sizeof bufs[n], "%.760s/%.255s", root, e->d_name); /* fits: checked above */
        out[n] = bufs[n];
        n++;
    }
    closedir(d);
    return n;
}

void assets_print_places(FILE *f)
{
    rv_data_places p;
    rv_recordings_places(&p);
    int k = rv_data_find(&p, "traces");
    fprintf(f, "%s", _("\nBundled recordings were looked for in, in order (the first found is used):\n"));
    for (int i = 0; i < p.n; i++) fprintf(f, "  %s %s (%s)\n", i == k ? "*" : "-", p.path[i], _(p.why[i]));
    if (k < 0) fprintf(f, "%s", _("  none found: the viewer falls back to the CPU model\n"));
    char root[1024], err[160];
    if (rv_user_data_root(root, sizeof root, err, sizeof err) == 0)
        fprintf(f, _("Your own recordings (`reducevis record`): %s/DEVICE\n"), root);
}
