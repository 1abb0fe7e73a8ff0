/* ncu_csv.c — `ncu --csv` rows, metric by metric (ncu_csv.h). */
#include "ncu_csv.h"

#include <stdlib.h>
#include <string.h>

void rv_ncu_csv_begin(rv_ncu_csv *c) { c->name_col = c->value_col = -1; }

int rv_ncu_csv_row(rv_ncu_csv *c, char *line, const char **name, double *value)
{
    if (line[0] != '"') return 0;
    /* split the quoted CSV fields */
    char *fields[32];
    int nf = 0;
    for (char *q = line; *q == '"' && nf < 32;) {
        char *end = strchr(q + 1, '"');
        if (!end) break;
        *end = '\0';
        fields[nf++] = q + 1;
        q = end + 1;
        if (*q == ',') q++;
    }
    if (c->name_col < 0) { /* the header */
        for (int i = 0; i < nf; i++) {
            if (!strcmp(fields[i], "Metric Name")) c->name_col = i;
            if (!strcmp(fields[i], "Metric Value")) c->value_col = i;
        }
        return 0;
    }
    if (c->name_col >= nf || c->value_col < 0 || c->value_col >= nf) return 0;
    char digits[64];
    size_t d = 0;
    for (const char *ch = fields[c->value_col]; *ch && d + 1 < sizeof digits; ch++)
        if (*ch != ',') digits[d++] = *ch; /* ncu may group thousands */
    digits[d] = '\0';
    *name = fields[c->name_col];
    *value = strtod(digits, NULL);
    return 1;
}
