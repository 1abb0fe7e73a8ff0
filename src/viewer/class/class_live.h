/* class_live.h — what the window shows of a live class (`reducevis class`):
 * where to join (the address, the code, its QR code) and the room's latest
 * snapshot (who joined, who answered, the spread), and the list of the
 * students' kernels (class_kernels.h).  The app keeps it up to
 * date (app_class.c); the scene turns it into the card's words. */
#ifndef VIEWER_CLASS_LIVE_H
#define VIEWER_CLASS_LIVE_H

#include "class/room.h"

#define CLASS_QR_MAX 177 /* modules of the largest QR code (version 40) */

typedef struct class_live {
    char join[200]; /* the address students open                   */
    char code[ROOM_CODE_LEN + 1];
    int qr_width;                                  /* modules a side; 0: no QR code               */
    unsigned char qr[CLASS_QR_MAX * CLASS_QR_MAX]; /* 1: a dark module     */
    room_view view;                                /* the room, as last seen                      */
    const struct class_kernels *kernels;           /* the students' kernels (K); NULL: none */
} class_live;

#endif
