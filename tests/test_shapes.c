/* test_shapes.c — a student's launch of any shape, traced (own traces only).
 *
 * From raw records made in memory (own_shapes.h): one thread in a grid of
 * one, 48 threads (a partial last warp of 16 lanes), a 16×16 block in a 2×2
 * grid and an 8×8×4 block each build (rv_own_build), carry their shape,
 * validate, save and load back equal (format 4, the shape included), and
 * analyse with the partial warp full where all its lanes run; a format-3
 * file (no shape) still reads, as a row; the versions keep their block rules,
 * and a shape that is no block of its threads is refused.  The validator's
 * messages name a memory once ("outside the kernel's own global memory"),
 * in English and in Chinese.
 *
 * `test_shapes --replay-dir DIR` writes kept run folders of such launches
 * for `reducevis trace --replay` (tests/own/shapes_cli_test.sh): DIR/b48
 * (48 threads), DIR/b16x16, DIR/past (thread 0 reads one past in[]),
 * DIR/out_past (out[] just after in[], the sum written one past out[]),
 * DIR/async (the tile copied by cp.async), DIR/cluster (a block of a cluster
 * of 4 that reads the others' shared memory after cluster.sync()), DIR/bulk
 * (the tile copied by one bulk copy of the Tensor Memory Accelerator); the
 * last three with the grid's counts of their copies and of the other
 * blocks' shared memory (counts.txt).
 * DIR/empty is a launch whose block 0 made no access at all (an empty
 * kernel), with the tracer's count of the reads (none) beside it.
 * The asynchronous copies are checked here too (check_async_copies): the
 * bulk copy's step, its pieces and values, and the step after the wait; a
 * block with no access (check_no_access), and one that reads its own shared
 * memory through its cluster's mapping (check_own_rank).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/analysis.h"
#include "core/datadir.h"
#include "core/exercises.h"
#include "core/i18n.h"
#include "core/rules.h"
#include "core/trace.h"
#include "core/versions.h"
#include "model/trace_read.h"
#include "own/records/gpu_launches.h"
#include "own_shapes.h"

static const shapes_launch one = {.block = {1, 1, 1}, .grid = {1, 1, 1}}, b48 = {.block = {48, 1, 1}, .grid = {4, 1, 1}},
                           b16x16 = {.block = {16, 16, 1}, .grid = {2, 2, 1}},
                           b884 = {.block = {8, 8, 4}, .grid = {3, 1, 1}};

static void put32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }

/* Saved to a file and loaded back: the same trace, its shape included. */
static void check_round_trip(const rv_trace *tr, const char *name)
{
    char path[256], err[512] = "", msg[512] = "";
    snprintf(path, sizeof path, "/tmp/rv_test_shapes_%d_%s.rvt", (int)getpid(), name);
    CHECK(rv_trace_save(tr, path, err, sizeof err) == 0, "%s: saved: %s", name, err);
    FILE *f = fopen(path, "rb");
    uint8_t head[12] = {0};
    CHECK(f && fread(head, 1, sizeof head, f) == sizeof head, "%s: the file reads", name);
    if (f)
        fclose(f);
    CHECK(head[8] == RV_TRACE_FORMAT_OWN4 && !head[9] && !head[10] && !head[11], "%s: written as format 4 (%u)", name,
          head[8]);
    rv_trace *back = rv_trace_load(path, err, sizeof err);
    unlink(path);
    CHECK(back != NULL, "%s: loads back: %s", name, err);
    if (!back)
        return;
    CHECK(rv_trace_compare(tr, back, msg, sizeof msg) == 0, "%s: equal after the round trip: %s", name, msg);
    CHECK(!memcmp(back->block_dim, tr->block_dim, sizeof tr->block_dim) &&
          !memcmp(back->grid_dim, tr->grid_dim, sizeof tr->grid_dim),
          "%s: the shape comes back (%u x %u x %u)", name, back->block_dim[0], back->block_dim[1], back->block_dim[2]);
    rv_trace_free(back);
}

/* Built, said, kept and analysed: each warp of the load step full (the
 * partial one too), none divergent, no lane's load wasted. */
