/* quiz_waves.c — "how many waves will this grid take on this GPU?"
 * (quiz_waves.h), made from a waves run's facts (waves.c) in the reader's
 * language. */
#include "quiz_waves.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"

int waves_question_of(const rv_waves *w, waves_question *q)
{
    memset(q, 0, sizeof *q);
    rv_waves_facts f;
    if (rv_waves_facts_of(w, &f)) return -1;
    q->number = f.waves_predicted;
    q->observed = f.waves;
    snprintf(q->text, sizeof q->text, "%s", _("How many waves will this grid take on this GPU?"));
    if (f.clusters) {
        snprintf(q->hint, sizeof q->hint,
                 _("%u clusters of %u blocks; the GPU holds %u clusters at once (the occupancy). Type a number."),
                 f.clusters, rv_waves_cluster_blocks(w), w->cluster_bound);
        snprintf(q->answer, sizeof q->answer,
                 ngettext("%u wave: %u clusters, %u at once", "%u waves: %u clusters, %u at once", f.waves_predicted),
                 f.waves_predicted, f.clusters, w->cluster_bound);
    } else {
        snprintf(q->hint, sizeof q->hint,
                 _("%u blocks; %u SMs, each holding %u blocks at once (the occupancy). Type a number."), f.blocks,
                 w->sm_count, w->bound);
        snprintf(q->answer, sizeof q->answer,
                 ngettext("%u wave: %u blocks over %u SMs × %u at once", "%u waves: %u blocks over %u SMs × %u at once",
                          f.waves_predicted),
                 f.waves_predicted, f.blocks, w->sm_count, w->bound);
    }
    int n = snprintf(q->explain, sizeof q->explain,
                     ngettext("The run took %u wave on its busiest SM, %.1f%% of the SMs' time idle.",
                              "The run took %u waves on its busiest SM, %.1f%% of the SMs' time idle.", f.waves),
                     f.waves, 100.0 * f.idle);
    if (n > 0 && (size_t)n < sizeof q->explain && f.waves > f.waves_predicted)
        snprintf(q->explain + n, sizeof q->explain - (size_t)n, " %s",
                 _("More than predicted: the scheduler gives a block to an SM with room, not to each SM in turn, "
                   "so the busiest SM can take a wave more."));
    return 0;
}
