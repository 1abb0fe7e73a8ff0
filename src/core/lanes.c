/* lanes.c — how the lanes of a shuffle step read each other (lanes.h):
 * down, up, xor or a broadcast, told from the lanes the trace recorded,
 * never from the code's text. */
#include "lanes.h"
#include "analysis.h" /* RV_WARP_SIZE */

int rv_lane_source(rv_lane_pattern p, int d, int lane)
{
    switch (p) {
    case RV_LANES_DOWN: return lane + d < RV_WARP_SIZE ? lane + d : lane;
    case RV_LANES_UP: return lane - d >= 0 ? lane - d : lane;
    case RV_LANES_XOR: return (lane ^ d) & (RV_WARP_SIZE - 1);
    case RV_LANES_IDX: return d & (RV_WARP_SIZE - 1);
    default: return -1;
    }
}

/* Each executing thread's one lane read (-1: none; -2: several). */
static int lane_read(const rv_trace *tr, const rv_event *e)
{
    const uint64_t *r = rv_event_reads(tr, e);
    int src = -1;
    for (uint32_t i = 0; i < e->nreads; i++)
        if (RV_ACC_SPACE(r[i]) == RV_SPACE_LANE) {
            int l = (int)(RV_ACC_INDEX(r[i]) & (RV_WARP_SIZE - 1));
            if (src >= 0 && src != l) return -2;
            src = l;
        }
    return src;
}

rv_lane_pattern rv_step_lanes(const rv_trace *tr, int step, int *delta)
{
    static const rv_lane_pattern order[] = {RV_LANES_DOWN, RV_LANES_XOR, RV_LANES_UP, RV_LANES_IDX};
    int any = 0;
    *delta = 0;
    /* the first lane that reads another gives each rule its d */
    int d[4] = {0, 0, 0, 0}, found = 0;
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, step, t);
        int src = e->line ? lane_read(tr, e) : -1, l = t % RV_WARP_SIZE;
        if (src == -2) return RV_LANES_MIXED;
        any |= src >= 0;
        if (src >= 0 && src != l && !found) {
            d[0] = src - l;
            d[1] = src ^ l;
            d[2] = l - src;
            d[3] = src;
            found = 1;
        }
    }
    if (!any) return RV_LANES_NONE;
    for (int k = 0; k < 4; k++) {
        if (k != 3 && d[k] <= 0) continue; /* a distance is positive; idx may be lane 0 */
        int fits = 1;
        for (int t = 0; t < tr->block_size && fits; t++) {
            const rv_event *e = rv_trace_event(tr, step, t);
            int src = e->line ? lane_read(tr, e) : -1;
            fits = src < 0 || src == rv_lane_source(order[k], d[k], t % RV_WARP_SIZE);
        }
        if (fits) {
            *delta = d[k];
            return order[k];
        }
    }
    return RV_LANES_MIXED;
}
