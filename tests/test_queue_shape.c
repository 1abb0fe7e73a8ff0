/* test_queue_shape.c — which recordings of launch() are timed while the GPU
 * waits (src/own/records/queue_shape.c): everything on launch()'s stream and
 * nothing that makes the host wait for the GPU; any other stream, a copy to
 * or from the host, a plain cudaMalloc or cudaFree, a wait of launch()'s own,
 * something not replayable, or text that is no recording: not held.  And the
 * timed run's "held" line read back (src/own/records/timed.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "own/records/queue_shape.h"

#define ARRAYS    "queued 1\narrays in 1000 33554432 out 2000 3000 1048577 stream 77\n"
#define CALL1     "call 1 m 33554432\n"
#define LAUNCH(s) "launch 0 reduce grid 4 1 1 block 256 1 1 cluster 1 1 1 smem 0 coop 0 stream " s " params 0010\n"

static void holds(const char *text, int want, const char *what)
{
    CHECK(rv_queue_holdable(text) == want, "%s: %s", what, want ? "held" : "not held");
}

int main(void)
{
    holds(ARRAYS CALL1 LAUNCH("77") "call 2 m 4\n" LAUNCH("77"), 1, "two calls, one launch each, on launch()'s stream");
    holds(ARRAYS CALL1 "alloc 5000 64 async stream 77\n"
                       "memset 5000 64 1 64 4 0 stream 77\n" LAUNCH("77") "copy 2000 5000 4 stream 77\n"
                                                                          "record 9 stream 77\n"
                                                                          "waitevent 9 stream 77\n"
                                                                          "free 5000 async stream 77\n",
          1, "CUB's way: temporary storage made and freed on the stream, a memset, a copy, events");
    holds(ARRAYS CALL1 LAUNCH("78"), 0, "a launch on another stream");
    holds(ARRAYS CALL1 LAUNCH("0"), 0, "a launch on the default stream");
    holds(ARRAYS CALL1 "alloc 5000 64 sync stream 0\n" LAUNCH("77"), 0, "a plain cudaMalloc");
    holds(ARRAYS CALL1 LAUNCH("77") "free 5000 sync stream 0\n", 0, "a plain cudaFree (it waits for the device)");
    holds(ARRAYS CALL1 LAUNCH("77") "fetch 2000 4 stream 77 at 1a,2b\n", 0, "a copy to the host");
    holds(ARRAYS CALL1 "upload 2000 8 stream 77 data 0000803f0000803f\n" LAUNCH("77"), 0, "a copy from the host");
    holds(ARRAYS CALL1 LAUNCH("77") "hold sync at 1a\n", 0, "launch() waits for the GPU");
    holds(ARRAYS CALL1 "unreplayable graph\n", 0, "something the runner cannot replay");
    holds(ARRAYS CALL1 "memset 5000 64 1 64 4 0\n", 0, "an operation that names no stream");
    holds(CALL1 LAUNCH("77"), 0, "no arrays line: no stream of launch()'s known");
    holds(ARRAYS, 0, "no call");
    holds("", 0, "empty");
    holds("garbage line\n", 0, "text that is no recording");
    holds(ARRAYS CALL1 "queued 2\n" LAUNCH("77"), 1, "the header again is no operation");

    /* from a folder: queued.txt read as the runner will, none: not held */
    char dir[] = "/tmp/test_queue_shape.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "a folder");
    CHECK(rv_queue_holdable_in(dir) == 0, "no recording: not held");
    char path[256];
    snprintf(path, sizeof path, "%s/queued.txt", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL, "the recording written");
    if (f) fputs(ARRAYS CALL1 LAUNCH("77"), f), fclose(f);
    CHECK(rv_queue_holdable_in(dir) == 1, "the recording in the folder: held");
    unlink(path);
    CHECK(symlink("/etc/passwd", path) == 0 && rv_queue_holdable_in(dir) == 0, "a link is not followed");
    unlink(path);
    rmdir(dir);
    return check_report();
}
