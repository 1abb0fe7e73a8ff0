/* test_waves_raw.c — the files a waves run writes (src/tracer/waves.h), made
 * here as the tool makes them, read back into waves (src/own/records/
 * waves_raw.c): times, SMs, cluster ranks carried over, and a damaged or
 * impossible file refused with a message naming it; a run's launches kept
 * in a trace only where the trace holds that launch, of the same shape
 * (rv_waves_keep, which the stamped waves run goes through too).  `--into`
 * writes one into a kept run folder for waves_replay_test.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "model/model.h"
#include "own/records/waves_raw.h"
#include "tracer/waves.h"

/* Launch k of 4 blocks of `threads` (in clusters of 2 where `clusters`) on
 * 2 SMs, a block at a time each: blocks 0 and 1 from 100 to 200 ns (their
 * first warps out at 150), 2 and 3 from 200 to 290 (at 250). */
static void write_shaped(const char *dir, uint32_t k, uint32_t recorded, uint32_t sm_of_3, uint32_t threads,
                         int clusters)
{
    rv_waves_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, RV_WAVES_MAGIC, 8);
    h.launch = k, h.call = 1;
    h.grid_dim[0] = 4, h.grid_dim[1] = h.grid_dim[2] = 1;
    h.block_dim[0] = threads, h.block_dim[1] = h.block_dim[2] = 1;
    h.cluster_dim[0] = clusters ? 2 : 1, h.cluster_dim[1] = h.cluster_dim[2] = 1;
    h.blocks = 4, h.recorded = recorded, h.sm_count = 2, h.bound = 1, h.sm_blocks = 32;
    h.cluster_bound = clusters ? 1 : 0;
    rv_waves_record r[4];
    memset(r, 0, sizeof r);
    for (uint32_t b = 0; b < 4; b++) {
        r[b].block = b, r[b].sm = b == 3 ? sm_of_3 : b % 2;
        r[b].start = b < 2 ? 100 : 200, r[b].first_end = b < 2 ? 150 : 250, r[b].end = b < 2 ? 200 : 290;
        r[b].flags = RV_WAVES_SEEN | (clusters ? RV_WAVES_CLUSTER | ((b % 2) << RV_WAVES_RANK_SHIFT) : 0);
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/waves-%u.rvwaves", dir, k);
    FILE *f = fopen(path, "wb");
    fwrite(&h, sizeof h, 1, f);
    fwrite(r, sizeof *r, recorded, f);
    fclose(f);
}

static void write_launch(const char *dir, uint32_t k, uint32_t recorded, uint32_t sm_of_3)
{
    write_shaped(dir, k, recorded, sm_of_3, 128, 1);
}

static void expect_refused(const char *dir, const char *part)
{
    char err[600] = "";
    rv_waves *w = rv_waves_raw_load_dir(dir, err, sizeof err);
    CHECK(w == NULL, "a bad waves run was accepted (expected: %s)", part);
    CHECK_CONTAINS(err, part);
    rv_waves_free(w);
}

/* rv_waves_keep: the model's trace of v0 (one launch, 4 blocks of 128)
 * keeps launch 1 of a run's two and drops launch 2, which it does not hold;
 * a launch 1 of other blocks, or a run without launch 1, is refused. */
