/* i18n.c — which language the interface speaks, through GNU gettext.
 *
 * Only the message and character-type categories follow the environment:
 * numbers stay in the C locale, so results files, JSON and "%.3f" read the
 * same in every language.  A class machine often has LANG=zh_CN.UTF-8 with
 * no zh_CN locale generated; setlocale then fails and gettext would stay
 * silent, so the language the environment names is passed to gettext
 * through LANGUAGE under the C.UTF-8 locale, which every glibc has.
 * Switching live (the viewer's L key) sets LANGUAGE and bumps glibc's
 * catalogue counter, as the gettext manual describes.
 */
#define _GNU_SOURCE
#include "i18n.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* glibc's counter of loaded catalogues: changing it makes gettext look again. */
extern int _nl_msg_cat_cntr;

static char locale_dir[1024];

const char *i18n_locale_dir(void) { return locale_dir; }

/* "zh_CN.UTF-8" -> "zh_CN"; "C", "POSIX" and "" -> "". */
static void lang_of(const char *s, char *out, size_t len)
{
    out[0] = '\0';
    if (!s || !*s || !strcmp(s, "C") || !strcmp(s, "POSIX") || !strncmp(s, "C.", 2)) return;
    snprintf(out, len, "%.*s", (int)strcspn(s, ".@:"), s);
}

/* What the environment asks for, in gettext's order. */
static void env_lang(char *out, size_t len)
{
    static const char *const vars[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};
    out[0] = '\0';
    for (size_t i = 0; i < sizeof vars / sizeof vars[0] && !out[0]; i++) lang_of(getenv(vars[i]), out, len);
}

int i18n_lang_valid(const char *s)
{
    return s && (!strcmp(s, "zh") || !strcmp(s, "zh_CN") || !strcmp(s, "en") || !strcmp(s, "C"));
}

const char *i18n_lang_arg(int argc, char **argv, int *bad)
{
    *bad = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) break; /* the rest are files */
        /* as getopt_long reads it: --lang, or a beginning of it (--la), with
           the value after it or after '=' */
        size_t n = strcspn(a, "=");
        if (n < 3 || strncmp(a, "--", 2) || strncmp(a + 2, "lang", n - 2) || n > 6) continue;
        if (a[n] == '=') return a + n + 1;
        if (i + 1 >= argc) {
            *bad = 1;
            return NULL;
        }
        return argv[i + 1];
    }
    return NULL;
}

const char *i18n_lang(void)
{
    /* gettext("") is the header of the catalogue in use, "" when none. */
    static const char header_msgid[] = "";
    const char *h = gettext(header_msgid);
    return h && strstr(h, "Language: zh") ? "zh" : "en";
}

static void missing_msg(const char *want, char *msg, size_t len)
{
    snprintf(msg, len,
             "no %s catalogue (%s/LC_MESSAGES/" I18N_DOMAIN ".mo under %s): showing the English "
             "interface. The build compiles po/*.po with msgfmt from Debian's gettext package "
             "(apt-get install gettext, then rebuild)",
             want, want, locale_dir);
}

/* Points gettext at the language named (a gettext name such as "zh_CN"). */
static int use_language(const char *gl, char *msg, size_t len)
{
    if (!strncmp(gl, "en", 2)) {
        setenv("LANGUAGE", "en", 1);
        ++_nl_msg_cat_cntr;
        return 0;
    }
    const char *old = getenv("LANGUAGE");
    char keep[256];
    snprintf(keep, sizeof keep, "%s", old ? old : "");
    setenv("LANGUAGE", gl, 1);
    ++_nl_msg_cat_cntr;
    if (!strcmp(i18n_lang(), "en")) {
        if (old)
            setenv("LANGUAGE", keep, 1);
        else
            unsetenv("LANGUAGE");
        ++_nl_msg_cat_cntr;
        if (msg) missing_msg(gl, msg, len);
        return -1;
    }
    return 0;
}

int i18n_set(const char *lang, char *msg, size_t len)
{
    if (msg && len) msg[0] = '\0';
    if (!strcmp(lang, "zh") || !strcmp(lang, "zh_CN")) return use_language("zh_CN", msg, len);
    return use_language("en", msg, len);
}

int i18n_init(const char *lang, const char *dir, char *msg, size_t len)
{
    if (msg && len) msg[0] = '\0';
    setlocale(LC_CTYPE, "");
    const char *m = setlocale(LC_MESSAGES, "");
    /* gettext ignores LANGUAGE in the "C" locale: use C.UTF-8 then. */
    if (!m || !strcmp(m, "C") || !strcmp(m, "POSIX")) {
        setlocale(LC_MESSAGES, "C.UTF-8");
        setlocale(LC_CTYPE, "C.UTF-8");
    }
    snprintf(locale_dir, sizeof locale_dir, "%.1000s", dir && *dir ? dir : "/usr/share/locale");
    bindtextdomain(I18N_DOMAIN, locale_dir);
    bind_textdomain_codeset(I18N_DOMAIN, "UTF-8");
    textdomain(I18N_DOMAIN);
    if (lang) return i18n_set(lang, msg, len);
    char want[64];
    env_lang(want, sizeof want);
    if (!want[0] || !strncmp(want, "en", 2)) return 0;
    /* The environment asks for a language; make sure gettext hears it even
     * where its locale is not generated, and say so when no catalogue has it. */
    if (!getenv("LANGUAGE") || !*getenv("LANGUAGE") || !strcmp(getenv("LANGUAGE"), "zh"))
        setenv("LANGUAGE", !strcmp(want, "zh") ? "zh_CN" : want, 1);
    ++_nl_msg_cat_cntr;
    if (!strncmp(want, "zh", 2) && !strcmp(i18n_lang(), "en")) {
        if (msg) missing_msg("zh_CN", msg, len);
        return -1;
    }
    return 0;
}

/* A character Chinese text is written in: CJK ideographs and radicals,
 * CJK punctuation, fullwidth forms (what i18n_tidy joins). */
static int cjk(unsigned c)
{
    return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF);
}

/* The code point of the UTF-8 sequence of 3 bytes at p, or 0 when it is
 * not one (every character cjk() takes is 3 bytes long). */
static unsigned utf8_3(const unsigned char *p)
{
    if ((p[0] & 0xF0) != 0xE0 || (p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80) return 0;
    return ((unsigned)(p[0] & 0x0F) << 12) | ((unsigned)(p[1] & 0x3F) << 6) | (unsigned)(p[2] & 0x3F);
}

void i18n_tidy(char *s)
{
    unsigned char *r = (unsigned char *)s, *w = r;
    unsigned prev = 0; /* the character just written, when 3 bytes long */
    while (*r) {
        if (*r == ' ' && prev && cjk(prev) && cjk(utf8_3(r + 1))) {
            r++;
            continue;
        }
        unsigned c = utf8_3(r);
        if (c) {
            memmove(w, r, 3), w += 3, r += 3;
            prev = c;
        } else {
            *w++ = *r++;
            prev = 0;
        }
    }
    *w = 0;
}
