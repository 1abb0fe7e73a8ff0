// flood.cu — hostile host code: prints a gigabyte.  Contained: the output
// limit stops it at 2 MiB.  tests/own/sandbox_test.sh fills in when it
// strikes (@AT_START@, @IN_LAUNCH@).
#include <cstdio>
#include <cstring>

static void attack()
{
    static char line[4096];
    memset(line, 'y', sizeof line - 1);
    line[sizeof line - 1] = '\n';
    for (long i = 0; i < (1L << 30) / (long)sizeof line; i++) fwrite(line, 1, sizeof line, stdout);
    fprintf(stderr, "hostile flood: printed a gigabyte\n");
}