static void test_keep(const char *dir)
{
    rv_config c = rv_config_default();
    c.version = 0, c.block_size = 128, c.n = 512;
    char err[600] = "";
    rv_trace *tr = rv_model_run(&c, err, sizeof err);
    CHECK(tr != NULL, "model: %s", err);
    if (!tr) return;
    write_shaped(dir, 1, 4, 1, 128, 0);
    write_shaped(dir, 2, 4, 1, 64, 0);
    rv_waves *w = rv_waves_raw_load_dir(dir, err, sizeof err);
    CHECK(w && rv_waves_keep(w, tr, err, sizeof err) == 0, "kept: %s", err);
    CHECK(tr->waves && tr->waves->launch == 1 && !tr->waves->next, "launch 1 kept, launch 2 dropped");
    write_shaped(dir, 1, 4, 1, 256, 0);
    w = rv_waves_raw_load_dir(dir, err, sizeof err);
    CHECK(w && rv_waves_keep(w, tr, err, sizeof err) != 0, "a launch of other blocks was kept");
    CHECK_CONTAINS(err, "not the same launch");
    CHECK(tr->waves && tr->waves->blocks[0].sm == 0, "the trace's waves untouched by a refusal");
    char path[4200];
    snprintf(path, sizeof path, "%s/waves-1.rvwaves", dir);
    unlink(path);
    w = rv_waves_raw_load_dir(dir, err, sizeof err);
    CHECK(w && rv_waves_keep(w, tr, err, sizeof err) != 0, "a run without the traced launch was kept");
    CHECK_CONTAINS(err, "recorded none of the traced launches");
    snprintf(path, sizeof path, "%s/waves-2.rvwaves", dir);
    unlink(path);
    rv_trace_free(tr);
}

/* With --into RUN THREADS: RUN/waves/waves-1.rvwaves, a launch of 4 blocks
 * of THREADS, for a kept run folder of test_shapes (waves_replay_test.sh). */
int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "--into")) {
        char dir[4200];
        snprintf(dir, sizeof dir, "%s/waves", argv[2]);
        if (mkdir(dir, 0700) != 0) { perror(dir); return 1; }
        write_shaped(dir, 1, 4, 1, (uint32_t)atoi(argv[3]), 0);
        return 0;
    }
    char dir[] = "/tmp/rv-waves-raw-XXXXXX", err[600] = "";
    if (!mkdtemp(dir)) return 1;
    expect_refused(dir, "the waves run recorded no launch");

    write_launch(dir, 1, 4, 1);
    write_launch(dir, 2, 4, 1);
    rv_waves *w = rv_waves_raw_load_dir(dir, err, sizeof err);
    CHECK(w && w->next && !w->next->next, "two launches read: %s", err);
    if (w) {
        CHECK(w->launch == 1 && w->next->launch == 2, "launches in order");
        CHECK(w->nblocks == 4 && w->blocks[3].start == 200 && w->blocks[3].first_end == 250 && w->blocks[3].end == 290 &&
                  w->blocks[3].sm == 1,
              "block 3 as written");
        CHECK(w->blocks[3].rank == 1 && w->blocks[3].flags == RV_WAVE_CLUSTER && w->blocks[2].rank == 0,
              "ranks from the flags' high half");
        CHECK(w->cluster_dim[0] == 2 && w->cluster_bound == 1 && w->sm_count == 2 && w->bound == 1 && w->sm_blocks == 32,
              "bounds");
    }
    rv_waves_free(w);

    write_launch(dir, 2, 3, 1);   /* block 3 never seen by the tool */
    expect_refused(dir, "block 3 was never recorded");
    write_launch(dir, 2, 4, 5);   /* an SM the GPU does not have */
    expect_refused(dir, "block 3 ran on SM 5, but the GPU has 2 SMs");

    char path[4200];
    snprintf(path, sizeof path, "%s/waves-2.rvwaves", dir);
    FILE *f = fopen(path, "r+b");
    fputs("RVRAW004", f);   /* another file's magic */
    fclose(f);
    expect_refused(dir, "waves-2.rvwaves: not a waves file of this tracer");

    write_launch(dir, 2, 4, 1);
    f = fopen(path, "r+b");
    fseek(f, -8, SEEK_END);   /* cut short by half a record... */
    long len = ftell(f);
    fclose(f);
    if (truncate(path, len) != 0) perror("truncate");
    expect_refused(dir, "says 4 of 4 blocks recorded");

    snprintf(path, sizeof path, "%s/waves-1.rvwaves", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/waves-2.rvwaves", dir);
    unlink(path);
    test_keep(dir);
    rmdir(dir);
    return check_report();
}
