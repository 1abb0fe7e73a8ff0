// diskfill.cu — hostile host code: ignores the file size limit's signal and
// fills the disk with one 255 MiB file after another.  Contained: the work
// folder may grow by 1 GiB, then the sandbox is stopped.
// tests/own/sandbox_test.sh fills in when it strikes (@AT_START@, @IN_LAUNCH@).
#include <csignal>
#include <cstdio>
#include <cstring>

static void attack()
{
    static char chunk[1 << 20];
    memset(chunk, 'x', sizeof chunk);
    signal(SIGXFSZ, SIG_IGN);
    fprintf(stderr, "hostile diskfill: writing 255 MiB files until the disk is full\n");
    for (int k = 0; k < 1000; k++) {
        char name[32];
        snprintf(name, sizeof name, "fill%03d.bin", k);
        FILE *f = fopen(name, "wb");
        if (!f) break;
        for (int mib = 0; mib < 255; mib++) fwrite(chunk, 1, sizeof chunk, f);
        fclose(f);
    }
    fprintf(stderr, "hostile diskfill: wrote 1000 files of 255 MiB\n");
}
