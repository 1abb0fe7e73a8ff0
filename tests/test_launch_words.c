/* test_launch_words.c — what a launch did, in one sentence, from its grid's
 * counts (src/core/launch_words.c), on launches made in memory:
 *  - one block over in[] into out[0] (the word from its traced block), and
 *    the next launch over the partials an earlier one wrote into a buffer of
 *    the program's own, counted by what it read, never by the input's N;
 *  - many blocks: "its tiles" when the input is more than one tile a block,
 *    "its tile" when not, and, when fewer lanes read in[] than there are
 *    blocks, how many blocks at least read none of it;
 *  - atomics: one add a block, several a block, a total added up
 *    atomically that a one-thread launch copies on;
 *  - a launch that was not counted (a format 4 trace) has no sentence;
 *  - counts written as the header writes them ("2²⁵", "1,056");
 *  - the Chinese catalogue reorders its arguments right.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/datadir.h"
#include "core/i18n.h"
#include "core/launch_words.h"

/* A counted launch of `grid` blocks of `block` threads over n elements,
 * whose traced block's thread 0 writes `write` (RV_ACC) at its one step. */
static rv_trace *launch(uint32_t number, uint32_t of, uint32_t grid, int block, uint64_t n, uint64_t write)
{
    rv_trace *tr = rv_trace_new(block, 1);
    if (!tr)
        return NULL;
    tr->version = RV_VERSION_OWN;
    tr->launch = number, tr->launches = of, tr->grid = grid, tr->n = n;
    snprintf(tr->steps[0].label, sizeof tr->steps[0].label, "write");
    if (write) {
        uint64_t rd = RV_ACC(RV_SPACE_REG, 0);
        rv_trace_set(tr, 0, 0, 3, 1.0f, write, &rd, 1);
    }
    tr->own_grid = calloc(1, sizeof *tr->own_grid);
    return tr;
}

/* Buffer `id` of role `role`, 4 KiB, as launch tr's grid touched it. */
static void touch(rv_trace *tr, uint32_t id, uint32_t role, uint64_t reads, uint64_t writes, uint64_t atomics)
{
    rv_own_grid *g = tr->own_grid;
    g->buffers[g->nbuffers++] = (rv_own_buffer){id, role, RV_ALLOC_MALLOC, role == RV_BUF_OWN, 4096, reads, writes,
                                                atomics, 0};
}

static void says(const rv_trace *first, const rv_trace *tr, const char *want)
{
    char got[800];
    int ok = rv_launch_sentence(first, tr, got, sizeof got);
    CHECK(ok && !strcmp(got, want), "\n  want \"%s\"\n  got  \"%s\"", want, got);
}

/* own_partials' shape at N = 2^25 and at 256: 264 blocks, then one block
 * over their partials in buffer 5; launch 2's N is the input's, as the
 * tracer writes it. */
static void two_pass(void)
{
    rv_trace *a = launch(1, 2, 264, 256, 1u << 25, 0);
    rv_trace *b = launch(2, 2, 1, 256, 1u << 25, RV_ACC(RV_SPACE_GOUT, 0));
    if (!a || !b || !a->own_grid || !b->own_grid) {
        CHECK(0, "launches made");
        return;
    }
    a->next = b;
    touch(a, 2, RV_BUF_IN, 1u << 25, 0, 0);
    touch(a, 5, RV_BUF_OWN, 0, 264, 0);
    touch(b, 3, RV_BUF_OUT, 0, 1, 0);
    touch(b, 5, RV_BUF_OWN, 264, 0, 0);
    says(a, a, "launch 1 of 2: 264 blocks, each sums its tiles into a partial");
    says(a, b, "launch 2 of 2: one block sums the 264 partials of buffer 5 into out[0]");
    /* the same run at N = 256: one block, then one partial */
    a->grid = 1, a->n = b->n = 256;
    a->own_grid->buffers[0].reads = 256, a->own_grid->buffers[1].writes = 1, b->own_grid->buffers[1].reads = 1;
    rv_trace_set(a, 0, 0, 3, 1.0f, RV_ACC(RV_SPACE_GOWN, 0), NULL, 0);
    says(a, a, "launch 1 of 2: one block sums the 256 elements of in[] into buffer 5[0]");
    says(a, b, "launch 2 of 2: one block sums the 1 partial of buffer 5 into out[0]");
    /* launch 2 traced alone: nobody traced wrote buffer 5, so its values are only values */
    b->own_grid->buffers[1].reads = 264;
    says(b, b, "launch 2 of 2: one block sums the 264 values of buffer 5 into out[0]");
    rv_trace_free(a);
}

