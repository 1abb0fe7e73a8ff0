/* story.c — the launches of one run as one story of steps, and the marks
 * its timeline folds them into (story.h).
 */
#include "story.h"

#include <stdio.h>
#include <string.h>
#include "core/buffers.h"
#include "core/i18n.h"
#include "core/kernel_name.h"

void story_single(story *s, const rv_trace *tr, const rv_analysis *an)
{
    memset(s, 0, sizeof *s);
    story_add(s, tr, an);
}

int story_add(story *s, const rv_trace *tr, const rv_analysis *an)
{
    if (s->nlaunch >= RV_OWN_MAX_LAUNCHES || !tr)
        return -1;
    int k = s->nlaunch++;
    s->tr[k] = tr;
    s->an[k] = an;
    s->first[k + 1] = s->first[k] + tr->nsteps;
    if ((int)tr->launches > s->launches)
        s->launches = (int)tr->launches;
    if (s->launches < s->nlaunch)
        s->launches = s->nlaunch;
    return 0;
}

int story_total(const story *s)
{
    return s->first[s->nlaunch];
}

int story_locate(const story *s, int pos, int *step)
{
    int total = story_total(s);
    pos = pos < 0 ? 0 : pos >= total ? total - 1 : pos;
    int k = 0;
    while (k + 1 < s->nlaunch && pos >= s->first[k + 1])
        k++;
    if (step)
        *step = pos - s->first[k] < 0 ? 0 : pos - s->first[k];
    return k;
}

int story_position(const story *s, int k, int step)
{
    k = k < 0 ? 0 : k >= s->nlaunch ? s->nlaunch - 1 : k;
    return s->first[k] + step;
}

int story_launch_number(const story *s, int k)
{
    /* formats 1 and 2 say nothing (0): the run's first, and so on */
    return s->tr[k]->launch ? (int)s->tr[k]->launch : k + 1;
}

/* "2²⁵" for powers of two from 2¹⁰ (as the header writes N), else the
 * number with separators: "128", "1,000,003". */
static void count_words(uint64_t n, char *buf, size_t len)
{
    static const char *const sup[10] = {
        "\xE2\x81\xB0", "\xC2\xB9", "\xC2\xB2", "\xC2\xB3", "\xE2\x81\xB4",
        "\xE2\x81\xB5", "\xE2\x81\xB6", "\xE2\x81\xB7", "\xE2\x81\xB8", "\xE2\x81\xB9",
    };
    if (n >= 1024 && (n & (n - 1)) == 0) {
        int e = 0;
        while ((1ull << e) < n)
            e++;
        snprintf(buf, len, "2%s%s", sup[e / 10], sup[e % 10]);
        return;
    }
    char digits[32];
    snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
    size_t nd = strlen(digits), o = 0;
    for (size_t i = 0; i < nd && o + 2 < len; i++) {
        buf[o++] = digits[i];
        if ((nd - 1 - i) % 3 == 0 && i + 1 < nd)
            buf[o++] = ',';
    }
    buf[o] = '\0';
}

void story_launch_words(const story *s, int k, char *buf, size_t len)
{
    const rv_trace *tr = s->tr[k];
    int number = story_launch_number(s, k);
    char head[96], n[48], grid[48], body[200];
    if (s->launches > s->nlaunch)
        /* TRANSLATORS: a run made more launches than were traced: "launch 3
         * of 5 (2 not traced): ..." */
        snprintf(head, sizeof head, _("launch %d of %d (%d not traced)"), number, s->launches,
                 s->launches - s->nlaunch);
    else
        snprintf(head, sizeof head, _("launch %d of %d"), number, s->launches);
    /* A launch after the first reads the partial sums the one before wrote
     * when it sums as many values as that one had blocks. */
    int partials = k > 0 && story_launch_number(s, k - 1) == number - 1 && tr->n == s->tr[k - 1]->grid;
    unsigned long nl = (unsigned long)tr->n;
    count_words(tr->n, n, sizeof n);
    count_words(tr->grid, grid, sizeof grid);
    if (tr->grid <= 1 && partials)
        snprintf(body, sizeof body, ngettext("one block over %s partial", "one block over %s partials", nl), n);
    else if (tr->grid <= 1)
        snprintf(body, sizeof body, ngettext("one block over %s element", "one block over %s elements", nl), n);
    else if (partials)
        snprintf(body, sizeof body, ngettext("%s blocks over %s partial, block %u shown",
                                             "%s blocks over %s partials, block %u shown", nl),
                 grid, n, tr->traced_block);
    else
        snprintf(body, sizeof body, ngettext("%s blocks over %s element, block %u shown",
                                             "%s blocks over %s elements, block %u shown", nl),
                 grid, n, tr->traced_block);
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
    if (ka != kb || b != a + 1)
        return 0;
    const rv_step *x = &s->tr[ka]->steps[a], *y = &s->tr[ka]->steps[b];
    return x->phase == y->phase && !strncmp(x->label, y->label, RV_LABEL_LEN);
}

int story_mark_len(const story *s, int pos)
{
    int total = story_total(s), end = pos;
    if (pos < 0 || pos >= total)
        return 1;
    while (end + 1 < total && alike_next(s, end))
        end++;
    int run = end - pos + 1;
    return run >= STORY_FOLD_MIN ? run : 1;
}

int story_marks(const story *s)
{
    int n = 0, total = story_total(s);
    for (int p = 0; p < total; p += story_mark_len(s, p))
        n++;
    return n;
}

int story_mark_of(const story *s, int pos, int *first)
{
    int m = 0, p = 0, total = story_total(s);
    for (;;) {
        int len = story_mark_len(s, p);
        if (pos < p + len || p + len >= total) {
            if (first)
                *first = p;
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
        if (p + len >= total)
            break;
        p += len;
    }
    return p;
}
