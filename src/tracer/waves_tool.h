/* waves_tool.h — the tool's waves run (waves.c), called from tool.c's
 * callbacks; the files it writes are waves.h's. */
#ifndef RV_TRACER_WAVES_TOOL_H
#define RV_TRACER_WAVES_TOOL_H

#include <sanitizer.h>

#include "waves.h"

/* The tool's side (waves.c), called from tool.c's callbacks. */
typedef struct rv_waves_ops {
    void (*fail)(const char *fmt, ...);
    void (*say)(const char *fmt, ...);
    /* the tool's own device memory (not the program's allocations) */
    int (*alloc)(CUcontext ctx, void **p, size_t bytes);
} rv_waves_ops;

/* Whether this run is a waves run (RV_TRACER_WAVES=1: armed launches, each
 * written; =all: every launch stamped, the armed ones written, so that a
 * timed run costs what a recorded one does).  Reads the environment once. */
int rv_waves_on(const char *out, const rv_waves_ops *ops);
/* 1 for a timed run under the patch (=all): its driver takes the GPU alone
 * for its timed calls itself, so the tool asks no turn of its own. */
int rv_waves_all(void);
/* A module loaded: its block entries and exits patched, nothing else. */
void rv_waves_module(const Sanitizer_ResourceModuleData *d);
/* A kernel begins (graph_node: as a graph's node; k: its armed launch, 0
 * when not armed; smem: its dynamic shared memory, for the occupancy). */
void rv_waves_launch(const Sanitizer_LaunchData *d, int graph_node, uint32_t k, uint32_t call, uint64_t smem);
/* The program waited for the GPU: every stamped launch read back. */
void rv_waves_sync(void);

#endif
