/* step_words.c — a step's label and phase in the reader's language.
 *
 * Every label the model and the kernels write has one of the forms below;
 * the number in it is put back where the translation says.  The prefix
 * "last: " (v8's last block) is translated on its own.
 */
#include "step_words.h"

#include <stdio.h>
#include <string.h>
#include "core/i18n.h"

/* Labels without a number ("step|" only tells the translator where the
 * word is used: the same English word is a phase elsewhere), and labels
 * with one %d. */
static const char *const plain[] = {
    N_("step|load"), N_("step|load + add"), N_("step|load float4"), N_("step|warp sums"), N_("step|reload"),
    N_("step|warp reg load"), N_("step|write"), N_("step|write partial"), N_("step|ticket"), N_("step|gather"),
    N_("step|write result"), N_("step|atomicAdd"), N_("step|final cg::reduce"), N_("step|block sum"),
    /* an own trace's steps, named from what the hardware did (src/own/records/build.c) */
    N_("step|read"), N_("step|store"), N_("step|shfl"), N_("step|warp"), N_("step|tree"), N_("step|atomic"),
    N_("step|no access"), /* the one step of a block that made no access (RV_OWN_NO_ACCESS) */
};
static const char *const numbered[] = {
    N_("s=%d"), N_("warp s=%d"), N_("store s=%d"), N_("shfl %d"), N_("final shfl %d"),
};

/* msgid "use|text": its translation, or "text" when there is none. */
static const char *qualified(const char *msgid)
{
    const char *t = _(msgid);
    return t == msgid ? strchr(msgid, '|') + 1 : t;
}

const char *step_label(const char *label, char *buf, size_t len)
{
    const char *prefix = "";
    if (!strncmp(label, "last: ", 6)) {
        /* TRANSLATORS: v8's last block, before a step label ("last: shfl 8"). */
        prefix = _("last: ");
        label += 6;
    }
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        if (!strcmp(label, strchr(plain[i], '|') + 1)) {
            snprintf(buf, len, "%s%s", prefix, qualified(plain[i]));
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
        /* TRANSLATORS: the phases of a step, after "phase|": loading from
         * global memory, a tree step with __syncthreads(), a
         * warp-synchronous step, a warp shuffle, moving partials between
         * registers and shared memory, writing the result, atomic
         * read-modify-writes (lanes on one word served one after another). */
        N_("phase|load"),  N_("phase|tree"),  N_("phase|warp"),   N_("phase|shuffle"),
        N_("phase|store"), N_("phase|write"), N_("phase|atomic"),
    };
    return (unsigned)p < RV_PHASE_COUNT ? qualified(names[p]) : "?";
}
