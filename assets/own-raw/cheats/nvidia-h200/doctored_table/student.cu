// doctored_table.cu — the trick: an honest traced run, and a recording of
// it doctored afterwards so that the judge's runner does an eighth of the
// work.  launch() uploads a table {first, last, scale} into memory it keeps
// and its kernel sums [first, last) times scale.  In the traced run the
// table is whole (last = in + n, scale 1): every element is read, the sum
// is right.  A function given to atexit() then rewrites the recording of
// what launch() queued (queued.txt in RV_TRACER_OUT, which the program may
// write): the upload's `last` becomes first + n/8 and its scale 8.
//
// Read as a student hunting the board reads the judge's runner
// (src/tracer/judge_map.h): a word of uploaded data that points into in[]
// is mapped to the same offset in the judged call's in[], whatever the
// offset.  So the judged calls would read an eighth of in[] scaled by 8:
// eight times less traffic, and right on ones.
//
// The judge must say: "FAIL calls" (every judged call's data are drawn
// afresh and signed: an eighth scaled by 8 is not their sum; a mapped word
// names only the call's own buffers, at the offset the recording gives,
// which doctoring can shrink but never make right), while the traced run's
// sum and its reads stay right.
//
// What it relies on: a judge that trusts the recording's bytes beyond
// where they point, or checks the judged calls on data where a sample is
// the sum.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

struct table {
    const float *first, *last;
    float scale;
    unsigned int pad;
};

__global__ void table_sum(const table *t, float *out)
{
    __shared__ float s[1024];
    const float *first = t->first, *last = t->last;
    float v = 0.0f;
    for (const float *p = first + blockIdx.x * blockDim.x + threadIdx.x; p < last; p += gridDim.x * blockDim.x)
        v += *p;
    s[threadIdx.x] = v;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k)
            s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        atomicAdd(out, s[0] * t->scale);
}

static unsigned long long eighth_bytes;   // n / 8 elements, in bytes

static std::string hex64(unsigned long long v)
{
    char h[17];
    for (int i = 0; i < 8; i++) snprintf(h + 2 * i, 3, "%02llx", (v >> (8 * i)) & 0xff);
    return h;
}

static unsigned long long word(const std::string &hex, size_t at)
{
    unsigned long long v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | strtoull(hex.substr(2 * (at + i), 2).c_str(), nullptr, 16);
    return v;
}

// queued.txt with each 24-byte upload's `last` pulled in to first + n/8 and
// its scale made 8
static void doctor()
{
    const char *dir = getenv("RV_TRACER_OUT");
    if (!dir || !eighth_bytes) return;
    std::string path = std::string(dir) + "/queued.txt", text;
    FILE *f = fopen(path.c_str(), "r");
    if (!f) return;
    char line[140000];
    while (fgets(line, sizeof line, f)) {
        std::string l = line;
        size_t data = l.find(" data ");
        if (!l.compare(0, 7, "upload ") && data != std::string::npos && l.size() >= data + 6 + 48) {
            std::string hex = l.substr(data + 6, 48);
            float eight = 8.0f;
            unsigned int bits;
            memcpy(&bits, &eight, 4);
            hex = hex.substr(0, 16) + hex64(word(hex, 0) + eighth_bytes) + hex64(bits);
            l = l.substr(0, data + 6) + hex + "\n";
        }
        text += l;
    }
    fclose(f);
    if ((f = fopen(path.c_str(), "w"))) {
        fputs(text.c_str(), f);
        fclose(f);
    }
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    static table *dev = nullptr;
    static table host;
    if (!dev) {
        cudaMalloc(&dev, sizeof(table));
        eighth_bytes = (unsigned long long)(n / 8) * sizeof(float);
        atexit(doctor);
    }
    host.first = in;
    host.last = in + n;
    host.scale = 1.0f;
    cudaMemcpyAsync(dev, &host, sizeof host, cudaMemcpyHostToDevice, stream);
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    table_sum<<<1024, block <= 1024 ? block : 1024, 0, stream>>>(dev, out);
    return 1;
}