static void check_shape(const shapes_launch *l, const char *name)
{
    char err[512] = "";
    rv_trace *tr = shapes_trace(l, err, sizeof err);
    CHECK(tr != NULL, "%s: the launch is traced: %s", name, err);
    if (!tr)
        return;
    uint32_t B = shapes_threads(l);
    CHECK(tr->block_size == (int)B && tr->grid == shapes_blocks(l), "%s: %d threads, grid %u", name, tr->block_size,
          tr->grid);
    CHECK(!memcmp(tr->block_dim, l->block, sizeof l->block) && !memcmp(tr->grid_dim, l->grid, sizeof l->grid),
          "%s: the trace carries the launch's shape", name);
    CHECK(tr->nsteps == 2 && !strcmp(tr->steps[0].label, "load") && !strcmp(tr->steps[1].label, "write"),
          "%s: steps load, write (%d: %s ...)", name, tr->nsteps, tr->steps[0].label);
    CHECK(rv_trace_validate(tr, err, sizeof err) == 0, "%s: valid: %s", name, err);
    check_round_trip(tr, name);
    rv_analysis *an = rv_analyze(tr, err, sizeof err);
    CHECK(an != NULL, "%s: analysed: %s", name, err);
    if (an) {
        int warps = (int)(B + 31) / 32, last = (int)B - 32 * (warps - 1);
        CHECK(an->nwarps == warps, "%s: %d warps (%d)", name, warps, an->nwarps);
        const rv_warp_info *lw = rv_analysis_warp(an, 0, warps - 1);
        CHECK(lw->active_lanes == last && lw->state == RV_WARP_FULL,
              "%s: the last warp's %d lanes all load: full, not divergent (%d lanes, state %d)", name, last,
              lw->active_lanes, (int)lw->state);
        CHECK(an->steps[0].full_warps == warps && an->steps[0].divergent_warps == 0,
              "%s: every warp full at the load (%d full, %d divergent)", name, an->steps[0].full_warps,
              an->steps[0].divergent_warps);
        CHECK(an->steps[0].active_threads == (int)B && an->steps[0].wasted_threads == 0,
              "%s: %u threads load, none wasted (%d, %d)", name, B, an->steps[0].active_threads,
              an->steps[0].wasted_threads);
        CHECK(rv_warp_lanes(tr->block_size, warps - 1) == last && rv_warp_lanes(tr->block_size, warps) == 0,
              "%s: rv_warp_lanes says the last warp has %d lanes", name, last);
        CHECK(an->steps[1].active_threads == 1 &&
              rv_analysis_warp(an, 1, 0)->state == (B == 1 ? RV_WARP_FULL : RV_WARP_DIVERGENT),
              "%s: thread 0 alone writes the sum", name);
    }
    rv_analysis_free(an);
    rv_trace_free(tr);
}

/* A format-3 file (before the shape was kept) reads as a row; a shape that
 * is no block of its threads is refused; the versions keep their rules. */
static void check_formats_and_rules(void)
{
    char err[512] = "";
    rv_trace *tr = shapes_trace(&b16x16, err, sizeof err);
    CHECK(tr != NULL, "16x16 traced: %s", err);
    if (!tr)
        return;
    size_t len;
    uint8_t *buf = rv_trace_serialize(tr, &len);
    /* format 3: the same bytes without the 24 of the shape before "another follows" */
    put32(buf + 8, RV_TRACE_FORMAT_OWN3);
    memmove(buf + len - 28, buf + len - 4, 4);
    rv_trace *old = rv_trace_parse(buf, len - 24, err, sizeof err);
    CHECK(old != NULL, "a format-3 own trace still reads: %s", err);
    if (old) {
        uint32_t d[3];
        rv_trace_block_dim(old, d);
        CHECK(d[0] == 256 && d[1] == 1 && d[2] == 1, "format 3 says no shape: a row of 256 (%u x %u x %u)", d[0], d[1], d[2]);
    }
    rv_trace_free(old);
    free(buf);
    buf = rv_trace_serialize(tr, &len); /* format 4 with a shape of 0 x 0 x 0: damaged, not a row */
    memset(buf + len - 28, 0, 24);
    old = rv_trace_parse(buf, len, err, sizeof err);
    CHECK(old == NULL && strstr(err, "shape is truncated or damaged"), "a format-4 shape of zeros is refused: %s", err);
    rv_trace_free(old);
    free(buf);
    tr->block_dim[1] = 8; /* 16 x 8 x 1 is no block of 256 threads */
    CHECK(rv_trace_validate(tr, err, sizeof err) != 0 && strstr(err, "block shape 16 x 8 x 1"), "refused: %s", err);
    tr->block_dim[1] = 16;
    tr->grid_dim[0] = 3;
    CHECK(rv_trace_validate(tr, err, sizeof err) != 0 && strstr(err, "grid shape 3 x 2 x 1"), "refused: %s", err);
    rv_trace_free(tr);
    CHECK(rv_version_check_block(RV_VERSION_OWN, 1) == NULL && rv_version_check_block(RV_VERSION_OWN, 48) == NULL &&
          rv_version_check_block(RV_VERSION_OWN, 1024) == NULL, "an own trace's block: 1 to 1024 threads");
    CHECK(rv_version_check_block(RV_VERSION_OWN, 1025) != NULL && rv_version_check_block(RV_VERSION_OWN, 0) != NULL,
          "and no more");
    for (int v = 0; v < RV_NUM_VERSIONS; v++)
        CHECK(rv_version_check_block(v, 48) != NULL && rv_version_check_block(v, 1) != NULL &&
              rv_version_check_block(v, 256) == NULL, "%s keeps its block rules", rv_version_name(v));
}

