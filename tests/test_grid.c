#define _DEFAULT_SOURCE
/* test_grid.c — the tracer's allocs.txt and counts.txt as the host reads
 * them (src/own/records/grid.c): allocations live from their launch to their free,
 * a float atomicAdd's compare-and-swap counts two wavefronts a request, the
 * buffers take their roles from the run's arrays, a later launch reads what
 * an earlier one wrote, cp.async, bulk copies and other blocks' shared
 * memory are counted apart, and a damaged line is refused with its number; a
 * trace keeps the counts (format 5), and the copies' and other blocks'
 * shared memory's (format 7), refusing a damaged section. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "core/buffers.h"
#include "model/trace_read.h"
#include "own/records/grid.h"

static char dir[] = "/tmp/rv-test-grid-XXXXXX";

static void put(const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

static const char *ALLOCS =
    "alloc 1 addr 1000 bytes 1024 kind cudaMalloc at 0 call 0\n"   /* in[]   */
    "alloc 2 addr 4096 bytes 64 kind cudaMalloc at 0 call 0\n"     /* out[]  */
    "alloc 3 addr 2024 bytes 16 kind cudaMalloc at 0 call 1\n"     /* just past in[]: the program's */
    "alloc 4 addr 9000 bytes 4 kind module at 0 call 0\n"
    "free addr 2024 at 2\n";

static const char *COUNTS =
    "launch 1 grid 4 block 256 kernel _Z4partPKfPfj\n"
    "count 1 pc 16 kind smem flags 1 size 4 requests 32 lanes 1024 wavefronts 40\n"
    "count 1 pc 32 kind smem flags 2 size 4 requests 32 lanes 1024 wavefronts 32\n"
    "count 1 pc 48 kind smem flags 3 size 4 requests 10 lanes 300 wavefronts 10\n"
    "count 1 pc 64 kind gmem flags 3 size 4 requests 4 lanes 4 wavefronts 0\n"
    "buffer 1 alloc 1 reads 1024 writes 0 atomics 0\n"
    "buffer 1 alloc 3 reads 0 writes 4 atomics 0\n"
    "launch 2 grid 1 block 256 kernel _Z3finPKfPfj\n"
    "count 2 pc -1 kind smem flags 1 size 8 requests 3 lanes 96 wavefronts 6\n"
    "buffer 2 alloc 3 reads 4 writes 0 atomics 0\n"
    "buffer 2 alloc 2 reads 0 writes 1 atomics 0\n";

/* The counts of Hopper's idioms (as an H200 counted tests/own/
 * pipeline_stages.cu's cp.async: 8 requests of 256 lanes, 4 bytes each),
 * each apart from the shared loads and stores: a cp.async's global reads
 * (gmem, RV_RAW_ASYNC in the flags: 257), a bulk copy (one request a copy,
 * its bytes), another block's shared memory read, written and changed
 * atomically (dsmem), one instruction counted in both (its own rank's
 * shared loads and the others'); a bulk line without its bytes, or with more
 * than its copies carry, is refused. */
