/* verify_record.c — reads the file `reducevis verify` writes, strictly: a file
 * that is not one, or is cut short, is refused with a message. */
#include "verify_record.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "i18n.h"

#define RV_VERIFY_FORMAT   "reducevis-verify"
#define RV_VERIFY_MAX_ROWS 10000

static int read_row(const rv_json_place *at, const rv_json *o, rv_verify_row *row)
{
    const rv_json *note;
    if (o->type != RV_JSON_OBJECT) return rv_json_fail_at(at, o, "should be an object");
    if (rv_json_text(at, o, "version", row->version, sizeof row->version) ||
        rv_json_int(at, o, "block_size", 32, 1024, &row->block_size) ||
        rv_json_whole(at, o, "grid", 1, UINT32_MAX, &row->grid) ||
        rv_json_text(at, o, "metric", row->metric, sizeof row->metric) ||
        rv_json_number(at, o, "predicted", 0, &row->predicted) ||
        rv_json_number(at, o, "measured", 1, &row->measured) || rv_json_need(at, o, "note", RV_JSON_STRING, 1, &note))
        return -1;
    snprintf(row->note, sizeof row->note, "%s", note ? note->text : "");
    return 0;
}

static int read_race(const rv_json_place *at, const rv_json *o, rv_verify_race *race)
{
    double h, e, w;
    if (o->type != RV_JSON_OBJECT) return rv_json_fail_at(at, o, "should be an object");
    if (rv_json_text(at, o, "version", race->version, sizeof race->version) ||
        rv_json_number(at, o, "hazards", 0, &h) || rv_json_number(at, o, "errors", 0, &e) ||
        rv_json_number(at, o, "warnings", 0, &w) || rv_json_text(at, o, "summary", race->summary, sizeof race->summary))
        return -1;
    race->hazards = (long)h;
    race->errors = (long)e;
    race->warnings = (long)w;
    return 0;
}

static int from_tree(const rv_json *root, rv_verify_record *cc, char *err, size_t errlen)
{
    rv_json_place top = {"", err, errlen};
    const rv_json *fmt, *rows, *races;
    double n;
    if (root->type != RV_JSON_OBJECT || rv_json_need(&top, root, "format", RV_JSON_STRING, 0, &fmt) ||
        strcmp(fmt->text, RV_VERIFY_FORMAT) != 0) {
        snprintf(err, errlen, _("this is not a reducevis verify file (no \"format\": \"%s\")"), RV_VERIFY_FORMAT);
        return -1;
    }
    if (rv_json_text(&top, root, "device", cc->device, sizeof cc->device) ||
        rv_json_text(&top, root, "date", cc->date, sizeof cc->date) || rv_json_number(&top, root, "n", 0, &n) ||
        rv_json_need(&top, root, "rows", RV_JSON_ARRAY, 0, &rows) ||
        rv_json_need(&top, root, "racecheck", RV_JSON_ARRAY, 0, &races))
        return -1;
    cc->n = (uint64_t)n;
    if (rows->nkids > RV_VERIFY_MAX_ROWS) {
        snprintf(err, errlen, _("%d rows is absurd"), rows->nkids);
        return -1;
    }
    cc->rows = calloc((size_t)rows->nkids + 1, sizeof *cc->rows);
    if (!cc->rows) {
        snprintf(err, errlen, _("out of memory"));
        return -1;
    }
    for (int i = 0; i < rows->nkids; i++) {
        char where[32];
        snprintf(where, sizeof where, "rows[%d]: ", i);
        rv_json_place at = {where, err, errlen};
        if (read_row(&at, &rows->kids[i], &cc->rows[cc->nrows])) return -1;
        cc->nrows++;
    }
    for (int i = 0; i < races->nkids && cc->nraces < (int)(sizeof cc->races / sizeof cc->races[0]); i++) {
        char where[32];
        snprintf(where, sizeof where, "racecheck[%d]: ", i);
        rv_json_place at = {where, err, errlen};
        if (read_race(&at, &races->kids[i], &cc->races[cc->nraces])) return -1;
        cc->nraces++;
    }
    return 0;
}

rv_verify_record *rv_verify_parse(const char *text, size_t len, char *err, size_t errlen)
{
    rv_json root;
    if (rv_json_parse(text, len, &root, err, errlen)) {
        rv_json_free(&root); /* what was parsed before the problem */
        return NULL;
    }
    rv_verify_record *cc = calloc(1, sizeof *cc);
    if (!cc) snprintf(err, errlen, _("out of memory"));
    if (cc && from_tree(&root, cc, err, errlen)) {
        rv_verify_free(cc);
        cc = NULL;
    }
    rv_json_free(&root);
    return cc;
}

rv_verify_record *rv_verify_load(const char *path, char *err, size_t errlen)
{
    size_t len;
    char why[400];
    char *text = rv_json_read_file(path, &len, why, sizeof why);
    if (!text) {
        snprintf(err, errlen, "%s", why);
        return NULL;
    }
    rv_verify_record *cc = rv_verify_parse(text, len, why, sizeof why);
    if (!cc) snprintf(err, errlen, "%s: %s", path, why);
    free(text);
    return cc;
}

void rv_verify_free(rv_verify_record *cc)
{
    if (!cc) return;
    free(cc->rows);
    free(cc);
}

const rv_verify_row *rv_verify_find(const rv_verify_record *cc, const char *version, int block_size, const char *metric)
{
    for (int i = 0; cc && i < cc->nrows; i++) {
        const rv_verify_row *r = &cc->rows[i];
        if (r->block_size == block_size && !strcmp(r->version, version) && !strcmp(r->metric, metric)) return r;
    }
    return NULL;
}

const rv_verify_race *rv_verify_race_of(const rv_verify_record *cc, const char *version)
{
    for (int i = 0; cc && i < cc->nraces; i++)
        if (!strcmp(cc->races[i].version, version)) return &cc->races[i];
    return NULL;
}
