// gpumem.cu — hostile host code: 40 copies of itself (exec of
// /proc/self/exe), each holding all the GPU memory it can get, in 1 GiB
// pieces, for 20 s.  Not contained in bytes: nothing bounds a process's GPU
// memory without MPS (docs/class.md, "GPU memory"); its processes are bounded
// by the sandbox's process limit, and the memory is the card's again when its
// sandbox ends (the run's time limit).  A check beside it that is refused
// GPU memory goes back to the queue once: never a verdict.  Needs a GPU
// (tests/gpu/class_submit.py's hostile students).  tests/own/sandbox_test.sh
// fills in when it strikes (@AT_START@, @IN_LAUNCH@).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <unistd.h>

__attribute__((constructor)) static void a_copy()
{
    if (!getenv("HOSTILE_GPUMEM_COPY")) return;
    size_t held = 0;
    void *p;
    while (cudaMalloc(&p, 1ull << 30) == cudaSuccess) held++;
    fprintf(stderr, "hostile gpumem: a copy holds %zu GiB of GPU memory\n", held);
    sleep(20);
    _exit(0);
}

static void attack()
{
    int made = 0;
    for (int i = 0; i < 40; i++) {
        pid_t p = fork();
        if (p == 0) {
            setenv("HOSTILE_GPUMEM_COPY", "1", 1);
            execl("/proc/self/exe", "copy", (char *)nullptr);
            _exit(1);
        }
        made += p > 0;
    }
    fprintf(stderr, "hostile gpumem: %d copies started\n", made);
    sleep(2);   /* they take the memory before this run goes on */
}
