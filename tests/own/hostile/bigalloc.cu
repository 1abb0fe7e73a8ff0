// bigalloc.cu — hostile host code: asks for 100 GB at once, then in 1 GiB
// pieces (never touched, so that a missing limit costs no memory).
// Contained: the memory limit refuses both.  tests/own/sandbox_test.sh fills
// in when it strikes (@AT_START@, @IN_LAUNCH@).
#include <cstdio>
#include <cstdlib>

static void attack()
{
    void *p = malloc(100ull << 30);
    fprintf(stderr, "hostile bigalloc: 100 GB at once: %s\n", p ? "GRANTED" : "refused");
    int got = 0;
    while (got < 100 && malloc(1ull << 30)) got++;
    fprintf(stderr, "hostile bigalloc: %d GiB in 1 GiB pieces, then %s\n", got, got < 100 ? "refused" : "NEVER refused");
}
