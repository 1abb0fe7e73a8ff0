// forkbomb.cu — hostile host code: a fork bomb.  Contained: the process
// limit refuses the forks (the first process says after how many), the time
// limit then kills the whole sandbox, and the machine stays usable.
// tests/own/sandbox_test.sh fills in when it strikes (@AT_START@, @IN_LAUNCH@).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

static void attack()
{
    long made = 0;
    for (;;) {
        pid_t p = fork();
        if (p == 0) for (;;) fork();  /* every child forks too */
        if (p < 0) {
            fprintf(stderr, "hostile forkbomb: fork refused after %ld processes: %s\n", made, strerror(errno));
            for (;;) fork();
        }
        made++;
    }
}
