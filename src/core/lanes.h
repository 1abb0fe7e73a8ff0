/* lanes.h — how the lanes of a shuffle step read each other (lanes.c),
 * from the lanes a trace recorded. */
#ifndef RV_LANES_H
#define RV_LANES_H

#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How the lanes of a shuffle step read each other, from the lanes the
 * trace recorded (never from the code's text): lane l reads l+d (down,
 * l itself past lane 31), l-d (up), l^d (xor: a butterfly, pairs swap), or
 * every lane lane d (idx: a broadcast); mixed when no one rule fits every
 * lane or a lane reads several (a library call recorded as one step); none
 * when no lane reads another. */
typedef enum rv_lane_pattern {
    RV_LANES_NONE = 0,
    RV_LANES_DOWN,
    RV_LANES_UP,
    RV_LANES_XOR,
    RV_LANES_IDX,
    RV_LANES_MIXED
} rv_lane_pattern;

/* The pattern of step `step`'s shuffle reads, and its d in *delta (0 for
 * none and mixed). */
rv_lane_pattern rv_step_lanes(const rv_trace *tr, int step, int *delta);

/* The lane that lane l reads under pattern p with distance d. */
int rv_lane_source(rv_lane_pattern p, int d, int lane);

#ifdef __cplusplus
}
#endif

#endif