/* The validator names a memory once: the space's name is the whole noun. */
static void check_messages(void)
{
    char err[512] = "", msg[200];
    rv_trace *tr = shapes_trace(&b48, err, sizeof err);
    CHECK(tr != NULL, "48 traced: %s", err);
    if (!tr)
        return;
    tr->own_gwords = 4416;
    rv_event *e = rv_trace_event(tr, 0, 0);
    uint64_t *r = tr->reads + e->reads, keep = r[0];
    r[0] = RV_ACC(RV_SPACE_GOWN, 4416);
    rv_trace_validate(tr, err, sizeof err);
    CHECK(!strcmp(err, "step 0 thread 0: read index 4416 is outside the kernel's own global memory (size 4416)"),
          "no word doubled: \"%s\"", err);
    r[0] = RV_ACC(RV_SPACE_SMEM, 48);
    rv_trace_validate(tr, err, sizeof err);
    CHECK(!strcmp(err, "step 0 thread 0: read index 48 is outside shared memory (size 48)"), "\"%s\"", err);
    r[0] = keep;
    uint64_t w = e->write;
    e->write = RV_ACC(RV_SPACE_GIN, 0);
    rv_trace_validate(tr, err, sizeof err);
    CHECK(!strcmp(err, "step 0 thread 0: writes to global input memory"), "\"%s\"", err);
    e->write = w;
    if (i18n_set("zh", msg, sizeof msg) == 0) {
        r[0] = RV_ACC(RV_SPACE_GOWN, 4416);
        rv_trace_validate(tr, err, sizeof err);
        CHECK(!strcmp(err, "第 0 步线程 0：读取 的下标 4416 超出内核自己的全局内存（大小 4416）"), "in Chinese: \"%s\"", err);
        r[0] = keep;
        i18n_set("en", NULL, 0);
    } else {
        printf("note: no Chinese catalogue (%s): the Chinese message is not checked\n", msg);
    }
    rv_trace_free(tr);
}

/* ---- kept run folders for `reducevis trace --replay` ---------------------- */

static int write_file(const char *dir, const char *name, const void *data, size_t len)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, len, f) == len;
    if (f && fclose(f) != 0)
        ok = 0;
    return ok ? 0 : -1;
}

static int write_text(const char *dir, const char *name, const char *text)
{
    return write_file(dir, name, text, strlen(text));
}

/* The tracer's counts.txt for launch l, where its grid copied or read
 * other blocks' shared memory (written as format 7): each block's tile by
 * cp.async (one request a warp, 4 bytes a lane, at the load's pc) or by one
 * bulk copy; thread 0 of each cluster reading s[0] of its 3 other blocks.
 * Thread 0's loads of s[] and its write of out[] as any run counts them.
 * "" for the other launches, which keep no counts (format 4). */
