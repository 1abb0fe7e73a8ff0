// spin.cu — hostile host code: spins every core of the machine, a thread a
// core and 8 more, for 20 s.  Contained: the sandbox's cgroup gets one share
// of the CPU however many threads it runs, so other sandboxes keep theirs;
// the time limit then stops it.  tests/own/sandbox_test.sh fills in when it
// strikes (@AT_START@, @IN_LAUNCH@).
#include <cstdio>
#include <ctime>
#include <pthread.h>
#include <unistd.h>

static void *spin(void *)
{
    time_t end = time(nullptr) + 20;
    volatile unsigned long n = 0;
    while (time(nullptr) < end) n = n + 1;
    return nullptr;
}

static void attack()
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN), started = 0;
    pthread_t t[264];
    for (long i = 0; i < cores + 8 && i < 264; i++) started += pthread_create(&t[i], nullptr, spin, nullptr) == 0;
    fprintf(stderr, "hostile spin: %ld threads on %ld cores\n", started, cores);
    spin(nullptr);
}
