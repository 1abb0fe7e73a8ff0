/* check_report.h — what `reducevis check` leaves besides its words: the
 * speed of the kernel against the version to beat timed in the same run,
 * the judged trace (--save-trace) and a machine-readable summary
 * (--summary), each file written whole or not at all. */
#ifndef RV_CHECK_REPORT_H
#define RV_CHECK_REPORT_H

#include <stddef.h>
#include "core/gpu_list.h"
#include "core/rules.h"
#include "core/trace.h"

/* The kernel's speed and the version to beat's in the same run; a field is
 * 0 where there is no such time (a recorded trace, --no-time, a mark that
 * could not be timed here). */
typedef struct check_speed {
    double ms, gbps;           /* the kernel: the whole reduction            */
    double mark_ms, mark_gbps; /* the version to beat, timed in this run     */
    double percent;            /* of the mark's speed: 100 x mark_ms / ms    */
} check_speed;

/* tr's speed (N floats read once over its time) beside mark_ms. */
check_speed check_speed_of(const rv_trace *tr, double mark_ms);

/* What the summary says: judged (reason NULL, res and speed filled) or not
 * (reason: "compile" the file was not built, "run" it was built but not
 * traced, "load" the trace given did not load or analyse). */
/* Where a check's time went, in seconds (0: a stage it did not run).  The
 * disassembly is nvdisasm's, beside the timed run, so the stages can add up
 * to more than the whole; it does not run when the compile listed the
 * machine code already (disasm.h).  timed_run is the judged calls (the
 * judge's runner's, or the program's own timed run before it).  The waits
 * are for the check's turns on a shared GPU (gpu_turn.h), outside the
 * stages' own times: shared turns (the traced run, beside other checks'),
 * and the GPU alone (the judged calls and the version to beat's: serialised
 * across the machine, CHECK_SERIALISED). */
typedef struct check_seconds {
    double compile, traced_run, disassembly, timed_run, trace, mark, wait_shared, wait_alone, whole;
} check_seconds;

/* The stages that hold the GPU alone, one check at a time on the machine
 * (under a class's gate or a node's lock files): the judged calls and the
 * version to beat's timed run.  The others run beside other checks. */
#define CHECK_SERIALISED \
    { \
        "timed_run", "mark" \
    }

typedef struct check_summary {
    int exercise;
    const char *reason;
    const rv_rules_result *res;
    check_speed speed;
    int verified;  /* every rule judged and held, on data this check
                            drew (neither --data nor a recorded trace)      */
    char data[64]; /* the data judged on ("" when nothing was)        */
    check_seconds seconds;
    char gpu[RV_GPU_MODEL_LEN]; /* the GPU it ran on, as the driver names it
                                     ("" not known: check_gpu_name)          */
} check_summary;

/* The model of the GPU this process's CUDA uses, as the NVIDIA driver lists
 * it (gpu_list.h), into out; "" where that cannot be told for sure: no GPU
 * listed, or models that differ and no CUDA_VISIBLE_DEVICES number in PCI
 * order (CUDA_DEVICE_ORDER=PCI_BUS_ID) to pick one.  A class on Slurm
 * shows it beside each time, the node's GPU being Slurm's choice. */
void check_gpu_name(char *out, size_t len);

/* Writes s as JSON to path through path.part and a rename:
 *   {"exercise":N,"pass":BOOL,"verified":BOOL,"reason":null|"compile"|"run"|"load",
 *    "data":"signed:SEED"|null,
 *    "rules":[{"name":"converged","ok":true},...],"ms":X,"gbps":X,
 *    "mark":"v8","mark_ms":X,"mark_gbps":X,"percent_of_mark":X,
 *    "seconds":{"compile":X,"traced_run":X,"disassembly":X,"timed_run":X,
 *               "trace":X,"mark":X,"wait_shared":X,"wait_alone":X,"whole":X},
 *    "serialised":["timed_run","mark"],"gpu":"MODEL"|null}
 * (a time that is not there: null; a rule that could not be judged: "ok":
 * null).  ms is the median of the timed calls, each of them checked where
 * "calls" holds.  0, or -1 with why in err. */
int check_summary_write(const char *path, const check_summary *s, char *err, size_t errlen);

/* tr saved to path through path.part and a rename.  0, or -1 with why. */
int check_trace_write(const char *path, const rv_trace *tr, char *err, size_t errlen);

/* 0 when a file can be made at path (its folder is there and writable, and
 * path is not a folder), else -1 with why in err: said before the run. */
int check_target_ok(const char *path, char *err, size_t errlen);

#endif