static void shapes_counts(const shapes_launch *l, char *text, size_t len)
{
    uint32_t B = shapes_threads(l), G = shapes_blocks(l), warps = (B + 31) / 32;
    size_t at = 0;
    text[0] = '\0';
    if (!l->async && !l->bulk && !l->cluster)
        return;
    at += (size_t)snprintf(text + at, len - at, "launch 1 grid %u block %u kernel %s\n", G, B, SHAPES_FUNC);
    if (l->async)
        at += (size_t)snprintf(text + at, len - at,
                               "count 1 pc 16 kind gmem flags %u size 4 requests %u lanes %u wavefronts 0\n",
                               RV_RAW_READ | RV_RAW_ASYNC, warps * G, B * G);
    if (l->bulk)
        at += (size_t)snprintf(text + at, len - at,
                               "count 1 pc 16 kind bulk flags 0 size 0 requests %u lanes %u wavefronts 0 bytes %u\n", G, G,
                               4 * B * G);
    at += (size_t)snprintf(text + at, len - at, "count 1 pc 64 kind smem flags 1 size 4 requests %u lanes %u wavefronts %u\n",
                           B * G, B * G, B * G);
    if (l->cluster)
        at += (size_t)snprintf(text + at, len - at,
                               "count 1 pc 64 kind dsmem flags %u size 4 requests %u lanes %u wavefronts 0\n",
                               RV_RAW_READ | RV_RAW_REMOTE, 3 * G / 4, 3 * G / 4);
    snprintf(text + at, len - at, "count 1 pc 80 kind gmem flags 2 size 4 requests %u lanes %u wavefronts 0\n", G, G);
}

/* DIR/NAME: the records of launch l and what the run said of itself. */
static int write_run(const char *root, const char *name, const shapes_launch *l)
{
    char dir[512], text[600];
    snprintf(dir, sizeof dir, "%s/%s", root, name);
    if (mkdir(dir, 0755) != 0)
        return -1;
    rv_raw raw;
    if (shapes_raw(l, &raw))
        return -1;
    size_t len = sizeof raw.h + raw.h.nrec * sizeof *raw.rec;
    uint8_t *buf = malloc(len);
    int rc = buf ? 0 : -1;
    if (buf) {
        memcpy(buf, &raw.h, sizeof raw.h);
        memcpy(buf + sizeof raw.h, raw.rec, raw.h.nrec * sizeof *raw.rec);
        rc = write_file(dir, "raw.rvraw", buf, len);
    }
    free(buf);
    rv_raw_free(&raw);
    uint64_t n = shapes_n(l);
    snprintf(text, sizeof text, "file shapes.cu\ndevice %s\ndate %s\nn %llu\ndata ones\n%s", SHAPES_DEVICE, SHAPES_DATE,
             (unsigned long long)n, l->gpu_launches ? "gpu_launches 1\n" : "");
    rc |= write_text(dir, "run.txt", text);
    unsigned long long sum = l->empty ? 0 : (unsigned long long)n;
    snprintf(text, sizeof text, "sum %llu\nfirst_partials %u\nin %llu %llu\nout %llu %llu\ntraced_ms 1.5\n",
             sum, shapes_blocks(l), (unsigned long long)SHAPES_IN, (unsigned long long)n,
             (unsigned long long)shapes_out(l), (unsigned long long)(n / 32 + 2));
    rc |= write_text(dir, "traced.txt", text);
    snprintf(text, sizeof text, "sum %llu\nms 0.011 0.010 0.012\n", sum);
    rc |= write_text(dir, "timed.txt", text);
    if (l->empty) { /* the tracer's count of a run that read no element */
        snprintf(text, sizeof text, "reads n %llu read 0 unread %llu first_unread 0 more_than_once 0 most 0\n",
                 (unsigned long long)n, (unsigned long long)n);
        rc |= write_text(dir, "reads.txt", text);
    }
    rc |= write_text(dir, "student.cu", SHAPES_SOURCE);
    rc |= write_text(dir, "kernel.sass", SHAPES_SASS);
    char counts[1024];
    shapes_counts(l, counts, sizeof counts);
    if (counts[0])
        rc |= write_text(dir, "counts.txt", counts);
    return rc;
}

/* A module that holds the device runtime's launch (what -rdc=true
 * -lcudadevrt links in for a kernel that launches kernels) is told apart
 * from one that does not, in any module of the folder. */
