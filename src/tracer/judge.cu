// judge.cu — the judge's runner, rvjudge: the calls a check judges (3
// warm-ups and 20 timed calls), made by the project's own code.
//
//   rvjudge QUEUED MODULES N BLOCK TOLERANCE [held]
//
// QUEUED is what the student's launch() queued in the traced run
// (src/tracer/queued.h), MODULES the folder of the modules that run loaded
// (moduleK.cubin).  The runner loads those modules, never the student's
// host code, and times the calls as the driver's time mode does, with the
// same code (driver.cu, included): its launch() below replays the recording
// with each call's own buffers.  So nothing the student's host code does
// (read its command line, rewrite a file, redefine a CUDA function) reaches
// the judged calls, and a recording it altered can only launch its own
// kernels on fresh data.  "held": each call is queued while the GPU waits
// (driver.cu's window), as reducevis found the recording allows
// (src/own/records/queue_shape.h) and told the timed run of the student's
// own program too.
//
// Fd 4 is its line to reducevis (src/own/judged_run.c), one byte a word:
// 's', 'r', 'e' ask for and give back turns on the GPU (gpu_turn.h), each
// answered 'g'; 'c' asks for the next call's data, answered with a line
// "PATTERN\n" (reducevis draws it: it is on no command line, in no file and
// in no environment); at the end 'R' and the results (timed.h's format:
// "R" LENGTH "\n" then the text), or 'U' and a line saying what in the
// recording cannot be replayed: a key and its arguments, tab-separated
// (host-between's last, "at OFF,...", where the recording has it: the
// frames reducevis names the student's line from).
// Exit 0 with results or that line; 3 when CUDA fails (message on stderr).
#define RV_JUDGE_RUNNER
#include "driver.cu"

#include <cuda.h>

#include <cstdarg>
#include <map>
#include <string>

#include "frames.h"      // RV_FRAMES_MAX: the frames a line carries at most
#include "judge_map.h"   // the traced run's addresses made a call's

using namespace reducevis_driver;

