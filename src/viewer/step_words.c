/* step_words.c — a step's label and phase in the reader's language.
 *
 * Every label the model and the kernels write has one of the forms below;
 * the number in it is put back where the translation says.  The prefix
 * "last: " (v8's last block) is translated on its own.
 */
#include "step_words.h"

#include <stdio.h>
#include <string.h>
#include "../i18n.h"

/* Labels without a number, and labels with one %d. */
static const char *const plain[] = {
    N_("load"), N_("load + add"), N_("load float4"), N_("warp sums"), N_("reload"),
    N_("warp reg load"), N_("write"), N_("write partial"), N_("ticket"), N_("gather"),
    N_("write result"), N_("atomicAdd"),
};
static const char *const numbered[] = {
    N_("s=%d"), N_("warp s=%d"), N_("store s=%d"), N_("shfl %d"), N_("final shfl %d"),
};

const char *step_label(const char *label, char *buf, size_t len)
{
    const char *prefix = "";
    if (!strncmp(label, "last: ", 6)) {
        /* TRANSLATORS: v8's last block, before a step label ("last: shfl 8"). */
        prefix = _("last: ");
        label += 6;
    }
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        if (!strcmp(label, plain[i])) {
            snprintf(buf, len, "%s%s", prefix, _(plain[i]));
            return buf;
        }
    for (size_t i = 0; i < sizeof numbered / sizeof numbered[0]; i++) {
        const char *pct = strstr(numbered[i], "%d");
        size_t head = (size_t)(pct - numbered[i]);
        int v, used = 0;
        if (!strncmp(label, numbered[i], head) && sscanf(label + head, "%d%n", &v, &used) == 1 &&
            label[head + (size_t)used] == '\0') {
            char tail[64];
            snprintf(tail, sizeof tail, _(numbered[i]), v);
            snprintf(buf, len, "%s%s", prefix, tail);
            return buf;
        }
    }
    snprintf(buf, len, "%s%s", prefix, label);
    return buf;
}

const char *step_phase_name(rv_phase p)
{
    static const char *const names[RV_PHASE_COUNT] = {
        /* TRANSLATORS: the phases of a step: loading from global memory, a
         * tree step with __syncthreads(), a warp-synchronous step, a warp
         * shuffle, moving partials between registers and shared memory,
         * writing the result. */
        N_("load"), N_("tree"), N_("warp"), N_("shuffle"), N_("store"), N_("write"),
    };
    return (unsigned)p < RV_PHASE_COUNT ? _(names[p]) : "?";
}
