/* class_qr.h — the join address as a QR code in the terminal. */
#ifndef VIEWER_CLASS_QR_H
#define VIEWER_CLASS_QR_H

#include <stdio.h>

/* Prints text as a QR code of half-block characters (light modules drawn,
 * for a dark terminal), or one line saying why none can be drawn. */
void class_qr_print(FILE *f, const char *text);

#endif
