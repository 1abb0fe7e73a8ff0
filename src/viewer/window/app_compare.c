/* app_compare.c — compare mode's second pane (app_compare.h): opened
 * beside the shown, aligned with it, moved to the next recorded device,
 * and kept across a reload of the shown's file.  It calls nothing of
 * app.c, which calls it. */
#include "app_compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app_step.h"
#include "core/i18n.h"
#include "core/versions.h"

/* Compare mode aligns the first launch of the shown with the other
 * version: a position in a later launch stands at the first's last step. */
void app_compare_realign(app *a)
{
    int step;
    free(a->rows);
    a->nrows = compare_align(a->sc.tr, a->sc2.tr, &a->rows);
    if (a->nrows < 0) a->nrows = 0;
    if (story_locate(&a->sc.story, a->step, &step) > 0) step = a->sc.tr->nsteps - 1;
    a->row = compare_row_of(a->rows, a->nrows, 0, step);
}

/* The second pane: version v opened as `like` would open it (its block size,
 * data, and the device whose recording it follows). */
static int compare_like(app *a, const shown *like, int v, char *msg, size_t len)
{
    shown next = {0};
    int rc = shown_open_like(&next, like, v, msg, len);
    if (rc != 0) {
        app_toast(a, msg);
        return rc;
    }
    shown_close(&a->sc2);
    a->sc2 = next;
    a->comparing = 1;
    app_compare_realign(a);
    app_follow_second(a);
    const char *na = rv_trace_name(a->sc.tr), *nb = rv_trace_name(a->sc2.tr);
    if (strcmp(a->sc2.device, a->sc.device) && a->sc2.tr->origin_kind == RV_ORIGIN_GPU)
        snprintf(msg, len, _("comparing %s on %s with %s on %s"), na,
                 a->sc.tr->origin_kind == RV_ORIGIN_GPU ? a->sc.tr->origin : _("the CPU model"), nb, a->sc2.tr->origin);
    else
        snprintf(msg, len, _("comparing %s with %s%s"), na, nb,
                 a->sc2.tr->origin_kind == RV_ORIGIN_GPU ? _(" (GPU trace)") : _(" (CPU model)"));
    app_toast(a, msg);
    return 0;
}

/* The recorded device after the one shown, and the folder of its traces:
 * 0, or -1 with a toast (fewer than two devices, or no traces). */
int app_next_recorded(app *a, char slug[64], char *dir, size_t len, int *index, int *count)
{
    char slugs[ASSETS_MAX_DEVICES][64], msg[160];
    const char *dirs[ASSETS_MAX_DIRS];
    for (int i = 0; i < a->nasset_dirs; i++) dirs[i] = a->asset_dirs[i];
    int n = assets_list_devices(dirs, a->nasset_dirs, slugs), k = 0;
    if (n < 2) {
        app_toast(a, n ? _("only one device is recorded (reducevis record adds yours)")
                       : _("no device is recorded (reducevis record makes a recording)"));
        return -1;
    }
    while (k < n && strcmp(slugs[k], a->device)) k++;
    snprintf(slug, 64, "%s", slugs[(k + 1) % n]);
    if (assets_device_dir(dirs, a->nasset_dirs, slug, dir, len) != 0) {
        snprintf(msg, sizeof msg, _("no traces of %s"), slug);
        app_toast(a, msg);
        return -1;
    }
    *index = (k + 1) % n;
    *count = n;
    return 0;
}

/* C then D: this version on the next recorded device, beside this one. */
void app_compare_next_device(app *a)
{
    char slug[64], dir[SHOWN_PATH_LEN], msg[400];
    int k, n;
    if (app_next_recorded(a, slug, dir, sizeof dir, &k, &n) != 0) return;
    shown like = a->sc; /* shares the trace: only read, never closed */
    snprintf(like.device, sizeof like.device, "%s", slug);
    snprintf(like.asset_dir, sizeof like.asset_dir, "%s", dir);
    like.bundled = 1;
    compare_like(a, &like, a->sc.tr->version, msg, sizeof msg);
}

int app_compare(app *a, int v, char *msg, size_t len)
{
    if (v < 0) {
        if (a->comparing) a->step = app_step_at_row(a, a->row);
        a->comparing = 0;
        free(a->rows);
        a->rows = NULL;
        a->nrows = 0;
        shown_close(&a->sc2);
        app_free_second(a);
        app_toast(a, _("compare off"));
        return 0;
    }
    return compare_like(a, &a->sc, v, msg, len);
}

/* Compare mode after the shown trace was read again (was: its config
 * before, and its steps and the row shown then): the second pane opened
 * again as compare mode opened it beside the trace where that changed
 * (a block size, data), else kept and aligned anew; the row kept where
 * the alignment has the same rows (the same kernel written again: a row
 * where the trace has no step of its own maps to no step), else the one of
 * the step kept.  What went wrong into said, else "". */
void app_compare_again(app *a, const rv_config *was, int nsteps, int row, char *said, size_t len)
{
    char data_was[64], data_now[64];
    int nrows = a->nrows;
    rv_data_name(was->data, data_was, sizeof data_was);
    rv_data_name(a->sc.cfg.data, data_now, sizeof data_now);
    said[0] = '\0';
    if (was->block_size != a->sc.cfg.block_size || strcmp(data_was, data_now)) {
        if (compare_like(a, &a->sc, a->sc2.tr->version, said, len) == 0) {
            said[0] = '\0';
            return;
        }
    }
    app_compare_realign(a);
    app_follow_second(a);
    if (a->nrows == nrows && a->sc.tr->nsteps == nsteps && row < a->nrows) {
        a->row = row;
        a->step = app_step_at_row(a, row);
    }
}
