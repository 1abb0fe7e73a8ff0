/* class_qr.c — the join address as a QR code (class_qr.h), through
 * libqrencode (Debian: libqrencode-dev).  Two rows of modules make one line
 * of text: the upper and lower half blocks, so the code stays square in a
 * terminal whose cells are twice as high as wide.  Without libqrencode the
 * address is printed alone (RV_HAVE_QRENCODE unset). */
#include "class_qr.h"

#include "core/i18n.h"
#ifdef RV_HAVE_QRENCODE
#include <qrencode.h>

enum { QUIET = 2 }; /* modules of light margin: scanners need one */

static int dark(const QRcode *q, int x, int y)
{
    return x >= 0 && y >= 0 && x < q->width && y < q->width && (q->data[y * q->width + x] & 1);
}

void class_qr_print(FILE *f, const char *text)
{
    QRcode *q = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!q) {
        fprintf(f, "%s", _("(no QR code: the address is too long for one)\n"));
        return;
    }
    /* light modules are drawn, dark ones left blank: right on a dark terminal */
    static const char *cell[4] = {"\xE2\x96\x88", "\xE2\x96\x84", "\xE2\x96\x80", " "}; /* █ ▄ ▀ space */
    for (int y = -QUIET; y < q->width + QUIET; y += 2) {
        for (int x = -QUIET; x < q->width + QUIET; x++) fputs(cell[dark(q, x, y) * 2 + dark(q, x, y + 1)], f);
        fputc('\n', f);
    }
    QRcode_free(q);
}

int class_qr_modules(const char *text, unsigned char *out, int cap, int *width)
{
    QRcode *q = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!q || q->width * q->width > cap) {
        QRcode_free(q);
        return -1;
    }
    for (int i = 0; i < q->width * q->width; i++) out[i] = q->data[i] & 1;
    *width = q->width;
    QRcode_free(q);
    return 0;
}
#else
int class_qr_modules(const char *text, unsigned char *out, int cap, int *width)
{
    (void)text;
    (void)out;
    (void)cap;
    *width = 0;
    return -1;
}

void class_qr_print(FILE *f, const char *text)
{
    (void)text;
    fprintf(f, "%s", _("(no QR code: this build has no libqrencode; install libqrencode-dev and rebuild)\n"));
}
#endif
