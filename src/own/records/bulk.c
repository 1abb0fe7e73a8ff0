/* bulk.c — a bulk copy by the Tensor Memory Accelerator, laid over the
 * block's threads so that the builder draws it.
 *
 * One thread issues cp.async.bulk for the whole tile (the tracer records it
 * once, RV_RAW_BULK), and the TMA, not the threads, moves its bytes.  A
 * trace's event holds one write of at most 16 bytes, so one event cannot
 * hold a tile of 256 words.  The copy is drawn instead as pieces of equal
 * width, piece p of it given to thread p: 4, 8 or 16 bytes each, the
 * narrowest that lets the block's threads hold the whole copy (a copy of more
 * than 16 bytes a thread keeps its first 16 × block-size bytes, and the rest
 * is said cut).  Each piece is a global read and a shared write of one
 * cp.async-like event, flagged RV_RAW_BULKPART, so its step is named for the
 * bulk copy (build.c's name_async) and its sentence says that one copy of
 * the TMA made it.  A thread's piece goes where the copy was issued in its
 * own order: after its records made before the issue, but before a wait it
 * had already begun (a thread may reach the barrier's wait before the copy
 * starts), so the pieces of one copy are one step.
 *
 * The values: the tracer records the copy as it is issued, before its bytes
 * reach shared memory, so it cannot read them there.  A piece copied from the
 * driver's in[] shows the input the run was given (its data pattern, the
 * values the driver wrote there); a piece copied from anywhere else shows
 * "?" (RV_VALUE_UNKNOWN), never a value made up. */
#include "own/records/bulk.h"

#include <stdlib.h>
#include <string.h>

#include "core/trace.h"

/* The width of one thread's piece, in words, for a copy of `words` over B
 * threads. */
static uint32_t piece_words(uint64_t words, uint32_t B) { return words <= B ? 1u : words <= 2ull * B ? 2u : 4u; }

/* How many pieces the copy r makes over B threads. */
static uint32_t pieces_of(const rv_raw_record *r, uint32_t B)
{
    uint64_t words = r->value[1] / 4, per = piece_words(words, B), n = (words + per - 1) / per;
    return n < B ? (uint32_t)n : B;
}

/* Piece p of the copy r, for thread p: its read and its write into o[0..1]. */
static void piece(const rv_raw_record *r, uint32_t p, uint32_t B, const rv_bulk_input *in, rv_raw_record o[2])
{
    uint32_t per = piece_words(r->value[1] / 4, B);
    uint64_t off = 4ull * per * p;
    memset(o, 0, 2 * sizeof *o);
    for (int k = 0; k < 2; k++) {
        o[k].pc = r->pc;
        o[k].mask = r->mask;
        o[k].thread = (uint16_t)p;
        o[k].size = (uint8_t)(4 * per);
    }
    o[0].kind = RV_RAW_GMEM;
    o[0].addr = r->addr + off;
    o[0].flags = RV_RAW_READ | RV_RAW_BULKPART;
    o[1].kind = RV_RAW_SMEM;
    o[1].addr = (uint64_t)r->value[0] + off;
    o[1].flags = RV_RAW_WRITE | RV_RAW_ASYNC | RV_RAW_BULKPART;
    for (uint32_t w = 0; w < per; w++) {
        uint64_t at = o[0].addr + 4ull * w;
        uint32_t bits = RV_VALUE_UNKNOWN_BITS;
        if (in && in->in_n && at >= in->in_addr && (at - in->in_addr) % 4 == 0 && (at - in->in_addr) / 4 < in->in_n) {
            float v = rv_data_value(in->data, (at - in->in_addr) / 4);
            memcpy(&bits, &v, sizeof bits);
        }
        o[1].value[w] = bits;
    }
}

int rv_own_bulk_expand(const rv_raw *raw, const rv_bulk_input *in, rv_raw *out, uint64_t *cut_words)
{
    const rv_raw_header *h = &raw->h;
    uint32_t B = h->block_size, nbulk = 0;
    uint64_t total = 0;
    *cut_words = 0;
    for (uint32_t i = 0; i < h->nrec; i++) {
        const rv_raw_record *r = &raw->rec[i];
        if (r->kind != RV_RAW_BULK) continue;
        nbulk++;
        uint32_t n = pieces_of(r, B);
        total += 2ull * n;
        uint64_t words = r->value[1] / 4, held = (uint64_t)n * piece_words(words, B);
        if (words > held && words - held > *cut_words) *cut_words = words - held;
    }
    if (!nbulk) return 0;
    total += h->nrec - nbulk;
    if (total > UINT32_MAX) return -1;
    rv_raw_record *rec = malloc((size_t)total * sizeof *rec);
    uint32_t *mine = malloc((size_t)h->nrec * sizeof *mine), *start = calloc((size_t)B + 2, sizeof *start),
             *copies = malloc((size_t)nbulk * sizeof *copies);
    if (!rec || !mine || !start || !copies) {
        free(rec);
        free(mine);
        free(start);
        free(copies);
        return -1;
    }
    /* each thread's records (the copies apart), in order, as build.c sorts them */
    uint32_t nc = 0;
    for (uint32_t i = 0; i < h->nrec; i++)
        if (raw->rec[i].kind == RV_RAW_BULK)
            copies[nc++] = i;
        else
            start[raw->rec[i].thread + 2]++;
    for (uint32_t t = 0; t < B; t++) start[t + 2] += start[t + 1];
    for (uint32_t i = 0; i < h->nrec; i++)
        if (raw->rec[i].kind != RV_RAW_BULK) mine[start[raw->rec[i].thread + 1]++] = i;
    uint32_t n = 0;
    for (uint32_t u = 0; u < B; u++) {
        uint32_t next = start[u], end = start[u + 1]; /* thread u's next record not yet out */
        for (uint32_t c = 0; c <= nc; c++) {
            if (c < nc && u >= pieces_of(&raw->rec[copies[c]], B)) continue;
            /* out go u's records made before the copy (or all, at the end) */
            while (next < end && (c == nc || mine[next] < copies[c])) rec[n++] = raw->rec[mine[next++]];
            if (c == nc) break;
            /* a wait u had begun before the copy was issued comes after its piece */
            uint32_t at = n;
            while (at > 0 && rec[at - 1].thread == u && rec[at - 1].kind == RV_RAW_WAIT) at--;
            memmove(&rec[at + 2], &rec[at], (size_t)(n - at) * sizeof *rec);
            piece(&raw->rec[copies[c]], u, B, in, &rec[at]);
            n += 2;
        }
    }
    free(start);
    free(copies);
    free(mine);
    out->h = *h;
    out->h.nrec = n;
    out->h.claimed = h->claimed > h->nrec ? n + (h->claimed - h->nrec) : n;
    out->rec = rec;
    return 1;
}
