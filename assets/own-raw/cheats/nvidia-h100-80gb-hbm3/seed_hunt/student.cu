// seed_hunt.cu — the trick: never read the input; find the seed its values
// come from and make them again.  The data patterns are public
// (src/core/data.c), and a judge that gives the program its seed (on its
// command line, in its environment, in a file of its work folder) lets it
// sum every call's input from the generator in a compute-only kernel, which
// beats reading 128 MiB from memory.  This file looks everywhere the
// program can: /proc/self/cmdline, /proc/self/environ, and every file of
// its working folder and of the folder its program is in (run.txt,
// timed.txt, ...), for "signed:SEED".  Its first call (the traced run's
// only call) takes that seed as its data's; call c > 1 takes stream c - 1
// of it, as rv_data_derive makes the timed calls' data.  The kernel sums
// those values, made again from the seed, and never reads in[].
//
// The judge must say: "FAIL calls" (the judged calls' data are drawn apart
// from the traced run's, handed to the judge's runner over a line as each
// call starts, and the runner replays the kernel with the parameters the
// traced run gave it: the traced data's seed, never a judged call's), and
// "reads 0 of 33,554,432 input elements".
//
// What it relies on: a judge that times the student's own process, which
// knows the seed.  The driver before the judge's runner did: `time
// signed:SEED N ...` on its command line.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <string>
#include <unistd.h>

__host__ __device__ static unsigned long long mix(unsigned long long x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

__global__ void sum_of_seed(unsigned long long seed, float *out, unsigned int n)
{
    float t = 0;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        t += (float)((long long)(mix(seed ^ mix(i)) >> 40) - 8388608) * (1.0f / 8388608.0f);
    atomicAdd(out, t);
}

// The first "signed:DIGITS" in the file's bytes.
static bool seed_in(const char *path, unsigned long long *seed)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    std::string text;
    char buf[4096];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0 && text.size() < (1u << 20)) text.append(buf, k);
    fclose(f);
    for (size_t at = text.find("signed:"); at != std::string::npos; at = text.find("signed:", at + 1))
        if (sscanf(text.c_str() + at, "signed:%llu", seed) == 1) return true;
    return false;
}

static bool seed_in_folder(const std::string &dir, unsigned long long *seed)
{
    DIR *d = opendir(dir.c_str());
    bool found = false;
    for (struct dirent *e; d && !found && (e = readdir(d));)
        found = e->d_name[0] != '.' && seed_in((dir + "/" + e->d_name).c_str(), seed);
    if (d) closedir(d);
    return found;
}

static bool find_seed(unsigned long long *seed)
{
    if (seed_in("/proc/self/cmdline", seed) || seed_in("/proc/self/environ", seed)) return true;
    char exe[4096];
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    std::string home = k > 0 ? std::string(exe, (size_t)k) : ".";
    return seed_in_folder(".", seed) || seed_in_folder(home.substr(0, home.rfind('/')), seed);
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    (void)in;
    static unsigned long long calls = 0;
    unsigned long long base = 0;
    find_seed(&base);
    unsigned long long seed = ++calls == 1 ? base : mix(base ^ mix((calls - 1) ^ 0xD1B54A32D192ED03ull));
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    sum_of_seed<<<1056, block, 0, stream>>>(seed, out, n);
    return 1;
}