static void check_gpu_launches(void)
{
    char dir[] = "/tmp/rv-gpu-launches-XXXXXX";
    if (!mkdtemp(dir)) { CHECK(0, "a temporary folder for the modules"); return; }
    static const char plain[] = "\x7f" "ELF .text._Z8my_kernelPKfPfj .nv.info._Z8my_kernelPKfPfj";
    static const char cdp[] = "\x7f" "ELF .text._Z7partialPKfPfj\0.text.__cudaCDP2LaunchDeviceV2\0";
    CHECK(rv_run_launches_from_gpu(dir) == 0, "a folder with no module launches nothing from the GPU");
    write_file(dir, "module0.cubin", plain, sizeof plain);
    CHECK(rv_run_launches_from_gpu(dir) == 0, "a module without the device runtime launches nothing from the GPU");
    write_file(dir, "module2.cubin", cdp, sizeof cdp);
    CHECK(rv_run_launches_from_gpu(dir) == 1, "a module holding __cudaCDP2LaunchDeviceV2 launches from the GPU");
    char path[600];
    for (int k = 0; k < 3; k++) {
        snprintf(path, sizeof path, "%s/module%d.cubin", dir, k);
        remove(path);
    }
    rmdir(dir);
}

/* The tile copied asynchronously: by the threads' cp.async, and by one bulk
 * copy of the Tensor Memory Accelerator that thread 0 issued while the
 * others had begun to wait.  The bulk copy is one step, cp.async.bulk, in
 * which each thread draws its piece: in[t] read, shared word t written with
 * the value the driver's input holds there (the index pattern: t); the step
 * after the waits says the block waited there, and the flag survives a save;
 * without the wait records no step says so. */
static void check_async_copies(void)
{
    shapes_launch bulk = b48, async = b48;
    bulk.bulk = 1;
    async.async = 1;
    shapes_run r;
    char err[512] = "";
    CHECK(shapes_input(&bulk, &r) == 0, "bulk: the records are made");
    r.in.data = (rv_data){RV_DATA_INDEX, 0};
    rv_trace *tr = rv_own_build(&r.in, err, sizeof err);
    shapes_free(&r);
    CHECK(tr != NULL, "bulk: traced: %s", err);
    if (tr) {
        CHECK(tr->nsteps == 2 && !strcmp(tr->steps[0].label, "cp.async.bulk") && tr->steps[0].phase == RV_PHASE_LOAD,
              "bulk: step 0 is the bulk copy, a load (%d steps: %s)", tr->nsteps, tr->steps[0].label);
        int drawn = 0;
        for (int t = 0; t < tr->block_size; t++) {
            const rv_event *e = rv_trace_event(tr, 0, t);
            const uint64_t *rd = rv_event_reads(tr, e);
            int reads_in = 0;
            for (uint32_t k = 0; k < e->nreads; k++)
                reads_in |= RV_ACC_SPACE(rd[k]) == RV_SPACE_GIN && RV_ACC_INDEX(rd[k]) == (uint64_t)t;
            drawn += e->line && reads_in && RV_ACC_SPACE(e->write) == RV_SPACE_SMEM &&
                     RV_ACC_INDEX(e->write) == (uint64_t)t && e->value == (float)t;
        }
        CHECK(drawn == 48, "bulk: each of the 48 threads draws its piece: in[t] read, s[t] = t written (%d)", drawn);
        CHECK(tr->own_smem_words == 48, "bulk: 48 shared words written (%u)", tr->own_smem_words);
        CHECK(!(tr->steps[0].flags & RV_STEP_ASYNC_WAIT) && (tr->steps[1].flags & RV_STEP_ASYNC_WAIT),
              "bulk: the step after the mbarrier's wait says so, the copy does not (0x%x, 0x%x)", tr->steps[0].flags,
              tr->steps[1].flags);
        CHECK(rv_trace_event(tr, 1, 0)->nreads >= 48, "bulk: thread 0 adds the 48 words after the wait");
        check_round_trip(tr, "bulk");
        rv_analysis *an = rv_analyze(tr, err, sizeof err);
        CHECK(an && an->steps[0].active_threads == 48, "bulk: analysed, 48 threads in the copy's step: %s", err);
        rv_analysis_free(an);
        rv_trace_free(tr);
    }
    /* the same tile from somewhere other than the driver's in[]: no value is made up */
    CHECK(shapes_input(&bulk, &r) == 0, "bulk elsewhere: the records are made");
    r.arrays.in_addr = r.meta.calls[0].in_addr = SHAPES_IN + 0x1000000; /* the copy's source: the kernel's own */
    tr = rv_own_build(&r.in, err, sizeof err);
    shapes_free(&r);
    CHECK(tr != NULL, "bulk elsewhere: traced: %s", err);
    if (tr) {
        const rv_event *e = rv_trace_event(tr, 0, 5);
        CHECK(rv_value_unknown(e->value), "bulk from memory that is not the driver's input: \"?\" (%g)",
              (double)e->value);
        rv_trace_free(tr);
    }
    tr = shapes_trace(&async, err, sizeof err);
    CHECK(tr && tr->nsteps == 2 && !strcmp(tr->steps[0].label, "cp.async") &&
          (tr->steps[1].flags & RV_STEP_ASYNC_WAIT) && !(tr->steps[0].flags & RV_STEP_ASYNC_WAIT),
          "cp.async: the step after the pipeline's wait and the barrier says so: %s", err);
    rv_trace_free(tr);
    tr = shapes_trace(&b48, err, sizeof err);
    CHECK(tr && !(tr->steps[1].flags & RV_STEP_ASYNC_WAIT), "no wait recorded: no step says so");
    rv_trace_free(tr);
}

