/* frames.c — the main program's return addresses on the calling thread's
 * stack (frames.h).
 *
 * The main program is the first object dl_iterate_phdr reports (glibc lists
 * it first, with no name); its executable segments, moved by its load bias,
 * are where its code lies.  An address there less the bias is the address
 * the program's own file gives it (a PIE's start at 0), which is what
 * addr2line reads.  The segments are found once: the program's do not move. */
#define _GNU_SOURCE
#include "frames.h"

#include <execinfo.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>

#define SEGMENTS_MAX 8
#define WALK_MAX     128 /* frames walked: the tracer's, the Sanitizer's and libcuda's come first */

static struct {
    uintptr_t bias;
    uintptr_t lo[SEGMENTS_MAX], hi[SEGMENTS_MAX];
    int n;
} prog;
static pthread_once_t found = PTHREAD_ONCE_INIT;

static int first_object(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size, (void)arg;
    prog.bias = info->dlpi_addr;
    for (int i = 0; i < info->dlpi_phnum && prog.n < SEGMENTS_MAX; i++) {
        const ElfW(Phdr) *p = &info->dlpi_phdr[i];
        if (p->p_type != PT_LOAD || !(p->p_flags & PF_X)) continue;
        prog.lo[prog.n] = info->dlpi_addr + p->p_vaddr;
        prog.hi[prog.n] = prog.lo[prog.n] + p->p_memsz;
        prog.n++;
    }
    return 1; /* the main program only */
}

static void find_program(void) { dl_iterate_phdr(first_object, NULL); }

static int in_program(uintptr_t a)
{
    for (int i = 0; i < prog.n; i++)
        if (a >= prog.lo[i] && a < prog.hi[i]) return 1;
    return 0;
}

void rv_frames_init(void)
{
    void *one[1];
    pthread_once(&found, find_program);
    backtrace(one, 1);
}

int rv_frames(uint64_t *off, int max)
{
    void *walk[WALK_MAX];
    pthread_once(&found, find_program);
    int n = backtrace(walk, WALK_MAX), k = 0;
    for (int i = 0; i < n && k < max; i++) {
        uintptr_t a = (uintptr_t)walk[i];
        if (in_program(a)) off[k++] = (uint64_t)(a - prog.bias);
    }
    return k;
}

void rv_frames_text(char *out, size_t len)
{
    uint64_t off[RV_FRAMES_MAX];
    int n = rv_frames(off, RV_FRAMES_MAX);
    size_t at = 0;
    if (!len) return;
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        int w = snprintf(out + at, len - at, "%s%llx", i ? "," : " at ", (unsigned long long)off[i]);
        if (w < 0 || (size_t)w >= len - at) { /* no room: the frames that fit, never one cut */
            out[at] = 0;
            return;
        }
        at += (size_t)w;
    }
}
