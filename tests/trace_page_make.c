/* trace_page_make.c — one student's lesson page made as the class makes it
 * (src/class/trace_pages.c: `reducevis export` in a child, with the
 * arguments the class gives it), for tests/class/waves_page_test.sh.
 * Usage: trace_page_make CLASS_DIR REDUCEVIS ID VERSION LANG; prints the
 * page's path (CLASS_DIR/submissions/ID-vs-VERSION-LANG.html) and exits 0,
 * or says why it could not be made and exits 1. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "class/trace_pages.h"

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: trace_page_make CLASS_DIR REDUCEVIS ID VERSION LANG\n");
        return 2;
    }
    trace_pages *p = trace_pages_new(argv[1], argv[2], NULL);
    if (!p) return 1;
    int fd = -1, rc = 1;
    size_t size = 0;
    char why[300] = "";
    for (int tries = 0; tries < 3000; tries++) { /* 300 s: the class's own limit is 180 */
        trace_page_state st = trace_pages_get(p, atoi(argv[3]), argv[4], argv[5], &fd, &size, why, sizeof why);
        if (st == TRACE_PAGE_READY) {
            close(fd);
            printf("%s/submissions/%s-vs-%s-%s.html\n", argv[1], argv[3], argv[4], argv[5]);
            rc = 0;
            break;
        }
        if (st == TRACE_PAGE_FAILED || st == TRACE_PAGE_BUSY) {
            fprintf(stderr, "trace_page_make: %s\n", st == TRACE_PAGE_BUSY ? "busy" : why);
            break;
        }
        nanosleep(&(struct timespec){0, 100 * 1000 * 1000}, NULL);
    }
    trace_pages_free(p);
    return rc;
}