static void check_hopper_kinds(void)
{
    char err[256];
    rv_own_grid_run g;
    put("counts.txt", "launch 1 grid 4 block 256 kernel _Z5tilesPKfPfj\n"
                      "count 1 pc 16 kind gmem flags 257 size 4 requests 8 lanes 256 wavefronts 0\n"
                      "count 1 pc 32 kind bulk flags 0 size 0 requests 4 lanes 4 wavefronts 0 bytes 4096\n"
                      "count 1 pc 48 kind dsmem flags 513 size 4 requests 3 lanes 3 wavefronts 0\n"
                      "count 1 pc 64 kind dsmem flags 514 size 4 requests 2 lanes 64 wavefronts 0\n"
                      "count 1 pc 80 kind dsmem flags 3 size 4 requests 1 lanes 32 wavefronts 0\n"
                      "count 1 pc 96 kind smem flags 1 size 4 requests 12 lanes 255 wavefronts 12\n"
                      "count 1 pc 112 kind gmem flags 3 size 4 requests 1 lanes 1 wavefronts 0\n");
    CHECK(rv_own_grid_load(dir, &g, err, sizeof err) == 0, "Hopper's kinds load: %s", err);
    rv_own_meta meta = {0};
    rv_own_grid *t = rv_own_grid_of(&g, 1, NULL, &meta);
    CHECK(t != NULL, "counted");
    if (t) {
        CHECK(t->async_requests == 8 && t->async_bytes == 1024, "cp.async: %lld requests %lld bytes",
              (long long)t->async_requests, (long long)t->async_bytes);
        CHECK(t->bulk_copies == 4 && t->bulk_bytes == 4096, "bulk: %lld copies %lld bytes", (long long)t->bulk_copies,
              (long long)t->bulk_bytes);
        CHECK(t->dsmem_ld_requests == 3 && t->dsmem_st_requests == 2 && t->dsmem_atom_requests == 1,
              "dsmem: %lld loads %lld stores %lld atomics", (long long)t->dsmem_ld_requests,
              (long long)t->dsmem_st_requests, (long long)t->dsmem_atom_requests);
        CHECK(t->ld_requests == 12 && t->st_requests == 0 && t->atom_requests == 0 && t->gatom_requests == 1,
              "the block's own shared memory and the global atomics apart: %lld loads %lld stores %lld global atomics",
              (long long)t->ld_requests, (long long)t->st_requests, (long long)t->gatom_requests);
    }
    free(t);
    rv_own_grid_free(&g);
    /* one load through the cluster's mapping (every block reads s[0] of ranks
       0 to 3, 4 blocks): each execution counted where it went (RV_PC_HALVES),
       its own rank a shared load, the others' distributed ones */
    put("counts.txt", "launch 1 grid 4 block 256 kernel _Z12cluster_sumsPKfPfj\n"
                      "count 1 pc 128 kind smem flags 1 size 4 requests 4 lanes 4 wavefronts 4\n"
                      "count 1 pc 128 kind dsmem flags 513 size 4 requests 12 lanes 12 wavefronts 0\n");
    CHECK(rv_own_grid_load(dir, &g, err, sizeof err) == 0, "one pc, both halves: loads: %s", err);
    t = rv_own_grid_of(&g, 1, NULL, &meta);
    CHECK(t && t->ld_requests == 4 && t->ld_wavefronts == 4 && t->dsmem_ld_requests == 12,
          "one pc, both halves: 4 shared loads, 12 of other blocks' (%lld, %lld)", t ? (long long)t->ld_requests : -1,
          t ? (long long)t->dsmem_ld_requests : -1);
    free(t);
    rv_own_grid_free(&g);
    static const char *const bad[] = {
        "count 1 pc 32 kind bulk flags 0 size 0 requests 4 lanes 4 wavefronts 0\n",                 /* no bytes */
        "count 1 pc 32 kind bulk flags 0 size 0 requests 1 lanes 1 wavefronts 0 bytes 1048577\n",   /* > 1 MiB a copy */
        "count 1 pc 32 kind bulk flags 0 size 0 requests 1 lanes 1 wavefronts 0 bytes 16 more\n",
        "count 1 pc 32 kind bulk flags 0 size 4 requests 1 lanes 1 wavefronts 0 bytes 16\n",        /* a size a lane */
        "count 1 pc 48 kind dsmemx flags 513 size 4 requests 3 lanes 3 wavefronts 0\n",
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char text[300];
        snprintf(text, sizeof text, "launch 1 grid 4 block 256 kernel k\n%s", bad[k]);
        put("counts.txt", text);
        CHECK(rv_own_grid_load(dir, &g, err, sizeof err) == -1 && strstr(err, "line 2"), "refused: %s", bad[k]);
    }
}