/* A grid sized to the GPU: more blocks than tiles, and at N = 256 fewer
 * lanes reading in[] than blocks. */
static void grid_sized(void)
{
    rv_trace *a = launch(1, 2, 1056, 256, 1u << 25, 0);
    if (!a || !a->own_grid) {
        CHECK(0, "launch made");
        return;
    }
    touch(a, 2, RV_BUF_IN, 1u << 25, 0, 0);
    touch(a, 5, RV_BUF_OWN, 0, 1056, 0);
    says(a, a, "launch 1 of 2: 1,056 blocks, each sums its tiles into a partial");
    a->n = 256, a->own_grid->buffers[0].reads = 256;
    says(a, a, "launch 1 of 2: 1,056 blocks, each sums its tile into a partial; only 256 lanes read in[]: at least 800 "
               "blocks read none of it");
    a->n = 1056 * 256, a->own_grid->buffers[0].reads = a->n;
    says(a, a, "launch 1 of 2: 1,056 blocks, each sums its tile into a partial");
    rv_trace_free(a);
}

/* Atomics into out[] and into a double of the program's own. */
static void atomics(void)
{
    rv_trace *a = launch(1, 1, 1, 256, 256, 0);
    if (!a || !a->own_grid) {
        CHECK(0, "launch made");
        return;
    }
    for (int t = 0; t < 8; t++) {   /* lane 0 of each warp adds into out[0] */
        uint64_t rd = RV_ACC(RV_SPACE_GOUT, 0);
        rv_trace_set(a, 0, 32 * t, 3, 1.0f, RV_ACC(RV_SPACE_GOUT, 0), &rd, 1);
        rv_trace_event(a, 0, 32 * t)->flags = RV_EV_ATOMIC;
    }
    touch(a, 2, RV_BUF_IN, 256, 0, 0);
    touch(a, 3, RV_BUF_OUT, 0, 0, 8);
    says(a, a, "launch 1 of 1: one block sums the 256 elements of in[] with 8 atomic adds into out[0]");
    a->grid = 4, a->n = 1024, a->own_grid->buffers[1].atomics = 32;
    says(a, a, "launch 1 of 1: 4 blocks, each sums its tile with 8 atomic adds into out[]");
    a->own_grid->buffers[1].atomics = 4;
    says(a, a, "launch 1 of 1: 4 blocks, each sums its tile and adds the partial atomically into out[]");
    rv_trace_free(a);

    /* double_atomic: one add a block into a double, then one thread copies it on */
    rv_trace *d = launch(1, 2, 1, 256, 256, RV_ACC(RV_SPACE_GOWN, 0));
    rv_trace *e = launch(2, 2, 1, 1, 256, RV_ACC(RV_SPACE_GOUT, 0));
    if (!d || !e || !d->own_grid || !e->own_grid) {
        CHECK(0, "launches made");
        return;
    }
    d->next = e;
    touch(d, 2, RV_BUF_IN, 256, 0, 0);
    touch(d, 5, RV_BUF_OWN, 0, 0, 1);
    touch(e, 3, RV_BUF_OUT, 0, 1, 0);
    touch(e, 5, RV_BUF_OWN, 1, 0, 0);
    says(d, d, "launch 1 of 2: one block sums the 256 elements of in[] and adds the sum atomically into buffer 5[0]");
    says(d, e, "launch 2 of 2: one thread copies the sum launch 1 added up atomically in buffer 5 into out[0]");
    rv_trace_free(d);
}

/* No counts, no sentence: a format 4 trace keeps its own words. */
static void not_counted(void)
{
    rv_trace *a = launch(1, 2, 4, 256, 1024, 0);
    if (!a)
        return;
    free(a->own_grid);
    a->own_grid = NULL;
    char buf[64] = "x";
    CHECK(!rv_launch_sentence(a, a, buf, sizeof buf) && !buf[0], "not counted: no sentence (\"%s\")", buf);
    CHECK(!rv_launch_did(a, a, buf, sizeof buf) && !buf[0], "not counted: nothing done said");
    rv_trace_free(a);
}

