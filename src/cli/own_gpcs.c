/* own_gpcs.c — the GPU's GPCs onto a student's waves run (own_gpcs.h): a
 * probe of clusters run by reducevis itself once the program has ended
 * (src/gpu/gpu_gpcs.cu), so that the student's process never runs it, in
 * a shared turn of a class's GPU (gpu_turn.h), and
 * the map kept only where the run agrees with it (the same GPU, its
 * clusters each on one set). */
#include "own_gpcs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/i18n.h"
#include "core/waves.h"
#include "gpu/gpu.h"
#include "own/turns/gpu_turn.h"

typedef struct probe_job {
    rv_waves *waves;
    char *why;
    size_t len;
} probe_job;

static int probe(void *arg)
{
    probe_job *j = arg;
    return rv_gpu_waves_gpcs(j->waves, j->why, j->len);
}

void rv_own_gpcs(rv_trace *tr)
{
    if (!tr->waves) return;
    char why[400] = "";
    /* its kernels fill every SM for a millisecond: in a class, in a shared
       turn of the GPU, never beside another check's timed run */
    probe_job job = {tr->waves, why, sizeof why};
    int got = rv_turn_shared_work(probe, &job, why, sizeof why);
    if (got == 0 && rv_waves_validate(tr->waves, why, sizeof why) == 0) return;
    for (rv_waves *w = tr->waves; w; w = w->next) {
        free(w->gpcs.gpc);
        memset(&w->gpcs, 0, sizeof w->gpcs);
    }
    if (got < 0 || why[0]) printf(_("waves: the GPU's GPCs not found: %s\n"), why);
}
