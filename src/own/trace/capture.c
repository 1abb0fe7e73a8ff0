/* capture.c — `reducevis capture` of a version whose kernel file carries no
 * trace macros: the file traced unchanged through the Compute Sanitizer path,
 * as `trace --kernel` traces it, then adopted as that version's GPU trace
 * when every event is the model's (adopt.h). */
#include <stdio.h>
#include <stdlib.h>

#include "own/records/adopt.h"
#include "core/i18n.h"
#include "model/model.h"
#include "own/trace/shipped.h"
#include "own/trace/trace_run.h"

rv_trace *rv_own_capture(const rv_config *cfg, char *err, size_t errlen)
{
    const rv_version_info *vi = rv_version(cfg->version);
    /* a shipped kernel cannot hang; the limit only bounds a huge N's traced run */
    rv_own_opts o = {.block_size = cfg->block_size,
                     .n = cfg->n,
                     .block = cfg->block,
                     .data = cfg->data,
                     .timeout_s = 600,
                     .time_it = 0};
    char *text = NULL;
    if (!vi || rv_own_shipped(vi, &o, &text, err, errlen)) {
        free(text);
        return NULL;
    }
    rv_own_result res;
    int rc = rv_own_trace(&o, &res, err, errlen);
    free(text);
    if (rc) return NULL;
    rv_trace *tr = rv_own_adopt(res.tr, cfg->version, err, errlen);
    if (tr)
        fprintf(stderr,
                _("capture: %s, %s traced unchanged: whole-array sum %.9g (expected %.9g): correct; every "
                  "event is the model's\n"),
                tr->origin, vi->file, res.tr->own_sum, res.verdict.expected);
    rv_trace_free(res.tr);
    return tr;
}
