/* launch_words.c — what one launch of an own trace did, in a sentence,
 * from its grid's counts (launch_words.h).
 *
 * The sentence is "<who> sums <what><where>": who is the grid ("one block",
 * "one thread", "264 blocks, each"); what it read is, first, a buffer an
 * earlier launch wrote ("the 264 partials of buffer 5"), else in[] ("the
 * 256 elements of in[]", or for many blocks "its tiles"), else another
 * buffer it read; where is the buffer it left its result in, out[] before
 * the program's own ("into out[0]", "into a partial", "and adds the sum
 * atomically into buffer 5[0]").  Every number is a count the tracer kept.
 */
#include "launch_words.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "buffers.h"
#include "i18n.h"

void rv_count_words(uint64_t n, char *buf, size_t len)
{
    static const char *const sup[10] = {
        "\xE2\x81\xB0", "\xC2\xB9",     "\xC2\xB2",     "\xC2\xB3",     "\xE2\x81\xB4",
        "\xE2\x81\xB5", "\xE2\x81\xB6", "\xE2\x81\xB7", "\xE2\x81\xB8", "\xE2\x81\xB9",
    };
    if (n >= 1024 && (n & (n - 1)) == 0) {
        int e = 0;
        while ((1ull << e) < n) e++;
        snprintf(buf, len, "2%s%s", sup[e / 10], sup[e % 10]);
        return;
    }
    char digits[32];
    snprintf(digits, sizeof digits, "%" PRIu64, n);
    size_t nd = strlen(digits), o = 0;
    for (size_t i = 0; i < nd && o + 2 < len; i++) {
        buf[o++] = digits[i];
        if ((nd - 1 - i) % 3 == 0 && i + 1 < nd) buf[o++] = ',';
    }
    if (len) buf[o < len ? o : len - 1] = '\0';
}

/* What the sentence is made of, found in the launch's buffers. */
typedef struct facts {
    const rv_own_buffer *from;  /* read, and written by an earlier launch      */
    const rv_trace *writer;     /* that launch                                 */
    const rv_own_buffer *in;    /* in[], read                                  */
    const rv_own_buffer *other; /* another buffer read, no earlier writer      */
    const rv_own_buffer *dest;  /* where the launch left its result            */
} facts;

/* How much a buffer the launch wrote is its result: out[] before the
 * program's own, those before one made outside launch() (the runtime's);
 * 0 for in[] and for a buffer it did not write. */
static int dest_rank(const rv_own_buffer *b)
{
    if (b->role == RV_BUF_IN || !(b->writes || b->atomics)) return 0;
    return b->role == RV_BUF_OUT ? 3 : b->role == RV_BUF_OTHER ? 1 : 2;
}

static void gather(const rv_trace *first, const rv_trace *tr, facts *f)
{
    memset(f, 0, sizeof *f);
    const rv_own_grid *g = tr->own_grid;
    for (uint32_t k = 0; k < g->nbuffers; k++) {
        const rv_own_buffer *b = &g->buffers[k];
        if (b->reads && b->role == RV_BUF_IN) {
            if (!f->in || b->reads > f->in->reads) f->in = b;
        } else if (b->reads) {
            const rv_trace *w = rv_buffer_written_before(first, tr, b);
            if (w && (!f->from || b->reads > f->from->reads))
                f->from = b, f->writer = w;
            else if (!w && b->role != RV_BUF_OTHER && (!f->other || b->reads > f->other->reads))
                f->other = b;
        }
        int r = dest_rank(b), best = f->dest ? dest_rank(f->dest) : 0;
        if (r > best || (r && r == best && b->writes + b->atomics > f->dest->writes + f->dest->atomics)) f->dest = b;
    }
}

/* Whether word `acc` (RV_ACC) of the traced block lies in buffer b: 1 with
 * its name ("out[0]", "buffer 5[2]"), else 0. */
static int acc_in(const rv_own_buffer *b, uint64_t acc, char *name, size_t len)
{
    uint64_t i = RV_ACC_INDEX(acc);
    if (RV_ACC_SPACE(acc) == RV_SPACE_GOUT && b->role == RV_BUF_OUT) {
        snprintf(name, len, "out[%" PRIu64 "]", i);
        return 1;
    }
    if (RV_ACC_SPACE(acc) != RV_SPACE_GOWN || b->word == INT64_MIN || (int64_t)i < b->word ||
        (int64_t)i - b->word >= (int64_t)(b->bytes / 4))
        return 0;
    char base[64]; /* "buffer 5", "out" of "out[]" */
    rv_buffer_short(b, base, sizeof base);
    size_t bl = strlen(base);
    if (bl > 2 && !strcmp(base + bl - 2, "[]")) base[bl - 2] = '\0';
    snprintf(name, len, "%s[%" PRId64 "]", base, (int64_t)i - b->word);
    return 1;
}

