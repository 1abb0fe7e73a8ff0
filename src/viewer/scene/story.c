/* story.c — the launches of one run as one story of steps, and the marks
 * its timeline folds them into (story.h).
 */
#include "story.h"

#include <stdio.h>
#include <string.h>
#include "core/buffers.h"
#include "core/i18n.h"
#include "core/kernel_name.h"
#include "core/launch_words.h"

void story_single(story *s, const rv_trace *tr, const rv_analysis *an)
{
    memset(s, 0, sizeof *s);
    story_add(s, tr, an);
}

int story_add(story *s, const rv_trace *tr, const rv_analysis *an)
{
    if (s->nlaunch >= RV_OWN_MAX_LAUNCHES || !tr) return -1;
    int k = s->nlaunch++;
    s->tr[k] = tr;
    s->an[k] = an;
    s->first[k + 1] = s->first[k] + tr->nsteps;
    if ((int)tr->launches > s->launches) s->launches = (int)tr->launches;
    if (s->launches < s->nlaunch) s->launches = s->nlaunch;
    return 0;
}

int story_total(const story *s) { return s->first[s->nlaunch]; }

int story_locate(const story *s, int pos, int *step)
{
    int total = story_total(s);
    pos = pos < 0 ? 0 : pos >= total ? total - 1 : pos;
    int k = 0;
    while (k + 1 < s->nlaunch && pos >= s->first[k + 1]) k++;
    if (step) *step = pos - s->first[k] < 0 ? 0 : pos - s->first[k];
    return k;
}

int story_launch_number(const story *s, int k)
{
    /* formats 1 and 2 say nothing (0): the run's first, and so on */
    return s->tr[k]->launch ? (int)s->tr[k]->launch : k + 1;
}

/* What launch k did, from the counts where the tracer kept them ("one block
 * sums the 264 partials of buffer 5 into out[0]", block N shown when there
 * are many); else, from its N and grid alone, as traces without counts
 * always said it. */
static void launch_body(const story *s, int k, char *buf, size_t len)
{
    const rv_trace *tr = s->tr[k];
    char n[48], grid[48], did[600];
    if (rv_launch_did(s->tr[0], tr, did, sizeof did)) {
        if (tr->grid > 1)
            /* TRANSLATORS: what a launch of many blocks did, then which block
             * the picture shows: "..., each sums its tiles into a partial
             * (block 0 shown)" */
            snprintf(buf, len, _("%s (block %u shown)"), did, tr->traced_block);
        else
            snprintf(buf, len, "%s", did);
        return;
    }
    /* A launch after the first reads the partial sums the one before wrote
     * when it sums as many values as that one had blocks. */
    int number = story_launch_number(s, k);
    int partials = k > 0 && story_launch_number(s, k - 1) == number - 1 && tr->n == s->tr[k - 1]->grid;
    unsigned long nl = (unsigned long)tr->n;
    rv_count_words(tr->n, n, sizeof n);
    rv_count_words(tr->grid, grid, sizeof grid);
    if (tr->grid <= 1 && partials)
        snprintf(buf, len, ngettext("one block over %s partial", "one block over %s partials", nl), n);
    else if (tr->grid <= 1)
        snprintf(buf, len, ngettext("one block over %s element", "one block over %s elements", nl), n);
    else if (partials)
        snprintf(
            buf, len,
            ngettext("%s blocks over %s partial, block %u shown", "%s blocks over %s partials, block %u shown", nl),
            grid, n, tr->traced_block);
    else
        snprintf(
            buf, len,
            ngettext("%s blocks over %s element, block %u shown", "%s blocks over %s elements, block %u shown", nl),
            grid, n, tr->traced_block);
}

void story_launch_words(const story *s, int k, char *buf, size_t len)
{
    int number = story_launch_number(s, k);
    char head[96], body[700];
    if (s->launches > s->nlaunch)
        /* TRANSLATORS: a run made more launches than were traced: "launch 3
         * of 5 (2 not traced): ..." */
        snprintf(head, sizeof head, _("launch %d of %d (%d not traced)"), number, s->launches,
                 s->launches - s->nlaunch);
    else
        snprintf(head, sizeof head, _("launch %d of %d"), number, s->launches);
    launch_body(s, k, body, sizeof body);
    /* TRANSLATORS: "launch 2 of 2" then what it did: "one block over 128 partials" */
    snprintf(buf, len, _("%s: %s"), head, body);
}

void story_launch_memory(const story *s, int k, char *buf, size_t len)
{
    char story[700], name[160];
    buf[0] = '\0';
    rv_launch_story(s->tr[0], s->tr[k], story, sizeof story);
    if (!story[0]) return;
    rv_kernel_short(s->tr[k]->own_kernel, name, sizeof name);
    /* TRANSLATORS: a launch's kernel, then what its grid did with memory:
       "finish: reads buffer 5, which launch 1 wrote; writes 1 value into out[]" */
    snprintf(buf, len, _("%s: %s"), name, story);
}

/* ---- marks ------------------------------------------------------------------ */

/* Whether positions p and p + 1 are alike: one launch, one phase, one label. */
static int alike_next(const story *s, int p)
{
    int a, b;
    int ka = story_locate(s, p, &a), kb = story_locate(s, p + 1, &b);
    if (ka != kb || b != a + 1) return 0;
    const rv_step *x = &s->tr[ka]->steps[a], *y = &s->tr[ka]->steps[b];
    return x->phase == y->phase && !strncmp(x->label, y->label, RV_LABEL_LEN);
}

int story_mark_len(const story *s, int pos)
{
    int total = story_total(s), end = pos;
    if (pos < 0 || pos >= total) return 1;
    while (end + 1 < total && alike_next(s, end)) end++;
    int run = end - pos + 1;
    return run >= STORY_FOLD_MIN ? run : 1;
}

int story_marks(const story *s)
{
    int n = 0, total = story_total(s);
    for (int p = 0; p < total; p += story_mark_len(s, p)) n++;
    return n;
}

int story_mark_of(const story *s, int pos, int *first)
{
    int m = 0, p = 0, total = story_total(s);
    for (;;) {
        int len = story_mark_len(s, p);
        if (pos < p + len || p + len >= total) {
            if (first) *first = p;
            return m;
        }
        p += len;
        m++;
    }
}

int story_mark_first(const story *s, int m)
{
    int p = 0, total = story_total(s);
    for (int k = 0; k < m; k++) {
        int len = story_mark_len(s, p);
        if (p + len >= total) break;
        p += len;
    }
    return p;
}
