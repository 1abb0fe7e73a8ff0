/* test_layout.c — the pure layout: panes do not overlap, grids fit their pane,
 * hit tests invert the rectangles, at the sizes a classroom uses. */
#include <stdio.h>
#include "../check.h"
#include "viewer/draw/layout.h"

static int inside(lrect in, lrect r)
{
    return r.x >= in.x && r.y >= in.y && r.x + r.w <= in.x + in.w && r.y + r.h <= in.y + in.h;
}

static int overlap(lrect a, lrect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static int warn_lines;   /* the race band of v4..v6 under the banner, or 0 */

static void check_size(int w, int h, int bs, int words, int lane_values)
{
    layout L;
    layout_in in = { w, h, bs, words, 12, lane_values, -1, warn_lines, 0, 0, 0 };
    layout_compute(&L, &in);
    lrect screen = { 0, 0, w, h };
    lrect panes[] = { L.header, L.code, L.center, L.results, L.legend, L.timeline, L.footer };
    for (int i = 0; i < 7; i++) {
        CHECK(inside(screen, panes[i]), "%dx%d b%d: pane %d on screen", w, h, bs, i);
        for (int j = i + 1; j < 7; j++)
            CHECK(!overlap(panes[i], panes[j]), "%dx%d b%d: panes %d and %d overlap", w, h, bs, i, j);
    }
    for (int t = 0; t < bs && !L.compact; t += 31) {
        lrect r = layout_lane_rect(&L, t);
        CHECK(inside(L.center, r), "%dx%d b%d: lane %d inside the block pane", w, h, bs, t);
        CHECK(layout_lane_at(&L, r.x + r.w / 2, r.y + r.h / 2) == t, "%dx%d b%d: lane %d hit", w, h, bs, t);
    }
    for (int wd = 0; wd < words; wd += 17) {
        lrect r = layout_cell_rect(&L, wd);
        CHECK(inside(L.center, r), "%dx%d b%d: word %d inside the block pane", w, h, bs, wd);
        CHECK(layout_cell_at(&L, r.x + r.w / 2, r.y + r.h / 2) == wd, "%dx%d b%d: word %d hit", w, h, bs, wd);
        CHECK(layout_lane_at(&L, r.x + r.w / 2, r.y + r.h / 2) == -1, "a word is not a lane");
    }
    lrect last_lane = layout_lane_rect(&L, bs - 1), b0 = layout_bank_rect(&L, 0);
    CHECK(last_lane.y + last_lane.h <= b0.y, "%dx%d b%d: lanes above the banks", w, h, bs);
    for (int s = 0; s < 12; s++) {
        lrect r = layout_step_rect(&L, s);
        CHECK(inside(L.timeline, r), "step %d in the timeline", s);
        CHECK(layout_step_at(&L, r.x + 1, r.y + 1) == s, "step %d hit", s);
    }
    CHECK(L.fs_ui >= 12, "%dx%d: body text at least 12 px (%d)", w, h, L.fs_ui);
    CHECK(L.lane_h >= 5 && L.cell_h >= 10, "%dx%d b%d: rows legible (lane %d, word %d)", w, h, bs, L.lane_h, L.cell_h);
}

int main(void)
{
    int sizes[][2] = { { 1280, 720 }, { 1920, 1080 }, { 1024, 768 }, { 3840, 2160 } };
    for (int i = 0; i < 4; i++) {
        for (int bs = 64; bs <= 1024; bs *= 2)
            check_size(sizes[i][0], sizes[i][1], bs, bs, 0);
        check_size(sizes[i][0], sizes[i][1], 1024, 32, 1);   /* v7 at block 1024 */
        check_size(sizes[i][0], sizes[i][1], 256, 32, 1);
    }
    /* With the race band (v4, v4s, v5, v6): everything still fits. */
    warn_lines = 3;
    for (int i = 0; i < 4; i++)
        for (int bs = 64; bs <= 1024; bs *= 2) {
            check_size(sizes[i][0], sizes[i][1], bs, bs, 0);
            layout L;
            layout_in in = { sizes[i][0], sizes[i][1], bs, bs, 12, 0, -1, warn_lines, 0, 0, 0 };
            layout_compute(&L, &in);
            CHECK(L.warn.h > 0 && L.warn.y >= L.banner.y && L.warn.y + L.warn.h <= L.banner.y + L.banner.h
                      && L.lanes_head_y >= L.banner.y + L.banner.h,
                  "%dx%d b%d: the band inside the banner, above the grids", sizes[i][0], sizes[i][1], bs);
        }
    warn_lines = 0;
    layout L;
    layout_in in = { 1920, 1080, 1024, 1024, 12, 0, -1, 0, 0, 0, 0 };
    layout_compute(&L, &in);
    CHECK(L.cell_h >= 14 && L.fs_cell >= 9, "block 1024 at 1080p: words %d px, text %d px", L.cell_h, L.fs_cell);
    /* Block 1024 at 720p: warps fold into a strip so words stay legible;
     * asked for rows, the layout still fits (thin rows). */
    layout_in small = { 1280, 720, 1024, 1024, 12, 0, -1, 0, 0, 0, 0 };
    layout_compute(&L, &small);
    CHECK(L.compact && L.cell_h >= LAYOUT_LEGIBLE_ROW, "1024 at 720p: strip %d, words %d px", L.compact, L.cell_h);
    for (int w = 0; w < 32; w++) {
        lrect r = layout_warp_box(&L, w);
        CHECK(layout_warp_at(&L, r.x + 1, r.y + 1) == w, "strip: warp %d hit", w);
    }
    small.compact = 0;
    layout_compute(&L, &small);
    CHECK(!L.compact, "rows when asked");
    return check_report();
}