/* A launch with copies or another block's shared memory in its counts is
 * written as format 7 (format 5 without them), reads back equal and writes
 * the same bytes again; a section whose bytes pass what its copies can
 * carry, or that ends inside the seven counts, is refused. */
static void check_format7(rv_trace *tr, rv_own_grid *k)
{
    char err[256];
    size_t len;
    uint8_t *buf = rv_trace_serialize(tr, &len);
    CHECK(buf && len > 12 && buf[8] == RV_TRACE_FORMAT_GRID, "no copies: still format 5 (%u)", buf ? buf[8] : 0);
    free(buf);
    k->async_requests = 8, k->async_bytes = 1024, k->bulk_copies = 2, k->bulk_bytes = 2048;
    k->dsmem_ld_requests = 744, k->dsmem_st_requests = 3, k->dsmem_atom_requests = 1;
    buf = rv_trace_serialize(tr, &len);
    CHECK(buf && buf[8] == RV_TRACE_FORMAT_COPIES, "copies counted: format 7 (%u)", buf ? buf[8] : 0);
    rv_trace *back = buf ? rv_trace_parse(buf, len, err, sizeof err) : NULL;
    CHECK(back && back->own_grid && !memcmp(back->own_grid, k, sizeof *k), "format 7 round trip: %s",
          back ? "differs" : err);
    size_t len2 = 0;
    uint8_t *again = back ? rv_trace_serialize(back, &len2) : NULL;
    CHECK(again && len2 == len && !memcmp(again, buf, len), "format 7 written again: the same bytes");
    free(again);
    rv_trace_free(back);
    if (buf && !tr->next) {
        /* from the end: the cluster's 12 bytes, one buffer's 56, the buffer
           count's 4, then the seven counts (the async bytes second) */
        size_t counts = len - 12 - 56 - 4 - 7 * 8;
        uint8_t keep = buf[counts + 8 + 1];
        buf[counts + 8 + 1] = 0x11; /* 4352 bytes from 8 requests: more than 8 x 32 lanes x 16 */
        rv_trace *bad = rv_trace_parse(buf, len, err, sizeof err);
        CHECK(!bad && strstr(err, "whole-grid counts"), "async bytes past what 8 requests carry: %s",
              bad ? "loaded" : err);
        rv_trace_free(bad);
        buf[counts + 8 + 1] = keep;
        bad = rv_trace_parse(buf, counts + 20, err, sizeof err);
        CHECK(!bad && strstr(err, "whole-grid counts"), "ends inside the seven counts: %s", bad ? "loaded" : err);
        rv_trace_free(bad);
        bad = rv_trace_parse(buf, len, err, sizeof err);
        CHECK(bad != NULL, "the undamaged bytes still load: %s", bad ? "" : err);
        rv_trace_free(bad);
    }
    free(buf);
}

