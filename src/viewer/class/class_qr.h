/* class_qr.h — the join address as a QR code in the terminal. */
#ifndef VIEWER_CLASS_QR_H
#define VIEWER_CLASS_QR_H

#include <stdio.h>

/* Prints text as a QR code of half-block characters (light modules drawn,
 * for a dark terminal), or one line saying why none can be drawn. */
void class_qr_print(FILE *f, const char *text);

/* text's QR code as modules, width x width bytes (1 dark) into out (cap
 * bytes): 0, or -1 when none can be made (no libqrencode, too long). */
int class_qr_modules(const char *text, unsigned char *out, int cap, int *width);

#endif
