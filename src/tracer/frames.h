/* frames.h — where in the program a host call was made, for the recording
 * (queued.c): the return addresses on the calling thread's stack that lie in
 * the main program, as offsets from where it was loaded.
 *
 * A Sanitizer callback runs on the thread that made the API call, inside
 * it: the stack then goes tracer, Compute Sanitizer, libcuda, the CUDA
 * runtime (linked statically into the program by nvcc), the student's
 * launch(), the driver.  Only the main program's frames are kept (the
 * runtime's and the student's alike: telling them apart needs the program's
 * line table, which reducevis reads after the run, src/own/run/host_line.h).
 * An offset is what `addr2line -e PROGRAM` takes, the program being
 * position-independent or not.  Where the stack cannot be walked (a frame
 * without unwind information), fewer frames or none are kept: the line is
 * then not named, never guessed. */
#ifndef RV_TRACER_FRAMES_H
#define RV_TRACER_FRAMES_H

#include <stddef.h>
#include <stdint.h>

/* Main-program frames kept at most: the runtime's own frames come first
 * (3 to 6 of them for a cudaMemcpy), and a Thrust or CUB call not inlined
 * adds its own before the student's line. */
#define RV_FRAMES_MAX 16

/* Walks the stack once at start, so that the unwinder's library is loaded
 * then and not inside a callback (glibc's backtrace() opens it the first
 * time it is called). */
void rv_frames_init(void);

/* The calling thread's main-program return addresses, innermost first, as
 * offsets: at most max of them into off.  The count (0: none found). */
int rv_frames(uint64_t *off, int max);

/* The same as the end of a queued.txt line: " at OFF,OFF,..." (lower-case
 * hex, no 0x), or "" where none was found. */
void rv_frames_text(char *out, size_t len);

#endif
