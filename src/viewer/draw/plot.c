/* plot.c — GB/s against N on log2 axes, shared by the results panel's sweep
 * plot and the exported sweep chart.
 *
 * Everything here draws straight lines and filled rectangles through the
 * primitives of draw_prim.c, with no anti-aliasing, so a colour drawn is a
 * colour found when the tests sample the pixel plot_point() names.
 */
#include "plot.h"

#include <math.h>
#include <stdio.h>
#include "draw.h"

/* Keeps a ratio where lround() and the int it returns are defined, whatever
 * numbers a results file holds; points that far out are clipped anyway. */
static double clamp_ratio(double t) { return isnan(t) ? 0 : t < -4 ? -4 : t > 4 ? 4 : t; }

void plot_point(const plot_axes *a, uint64_t n, double gbps, int *x, int *y)
{
    double t = a->hi > a->lo ? (log2((double)n) - a->lo) / (a->hi - a->lo) : 0;
    double v = a->top > 0 ? gbps / a->top : 0;
    *x = a->area.x + (int)lround(clamp_ratio(t) * (a->area.w - 1));
    *y = a->area.y + a->area.h - 1 - (int)lround(clamp_ratio(v) * (a->area.h - 1));
}

void plot_dashed(SDL_Renderer *r, int x0, int y0, int len, int vertical, int t, int dash, rgba c)
{
    if (dash < 1) dash = 1;
    for (int o = 0; o < len; o += 2 * dash) {
        int l = o + dash <= len ? dash : len - o;
        prim_fill(r, vertical ? (lrect){x0 - t / 2, y0 + o, t, l} : (lrect){x0 + o, y0 - t / 2, l, t}, c);
    }
}

/* ---- the grid --------------------------------------------------------------- */

static void grid_y(SDL_Renderer *r, text_cache *tc, const plot_axes *a, const plot_grid_style *s, int t)
{
    lrect p = a->area;
    double step = plot_nice_step(a->top, s->ticks);
    int lty = text_line_height(tc, s->face, s->px);
    char buf[32];
    for (double v = 0; v <= a->top + step / 2; v += step) {
        int x, y;
        plot_point(a, 1, v, &x, &y);
        prim_fill(r, (lrect){p.x, y - (t - 1) / 2, p.w, t}, v == 0 ? s->axis : s->grid);
        snprintf(buf, sizeof buf, "%.0f", v);
        int w = text_width(tc, s->face, s->px, buf);
        text_draw(tc, s->face, s->px, p.x - s->gap - w, y - lty / 2, s->label, buf);
    }
    prim_fill(r, (lrect){p.x - (t - 1) / 2, p.y, t, p.h}, s->axis);
}

/* Which powers of two get a name under the axis. */
static int x_labelled(const plot_grid_style *s, int e, int lo, int hi)
{
    if (s->x_every <= 0) return e == lo || e == hi || e == (lo + hi) / 2;
    return (e - lo) % s->x_every == 0;
}

static void grid_x(SDL_Renderer *r, text_cache *tc, const plot_axes *a, const plot_grid_style *s, int t)
{
    lrect p = a->area;
    int lo = (int)lround(a->lo), hi = (int)lround(a->hi);
    char buf[32];
    if (lo < 0) lo = 0;
    if (hi > 62) hi = 62;
    for (int e = lo; e <= hi; e++) {
        int x, y;
        plot_point(a, 1ull << e, 0, &x, &y);
        prim_fill(r, (lrect){x - (t - 1) / 2, p.y + p.h, t, s->tick}, s->axis);
        if (!x_labelled(s, e, lo, hi)) continue;
        plot_n_name(1ull << e, buf, sizeof buf);
        int w = text_width(tc, FACE_SANS, s->px, buf), lx = x - w / 2;
        lx = lx < p.x ? p.x : lx + w > p.x + p.w ? p.x + p.w - w : lx;
        text_draw(tc, FACE_SANS, s->px, lx, p.y + p.h + s->tick, s->label, buf);
    }
}