/* A block that made no shared or global access (an empty kernel) is a
 * trace of one step, "no access", that no thread runs, flagged so: it
 * validates, analyses, keeps its flag through a save, and the exercises'
 * rules judge it (the reads of a run that read nothing fail, and so does
 * "every thread reads two elements"), where before it stopped at an error. */
static void check_no_access(void)
{
    char err[512] = "";
    shapes_launch empty = b48;
    empty.empty = 1;
    rv_trace *tr = shapes_trace(&empty, err, sizeof err);
    CHECK(tr != NULL, "no access: traced, not refused: %s", err);
    if (tr) {
        int ran = 0;
        for (int t = 0; t < tr->block_size; t++)
            ran += rv_trace_event(tr, 0, t)->line != 0;
        CHECK(tr->nsteps == 1 && !strcmp(tr->steps[0].label, "no access") && ran == 0,
              "no access: one step, \"no access\", no thread in it (%d steps, '%s', %d ran)", tr->nsteps,
              tr->steps[0].label, ran);
        CHECK(tr->own_flags & RV_OWN_NO_ACCESS, "no access: the trace says so (flags 0x%x)", tr->own_flags);
        CHECK(tr->block_size == 48 && tr->grid == 4 && tr->n == 192, "no access: the launch is said (%d, %u, %llu)",
              tr->block_size, tr->grid, (unsigned long long)tr->n);
        CHECK(rv_trace_validate(tr, err, sizeof err) == 0, "no access: valid: %s", err);
        char path[] = "/tmp/rv-no-access-XXXXXX";
        int fd = mkstemp(path);
        if (fd >= 0) close(fd);
        rv_trace *back = fd >= 0 && rv_trace_save(tr, path, err, sizeof err) == 0 ? rv_trace_load(path, err, sizeof err) : NULL;
        CHECK(back && (back->own_flags & RV_OWN_NO_ACCESS) && back->nsteps == 1, "no access: kept through a save: %s", err);
        rv_trace_free(back);
        if (fd >= 0) remove(path);
        rv_analysis *an = rv_analyze(tr, err, sizeof err);
        CHECK(an && an->steps[0].active_threads == 0, "no access: analysed, no thread active: %s", err);
        rv_rules_facts f = {.reads = RV_FACT_KNOWN, .n = 192, .read = 0, .unread = 192, .first_unread = 0};
        rv_rules_result res;
        int reads_failed = 0, two_failed = 0;
        for (int ex = 1; an && rv_exercise_get(ex); ex++) {
            rv_rules_judge(tr, an, rv_exercise_get(ex), 0, &f, &res);
            CHECK(!res.pass, "no access: exercise %d is failed, not passed", ex);
            for (int i = 0; i < res.nrules; i++) {
                reads_failed += res.rules[i].rule == RV_RULE_READS && !res.rules[i].ok && res.rules[i].got == 0;
                two_failed += res.rules[i].rule == RV_RULE_TWO_PER_THREAD && !res.rules[i].ok;
            }
        }
        CHECK(reads_failed > 0 && two_failed > 0, "no access: reads 0 of 192 and no load fail their rules (%d, %d)",
              reads_failed, two_failed);
        rv_analysis_free(an);
        rv_trace_free(tr);
    }
}

