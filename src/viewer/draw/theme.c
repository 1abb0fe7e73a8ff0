/* theme.c — the dark and light palettes.
 *
 * Colours were chosen for a projector: the three warp states differ in hue and
 * in lightness (so they survive a washed-out beamer and colour-blind eyes),
 * conflicts are the only saturated reds, and the light theme keeps text near
 * black on near white because projectors crush dark backgrounds.
 */
#include "theme.h"

#include "core/trace.h"
#include "core/versions.h"

#define C(r, g, b) \
    { \
        r, g, b, 255 \
    }

static const theme themes[THEME_COUNT] =
    {
        [THEME_DARK] =
            {
                .name = "dark",
                .id = THEME_DARK,
                .bg = C(0x14, 0x17, 0x1f),
                .panel = C(0x1c, 0x21, 0x2b),
                .panel_edge = C(0x2e, 0x35, 0x44),
                .text = C(0xd8, 0xde, 0xe9),
                .text_dim = C(0x7d, 0x88, 0x9c),
                .text_strong = C(0xff, 0xff, 0xff),
                .accent = C(0x5c, 0xc8, 0xff),
                .accent2 = C(0xf0, 0xe4, 0x42),
                .cell = C(0x2b, 0x33, 0x42),
                .cell_empty = C(0x20, 0x25, 0x30),
                .cell_text = C(0xe6, 0xea, 0xf2),
                .write = C(0x2f, 0x7c, 0xf6),
                .write_text = C(0xff, 0xff, 0xff),
                .read = C(0x7f, 0xe3, 0xf0),
                .lane_off = C(0x2a, 0x2f, 0x3a),
                .idle = C(0x4a, 0x52, 0x63),
                .full = C(0x2f, 0xbf, 0x71),
                .divergent = C(0xf5, 0xa6, 0x23),
                .wasted = C(0xe0, 0x4f, 0xd0),
                .atomic = C(0xff, 0xd8, 0x4d),
                .conflict = {C(0xff, 0x8a, 0x65), C(0xff, 0x5a, 0x4a), C(0xe5, 0x23, 0x2d), C(0xb0, 0x00, 0x20)},
                .conflict_text = C(0xff, 0xff, 0xff),
                .shuffle = C(0xc3, 0x9b, 0xff),
                .hazard = C(0xc6, 0x28, 0x28),
                .code_line = C(0x2f, 0x4a, 0x6e),
                .overlay = {0x08, 0x0a, 0x10, 0xe8},
                .tooltip = C(0x26, 0x2d, 0x3b),
                .phase = {C(0x3b, 0x6e, 0xa5), C(0x3f, 0x8f, 0x6b), C(0x8a, 0x6d, 0x2e), C(0x72, 0x55, 0xa8),
                          C(0x5a, 0x63, 0x78), C(0x9a, 0x4b, 0x5e), C(0x8a, 0x74, 0x1c)},
                .cub = C(0x3f, 0xe0, 0xb0),
            },
        [THEME_LIGHT] =
            {
                .name = "light",
                .id = THEME_LIGHT,
                .bg = C(0xfa, 0xfa, 0xf7),
                .panel = C(0xff, 0xff, 0xff),
                .panel_edge = C(0xc9, 0xcd, 0xd6),
                .text = C(0x1d, 0x22, 0x2c),
                .text_dim = C(0x5f, 0x68, 0x78),
                .text_strong = C(0x00, 0x00, 0x00),
                .accent = C(0x00, 0x5f, 0xb8),
                .accent2 = C(0xe8, 0xc5, 0x47),
                .cell = C(0xe4, 0xe8, 0xef),
                .cell_empty = C(0xf3, 0xf4, 0xf6),
                .cell_text = C(0x11, 0x15, 0x1c),
                .write = C(0x1f, 0x6f, 0xe5),
                .write_text = C(0xff, 0xff, 0xff),
                .read = C(0x00, 0x9a, 0xb0),
                .lane_off = C(0xe6, 0xe8, 0xec),
                .idle = C(0xa5, 0xac, 0xb8),
                .full = C(0x1e, 0x9e, 0x58),
                .divergent = C(0xe0, 0x8a, 0x00),
                .wasted = C(0xb8, 0x1f, 0xa8),
                .atomic = C(0xb5, 0x8b, 0x00),
                .conflict = {C(0xf0, 0x70, 0x48), C(0xe5, 0x3a, 0x2c), C(0xc4, 0x12, 0x1e), C(0x8c, 0x00, 0x18)},
                .conflict_text = C(0xff, 0xff, 0xff),
                .shuffle = C(0x7b, 0x3f, 0xd6),
                .hazard = C(0xc6, 0x28, 0x28),
                .code_line = C(0xcf, 0xe3, 0xff),
                .overlay = {0xff, 0xff, 0xff, 0xf0},
                .tooltip = C(0xff, 0xfb, 0xe6),
                .phase = {C(0xb9, 0xd3, 0xf0), C(0xbf, 0xe6, 0xcf), C(0xf0, 0xdd, 0xb0), C(0xdc, 0xcd, 0xf5),
                          C(0xd5, 0xd9, 0xe1), C(0xf2, 0xc6, 0xd1), C(0xf7, 0xe3, 0x9a)},
                .cub = C(0x00, 0x78, 0x6b),
            },
};

_Static_assert(sizeof themes[0].phase / sizeof themes[0].phase[0] == RV_PHASE_COUNT,
               "a timeline colour for every phase");

const theme *theme_get(theme_id id) { return &themes[(unsigned)id < THEME_COUNT ? id : THEME_DARK]; }

rgba theme_series(const theme *t, int k)
{
    const rv_version_info *vi = rv_version_at(k);
    if (!vi) return t->cub;
    uint32_t c = vi->colour[t->id == THEME_LIGHT];
    return (rgba){(uint8_t)(c >> 16), (uint8_t)(c >> 8), (uint8_t)c, 255};
}

rgba theme_conflict(const theme *t, int degree)
{
    int level = degree <= 2 ? 0 : degree <= 4 ? 1 : degree <= 8 ? 2 : 3;
    return t->conflict[level];
}

rgba theme_text_on(const theme *t, rgba bg)
{
    /* Perceived lightness (Rec. 601 weights) decides black or white text. */
    int y = (299 * bg.r + 587 * bg.g + 114 * bg.b) / 1000;
    (void)t;
    return y > 150 ? (rgba){0x10, 0x12, 0x18, 255} : (rgba){0xff, 0xff, 0xff, 255};
}