namespace {

const int LINE_FD = 4;

// ---- the recording -------------------------------------------------------

enum op_kind {
    OP_ALLOC, OP_FREE, OP_LAUNCH, OP_MEMSET, OP_COPY, OP_UPLOAD, OP_FETCH, OP_UPLOAD_FETCHED, OP_RECORD, OP_WAITEVENT,
    OP_HOLD, OP_WAITVALUE, OP_WRITEVALUE
};

struct op {
    op_kind kind;
    int async = 0;
    unsigned long long a = 0, b = 0, c = 0, stream = 0;   // addresses, sizes, handles: by kind
    unsigned elem = 0, value = 0;                          // a memset's; a stream memory operation's bits and flags
    int module = 0;
    std::string name;                                      // a kernel, or what a hold waited for
    unsigned grid[3] = {1, 1, 1}, blk[3] = {1, 1, 1}, cluster[3] = {1, 1, 1};
    unsigned long long smem = 0;
    int coop = 0;
    bool kept = false;                                     // an allocation launch() never frees: made once
    std::vector<unsigned char> bytes;                      // parameters, or an upload's data
    std::string at;                                        // where the host made it: "OFF,OFF,..." or ""
    CUfunction fn = nullptr;
};

struct call_ops {
    size_t n;            // the elements launch() was given
    std::vector<op> ops;
};

struct recording {
    unsigned long long in, n, out[2], nslots, stream;
    std::vector<call_ops> calls;
};

// What cannot be replayed, said to reducevis as a key and its arguments,
// tab-separated (src/own/judged_run.c puts them into the student's
// language); then the runner ends, its work done.
[[noreturn]] void unreplayable(const char *key, const char *fmt = "", ...)
{
    char args[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    for (char *c = args; *c; c++)
        if (*c == '\n') *c = ' ';
    char line[700];
    int len = snprintf(line, sizeof line, "U%s%s%s\n", key, *args ? "\t" : "", args);
    if (write(LINE_FD, line, (size_t)len) != len) fprintf(stderr, "cannot be replayed: %s %s\n", key, args);
    exit(0);
}

bool hex_bytes(const char *h, std::vector<unsigned char> &out)
{
    out.clear();
    if (!strcmp(h, "-")) return true;
    size_t len = strlen(h);
    if (len % 2) return false;
    for (size_t i = 0; i < len; i += 2) {
        unsigned v;
        if (!isxdigit((unsigned char)h[i]) || !isxdigit((unsigned char)h[i + 1]) || sscanf(h + i, "%2x", &v) != 1)
            return false;
        out.push_back((unsigned char)v);
    }
    return true;
}

// A line's last field " at OFF,OFF,..." (where the host made the call: at
// most RV_FRAMES_MAX offsets in lower-case hex, queued.h) cut off the line
// into at.  false: the field is there and not of that form.
bool take_at(char *line, std::string &at)
{
    char *f = nullptr;
    for (char *c = strstr(line, " at "); c; c = strstr(c + 1, " at ")) f = c;   // the last
    if (!f) return true;
    const char *h = f + 4;
    size_t len = strlen(h), commas = 0;
    for (const char *c = h; *c; c++) {
        if (*c == ',') commas++;
        else if (!isdigit((unsigned char)*c) && !(*c >= 'a' && *c <= 'f')) return false;
    }
    if (!len || len > RV_FRAMES_MAX * 17 || commas >= RV_FRAMES_MAX || *h == ',' || h[len - 1] == ',' ||
        strstr(h, ",,"))
        return false;
    at = h;
    *f = 0;
    return true;
}

// One line of QUEUED into r; false: not a line of the format.
bool parse_line(char *line, recording &r, int lineno)
{
    char word[32], name[1024], data[70000];
    std::string at;
    if (!take_at(line, at)) return false;
    if (sscanf(line, "%31s", word) != 1) return true;
    std::string w = word;
    if (w == "queued") return true;
    if (w == "arrays")
        return sscanf(line, "arrays in %llu %llu out %llu %llu %llu stream %llu", &r.in, &r.n, &r.out[0], &r.out[1],
                      &r.nslots, &r.stream) == 6;
    if (w == "call") {
        unsigned k;
        unsigned long long m;
        if (sscanf(line, "call %u m %llu", &k, &m) != 2 || k != r.calls.size() + 1) return false;
        r.calls.push_back(call_ops{(size_t)m, {}});
        return true;
    }
    if (r.calls.empty()) return false;
    op o;
    o.kind = OP_HOLD;
    if (w == "unreplayable") {
        unreplayable("tool", "%s\t%zu", line + 13, r.calls.size());
    } else if (w == "hold") {
        if (sscanf(line, "hold %1023s", name) != 1) return false;
        o.name = name;
    } else if (w == "alloc") {
        char how[8];
        if (sscanf(line, "alloc %llu %llu %7s stream %llu", &o.a, &o.b, how, &o.stream) != 4) return false;
        o.kind = OP_ALLOC, o.async = !strcmp(how, "async");
    } else if (w == "free") {
        char how[8];
        if (sscanf(line, "free %llu %7s stream %llu", &o.a, how, &o.stream) != 3) return false;
        o.kind = OP_FREE, o.async = !strcmp(how, "async");
    } else if (w == "launch") {
        o.kind = OP_LAUNCH;
        if (sscanf(line,
                   "launch %d %1023s grid %u %u %u block %u %u %u cluster %u %u %u smem %llu coop %d stream %llu "
                   "params %69999s",
                   &o.module, name, &o.grid[0], &o.grid[1], &o.grid[2], &o.blk[0], &o.blk[1], &o.blk[2],
                   &o.cluster[0], &o.cluster[1], &o.cluster[2], &o.smem, &o.coop, &o.stream, data) != 15 ||
            !hex_bytes(data, o.bytes))
            return false;
        o.name = name;
    } else if (w == "memset") {
        unsigned long long height, pitch;
        o.kind = OP_MEMSET;
        if (sscanf(line, "memset %llu %llu %llu %llu %u %u stream %llu", &o.a, &o.b, &height, &pitch, &o.elem,
                   &o.value, &o.stream) != 7)
            return false;
        if (height != 1) unreplayable("memset-2d", "%zu", r.calls.size());
    } else if (w == "copy") {
        o.kind = OP_COPY;
        if (sscanf(line, "copy %llu %llu %llu stream %llu", &o.a, &o.b, &o.c, &o.stream) != 4) return false;
    } else if (w == "upload-fetched") {
        o.kind = OP_UPLOAD_FETCHED;
        if (sscanf(line, "upload-fetched %llu %llu %llu stream %llu", &o.a, &o.c, &o.b, &o.stream) != 4 || o.c >= 16)
            return false;
    } else if (w == "fetch") {
        o.kind = OP_FETCH;
        if (sscanf(line, "fetch %llu %llu stream %llu", &o.a, &o.b, &o.stream) != 3) return false;
    } else if (w == "upload") {
        o.kind = OP_UPLOAD;
        if (sscanf(line, "upload %llu %llu stream %llu data %69999s", &o.a, &o.b, &o.stream, data) != 4 ||
            !hex_bytes(data, o.bytes) || o.bytes.size() != o.b)
            return false;
    } else if (w == "waitvalue" || w == "writevalue") {
        // a stream memory operation: its address, value, width and flags
        // (the wait's comparison, or a write without its memory barrier)
        o.kind = w == "waitvalue" ? OP_WAITVALUE : OP_WRITEVALUE;
        unsigned known = o.kind == OP_WAITVALUE ? (3u | CU_STREAM_WAIT_VALUE_FLUSH) : CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER;
        if (sscanf(line + w.size(), " %llu %llu %u %u stream %llu", &o.a, &o.b, &o.elem, &o.value, &o.stream) != 5 ||
            (o.elem != 32 && o.elem != 64) || (o.value & ~known) || (o.elem == 32 && o.b > 0xffffffffull))
            return false;
    } else if (w == "record" || w == "waitevent") {
        o.kind = w == "record" ? OP_RECORD : OP_WAITEVENT;
        if (sscanf(line + w.size(), " %llu stream %llu", &o.a, &o.stream) != 2) return false;
    } else {
        return false;
    }
    (void)lineno;
    o.at = at;
    r.calls.back().ops.push_back(o);
    return true;
}

// Whether op o is work whose making the host may have decided from what it
// read back: a launch, a memset, bytes uploaded that are not simply those
// it read, or a value a stream writes (the host's bytes, as an upload's).
bool host_made(const op &o)
{
    return o.kind == OP_LAUNCH || o.kind == OP_MEMSET || o.kind == OP_UPLOAD || o.kind == OP_WRITEVALUE;
}

// Whether the allocation at call k's op i is freed later in the recording.
bool freed_later(const recording &r, size_t k, size_t i)
{
    for (size_t c = k; c < r.calls.size(); c++)
        for (size_t j = c == k ? i + 1 : 0; j < r.calls[c].ops.size(); j++) {
            const op &o = r.calls[c].ops[j];
            if (o.kind == OP_FREE && o.a == r.calls[k].ops[i].a) return true;
            if (o.kind == OP_ALLOC && o.a == r.calls[k].ops[i].a) return false;   // the address made anew
        }
    return false;
}

// The memory call `pass` (from 0) of a reduction may name: in[] and
// out[0] always, out[1] from the second call on (the driver gives it then:
// before, it is memory the judge holds that launch() was not given), and
// the allocations live then.  now: where each is in the judged call (null:
// only checking, every `to` 0).
std::vector<rv_region> regions_of(const recording &r, size_t pass, const std::vector<rv_region> &live,
                                  const void *const now[3])
{
    std::vector<rv_region> g = {{r.in, r.n * sizeof(float), now ? (uint64_t)(uintptr_t)now[0] : 0},
                                {r.out[0], r.nslots * sizeof(float), now ? (uint64_t)(uintptr_t)now[1] : 0}};
    if (pass > 0) g.push_back({r.out[1], r.nslots * sizeof(float), now ? (uint64_t)(uintptr_t)now[2] : 0});
    g.insert(g.end(), live.begin(), live.end());
    return g;
}

// An address of call k (from 0) that maps to nothing: out[1] before the
// driver gave it, or memory the judge does not know.
[[noreturn]] void unknown_address(const recording &r, size_t k, const char *what, unsigned long long v)
{
    if (k == 0 && v >= r.out[1] && v <= r.out[1] + r.nslots * sizeof(float)) unreplayable("not-given", "%zu", k + 1);
    unreplayable("unknown-memory", "%s\t%#llx", what, v);
}

// A word of a kernel's parameters (kind "param", what: the kernel) or of
// data uploaded (kind "word", what: the call) at byte `bad` of bytes, near
// in[] and in nothing known, in call k (from 0): out[1] before the driver
// gave it, or a pointer into memory the judge does not know.
[[noreturn]] void foreign_word(const recording &r, size_t k, const char *kind, const char *what,
                               const std::vector<unsigned char> &bytes, size_t bad)
{
    unsigned long long v;
    memcpy(&v, &bytes[bad], 8);
    if (k == 0 && v >= r.out[1] && v <= r.out[1] + r.nslots * sizeof(float)) unreplayable("not-given", "%zu", k + 1);
    if (!strcmp(kind, "param")) unreplayable("foreign-pointer", "%s\t%zu\t%zu\t%zu", what, k + 1, bad, bad + 7);
    unreplayable("foreign-word", "%zu\t%zu\t%zu", k + 1, bad, bad + 7);
}

// Every address the recording names checked before any GPU is asked for,
// as the replay will map it (judge_map.h), so that memsets, copies,
// uploads, stream memory operations and launches agree on what is not
// replayed: a kernel of the judge's own (the driver's, which the traced
// program's module set holds too) is refused; so is a word of a kernel's
// parameters or of uploaded data near in[] (a pointer into GPU memory) that
// is not in in[], out[] or memory launch() allocated and holds (the judge's
// own buffers, found by the student's host code, say): in the runner that
// memory is not there.
void check_addresses(const recording &r)
{
    std::vector<rv_region> live;
    for (size_t k = 0; k < r.calls.size(); k++)
        for (const op &o : r.calls[k].ops) {
            std::vector<rv_region> g = regions_of(r, k, live, nullptr);
            uint64_t to;
            auto must = [&](unsigned long long v, const char *what) {
                if (rv_map_word(g.data(), (int)g.size(), v, nullptr, 0, &to) < 0) unknown_address(r, k, what, v);
            };
            size_t bad;
            std::vector<unsigned char> b = o.bytes;
            switch (o.kind) {
            case OP_ALLOC: live.push_back({o.a, o.b, 0}); break;
            case OP_FREE:
                for (auto it = live.rbegin(); it != live.rend(); ++it)
                    if (it->base == o.a) { live.erase(std::next(it).base()); break; }
                break;
            case OP_LAUNCH:
                if (o.name.find("reducevis_driver") != std::string::npos)
                    unreplayable("judge-kernel", "%s", o.name.c_str());
                if (rv_map_block(g.data(), (int)g.size(), r.in, b.data(), b.size(), 0, &bad, nullptr))
                    foreign_word(r, k, "param", o.name.c_str(), o.bytes, bad);
                break;
            case OP_UPLOAD:
                must(o.a, "copy-into");
                if (rv_map_block(g.data(), (int)g.size(), r.in, b.data(), b.size(), o.a, &bad, nullptr))
                    foreign_word(r, k, "word", "", o.bytes, bad);
                break;
            case OP_MEMSET: must(o.a, "set"); break;
            case OP_COPY: must(o.a, "copy-into"), must(o.b, "copy-from"); break;
            case OP_FETCH: must(o.a, "copy-from"); break;
            case OP_UPLOAD_FETCHED: must(o.a, "copy-into"); break;
            case OP_WAITVALUE: must(o.a, "wait-on"); break;
            case OP_WRITEVALUE: must(o.a, "write-to"); break;
            default: break;
            }
        }
}

recording read_recording(const char *path)
{
    recording r{};
    FILE *f = fopen(path, "r");
    if (!f) unreplayable("no-recording", "%s", path);
    static char line[140000];
    bool arrays = false;
    for (int lineno = 1; fgets(line, sizeof line, f); lineno++) {
        char *end = strchr(line, '\n');
        if (!end) unreplayable("bad-line", "%d", lineno);
        *end = 0;
        if (!parse_line(line, r, lineno)) unreplayable("bad-line", "%d", lineno);
        arrays |= !strncmp(line, "arrays in", 9);
    }
    fclose(f);
    if (!arrays || r.calls.empty()) unreplayable("incomplete");
    check_addresses(r);
    // GPU memory read back to the host (or host code run in a stream), then
    // more work queued: the student's host code may have made that work from
    // the data, and only the student's host code could make it again.  A wait
    // alone is replayed as the wait it is.  An allocation freed nowhere in
    // the recording is one launch() keeps.
    for (size_t k = 0; k < r.calls.size(); k++) {
        std::vector<op> &ops = r.calls[k].ops;
        for (size_t i = 0; i < ops.size(); i++) {
            if (ops[i].kind == OP_ALLOC) ops[i].kept = !freed_later(r, k, i);
            bool to_host = ops[i].kind == OP_FETCH || (ops[i].kind == OP_HOLD && ops[i].name == "host-function");
            const char *what = ops[i].kind == OP_FETCH ? "copy" : "host-code";
            for (size_t j = i + 1; to_host && j < ops.size(); j++) {
                if (!host_made(ops[j])) continue;
                if (ops[i].at.empty()) unreplayable("host-between", "%s\t%zu", what, k + 1);
                unreplayable("host-between", "%s\t%zu\tat %s", what, k + 1, ops[i].at.c_str());
            }
        }
    }
    return r;
}

// ---- the replay ----------------------------------------------------------

// The driver's functions, asked of the CUDA runtime when the runner starts
// (it links no libcuda: a machine without a GPU runs it up to that point,
// which is where the recording's checks end).
#define DRIVER_FUNCTIONS(X)                                                                                         \
    X(cuGetErrorString) X(cuGetErrorName) X(cuStreamCreate) X(cuEventCreate) X(cuModuleLoad) X(cuModuleGetFunction) \
    X(cuFuncSetAttribute) X(cuLaunchKernelEx) X(cuMemAlloc) X(cuMemAllocAsync) X(cuMemFree) X(cuMemFreeAsync)      \
    X(cuMemsetD8Async) X(cuMemsetD16Async) X(cuMemsetD32Async) X(cuMemcpyDtoDAsync) X(cuMemcpyHtoDAsync)          \
    X(cuMemcpyHtoD) X(cuMemcpyDtoH) X(cuStreamSynchronize) X(cuCtxSynchronize) X(cuEventRecord)                     \
    X(cuStreamWaitEvent) X(cuStreamWaitValue32) X(cuStreamWaitValue64) X(cuStreamWriteValue32) X(cuStreamWriteValue64)
struct {
#define FIELD(f) decltype(&::f) f;
    DRIVER_FUNCTIONS(FIELD)
#undef FIELD
} D;

void load_driver()
{
    cudaDriverEntryPointQueryResult found;
#define LOOKUP(f)                                                                                                \
    if (cudaGetDriverEntryPointByVersion(#f, (void **)&D.f, CUDA_VERSION, cudaEnableDefault, &found) != cudaSuccess || \
        found != cudaDriverEntryPointSuccess) {                                                                  \
        fprintf(stderr, "the CUDA driver has no %s\n", #f);                                                       \
        exit(3);                                                                                                 \
    }
    DRIVER_FUNCTIONS(LOOKUP)
#undef LOOKUP
}


struct replay {
    recording rec;
    std::map<int, CUmodule> modules;
    std::string module_dir;
    std::vector<rv_region> live;                         // the recording's allocations, made again
    std::map<unsigned long long, CUdeviceptr> kept;      // ... those launch() keeps, made once
    std::map<unsigned long long, CUstream> streams;
    std::map<unsigned long long, CUevent> events;
    std::vector<unsigned char> fetched[16];              // what this call's copies to the host brought
    unsigned long long nfetched = 0;
    cudaStream_t main_stream = nullptr;
    const float *in = nullptr;
    float *out[2] = {nullptr, nullptr};
    size_t pass = 0;
    // the first word of this reduction left as it was that looks like an
    // address (a host pointer, say): named should a kernel fault
    std::string raw_word;
} R;

// Whether a CUDA error is a kernel's fault (an illegal or misaligned
// access, a trap, an assert, a timeout): the student's kernel's doing, a
// verdict.  The driver's and the runtime's numbers agree on these.
bool kernel_fault(int code)
{
    return code == 700 || code == 702 || code == 710 || (code >= 714 && code <= 719);
}

// A kernel's fault in judged call timed_call: said to reducevis as a
// verdict ("fault", the call, the error's name and, where this reduction
// left a word that looks like an address as it was, that word), then the
// runner ends.  Any other failure stays an error (exit 3).
void judged_call_failed(const char *, int code)
{
    if (!kernel_fault(code) || timed_call < 1) return;
    const char *name = cudaGetErrorName((cudaError_t)code);
    if (R.raw_word.empty()) unreplayable("fault", "%d\t%s", timed_call, name);
    unreplayable("fault", "%d\t%s\t%s", timed_call, name, R.raw_word.c_str());
}

void cu(CUresult e, const char *what)
{
    if (e == CUDA_SUCCESS) return;
    judged_call_failed(what, (int)e);
    const char *s = nullptr, *n = nullptr;
    D.cuGetErrorString(e, &s);
    D.cuGetErrorName(e, &n);
    fprintf(stderr, "%s: %s (%s)\n", what, s ? s : "?", n ? n : "?");
    exit(3);
}

// The memory this call may name, where it is now (regions_of).
std::vector<rv_region> regions_now()
{
    const void *now[3] = {R.in, R.out[0], R.out[1]};
    return regions_of(R.rec, R.pass, R.live, now);
}

// Where the recording's address v is in this call.  what: "set",
// "copy-into", "copy-from", "wait-on" or "write-to", for the words
// reducevis says; check_addresses refused the recording already were it
// in nothing the judge knows.
CUdeviceptr must_map(unsigned long long v, const char *what)
{
    std::vector<rv_region> g = regions_now();
    uint64_t to;
    if (rv_map_word(g.data(), (int)g.size(), v, nullptr, 0, &to) < 0) unknown_address(R.rec, R.pass, what, v);
    return (CUdeviceptr)to;
}

// A block of words (parameters, or an upload to dst) made this call's:
// what.  A word left as it was that looks like an address is kept to name
// should a kernel fault.
void map_block(std::vector<unsigned char> &p, uint64_t dst, const char *what, const char *kind)
{
    std::vector<rv_region> g = regions_now();
    std::vector<unsigned char> was = p;
    size_t bad, raw;
    if (rv_map_block(g.data(), (int)g.size(), R.rec.in, p.data(), p.size(), dst, &bad, &raw))
        foreign_word(R.rec, R.pass, kind, what, was, bad);   // as check_addresses would have said
    if (raw != (size_t)-1 && R.raw_word.empty()) {
        char said[1200];
        snprintf(said, sizeof said, "%s\t%s\t%zu\t%zu", kind, what, raw, raw + 7);
        R.raw_word = said;
    }
}

CUstream stream_of(unsigned long long s)
{
    if (s == R.rec.stream) return (CUstream)R.main_stream;
    if (s == 0 || s == (unsigned long long)(uintptr_t)CU_STREAM_LEGACY || s == (unsigned long long)(uintptr_t)CU_STREAM_PER_THREAD)
        return (CUstream)(uintptr_t)s;
    auto it = R.streams.find(s);
    if (it != R.streams.end()) return it->second;
    CUstream made;
    cu(D.cuStreamCreate(&made, CU_STREAM_DEFAULT), "cuStreamCreate");
    return R.streams[s] = made;
}

CUevent event_of(unsigned long long e)
{
    auto it = R.events.find(e);
    if (it != R.events.end()) return it->second;
    CUevent made;
    cu(D.cuEventCreate(&made, CU_EVENT_DISABLE_TIMING), "cuEventCreate");
    return R.events[e] = made;
}

// The recording's kernels looked up in the modules the traced run loaded
// (before any call is timed): only the student's, never the driver's.
void resolve(recording &r)
{
    for (call_ops &c : r.calls)
        for (op &o : c.ops) {
            if (o.kind != OP_LAUNCH) continue;
            auto it = R.modules.find(o.module);
            if (it == R.modules.end()) {
                char path[4200];
                snprintf(path, sizeof path, "%s/module%d.cubin", R.module_dir.c_str(), o.module);
                CUmodule m;
                if (o.module < 0 || D.cuModuleLoad(&m, path) != CUDA_SUCCESS)
                    unreplayable("module", "%s\t%s", o.name.c_str(), path);
                it = R.modules.emplace(o.module, m).first;
            }
            if (D.cuModuleGetFunction(&o.fn, it->second, o.name.c_str()) != CUDA_SUCCESS)
                unreplayable("not-in-module", "%s", o.name.c_str());
            if (o.smem > 48 * 1024)   // the student's cudaFuncSetAttribute, which the recording does not hold
                cu(D.cuFuncSetAttribute(o.fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)o.smem),
                   "cuFuncSetAttribute");
        }
}

void do_launch(const op &o)
{
    std::vector<unsigned char> p = o.bytes;
    map_block(p, 0, o.name.c_str(), "param");   // every word into a known buffer made this call's
    size_t size = p.size();
    void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, p.data(), CU_LAUNCH_PARAM_BUFFER_SIZE, &size, CU_LAUNCH_PARAM_END};
    CUlaunchAttribute attrs[2];
    unsigned nattrs = 0;
    if (o.cluster[0] * o.cluster[1] * o.cluster[2] > 1) {
        attrs[nattrs].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
        attrs[nattrs].value.clusterDim.x = o.cluster[0];
        attrs[nattrs].value.clusterDim.y = o.cluster[1];
        attrs[nattrs].value.clusterDim.z = o.cluster[2];
        nattrs++;
    }
    if (o.coop) {
        attrs[nattrs].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
        attrs[nattrs].value.cooperative = 1;
        nattrs++;
    }
    CUlaunchConfig cfg = {};
    cfg.gridDimX = o.grid[0], cfg.gridDimY = o.grid[1], cfg.gridDimZ = o.grid[2];
    cfg.blockDimX = o.blk[0], cfg.blockDimY = o.blk[1], cfg.blockDimZ = o.blk[2];
    cfg.sharedMemBytes = (unsigned)o.smem;
    cfg.hStream = stream_of(o.stream);
    cfg.attrs = nattrs ? attrs : nullptr;
    cfg.numAttrs = nattrs;
    cu(D.cuLaunchKernelEx(&cfg, o.fn, nullptr, p.empty() ? nullptr : extra), "your launch failed to start a kernel");
}

void do_op(const op &o)
{
    CUstream s = stream_of(o.stream);
    switch (o.kind) {
    case OP_ALLOC: {
        CUdeviceptr p;
        if (o.kept && R.kept.count(o.a)) return;   // a buffer launch() made on its first call and keeps
        if (o.async) cu(D.cuMemAllocAsync(&p, o.b, s), "cudaMallocAsync");
        else cu(D.cuMemAlloc(&p, o.b), "cudaMalloc");
        R.live.push_back(rv_region{o.a, o.b, (uint64_t)p});
        if (o.kept) R.kept[o.a] = p;
        return;
    }
    case OP_FREE:
        for (auto it = R.live.rbegin(); it != R.live.rend(); ++it)
            if (it->base == o.a) {
                if (o.async) cu(D.cuMemFreeAsync(it->to, s), "cudaFreeAsync");
                else cu(D.cuMemFree(it->to), "cudaFree");
                R.live.erase(std::next(it).base());
                return;
            }
        return;   // freed what it did not allocate in launch(): nothing of the judge's is freed
    case OP_LAUNCH: do_launch(o); return;
    case OP_MEMSET: {
        CUdeviceptr d = must_map(o.a, "set");
        if (o.elem == 1) cu(D.cuMemsetD8Async(d, (unsigned char)o.value, o.b, s), "cudaMemset");
        else if (o.elem == 2) cu(D.cuMemsetD16Async(d, (unsigned short)o.value, o.b, s), "cudaMemset");
        else cu(D.cuMemsetD32Async(d, o.value, o.b, s), "cudaMemset");
        return;
    }
    case OP_COPY:
        cu(D.cuMemcpyDtoDAsync(must_map(o.a, "copy-into"), must_map(o.b, "copy-from"), o.c, s), "cudaMemcpy");
        return;
    case OP_UPLOAD: {   // its words that point into known memory made this call's, as a launch's parameters
        CUdeviceptr d = must_map(o.a, "copy-into");
        std::vector<unsigned char> b = o.bytes;   // pageable: staged before the call returns
        char call[32];
        snprintf(call, sizeof call, "%zu", R.pass + 1);
        map_block(b, o.a, call, "word");
        cu(D.cuMemcpyHtoDAsync(d, b.data(), b.size(), s), "cudaMemcpy");
        return;
    }
    case OP_FETCH:   // read back as launch() read it, and waited for
        if (R.nfetched == 16) unreplayable("fetches");
        R.fetched[R.nfetched].resize(o.b);
        cu(D.cuStreamSynchronize(s), "cudaMemcpy");
        cu(D.cuMemcpyDtoH(R.fetched[R.nfetched++].data(), must_map(o.a, "copy-from"), o.b), "cudaMemcpy");
        return;
    case OP_UPLOAD_FETCHED:   // ... and what it read written back unchanged
        if (o.c >= R.nfetched || R.fetched[o.c].size() != o.b)
            unreplayable("fetched-missing");
        cu(D.cuMemcpyHtoD(must_map(o.a, "copy-into"), R.fetched[o.c].data(), o.b), "cudaMemcpy");
        return;
    case OP_RECORD: cu(D.cuEventRecord(event_of(o.a), s), "cudaEventRecord"); return;
    case OP_WAITEVENT: cu(D.cuStreamWaitEvent(s, event_of(o.a), 0), "cudaStreamWaitEvent"); return;
    case OP_HOLD: cu(D.cuCtxSynchronize(), "your kernel failed"); return;   // launch() waited: so does its replay
    case OP_WAITVALUE: {
        CUdeviceptr d = must_map(o.a, "wait-on");
        if (o.elem == 32) cu(D.cuStreamWaitValue32(s, d, (cuuint32_t)o.b, o.value), "cuStreamWaitValue32");
        else cu(D.cuStreamWaitValue64(s, d, (cuuint64_t)o.b, o.value), "cuStreamWaitValue64");
        return;
    }
    case OP_WRITEVALUE: {
        CUdeviceptr d = must_map(o.a, "write-to");
        if (o.elem == 32) cu(D.cuStreamWriteValue32(s, d, (cuuint32_t)o.b, o.value), "cuStreamWriteValue32");
        else cu(D.cuStreamWriteValue64(s, d, (cuuint64_t)o.b, o.value), "cuStreamWriteValue64");
        return;
    }
    }
}

// A line from reducevis: the next call's data.
pattern ask_pattern(pattern, int c)
{
    char word = 'c', line[96];
    size_t len = 0;
    if (write(LINE_FD, &word, 1) != 1) { fprintf(stderr, "reducevis gave call %d no data\n", c); exit(3); }
    while (len + 1 < sizeof line && read(LINE_FD, line + len, 1) == 1 && line[len] != '\n') len++;
    line[len] = 0;
    pattern p;
    if (!parse_pattern(line, &p)) { fprintf(stderr, "reducevis gave call %d no data it knows (%s)\n", c, line); exit(3); }
    return p;
}

const time_inputs judge_inputs = {ask_pattern, true};

} // namespace

// The student's launch(), replayed: pass k of a reduction does what the
// traced run's call k queued, with this call's buffers.
unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    (void)block;
    if (R.pass == R.rec.calls.size()) R.pass = 0;   // a new reduction
    if (R.pass == 0) R.in = in, R.out[0] = out, R.out[1] = nullptr, R.raw_word.clear();
    else if (R.pass == 1) R.out[1] = out;
    R.main_stream = stream;
    const call_ops &c = R.rec.calls[R.pass];
    R.nfetched = 0;
    if (c.n != n) unreplayable("call-n", "%zu\t%zu\t%u", R.pass + 1, c.n, n);
    for (const op &o : c.ops) do_op(o);
    R.pass++;
    // as many partials as the traced run's call left: the next call's count
    return R.pass < R.rec.calls.size() ? (unsigned)R.rec.calls[R.pass].n : 1;
}

