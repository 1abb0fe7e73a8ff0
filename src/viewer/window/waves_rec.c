/* waves_rec.c — a version's waves recording found by the trace's GPU and
 * kept (waves_rec.h). */
#include "waves_rec.h"

#include <stdio.h>
#include <string.h>
#include "core/assets.h"
#include "core/i18n.h"
#include "core/versions.h"
#include "model/trace_read.h"

void waves_rec_free(waves_rec *r)
{
    rv_trace_free(r->tr);
    memset(r, 0, sizeof *r);
}

const char *waves_rec_slug(const rv_trace *tr, const char *fallback, char slug[64])
{
    slug[0] = '\0';
    if (tr && tr->origin_kind == RV_ORIGIN_GPU && tr->origin[0])
        assets_device_slug(tr->origin, slug, 64);
    else if (fallback)
        snprintf(slug, 64, "%s", fallback);
    return slug;
}

int waves_rec_of_version(const rv_trace *rec, int v)
{
    const rv_version_info *vi = rv_version(v);
    if (!rec->waves) return 0;
    return rec->version == v || (rv_trace_is_own(rec) && vi && vi->file && !strcmp(rv_trace_name(rec), vi->file));
}

/* Sought and loaded into r (its slug and version set): 0, or -1 with r->why. */
static int seek(waves_rec *r, const char *const *dirs, int ndirs, const char *gpu)
{
    const char *vname = rv_version_name(r->version);
    char path[ASSETS_PATH_LEN], have[200], why[300];
    if (!vname) {
        snprintf(r->why, sizeof r->why, "%s", _("a student's kernel has no version's waves recording"));
        return -1;
    }
    if (!r->slug[0]) {
        snprintf(r->why, sizeof r->why,
                 _("no GPU to take %s's waves recording of: this trace ran on the CPU model and no GPU is recorded"),
                 vname);
        return -1;
    }
    if (assets_find_waves(dirs, ndirs, r->slug, vname, path, sizeof path, have, sizeof have) != 0) {
        if (have[0])
            snprintf(r->why, sizeof r->why,
                     _("no waves recording of %s for the %s (waves/%s-%s.rvt); recorded for it: %s. `reducevis "
                       "record` on that GPU records every version's"),
                     vname, gpu, r->slug, vname, have);
        else
            snprintf(r->why, sizeof r->why,
                     _("no waves recording of any version for the %s (waves/%s-%s.rvt): `reducevis record` on that "
                       "GPU makes them, `reducevis trace --kernel %s --waves` one"),
                     gpu, r->slug, vname, vname);
        return -1;
    }
    const char *base = strrchr(path, '/');
    snprintf(r->file, sizeof r->file, "%.255s", base ? base + 1 : path);
    if (!(r->tr = rv_trace_load(path, why, sizeof why))) {
        snprintf(r->why, sizeof r->why, "%s: %s", r->file, why);
        return -1;
    }
    if (!waves_rec_of_version(r->tr, r->version)) {
        snprintf(r->why, sizeof r->why, _("%s is not a recording of %s's waves"), r->file, vname);
        rv_trace_free(r->tr);
        r->tr = NULL;
        return -1;
    }
    return 0;
}

int waves_rec_follow(waves_rec *r, const char *const *dirs, int ndirs, const char *slug, const char *gpu, int v)
{
    if (r->sought && r->version == v && !strcmp(r->slug, slug)) return 0;
    waves_rec_free(r);
    r->sought = 1;
    r->version = v;
    snprintf(r->slug, sizeof r->slug, "%s", slug);
    seek(r, dirs, ndirs, gpu && gpu[0] ? gpu : slug);
    return 1;
}

int waves_rec_stands_in(const waves_rec *r, const rv_trace *first)
{
    return first && !first->waves && !rv_trace_is_own(first) && r->sought && r->version == first->version;
}
