/* i18n.h — marks for text a person reads, the GNU gettext way.
 *
 * _("text") translates at the point of use; N_("text") only marks a string
 * kept in a table (the version table, lists of labels) so that xgettext
 * finds it, and the code that shows it calls _() on it then.
 */
#ifndef RV_I18N_H
#define RV_I18N_H

#include <libintl.h>

#define _(s)  gettext(s)
#define N_(s) (s)

#endif
