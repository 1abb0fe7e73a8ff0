/* picture_opts.h — what every picture command shares (`chart`, `levels`,
 * `waves`): the options -o, --font, --size and --theme (and --lang, which
 * main applies), their rows in the command's table and their reading into
 * one picture_opts, each refused through rv_opts_bad, so that every such
 * command takes and says them alike; and the picture painted off-screen
 * and written as a PNG (picture_png.c). */
#ifndef RV_PICTURE_OPTS_H
#define RV_PICTURE_OPTS_H

#include <stddef.h>

#include "core/i18n.h"
#include "core/opts.h"
#include "viewer/draw/canvas.h"

/* The shared options' ids; a command numbers its own from 1, below them. */
enum {
    PICTURE_OPT_OUT = 'o',
    PICTURE_OPT_SIZE = 0x100,
    PICTURE_OPT_THEME,
    PICTURE_OPT_FONT,
    PICTURE_OPT_LANG,
};

/* Their rows, alike in every picture command's table (the theme's help is
 * the command's own: what its default is for; so is the language's where
 * the command says more of its words than PICTURE_ROW_LANG does). */
#define PICTURE_ROW_SIZE \
    { \
        PICTURE_OPT_SIZE, "size", 0, "WxH", N_("pixels (default 1920x1080; %dx%d to %dx%d)"), NULL \
    }
#define PICTURE_ROW_FONT \
    { \
        PICTURE_OPT_FONT, "font", 0, "PATH", N_("a .ttf font instead of the system's DejaVu fonts"), "@file" \
    }
#define PICTURE_ROW_LANG \
    { \
        PICTURE_OPT_LANG, "lang", 0, "zh|en", N_("the language of the picture's words (default: the environment's)"), \
            RV_LANG_WORDS \
    }
#define PICTURE_ROW_OUT \
    { \
        PICTURE_OPT_OUT, NULL, 'o', "FILE.png", N_("the picture to write"), "@file" \
    }

/* The end of their usage: the one option they must be given. */
#define PICTURE_TAIL "-o FILE.png"

/* How large a command's picture may be: from min_w x min_h to max_side. */
typedef struct picture_limits {
    int min_w, min_h, max_side;
} picture_limits;

/* What the shared options ask for. */
typedef struct picture_opts {
    const char *out, *font; /* the PNG to write; a .ttf, or NULL: DejaVu's */
    int width, height, theme;
} picture_opts;

/* The defaults: 1920x1080, light (for projectors), DejaVu, no output yet. */
picture_opts picture_opts_default(void);

/* Reads a command's own option (id, its value val) or word (RV_OPT_WORD)
 * into arg: 0, or rv_opts_bad's status where it is wrong. */
typedef int (*picture_own_fn)(const rv_opts *p, int id, const char *val, void *arg);

/* Parses argv by c's table: the shared options into *pic (which holds the
 * defaults, picture_opts_default), the command's own through own(arg).
 * 0: the options are read (the command checks what it needs, then
 * picture_opts_done); PICTURE_ANSWERED: --help or --options was answered;
 * else the exit status of a usage error, already said. */
enum { PICTURE_ANSWERED = -2 };
int picture_parse(const rv_command_opts *c, const picture_limits *lim, int argc, char **argv, picture_opts *pic,
                  picture_own_fn own, void *arg);

/* After the options: 0, or the usage error of a missing -o. */
int picture_opts_done(const char *cmd, const picture_opts *pic);

/* For the command's help_of: the --size row's text with the limits filled
 * in, into buf; any other row's text as it is. */
const char *picture_help_of(int id, const char *text, char *buf, size_t len, const picture_limits *lim);

/* "light" or "dark": the theme as the command's last line says it. */
const char *picture_theme_name(const picture_opts *pic);

/* Paints paint(arg) at pic's size off-screen, with pic's font, and writes
 * it to pic->out as a PNG.  0, or -1 + err (a font, the drawing, the file). */
int picture_png(const picture_opts *pic, viewer_paint_fn paint, const void *arg, char *err, size_t errlen);

#endif
