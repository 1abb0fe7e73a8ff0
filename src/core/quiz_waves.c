/* quiz_waves.c — "how many waves will this grid take on this GPU?"
 * (quiz_waves.h), made from a waves run's facts (waves.c) in the reader's
 * language. */
#include "quiz_waves.h"

#include <stdio.h>
#include <string.h>

#include "grid_words.h"
#include "i18n.h"

int waves_question_of(const rv_waves *w, waves_question *q)
{
    memset(q, 0, sizeof *q);
    rv_waves_facts f;
    if (rv_waves_facts_of(w, &f)) return -1;
    q->number = f.waves_predicted;
    q->observed = f.waves;
    snprintf(q->text, sizeof q->text, "%s", _("How many waves will this grid take on this GPU?"));
    /* each count in words by its own number (grid_words.h) */
    char blocks[RV_COUNT_WORDS], sms[RV_COUNT_WORDS], clusters[RV_COUNT_WORDS], more[RV_COUNT_WORDS];
    if (f.clusters) {
        rv_words_clusters(clusters, sizeof clusters, f.clusters);
        snprintf(q->hint, sizeof q->hint, _("%s of %s; the GPU holds %s at once (the occupancy). Type a number."),
                 clusters, rv_words_blocks(blocks, sizeof blocks, rv_waves_cluster_blocks(w)),
                 rv_words_clusters(more, sizeof more, w->cluster_bound));
        snprintf(q->answer, sizeof q->answer,
                 ngettext("%u wave: %s, %u at once", "%u waves: %s, %u at once", f.waves_predicted), f.waves_predicted,
                 clusters, w->cluster_bound);
    } else {
        rv_words_blocks(blocks, sizeof blocks, f.blocks);
        rv_words_sms(sms, sizeof sms, w->sm_count);
        snprintf(q->hint, sizeof q->hint, _("%s; %s, each holding %s at once (the occupancy). Type a number."), blocks,
                 sms, rv_words_blocks(more, sizeof more, w->bound));
        snprintf(q->answer, sizeof q->answer,
                 ngettext("%u wave: %s over %s × %u at once", "%u waves: %s over %s × %u at once", f.waves_predicted),
                 f.waves_predicted, blocks, sms, w->bound);
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
