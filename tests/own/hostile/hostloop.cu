// hostloop.cu — hostile host code: a loop that never ends.  Contained: the
// time limit (and the CPU limit) kill it.  tests/own/sandbox_test.sh appends the
// kernel and launch() of carrier.cu.in, and fills in when it strikes.
#include <cstdio>

static void attack()
{
    fprintf(stderr, "hostile hostloop: looping forever\n");
    volatile unsigned long spins = 0;
    for (;;) spins = spins + 1;
}
