/* class_card.h — what the window's card shows of a live class (`reducevis
 * class`): where to join (the address, the code, its QR code), the room's
 * latest snapshot (who joined, who answered, the spread), and the list of
 * the students' kernels the teacher opened with K.  Data only: the class's
 * wing (viewer/class/) keeps it up to date, the scene turns it into the
 * card's words, so it lives below both. */
#ifndef VIEWER_SCENE_CLASS_CARD_H
#define VIEWER_SCENE_CLASS_CARD_H

#include "class/room.h"
#include "class/room_export.h"

#define CLASS_QR_MAX        177 /* modules of the largest QR code (version 40) */
#define CLASS_KERNELS_SHOWN 9   /* rows on the card: the digits 1 .. 9         */

/* What the list's keeper (viewer/class/class_kernels.c) does for the window:
 * read the list again (1 when it changed), collect a kernel's viewer that
 * was closed (1 when one was), open row `row` in a viewer of its own (0 with
 * what it shows in msg, or -1 with why not).  The window calls these and
 * nothing of the class's wing, which is above its own. */
typedef struct class_kernel_ops {
    int (*refresh)(void *keeper);
    int (*reap)(void *keeper);
    int (*show)(void *keeper, int row, const char *lang, int w, int h, int fullscreen, char *msg, size_t len);
} class_kernel_ops;

/* The students' kernels on the card: the newest judged ones whose trace was
 * kept, by number, never by name (the projector is the whole room's). */
typedef struct class_kernel_list {
    int open; /* the list is on the card */
    int nrows;
    room_kernel row[CLASS_KERNELS_SHOWN]; /* newest first */
    const class_kernel_ops *ops;          /* its keeper's, with keeper as their first argument */
    void *keeper;
    int on_screen; /* the submission a viewer of its own shows; 0: none */
} class_kernel_list;

typedef struct class_live {
    char join[200]; /* the address students open */
    char code[ROOM_CODE_LEN + 1];
    int qr_width;                                  /* modules a side; 0: no QR code */
    unsigned char qr[CLASS_QR_MAX * CLASS_QR_MAX]; /* 1: a dark module              */
    room_view view;                                /* the room, as last seen        */
    const class_kernel_list *kernels;              /* the students' kernels (K); NULL: none */
} class_live;

#endif