/* The one word of b the traced block wrote ("out[0]"): 1, or 0 when it
 * wrote none or several. */
static int one_word(const rv_trace *tr, const rv_own_buffer *b, char *buf, size_t len)
{
    char name[64];
    int found = 0;
    for (int s = 0; s < tr->nsteps; s++)
        for (int t = 0; t < tr->block_size; t++) {
            const rv_event *e = rv_trace_event(tr, s, t);
            if (!e->line || !acc_in(b, e->write, name, sizeof name)) continue;
            if (found && strcmp(name, buf)) return 0;
            snprintf(buf, len, "%s", name);
            found = 1;
        }
    return found;
}

/* Where one block left its result: " into out[0]", " and adds the sum
 * atomically into out[0]"; "" when it wrote nowhere. */
static void dest_one(const rv_trace *tr, const rv_own_buffer *d, char *buf, size_t len)
{
    char name[64];
    buf[0] = '\0';
    if (!d) return;
    int word = one_word(tr, d, name, sizeof name);
    if (!word) rv_buffer_short(d, name, sizeof name);
    if (d->writes && (word || d->writes == 1))
        snprintf(buf, len, _(" into %s"), name);
    else if (d->writes)
        snprintf(buf, len, ngettext(" into %" PRIu64 " value of %s", " into %" PRIu64 " values of %s", d->writes),
                 d->writes, name);
    else if (d->atomics == 1)
        snprintf(buf, len, _(" and adds the sum atomically into %s"), name);
    else
        snprintf(buf, len,
                 ngettext(" with %" PRIu64 " atomic add into %s", " with %" PRIu64 " atomic adds into %s", d->atomics),
                 d->atomics, name);
}

/* Where each of many blocks left its result: " into a partial" (a value or
 * more a block), " and adds the partial atomically into out[]". */
static void dest_each(const rv_trace *tr, const rv_own_buffer *d, char *buf, size_t len)
{
    char name[64];
    uint64_t G = tr->grid;
    buf[0] = '\0';
    if (!d) return;
    rv_buffer_short(d, name, sizeof name);
    if (d->writes >= G)
        snprintf(buf, len, "%s", _(" into a partial"));
    else if (d->writes)
        snprintf(buf, len, _(" into %s"), name);
    else if (d->atomics == G)
        snprintf(buf, len, _(" and adds the partial atomically into %s"), name);
    else if (d->atomics > G && d->atomics % G == 0)
        snprintf(
            buf, len,
            ngettext(" with %" PRIu64 " atomic add into %s", " with %" PRIu64 " atomic adds into %s", d->atomics / G),
            d->atomics / G, name);
    else
        snprintf(buf, len,
                 ngettext(", adding atomically into %s (%" PRIu64 " lane in all)",
                          ", adding atomically into %s (%" PRIu64 " lanes in all)", d->atomics),
                 name, d->atomics);
}

/* Whether launch w changed buffer b only atomically (a total, not partials). */
static int added_up(const rv_trace *w, const rv_own_buffer *b)
{
    const rv_own_buffer *o = rv_buffer_find(w, b->id);
    return o && !o->writes && o->atomics;
}

/* One block (or one thread): what it summed, and where it left the sum. */
static void did_one(const rv_trace *tr, const facts *f, char *buf, size_t len)
{
    const char *who = tr->block_size == 1 ? _("one thread") : _("one block");
    char what[200], where[200], name[64], n[48];
    dest_one(tr, f->dest, where, sizeof where);
    if (f->from) {
        rv_buffer_short(f->from, name, sizeof name);
        rv_count_words(f->from->reads, n, sizeof n);
        if (added_up(f->writer, f->from) && f->from->reads == 1) {
            /* TRANSLATORS: "one thread copies the sum launch 1 added up
               atomically in buffer 5 into out[0]" */
            snprintf(buf, len, _("%s copies the sum launch %u added up atomically in %s%s"), who, f->writer->launch,
                     name, where);
            return;
        }
        if (added_up(f->writer, f->from))
            snprintf(what, sizeof what,
                     ngettext("the %s value launch %u added up atomically in %s",
                              "the %s values launch %u added up atomically in %s", f->from->reads),
                     n, f->writer->launch, name);
        else
            snprintf(what, sizeof what, ngettext("the %s partial of %s", "the %s partials of %s", f->from->reads), n,
                     name);
    } else if (f->in) {
        rv_count_words(tr->n, n, sizeof n);
        snprintf(what, sizeof what, ngettext("the %s element of in[]", "the %s elements of in[]", tr->n), n);
    } else if (f->other) {
        rv_buffer_short(f->other, name, sizeof name);
        rv_count_words(f->other->reads, n, sizeof n);
        snprintf(what, sizeof what, ngettext("the %s value of %s", "the %s values of %s", f->other->reads), n, name);
    } else {
        snprintf(buf, len, "%s", who);
        return;
    }
    /* TRANSLATORS: who, what, where: "one block" sums "the 256 elements of
       in[]" " into out[0]" */
    snprintf(buf, len, _("%s sums %s%s"), who, what, where);
}

