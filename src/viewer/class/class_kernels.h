/* class_kernels.h — the students' kernels on the projector.  In a live
 * class the teacher's window lists the newest judged kernels whose trace was
 * kept (K), by number, never by name: the projector is the whole room's.  One
 * click on a row (or its digit) opens that trace beside the version its
 * exercise leads to, in a viewer window of its own.
 *
 * That viewer is a child process, `reducevis view ID.rvt --compare V
 * --beside-waves v8` (its W: the kernel's grid beside the version to beat's
 * recorded one, as on the student's kernel page): the
 * trace came out of the student's program, so it is never parsed in the
 * class's process, and a viewer that fails costs its window, not the class.
 * Closing it (Esc, Q) shows the class's window again; opening another kernel
 * closes it first.  The list is read from the queue without waiting
 * (submit_queue_traced_try): a busy queue is asked again at the next tick. */
#ifndef VIEWER_CLASS_KERNELS_H
#define VIEWER_CLASS_KERNELS_H

#include <stddef.h>
#include <sys/types.h>
#include "viewer/scene/class_card.h" /* the list the card shows */

struct submit_queue;

typedef struct class_kernels {
    struct submit_queue *queue;
    char exe[1024];         /* reducevis itself, the viewer's program      */
    const char *font;       /* the class's --font, given to it; NULL: none */
    class_kernel_list list; /* what the card shows (K)                  */
    pid_t viewer;           /* the child showing a kernel; 0: none        */
} class_kernels;

/* k's list made to carry its keeper's functions (class_card.h's ops), so
 * that the window can ask them without knowing the class's wing. */
void class_kernels_bind(class_kernels *k);

/* Reads the list again where the queue is free; 1 when it changed. */
int class_kernels_refresh(class_kernels *k);

/* What the viewer shows row `row` with: the version beside it (the one its
 * exercise leads to), the version to beat whose grid W shows beside the
 * kernel's (rv_rules_mark_version), and the interface's language, the window's size, the
 * class's font, and fullscreen when the class's window is.  Fills argv (at most 16 entries,
 * NULL-terminated, pointing into buf).  0, or -1 when there is no such row. */
int class_kernels_argv(const class_kernels *k, int row, const char *lang, int w, int h, int fullscreen, char *argv[16],
                       char *buf, size_t len);

/* Opens row `row` in a viewer of its own (closing the one open).  0 with
 * what it shows in msg, or -1 with why not. */
int class_kernels_show(class_kernels *k, int row, const char *lang, int w, int h, int fullscreen, char *msg,
                       size_t len);

/* Collects a viewer that was closed; 1 when one was. */
int class_kernels_reap(class_kernels *k);

/* Closes the viewer, if one is open (the class ends). */
void class_kernels_stop(class_kernels *k);

#endif
