/* disasm.h — nvdisasm's listings of the modules a traced run loaded, made
 * beside the timed run (trace_run.c), or taken from the build where the
 * compile listed them already. */
#ifndef RV_OWN_DISASM_H
#define RV_OWN_DISASM_H

#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "core/trace.h" /* RV_OWN_MAX_LAUNCHES: a module a traced launch */
#include "own/base/opts.h"

typedef struct rv_disasm {
    const rv_own_opts *o;
    char work[PATH_MAX]; /* the run's folder, where the listings end up  */
    char own[PATH_MAX];  /* nvdisasm's folder, out of the program's reach */
    uint32_t module[RV_OWN_MAX_LAUNCHES], first;
    int listed[RV_OWN_MAX_LAUNCHES]; /* its listing came with the build    */
    int n, nlisted, started;
    pthread_t thread;
    int rc;
    char err[1024];
    double seconds; /* nvdisasm's wall time, all modules; 0 when
                                 the compile listed every one               */
} rv_disasm;

/* Where the listing of module `module` is kept in `work`: kernel.sass for
 * the module of the first traced launch (`first`), kernel-mK.sass else. */
void rv_disasm_path(const char *work, uint32_t module, uint32_t first, char *out, size_t len);

/* Starts listing the modules (WORK/moduleK.cubin, as the tracer dumped
 * them; repeats are listed once) on a thread of its own: 0, or the exit
 * status with why (then nothing runs). */
int rv_disasm_start(rv_disasm *d, const rv_own_opts *o, const char *work, const uint32_t *modules, int n, char *err,
                    size_t errlen);
/* Waits for the listings and puts them in WORK: 0, or the exit status with
 * why.  Call it once after every start that returned 0, also on a failure
 * elsewhere (keep: 0 then, nothing is put in WORK). */
int rv_disasm_finish(rv_disasm *d, int keep, char *err, size_t errlen);

#endif
