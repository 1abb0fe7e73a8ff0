// army.cu — hostile host code: a process army that holds host memory.  Up to
// 100 processes each write 256 MiB (25 GiB in all, where nothing stops it)
// and hold it for 20 s.  Contained: the sandbox's cgroup bounds its
// processes' memory together (memory.max), so its own processes are killed
// and the machine's memory stays the others'.  Only run where that limit is
// in place (tests/class/hostile_test.py asks the class's line first).
// tests/own/sandbox_test.sh fills in when it strikes (@AT_START@, @IN_LAUNCH@).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

static void attack()
{
    int made = 0;
    for (int i = 0; i < 100; i++) {
        pid_t p = fork();
        if (p == 0) {
            char *m = (char *)malloc(256u << 20);
            if (m) memset(m, 1, 256u << 20);
            sleep(20);
            _exit(0);
        }
        if (p < 0) break;
        made++;
    }
    fprintf(stderr, "hostile army: %d processes of 256 MiB each\n", made);
    sleep(20);
}
