/* sandbox_limits.c — the limits of a sandboxed step (sandbox_limits.h). */
#include "own/sandbox/sandbox_limits.h"

#define MIB (1024ull * 1024)
#define GIB (1024 * MIB)

rv_sandbox_limits rv_sandbox_limits_of(rv_sandbox_step step, uint64_t input_bytes)
{
    rv_sandbox_limits l = {
        .cpu_s = 120,
        /* RLIMIT_DATA, not RLIMIT_AS: the CUDA driver reserves far more
           address space than it uses, so an address-space limit would stop
           every CUDA program; the data limit counts what a process can write */
        .mem_bytes = 4 * GIB,
        .file_bytes = 256 * MIB, /* the tracer's records reach 192 MiB */
        .work_bytes = 1 * GIB,
        .tmp_bytes = 512 * MIB, /* nvcc's intermediate files */
        .shm_bytes = 64 * MIB,
        .output_bytes = 2 * MIB,
        .nproc = 128, /* the CUDA runtime and the tracer start a few threads */
        /* an honest compile or traced run keeps about one CPU busy (the
           compiler's stages run one after another); two leave it room, and
           hold a program spinning on every core, or a hundred processes
           faulting in memory, to two CPUs however idle the others are */
        .box_cpus = 2,
        .nofile = 1024,
        /* a traced run of 2^25 elements holds about 1.5 GiB with its context
           and the tracer's buffers; a program holding all of a card's
           memory would leave every check beside it without a context */
    };
    if (step == RV_SANDBOX_RUN) l.mem_bytes += 2 * input_bytes; /* the driver holds the input */
    /* a run's GPU memory: a traced run of 2^25 elements holds about 1.5 GiB
       with its context and the tracer's buffers; a program holding all of a
       card's memory would leave every check beside it without a context */
    l.gpu_bytes = step == RV_SANDBOX_RUN ? 8 * GIB + 2 * input_bytes : 0;
    /* a check's run is one process on the GPU (memcheck's is its target
       alone); copies of it would each make a context, which the machine
       makes one at a time for every check beside them (docs/class.md) */
    l.gpu_procs = step == RV_SANDBOX_RUN ? 2 : 0;
    /* a compile's output includes nvdisasm's listing of the machine code,
       which a large unrolled kernel makes long */
    if (step == RV_SANDBOX_COMPILE) l.output_bytes = 16 * MIB;
    l.box_tasks = l.nproc + 8; /* bwrap's two processes, prlimit and setpriv's exec */
    l.box_bytes = l.mem_bytes + l.tmp_bytes + l.shm_bytes;
    return l;
}
