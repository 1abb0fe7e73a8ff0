/* turns.h — a traced run's shared turns on a class's GPU, asked by the
 * tracer for the GPU's work only (src/own/turns/gpu_turn.h says the words
 * on fd 4).
 *
 * The tracer sees every kernel the program starts, the driver's and the
 * student's: a kernel is about to be launched (LAUNCH_BEGIN, a graph's
 * GRAPHS_LAUNCH_BEGIN), then is queued on its stream (LAUNCH_END,
 * GRAPHS_LAUNCH_END).  It sees every copy and memset start (the MEMCPY and
 * MEMSET domains, the tracer's own reading back included) and every stream
 * memory write (BATCH_MEMOP), inside the API call that queues it, which
 * has queued it once it returns (the DRIVER_API and RUNTIME_API domains'
 * exits).  So the turn is asked when the first such work begins, the call
 * waiting for it, and given back once every stream that work was queued on
 * has run it: a thread of the tracer's own waits for each such stream
 * (sanitizerStreamSynchronize, the Sanitizer's wait a tool may call) and
 * says 'e' when none is left.  Managed memory, whose pages the GPU moves
 * whenever either side touches them, holds the turn from its allocation to
 * the run's end.  The student's host code between kernels,
 * however long, holds no turn: a launch() that forks, sleeps, spins or holds
 * memory on the host without a kernel of its own running asks none, and a
 * kernel started before it is followed to its end whether or not the
 * program ever waits for it.  A kernel that never ends keeps the turn, and
 * the gate's 'T' stops it as before.
 *
 * Wherever the end of the GPU's work cannot be followed (a stream wait that
 * fails, a graph's kernel seen outside its graph's launch, more streams
 * than the tracer keeps, a stream destroyed while its wait does not end, a
 * stream being captured into a graph, which a wait would spoil),
 * the turn is kept to the end of the run, the way it was held before:
 * never given back too early.
 *
 * The descriptor is the tracer's alone once it is taken: RV_GPU_TURN_FD is
 * taken out of the environment (the driver then asks nothing itself) and
 * the descriptor closes on exec (a program the student starts gets none).
 * The student's host code runs in this process and could still write on
 * it; what it holds so is bounded by the gate's 'T' like any turn. */
#ifndef RV_TRACER_TURNS_H
#define RV_TRACER_TURNS_H

#include <sanitizer.h>

/* What the turns call: the Sanitizer's stream wait and stream lookup, and
 * CUDA's (NULL: looked up in the CUDA library already loaded, if any). */
typedef struct rv_turns_ops {
    SanitizerResult (*sync)(Sanitizer_StreamHandle);                   /* sanitizerStreamSynchronize */
    SanitizerResult (*get_stream)(Sanitizer_StreamHandle, CUstream *); /* sanitizerGetStream, or NULL */
    CUresult (*set_ctx)(CUcontext);                                    /* cuCtxSetCurrent */
    CUresult (*is_capturing)(CUstream, CUstreamCaptureStatus *);       /* cuStreamIsCapturing */
    void (*say)(const char *fmt, ...); /* each turn and why one is kept (RV_TRACER_DEBUG), or NULL */
} rv_turns_ops;

/* Takes RV_GPU_TURN_FD (none, or no sync: every call below does nothing,
 * and the driver asks the turns), and says 'i' on it: the check, which held
 * a shared turn for the program since its start, gives it back (the
 * tracer's turns cover the GPU's work from here on). */
void rv_turns_init(const rv_turns_ops *ops);
/* The program ends (the tracer's atexit function): its GPU work is waited
 * for, 2 s at most; work still running then keeps the turn until the
 * process is gone. */
void rv_turns_exit(void);
/* A kernel (or a graph) is about to be launched: returns once the turn is
 * held.  Each is followed by rv_turns_queued once it is on its stream. */
void rv_turns_begin(void);
void rv_turns_queued(CUcontext ctx, Sanitizer_StreamHandle s);
/* A driver or runtime API call enters (1) or returns (0) on this thread. */
void rv_turns_api(int enter);
/* A copy, a memset or a stream memory operation starts on stream s, inside
 * an API call of this thread: returns once the turn is held; the stream is
 * followed once that call returns (outside any call, or with no stream:
 * the turn is kept to the end of the run). */
void rv_turns_work(CUcontext ctx, Sanitizer_StreamHandle s);
/* GPU work whose end cannot be followed: the turn asked, kept to the run's
 * end, and why. */
void rv_turns_hold(const char *why);
/* A graph's kernel, which comes inside its graph's launch; seen outside
 * one, the turn is kept to the end of the run. */
void rv_turns_graph_node(void);
/* A stream (s) or a whole context (s NULL) is about to be destroyed:
 * returns once the tracer's thread no longer waits on it, or after 200 ms
 * with its waits on it dropped and the turn kept to the run's end. */
void rv_turns_destroying(CUcontext ctx, Sanitizer_StreamHandle s);
/* 1 on the tracer's own thread (its callbacks are not the program's). */
int rv_turns_own_thread(void);

#endif