int main(int argc, char **argv)
{
    const char *own_trace = argc > 1 ? argv[1] : NULL; /* a recorded own trace, one launch */
    if (!mkdtemp(dir)) return 1;
    char err[256];
    rv_own_grid_run g;

    /* a folder the tracer left nothing in: an empty run, no error */
    CHECK(rv_own_grid_load(dir, &g, err, sizeof err) == 0 && g.nallocs == 0 && g.nlaunches == 0, "empty: %s", err);

    put("allocs.txt", ALLOCS);
    put("counts.txt", COUNTS);
    CHECK(rv_own_grid_load(dir, &g, err, sizeof err) == 0, "load: %s", err);
    CHECK(g.nallocs == 4 && g.nlaunches == 2, "%u allocations, %u launches", g.nallocs, g.nlaunches);

    /* the program's buffer just past in[] is found while it lives, not after its free */
    const rv_own_alloc *a = rv_own_grid_alloc_at(&g, 2028, 4, 1);
    CHECK(a && a->id == 3, "2028 in launch 1: buffer %u", a ? a->id : 0);
    CHECK(rv_own_grid_alloc_at(&g, 2028, 4, 3) == NULL, "buffer 3 was freed before launch 3");
    CHECK(rv_own_grid_alloc_at(&g, 2038, 4, 1) == NULL, "2038..2042 runs past buffer 3's end");
    CHECK(rv_own_grid_alloc_at(&g, 5000, 4, 1) == NULL, "5000 lies in no allocation");

    /* launch 1's totals: the shared atomic at pc 48 is a compare-and-swap */
    rv_sass_insn insn[] = {{16, 1, 0, -1, 0}, {32, 1, 0, -1, 0}, {48, 1, 0, -1, 1}};
    rv_sass sass = {insn, 3};
    rv_own_meta meta = {0};
    meta.in_addr = 1000, meta.ncalls = 1, meta.calls[0].in_addr = 1000, meta.calls[0].out_addr = 4096;
    rv_own_grid *t = rv_own_grid_of(&g, 1, &sass, &meta);
    CHECK(t != NULL, "launch 1 counted");
    if (t) {
        CHECK(t->ld_requests == 32 && t->ld_wavefronts == 40, "loads %lld/%lld", (long long)t->ld_requests,
              (long long)t->ld_wavefronts);
        CHECK(t->st_requests == 32 && t->st_wavefronts == 32, "stores");
        CHECK(t->atom_requests == 10 && t->atom_wavefronts == 20 && t->cas_requests == 10,
              "a CAS request is two wavefronts: %lld", (long long)t->atom_wavefronts);
        CHECK(t->gatom_requests == 4, "global atomics %lld", (long long)t->gatom_requests);
        CHECK(t->nbuffers == 2 && t->buffers[0].role == RV_BUF_IN && t->buffers[1].role == RV_BUF_OWN,
              "buffers: in[] and the program's own");
        char name[160];
        rv_buffer_name(&t->buffers[1], name, sizeof name);
        CHECK(strstr(name, "buffer 3") && strstr(name, "16 B") && strstr(name, "cudaMalloc") && strstr(name, "call 1"),
              "named: %s", name);
    }
    /* without the machine code, no atomic is taken for a compare-and-swap */
    rv_own_grid *u = rv_own_grid_of(&g, 1, NULL, &meta);
    CHECK(u && u->atom_wavefronts == 10 && u->cas_requests == 0, "no sass: plain atomics");
    rv_own_grid *t2 = rv_own_grid_of(&g, 2, &sass, &meta);
    CHECK(t2 && t2->ld_requests == 3 && t2->ld_wavefronts == 6, "an instruction outside the kernel still counts");
    CHECK(t2 && t2->nbuffers == 2 && t2->buffers[1].role == RV_BUF_OUT, "out[] by its address");
    CHECK(rv_own_grid_of(&g, 3, &sass, &meta) == NULL, "launch 3 was not counted");

    /* launch 2 reads what launch 1 wrote into buffer 3 */
    rv_trace l1 = {0}, l2 = {0};
    l1.launch = 1, l1.own_grid = t, l1.next = &l2;
    l2.launch = 2, l2.own_grid = t2;
    const rv_trace *w = t2 ? rv_buffer_written_before(&l1, &l2, &t2->buffers[0]) : NULL;
    CHECK(w == &l1, "the hand-off: launch 2 reads buffer 3, which launch 1 wrote");
    CHECK(t2 && rv_buffer_written_before(&l1, &l2, &t2->buffers[1]) == NULL, "out[] was not written before launch 2");
    /* a word of the kernel's own memory is named by the buffer it lies in */
    rv_own_grid words = {.nbuffers = 1};
    words.buffers[0] = (rv_own_buffer){5, RV_BUF_OWN, RV_ALLOC_MALLOC, 1, 16, 0, 4, 0, 10};
    rv_trace wt = {.own_grid = &words};
    char wname[64] = "";
    CHECK(rv_buffer_word(&wt, 12, wname, sizeof wname) && !strcmp(wname, "buffer 5[2]"), "word 12: '%s'", wname);
    CHECK(!rv_buffer_word(&wt, 14, wname, sizeof wname) && !rv_buffer_word(&wt, 9, wname, sizeof wname),
          "words 9 and 14 lie outside buffer 5's 4 words");
    words.buffers[0].word = INT64_MIN;
    CHECK(!rv_buffer_word(&wt, 12, wname, sizeof wname), "a buffer outside the picture's window names no word");
    free(t), free(u), free(t2);
    rv_own_grid_free(&g);

    /* damaged lines are refused with their number */
    put("counts.txt", "launch 1 grid 4 block 256 kernel k\ncount 1 pc 16 kind tex flags 1 size 4 requests 1 lanes 1 wavefronts 1\n");
    CHECK(rv_own_grid_load(dir, &g, err, sizeof err) == -1 && strstr(err, "counts.txt") && strstr(err, "line 2"),
          "bad kind: %s", err);
    put("counts.txt", "count 1 pc 16 kind smem flags 1 size 4 requests 1 lanes 1 wavefronts 1\n");
    CHECK(rv_own_grid_load(dir, &g, err, sizeof err) == -1 && strstr(err, "line 1"), "a count before its launch: %s", err);
    put("counts.txt", "launch 1 grid 4 block 256 kernel k\ncount 1 pc 16 kind smem flags 1 size 4 requests 1 lanes 99 wavefronts 1\n");
    CHECK(rv_own_grid_load(dir, &g, err, sizeof err) == -1, "more lanes than a request has");
    check_hopper_kinds();

    put("allocs.txt", "alloc 1 addr 10 bytes 0 kind cudaMalloc at 0 call 0\n");
    CHECK(rv_own_grid_load(dir, &g, err, sizeof err) == -1 && strstr(err, "allocs.txt"), "an empty allocation: %s", err);
    put("allocs.txt", "alloc 1 addr 10 bytes 4 kind bogus at 0 call 0\n");
    CHECK(rv_own_grid_load(dir, &g, err, sizeof err) == -1, "an unknown kind");

    /* a trace keeps a launch's whole-grid counts and buffers (format 5) */
    if (own_trace) {
        char path[1024];
        snprintf(path, sizeof path, "%s", own_trace);
        rv_trace *tr = rv_trace_load(path, err, sizeof err);
        CHECK(tr != NULL, "%s: %s", path, err);
        if (tr) {
            rv_own_grid *k = calloc(1, sizeof *k);
            *k = (rv_own_grid){.ld_requests = 7, .ld_wavefronts = 9, .atom_wavefronts = 4, .cas_requests = 2, .nbuffers = 1};
            k->buffers[0] = (rv_own_buffer){5, RV_BUF_OWN, RV_ALLOC_ASYNC, 2, 1536, 10, 11, 12, -3};
            tr->own_grid = k;
            size_t len;
            uint8_t *buf = rv_trace_serialize(tr, &len);
            rv_trace *back = buf ? rv_trace_parse(buf, len, err, sizeof err) : NULL;
            CHECK(back && back->own_grid && !memcmp(back->own_grid, k, sizeof *k), "round trip: %s", back ? "differs" : err);
            /* a damaged role is refused: the buffer's role is its second field */
            if (buf && back && !tr->next) {
                size_t at = len - (sizeof(uint32_t) * 4 + sizeof(uint64_t) * 5) + sizeof(uint32_t);
                buf[at] = 9;
                rv_trace *bad = rv_trace_parse(buf, len, err, sizeof err);
                CHECK(!bad && strstr(err, "buffer 1"), "a role that does not exist: %s", bad ? "loaded" : err);
                rv_trace_free(bad);
            }
            free(buf);
            rv_trace_free(back);
            check_format7(tr, k);
            rv_trace_free(tr);
        }
    }

    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd)) return 1;
    return check_report();
}