/* SMEM reads of thread t at step s: how many, and how many of word 0. */
static int smem_reads(const rv_trace *tr, int s, int t, int *of_word0)
{
    const rv_event *e = rv_trace_event(tr, s, t);
    const uint64_t *rd = rv_event_reads(tr, e);
    int n = 0;
    *of_word0 = 0;
    for (uint32_t k = 0; k < e->nreads; k++)
        if (RV_ACC_SPACE(rd[k]) == RV_SPACE_SMEM) {
            n++;
            *of_word0 += RV_ACC_INDEX(rd[k]) == 0;
        }
    return n;
}

/* A block of a cluster that reads its own s[0] through the cluster's
 * mapping, as the tracer before RV_PC_HALVES recorded it (another block's,
 * of its own rank), draws that read in its own shared memory: one read of
 * s[0] more than the cluster that reads only the others', and the step
 * still names blocks 1, 2 and 3 only. */
static void check_own_rank(void)
{
    char err[512] = "";
    shapes_launch cluster = b48, own_rank = b48;
    cluster.cluster = own_rank.cluster = own_rank.own_rank = 1;
    rv_trace *plain = shapes_trace(&cluster, err, sizeof err);
    rv_trace *tr = shapes_trace(&own_rank, err, sizeof err);
    CHECK(plain && tr, "own rank: both clusters traced: %s", err);
    if (plain && tr) {
        int w0_plain, w0_own;
        int n_plain = smem_reads(plain, 1, 0, &w0_plain), n_own = smem_reads(tr, 1, 0, &w0_own);
        CHECK(n_own == n_plain + 1 && w0_own == w0_plain + 1,
              "own rank: its own s[0] read once more in its own shared memory (%d then %d reads, %d then %d of s[0])",
              n_plain, n_own, w0_plain, w0_own);
        CHECK(!strcmp(tr->steps[1].label, "dsmem 1 2 3") && (tr->steps[1].flags & RV_STEP_DSMEM),
              "own rank: the step names blocks 1, 2 and 3, not its own ('%s')", tr->steps[1].label);
    }
    rv_trace_free(plain);
    rv_trace_free(tr);
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--replay-dir")) {
        shapes_launch past = b48, out_past = b48, async = b48, cluster = b48, gpu_launches = b48, bulk = b48,
                      empty = b48;
        bulk.bulk = 1;
        empty.empty = 1;
        past.past = 1;
        out_past.out_past = 1;
        async.async = 1;
        cluster.cluster = 1;
        gpu_launches.gpu_launches = 1;
        int rc = write_run(argv[2], "b48", &b48) | write_run(argv[2], "b16x16", &b16x16) |
                 write_run(argv[2], "past", &past) | write_run(argv[2], "out_past", &out_past) |
                 write_run(argv[2], "async", &async) | write_run(argv[2], "cluster", &cluster) |
                 write_run(argv[2], "gpu_launches", &gpu_launches) | write_run(argv[2], "bulk", &bulk) |
                 write_run(argv[2], "empty", &empty);
        if (rc)
            fprintf(stderr, "test_shapes: cannot write the run folders under %s\n", argv[2]);
        return rc ? 1 : 0;
    }
    char locale[1024];
    rv_locale_dir(locale, sizeof locale);
    i18n_init("en", locale, NULL, 0);
    check_shape(&one, "1 thread, grid 1");
    check_shape(&b48, "48 threads");
    check_shape(&b16x16, "16x16");
    check_shape(&b884, "8x8x4");
    check_formats_and_rules();
    check_gpu_launches();
    check_async_copies();
    check_no_access();
    check_own_rank();
    check_messages();
    return check_report();
}