int main(int argc, char **argv)
{
    if (argc != 6 && argc != 7) {
        fprintf(stderr, "usage: %s QUEUED MODULES N BLOCK TOLERANCE [held] (fd 4: reducevis's line)\n", argv[0]);
        return 1;
    }
    setenv("RV_GPU_TURN_FD", "4", 1);   // turns on the GPU go over the same line
    size_t n = strtoull(argv[3], nullptr, 10);
    unsigned block = (unsigned)strtoul(argv[4], nullptr, 10);
    double tol = strtod(argv[5], nullptr);
    R.rec = read_recording(argv[1]);
    R.module_dir = argv[2];
    if (R.rec.n != n) unreplayable("other-n", "%llu\t%zu", R.rec.n, n);
    if (R.rec.calls[0].n != n) unreplayable("call-n", "1\t%zu\t%zu", R.rec.calls[0].n, n);
    check(cudaFree(nullptr), "the CUDA context");
    load_driver();
    cuda_failed = judged_call_failed;
    resolve(R.rec);
    char *text = nullptr;
    size_t len = 0;
    FILE *r = open_memstream(&text, &len);
    if (!r) { fprintf(stderr, "out of memory\n"); return 3; }
    pattern none{P_ONES, 0};
    time_calls(none, "judged", n, block, tol, r, judge_inputs, argv[6] && !strcmp(argv[6], "held"));
    fclose(r);
    char head[32];
    int hl = snprintf(head, sizeof head, "R%zu\n", len);
    if (write(LINE_FD, head, hl) != hl || write(LINE_FD, text, len) != (ssize_t)len) {
        fprintf(stderr, "reducevis did not take the results\n");
        return 3;
    }
    free(text);
    turn('e');
    return 0;
}
