// bigfile.cu — hostile host code: writes a 20 GB file in its work folder.
// Contained: the file size limit stops it (SIGXFSZ) at 256 MiB.
// tests/own/sandbox_test.sh fills in when it strikes (@AT_START@, @IN_LAUNCH@).
#include <cstdio>
#include <cstring>

static void attack()
{
    static char chunk[1 << 20];
    memset(chunk, 'x', sizeof chunk);
    FILE *f = fopen("big.bin", "wb");
    if (!f) return;
    fprintf(stderr, "hostile bigfile: writing 20 GB\n");
    int mib = 0;
    while (mib < 20 * 1024 && fwrite(chunk, 1, sizeof chunk, f) == sizeof chunk) mib++;
    fclose(f);
    fprintf(stderr, "hostile bigfile: wrote %d MiB\n", mib);
}
