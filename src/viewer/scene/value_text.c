/* value_text.c — a value as few characters as a cell holds ("12.3k",
 * "0.125", "1e5"): the scene words numbers with it, drawing fits cells.
 * A value the tracer could not see (a register of an own trace) is "?":
 * not a number the kernel made, so never "nan". */
#include "value_text.h"
#include "core/trace.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void value_text(float v, int max_chars, char *buf, int len)
{
    if (max_chars < 1) max_chars = 1;
    if (rv_value_unknown(v)) {
        snprintf(buf, len, "?");
        return;
    }
    if (isnan(v)) {
        snprintf(buf, len, "nan");
        return;
    }
    double a = fabs(v);
    /* Whole numbers first: the common case with ones, index and mod10. */
    if (a < 1e15 && v == floor(v)) {
        snprintf(buf, len, "%.0f", v);
        if ((int)strlen(buf) <= max_chars) return;
        static const char suffix[] = "kMGT";
        double s = a;
        for (int i = 0; i < 4; i++) {
            s /= 1000.0;
            for (int dec = 1; dec >= 0; dec--) {
                if (s < 0.5 && dec == 0) break; /* "0M" would say zero: try a shorter form below */
                snprintf(buf, len, "%s%.*f%c", v < 0 ? "-" : "", dec, s, suffix[i]);
                if ((int)strlen(buf) <= max_chars) return;
            }
        }
    }
    for (int dec = 3; dec >= 0; dec--) {
        snprintf(buf, len, "%.*f", dec, v);
        if ((int)strlen(buf) <= max_chars) return;
    }
    for (int dec = 2; dec >= 0; dec--) {
        snprintf(buf, len, "%.*e", dec, v);
        if ((int)strlen(buf) <= max_chars) return;
    }
    /* The narrowest: one digit and a power of ten, "1e5" for 131072. */
    int e = a > 0 ? (int)floor(log10(a)) : 0;
    long m = lround(a / pow(10.0, e));
    if (m >= 10) {
        m = 1;
        e++;
    }
    snprintf(buf, len, "%s%lde%d", v < 0 ? "-" : "", m, e);
}
