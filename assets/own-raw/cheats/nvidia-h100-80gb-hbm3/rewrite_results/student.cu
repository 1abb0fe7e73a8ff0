// rewrite_results.cu — the trick: a light kernel, and right-looking results
// written over the judge's after the fact.  The kernel sums every second
// element and doubles it (half the traffic; right on ones).  Three pieces
// of the student's host code that run outside launch() then rewrite every
// results file they find in the working folder (timed.txt, judged.txt),
// marking each call "ok" and quartering its times: a function marked
// __attribute__((destructor)), one given to atexit(), and a thread started
// on the first call that keeps rewriting until the program ends.
//
// The judge must say: "FAIL calls" (the judged calls are made by the
// judge's runner, which runs none of the student's host code and hands its
// results over a line, never through a file), and "reads 16,777,216 of
// 33,554,432 input elements".
//
// What it relies on: a judge whose results are a file the student's own
// process writes, then read after it exits.  docs/exercises.md named this
// hole under "What it does not catch" before the judge's runner.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <unistd.h>

__global__ void sum_half(const float *in, float *out, unsigned int n)
{
    float t = 0;
    for (unsigned int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x); i < n; i += 2 * gridDim.x * blockDim.x)
        t += 2 * in[i];
    atomicAdd(out, t);
}

static void rewrite(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return;
    std::string text, line;
    char buf[4096];
    while (fgets(buf, sizeof buf, f)) {
        line = buf;
        size_t w = line.rfind(" wrong");
        if (w != std::string::npos) line.replace(w, 6, " ok");
        text += line;
    }
    fclose(f);
    if ((f = fopen(path, "w"))) fputs(text.c_str(), f), fclose(f);
}

static void rewrite_all()
{
    rewrite("timed.txt");
    rewrite("judged.txt");
}

__attribute__((destructor)) static void at_unload() { rewrite_all(); }

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    static bool started = false;
    if (!started) {
        started = true;
        atexit(rewrite_all);
        std::thread([] { for (;;) { rewrite_all(); usleep(1000); } }).detach();
    }
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    sum_half<<<1056, block, 0, stream>>>(in, out, n);
    return 1;
}
