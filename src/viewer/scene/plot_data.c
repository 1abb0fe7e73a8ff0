/* plot_data.c — a sweep's points, gridline steps and N as written (plot_data.h). */
#include "plot_data.h"

#include <math.h>
#include <stdio.h>
#include "core/results.h"

int plot_points(const rv_results *s, const char *variant, plot_pt *out, int max)
{
    const uint64_t *sizes;
    int ns = rv_results_sizes(s, &sizes);
    if (ns > max) ns = max;
    for (int i = 0; i < ns; i++) {
        const rv_result_run *q = rv_results_find(s, variant, sizes[i]);
        plot_pt *p = &out[i];
        *p = (plot_pt){.n = sizes[i], .gbps = NAN, .lo = NAN, .hi = NAN};
        if (!q || isnan(q->gbps)) continue;
        p->gbps = q->gbps;
        p->correct = q->correct;
        /* Older files kept no quartiles: no spread, nothing invented. */
        if (!(q->q1_ms > 0) || !(q->q3_ms > 0) || !isfinite(q->q1_ms) || !isfinite(q->q3_ms)) continue;
        double bytes = (double)q->n * sizeof(float);
        p->lo = bytes / (q->q3_ms * 1e6); /* slower: lower */
        p->hi = bytes / (q->q1_ms * 1e6);
    }
    return ns;
}

double plot_nice_step(double max, int ticks)
{
    double raw = max / (ticks > 0 ? ticks : 5), p = pow(10, floor(log10(raw > 0 ? raw : 1)));
    double m = raw / p;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

void plot_n_name(uint64_t n, char *buf, size_t len)
{
    static const char *const sup[10] = {
        "\xE2\x81\xB0", "\xC2\xB9",     "\xC2\xB2",     "\xC2\xB3",     "\xE2\x81\xB4",
        "\xE2\x81\xB5", "\xE2\x81\xB6", "\xE2\x81\xB7", "\xE2\x81\xB8", "\xE2\x81\xB9",
    };
    if (n >= 2 && (n & (n - 1)) == 0) {
        int e = 0;
        while ((1ull << e) < n) e++;
        if (e >= 10)
            snprintf(buf, len, "2%s%s", sup[e / 10], sup[e % 10]);
        else
            snprintf(buf, len, "2%s", sup[e]);
        return;
    }
    rv_results_n_name(n, buf, len);
}