static void counts(void)
{
    static const struct { uint64_t n; const char *text; } cases[] = {
        {0, "0"}, {128, "128"}, {1000, "1,000"}, {1056, "1,056"}, {1024, "2\xC2\xB9\xE2\x81\xB0"},
        {1u << 25, "2\xC2\xB2\xE2\x81\xB5"}, {1000003, "1,000,003"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char buf[48];
        rv_count_words(cases[k].n, buf, sizeof buf);
        CHECK(!strcmp(buf, cases[k].text), "%llu: \"%s\"", (unsigned long long)cases[k].n, buf);
    }
}

/* i18n_tidy: no space between two Chinese characters; one beside a Latin
 * word, a number or punctuation of ASCII stays. */
static void tidy(void)
{
    static const struct { const char *in, *out; } cases[] = {
        {"\xE8\xAF\xBB \xE7\xBC\x93\xE5\x86\xB2\xE5\x8C\xBA 2", "\xE8\xAF\xBB\xE7\xBC\x93\xE5\x86\xB2\xE5\x8C\xBA 2"}, /* 读 缓冲区 2 */
        {"\xE8\xAF\xBB in[]", "\xE8\xAF\xBB in[]"},                                      /* 读 in[] */
        {"\xEF\xBC\x8C \xE5\x86\x99", "\xEF\xBC\x8C\xE5\x86\x99"},                      /* ， 写 */
        {"reads buffer 2", "reads buffer 2"},
        {"\xE8\xAF\xBB  \xE5\x86\x99", "\xE8\xAF\xBB  \xE5\x86\x99"},                   /* two spaces: left alone */
        {"\xE8\xAF\xBB ", "\xE8\xAF\xBB "},
        {"\xE8 \xE5\x86\x99", "\xE8 \xE5\x86\x99"},                                      /* a broken sequence */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char buf[64];
        snprintf(buf, sizeof buf, "%s", cases[k].in);
        i18n_tidy(buf);
        CHECK(!strcmp(buf, cases[k].out), "tidy case %zu: \"%s\"", k, buf);
    }
}

/* The catalogue puts the buffer before the count, as Chinese says it. */
static void chinese(void)
{
    char msg[300] = "";
    if (i18n_set("zh", msg, sizeof msg) != 0) {
        CHECK(0, "the zh_CN catalogue is built with the program: %s", msg);
        return;
    }
    rv_trace *a = launch(1, 2, 264, 256, 1u << 25, 0);
    rv_trace *b = launch(2, 2, 1, 256, 1u << 25, RV_ACC(RV_SPACE_GOUT, 0));
    if (a)
        a->next = b;
    if (a && b && a->own_grid && b->own_grid) {
        touch(a, 5, RV_BUF_OWN, 0, 264, 0);
        touch(b, 5, RV_BUF_OWN, 264, 0, 0);
        touch(b, 3, RV_BUF_OUT, 0, 1, 0);
        says(a, b, "\xE7\xAC\xAC 2 \xE6\xAC\xA1\xE5\x90\xAF\xE5\x8A\xA8\xEF\xBC\x88\xE5\x85\xB1 2 \xE6\xAC\xA1\xEF\xBC\x89"
                   "\xEF\xBC\x9A\xE4\xB8\x80\xE4\xB8\xAA\xE7\xBA\xBF\xE7\xA8\x8B\xE5\x9D\x97\xE6\x8A\x8A"
                   "\xE7\xBC\x93\xE5\x86\xB2\xE5\x8C\xBA 5 \xE7\x9A\x84 264 \xE4\xB8\xAA\xE9\x83\xA8\xE5\x88\x86\xE5\x92\x8C"
                   "\xE7\x9B\xB8\xE5\x8A\xA0\xEF\xBC\x8C\xE5\x86\x99\xE5\x85\xA5 out[0]");
    }
    if (a)
        rv_trace_free(a);
    else
        rv_trace_free(b);
    i18n_set("en", msg, sizeof msg);
}

int main(void)
{
    char locale[1024];
    rv_locale_dir(locale, sizeof locale);
    i18n_init("en", locale, NULL, 0);
    two_pass();
    grid_sized();
    atomics();
    not_counted();
    counts();
    tidy();
    chinese();
    return check_report();
}
