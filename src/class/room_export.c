/* room_export.c — a class's results (room_export.h): one row per student
 * and question asked, then one per kernel sent, as CSV or JSON; and the
 * counts per step for the summary slide. */
#define _GNU_SOURCE
#include "room_export.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/json.h"
#include "core/i18n.h"
#include "room_private.h"

/* A CSV field: quoted, quotes doubled; a leading = + - @ made text, so no
 * spreadsheet runs a student's name as a formula. */
static void csv_field(FILE *f, const char *s)
{
    fputc('"', f);
    if (strchr("=+-@", s[0]) && s[0]) fputc('\'', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

typedef void (*row_fn)(FILE *f, const student *s, int step, const quiz_question *q, const char *given, int right,
                       int first);

/* Calls row for every student and every step whose question was asked. */
static int each_row(room *r, FILE *f, row_fn row, int *any)
{
    pthread_mutex_lock(&r->mu);
    int first = 1;
    for (int i = 0; i < r->ns; i++)
        for (int k = 0; k < r->nsteps; k++) {
            if (!r->has_q[k] || !r->asked[k]) continue;
            const student *s = &r->s[i];
            char given[QUIZ_ANSWER_LEN] = "";
            int right = 0;
            if (s->has[k]) {
                quiz_format_answer(&r->q[k], s->number[k], s->lanes[k], given, sizeof given);
                right = quiz_check_answer(&r->q[k], s->number[k], s->lanes[k]) ? 1 : -1;
            }
            row(f, s, k, &r->q[k], given, right, first);
            first = 0;
        }
    pthread_mutex_unlock(&r->mu);
    *any = !first;
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

static void csv_row(FILE *f, const student *s, int step, const quiz_question *q, const char *given, int right,
                    int first)
{
    (void)first;
    fprintf(f, "%d,", s->id);
    csv_field(f, s->name);
    fprintf(f, ",%d,%s,", step + 1, quiz_kind_name(q->kind));
    csv_field(f, q->text);
    fputc(',', f);
    csv_field(f, given);
    fprintf(f, ",%s,", right > 0 ? "yes" : right < 0 ? "no" : "");
    csv_field(f, q->answer);
    fputs(",,,,,,,,,\n", f); /* a kernel's columns */
}

void room_set_kernels(room *r, room_kernels_fn fn, void *arg)
{
    pthread_mutex_lock(&r->mu);
    r->kernels = fn;
    r->kernels_arg = arg;
    pthread_mutex_unlock(&r->mu);
}

/* The name of student id (under the lock), or "". */
static const char *name_of(const room *r, int id)
{
    for (int i = 0; i < r->ns; i++)
        if (r->s[i].id == id) return r->s[i].name;
    return "";
}

/* A time of day as ISO 8601 in UTC, or "" for none. */
static void iso_time(double t, char *buf, size_t len)
{
    time_t s = (time_t)t;
    struct tm tm;
    if (t <= 0 || !gmtime_r(&s, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm)) buf[0] = 0;
}

static void kernel_csv(FILE *f, const room_kernel *k, const char *name)
{
    char when[3][32];
    iso_time(k->submitted, when[0], sizeof when[0]);
    iso_time(k->started, when[1], sizeof when[1]);
    iso_time(k->ended, when[2], sizeof when[2]);
    fprintf(f, "%d,", k->student);
    csv_field(f, name);
    fprintf(f, ",,kernel,,,%s,,%d,%d,%s,",
            !strcmp(k->verdict, "pass") ? "yes"
            : k->verdict[0]             ? "no"
                                        : "",
            k->id, k->exercise, k->verdict);
    const double x[3] = {k->ms, k->gbps, k->percent_of_mark};
    for (int i = 0; i < 3; i++) {
        if (x[i] > 0) fprintf(f, "%.6g", x[i]);
        fputc(',', f);
    }
    fprintf(f, "%s,%s,%s\n", when[0], when[1], when[2]);
}

static void kernel_json(FILE *f, const room_kernel *k, const char *name, int first)
{
    const char *const keys[3] = {"submitted", "started", "ended"};
    const double at[3] = {k->submitted, k->started, k->ended};
    fprintf(f, "%s\n  {\"student\":%d,\"name\":", first ? "" : ",", k->student);
    rv_json_string(f, name);
    fprintf(f,
            ",\"step\":null,\"kind\":\"kernel\",\"question\":null,\"answer\":null,\"right\":%s,"
            "\"right_answer\":null,\"submission\":%d,\"exercise\":%d,\"verdict\":\"%s\"",
            !strcmp(k->verdict, "pass") ? "true"
            : k->verdict[0]             ? "false"
                                        : "null",
            k->id, k->exercise, k->verdict);
    rv_json_measure(f, "ms", k->ms);
    rv_json_measure(f, "gbps", k->gbps);
    rv_json_measure(f, "percent_of_mark", k->percent_of_mark);
    for (int i = 0; i < 3; i++) {
        char when[32];
        iso_time(at[i], when, sizeof when);
        fprintf(f, ",\"%s\":", keys[i]);
        if (when[0])
            rv_json_string(f, when);
        else
            fputs("null", f);
    }
    fputs("}", f);
}

/* The kernels' rows after the answers' (first: none came before). */
static int kernel_rows(room *r, FILE *f, int csv, int first)
{
    room_kernel *rows = NULL;
    pthread_mutex_lock(&r->mu);
    room_kernels_fn fn = r->kernels;
    void *arg = r->kernels_arg;
    pthread_mutex_unlock(&r->mu);
    int n = fn ? fn(arg, &rows) : 0;
    if (n < 0) return -1;
    pthread_mutex_lock(&r->mu);
    for (int i = 0; i < n; i++) {
        if (csv)
            kernel_csv(f, &rows[i], name_of(r, rows[i].student));
        else
            kernel_json(f, &rows[i], name_of(r, rows[i].student), first && !i);
    }
    pthread_mutex_unlock(&r->mu);
    free(rows);
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

int room_write_csv(room *r, FILE *f)
{
    fputs("student,name,step,kind,question,answer,right,right_answer,"
          "submission,exercise,verdict,ms,gbps,percent_of_mark,submitted,started,ended\n",
          f);
    int any;
    return each_row(r, f, csv_row, &any) == 0 && kernel_rows(r, f, 1, !any) == 0 ? 0 : -1;
}

static void json_row(FILE *f, const student *s, int step, const quiz_question *q, const char *given, int right,
                     int first)
{
    fprintf(f, "%s\n  {\"student\":%d,\"name\":", first ? "" : ",", s->id);
    rv_json_string(f, s->name);
    fprintf(f, ",\"step\":%d,\"kind\":\"%s\",\"question\":", step + 1, quiz_kind_name(q->kind));
    rv_json_string(f, q->text);
    fputs(",\"answer\":", f);
    if (right)
        rv_json_string(f, given);
    else
        fputs("null", f);
    fprintf(f, ",\"right\":%s,\"right_answer\":", right > 0 ? "true" : right < 0 ? "false" : "null");
    rv_json_string(f, q->answer);
    fputs("}", f);
}

int room_write_json(room *r, FILE *f)
{
    fputs("[", f);
    int any, rc = each_row(r, f, json_row, &any);
    if (rc == 0) rc = kernel_rows(r, f, 0, !any);
    fputs("\n]\n", f);
    return rc == 0 && fflush(f) == 0 ? 0 : -1;
}

void room_results(room *r, int *asked, int *answered, int *right)
{
    pthread_mutex_lock(&r->mu);
    for (int k = 0; k < r->nsteps; k++) {
        asked[k] = r->has_q[k] && r->asked[k];
        answered[k] = right[k] = 0;
        for (int i = 0; i < r->ns; i++)
            if (r->has_q[k] && r->s[i].has[k]) {
                answered[k]++;
                right[k] += quiz_check_answer(&r->q[k], r->s[i].number[k], r->s[i].lanes[k]);
            }
    }
    pthread_mutex_unlock(&r->mu);
}
