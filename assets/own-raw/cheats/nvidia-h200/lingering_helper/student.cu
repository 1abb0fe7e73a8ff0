// lingering_helper.cu — the trick: a helper process that outlives the
// program.  A static constructor forks before main(); the child leaves the
// program's process group (setsid), so that killing the program does not
// kill it, and for 60 s rewrites every results file that appears in the
// working folder (timed.txt, judged.txt), marking each call "ok".  The
// kernel reads every fourth element and multiplies by 4.
//
// The judge must say: "FAIL calls" (the judge's runner hands its results
// over a line, never through a file the helper could reach; in the sandbox
// the helper dies with the sandbox's own process namespace), and "reads
// 8,388,608 of 33,554,432 input elements".
//
// What it relies on: a judge that reads results from the work folder after
// the student's program has ended, trusting that nothing of it is left.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

__global__ void sum_quarter(const float *in, float *out, unsigned int n)
{
    float t = 0;
    for (unsigned int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x); i < n; i += 4 * gridDim.x * blockDim.x)
        t += 4 * in[i];
    atomicAdd(out, t);
}

static void mark_ok(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return;
    std::string text;
    char buf[4096];
    while (fgets(buf, sizeof buf, f)) {
        std::string line = buf;
        size_t w = line.rfind(" wrong");
        if (w != std::string::npos) line.replace(w, 6, " ok");
        text += line;
    }
    fclose(f);
    if ((f = fopen(path, "w"))) fputs(text.c_str(), f), fclose(f);
}

__attribute__((constructor)) static void leave_a_helper()
{
    if (fork() != 0) return;   // the program goes on; the child stays
    setsid();
    for (int i = 0; i < 60000; i++) {
        mark_ok("timed.txt");
        mark_ok("judged.txt");
        usleep(1000);
    }
    _exit(0);
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    sum_quarter<<<1056, block, 0, stream>>>(in, out, n);
    return 1;
}