void plot_grid(SDL_Renderer *r, text_cache *tc, const plot_axes *a, const plot_grid_style *s)
{
    int t = s->width > 0 ? s->width : 1;
    grid_y(r, tc, a, s, t);
    grid_x(r, tc, a, s, t);
}

/* ---- lines ------------------------------------------------------------------ */

static void marker(SDL_Renderer *r, int x, int y, const plot_line_style *st, rgba c)
{
    int d = st->dot;
    if (st->solid)
        prim_disc(r, x, y, d / 2, c);
    else
        prim_fill(r, (lrect){x - d / 2, y - d / 2, d, d}, c);
}

void plot_line_pts(SDL_Renderer *r, const plot_axes *a, const plot_pt *pts, int npts, const plot_line_style *st)
{
    int px0 = 0, py0 = 0, have = 0;
    /* The segments first, then the markers over them, so that a failed
     * sum's marker is not cut by the segment leaving it. */
    for (int i = 0; i < npts; i++) {
        if (isnan(pts[i].gbps)) {
            have = 0;
            continue;
        }
        int px, py;
        plot_point(a, pts[i].n, pts[i].gbps, &px, &py);
        if (have && st->solid)
            prim_band(r, (float)px0, (float)py0, (float)px, (float)py, st->c, st->t);
        else if (have)
            prim_line(r, (float)px0, (float)py0, (float)px, (float)py, st->c, st->t);
        px0 = px;
        py0 = py;
        have = 1;
    }
    for (int i = 0; st->dot > 0 && i < npts; i++) {
        if (isnan(pts[i].gbps)) continue;
        int px, py;
        plot_point(a, pts[i].n, pts[i].gbps, &px, &py);
        marker(r, px, py, st, pts[i].correct ? st->c : st->bad);
    }
}

int plot_spread_pts(SDL_Renderer *r, const plot_axes *a, const plot_pt *pts, int npts, rgba c, int t)
{
    int bars = 0;
    for (int i = 0; i < npts; i++) {
        if (isnan(pts[i].lo) || isnan(pts[i].hi)) continue;
        int x, y_lo, y_hi;
        plot_point(a, pts[i].n, pts[i].lo, &x, &y_lo);
        plot_point(a, pts[i].n, pts[i].hi, &x, &y_hi);
        if (y_lo - y_hi < 1) y_lo = y_hi + 1; /* a bar at least a pixel tall */
        prim_fill(r, (lrect){x - t / 2, y_hi, t, y_lo - y_hi}, c);
        bars++;
    }
    return bars;
}

int plot_last_pts(const plot_axes *a, const plot_pt *pts, int npts, int *x, int *y)
{
    for (int i = npts - 1; i >= 0; i--)
        if (!isnan(pts[i].gbps)) {
            plot_point(a, pts[i].n, pts[i].gbps, x, y);
            return 1;
        }
    return 0;
}

/* ---- the same, from a sweep's runs ---------------------------------------- */

void plot_line(SDL_Renderer *r, const plot_axes *a, const struct rv_results *s, const char *variant,
               const plot_line_style *st)
{
    plot_pt pts[PLOT_MAX_POINTS];
    plot_line_pts(r, a, pts, plot_points(s, variant, pts, PLOT_MAX_POINTS), st);
}

int plot_spread(SDL_Renderer *r, const plot_axes *a, const struct rv_results *s, const char *variant, rgba c, int t)
{
    plot_pt pts[PLOT_MAX_POINTS];
    return plot_spread_pts(r, a, pts, plot_points(s, variant, pts, PLOT_MAX_POINTS), c, t);
}

int plot_last_point(const plot_axes *a, const struct rv_results *s, const char *variant, int *x, int *y)
{
    plot_pt pts[PLOT_MAX_POINTS];
    return plot_last_pts(a, pts, plot_points(s, variant, pts, PLOT_MAX_POINTS), x, y);
}
