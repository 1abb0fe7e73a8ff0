// spin.cu — hostile host code: spins every core of the machine, a thread a
// core and 8 more, for 20 s.  Contained: the sandbox's cgroup gets one share
// of the CPU however many threads it runs, and at most the CPUs of its quota
// (cpu.max), so other sandboxes keep theirs; the time limit then stops it.
// After 3 s it says how many CPUs it kept busy (hostile_test.py reads it).  tests/own/sandbox_test.sh fills in when it
// strikes (@AT_START@, @IN_LAUNCH@).
#include <cstdio>
#include <ctime>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/time.h>
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
    struct timeval t0, t1;
    gettimeofday(&t0, nullptr);
    volatile unsigned long n = 0;
    do {
        n = n + 1;
        gettimeofday(&t1, nullptr);
    } while ((t1.tv_sec - t0.tv_sec) + (t1.tv_usec - t0.tv_usec) / 1e6 < 3);
    struct rusage r;
    getrusage(RUSAGE_SELF, &r);
    double cpu = r.ru_utime.tv_sec + r.ru_utime.tv_usec / 1e6 + r.ru_stime.tv_sec + r.ru_stime.tv_usec / 1e6;
    fprintf(stderr, "hostile spin: %.2f CPUs busy over 3 s\n", cpu / 3);
    spin(nullptr);
}
