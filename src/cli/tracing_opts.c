/* tracing_opts.c — the options of tracing a file that trace and check
 * share (tracing_opts.h). */
#include "tracing_opts.h"

#include <stdlib.h>

#include "core/i18n.h"

int tracing_opt(const rv_opts *p, int id, rv_own_opts *o, rv_config *cfg)
{
    char *end;
    switch (id) {
    case TRACING_OPT_TIMEOUT:
        o->timeout_s = strtod(p->value, &end);
        if (*end || !(o->timeout_s >= 1 && o->timeout_s <= 3600))
            return rv_opts_bad(p, _("--timeout '%s' must be seconds from 1 to 3600"), p->value);
        return 0;
    case TRACING_OPT_NO_TIME: o->time_it = 0; return 0;
    case TRACING_OPT_WAVES: o->waves = 1; return 0;
    case TRACING_OPT_KEEP: o->keep = p->value; return 0;
    case TRACING_OPT_SANDBOX: o->sandbox = 1; return 0;
    case RV_OPT_WORD:
        if (o->file) return rv_opts_bad(p, _("only one file, got '%s' and '%s'"), o->file, p->value);
        o->file = p->value;
        return 0;
    default: return rv_config_apply(p, cfg) ? RV_EXIT_USAGE : 0;
    }
}
