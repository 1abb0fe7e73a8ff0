/* i18n.h — marks for text a person reads, the GNU gettext way, and the
 * choice of the language the interface speaks.
 *
 * _("text") translates at the point of use; N_("text") only marks a string
 * kept in a table (the version table, lists of labels) so that xgettext
 * finds it, and the code that shows it calls _() on it then.  ngettext()
 * picks the form a count needs ("1 thread", "2 threads").
 *
 * The catalogues (po/LANG.po, compiled by msgfmt into <lang>/LC_MESSAGES/
 * reducevis.mo) are looked for in $RV_LOCALEDIR alone when it is set, else
 * in ../share/locale beside the executable, the build tree (while the
 * program runs from it), then $XDG_DATA_DIRS (src/core/datadir.h).
 */
#ifndef RV_I18N_H
#define RV_I18N_H

#include <stddef.h>
#include <libintl.h>

#define _(s)  gettext(s)
#define N_(s) (s)

#define I18N_DOMAIN   "reducevis"
/* The languages --lang takes, as the shell completion offers them. */
#define RV_LANG_WORDS "zh en"

/* Sets up gettext once at start: the message locale from the environment
 * (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them, even where
 * that locale is not generated on the system), numbers kept in the C
 * locale, UTF-8 output, and the catalogue directory.  lang, when not NULL,
 * overrides the environment: "zh" or "en" (what --lang accepts).
 * 0; or -1 with msg saying why the interface stays English (no catalogue
 * for the language asked for: msg names the Debian package to install). */
int i18n_init(const char *lang, const char *dir, char *msg, size_t len);

/* Switches the language while running ("zh" or "en"); later _() calls
 * answer in it.  0, or -1 with msg as above (the language is unchanged). */
int i18n_set(const char *lang, char *msg, size_t len);

/* s with the spaces between two Chinese characters taken out: a sentence
 * composed of words in turn ("读 %s" with "缓冲区 2") reads "读缓冲区 2",
 * as Chinese is written; a space beside a Latin word or a number stays. */
void i18n_tidy(char *s);

/* The language the interface speaks now: "zh" or "en". */
const char *i18n_lang(void);

/* 1 when s is a language --lang accepts ("zh", "en", also "zh_CN", "C"). */
int i18n_lang_valid(const char *s);

/* The value of --lang in argv ("--lang X", "--lang=X", or a beginning of
 * the name as getopt_long takes it: "--la X"), NULL if absent or only after
 * "--"; *bad is set when --lang is the last word, with no value. */
const char *i18n_lang_arg(int argc, char **argv, int *bad);

/* The directory the catalogues are read from ("" before i18n_init). */
const char *i18n_locale_dir(void);

#endif
