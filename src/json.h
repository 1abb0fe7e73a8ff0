/* json.h — the little JSON writing the CLI needs (strings escaped properly). */
#ifndef RV_JSON_H
#define RV_JSON_H

#include <stdio.h>

/* Writes s as a JSON string literal, quotes included. */
void rv_json_string(FILE *f, const char *s);

#endif