/* Many blocks: what each summed, where each left its sum, and, when fewer
 * lanes read in[] than there are blocks, that some blocks read none. */
static void did_each(const rv_trace *tr, const facts *f, char *buf, size_t len)
{
    char who[64], what[200], where[200], name[64], n[48], note[200] = "";
    uint64_t G = tr->grid;
    rv_count_words(G, n, sizeof n);
    snprintf(who, sizeof who, ngettext("%s block", "%s blocks", G), n);
    dest_each(tr, f->dest, where, sizeof where);
    if (f->from || (!f->in && f->other)) {
        const rv_own_buffer *b = f->from ? f->from : f->other;
        rv_buffer_short(b, name, sizeof name);
        rv_count_words(b->reads, n, sizeof n);
        if (f->from)
            snprintf(what, sizeof what,
                     ngettext("its share of the %s partial of %s", "its share of the %s partials of %s", b->reads), n,
                     name);
        else
            snprintf(what, sizeof what,
                     ngettext("its share of the %s value of %s", "its share of the %s values of %s", b->reads), n,
                     name);
    } else if (f->in) {
        /* a tile: as many elements as the block has threads */
        snprintf(what, sizeof what, "%s", tr->n > G * (uint64_t)tr->block_size ? _("its tiles") : _("its tile"));
        if (f->in->reads < G) {
            char lanes[48], none[48];
            rv_count_words(f->in->reads, lanes, sizeof lanes);
            rv_count_words(G - f->in->reads, none, sizeof none);
            snprintf(note, sizeof note,
                     ngettext("; only %s lane reads in[]: at least %s blocks read none of it",
                              "; only %s lanes read in[]: at least %s blocks read none of it", f->in->reads),
                     lanes, none);
        }
    } else {
        snprintf(buf, len, "%s", who);
        return;
    }
    uint32_t cd[3], blocks;
    if (rv_trace_clustered(tr, cd, &blocks)) /* the cluster, not each block, leaves the sum */
        /* TRANSLATORS: "16 blocks", the blocks of a cluster, each cluster sums "its tiles" " into
           out[]", then a note or nothing */
        snprintf(buf, len, _("%s in clusters of %u, each cluster sums %s%s%s"), who, blocks, what, where, note);
    else
        /* TRANSLATORS: "264 blocks", each sums "its tiles" " into a partial",
           then a note or nothing */
        snprintf(buf, len, _("%s, each sums %s%s%s"), who, what, where, note);
}

int rv_launch_did(const rv_trace *first, const rv_trace *tr, char *buf, size_t len)
{
    if (!len) return 0;
    buf[0] = '\0';
    if (!tr || !tr->own_grid) return 0;
    facts f;
    gather(first ? first : tr, tr, &f);
    if (tr->grid <= 1)
        did_one(tr, &f, buf, len);
    else
        did_each(tr, &f, buf, len);
    i18n_tidy(buf);
    return 1;
}

int rv_launch_sentence(const rv_trace *first, const rv_trace *tr, char *buf, size_t len)
{
    char did[700], head[96];
    if (len) buf[0] = '\0';
    if (!len || !rv_launch_did(first, tr, did, sizeof did)) return 0;
    int number = tr->launch ? (int)tr->launch : 1, of = (int)tr->launches > number ? (int)tr->launches : number;
    snprintf(head, sizeof head, _("launch %d of %d"), number, of);
    /* TRANSLATORS: "launch 2 of 2" then what it did: "one block over 128 partials" */
    snprintf(buf, len, _("%s: %s"), head, did);
    i18n_tidy(buf);
    return 1;
}
