/* submit_report.c — what the queue tells (submit_queue.h): a student's
 * latest kernel and the teacher's list as JSON, a student's last source,
 * the kernels as rows of the class's results and of submissions.csv, and
 * the window's list of traced ones. */
#define _GNU_SOURCE
#include "submit_queue.h"

#include <stdlib.h>
#include <string.h>
#include "core/exercises.h"
#include "core/json.h"
#include "core/rules.h"
#include "core/versions.h"
#include "own/base/proc.h"
#include "submit_private.h"
#include "core/clock.h"

/* The place in line of a submission waiting for a compile worker, or
 * compiled and waiting for the GPU: 1 is next (under the mutex); 0 for the
 * others. */
static int position_of(const submit_queue *q, const sub *s)
{
    if (s->st != QUEUED && s->st != COMPILED) return 0;
    int ahead = 0;
    for (int i = 0; i < q->ns && &q->s[i] != s; i++) ahead += q->s[i].st == s->st;
    return ahead + 1;
}

/* Seconds waited (taken until on the GPU, or until its compile failed) and
 * judged (on the GPU), so far. */
static double waited_of(const sub *s)
{
    return s->st == RUNNING || s->st == DONE ? s->started - s->at : rv_wall_s() - s->at;
}

static double judged_of(const sub *s) { return s->st == DONE ? s->ended - s->started : 0.0; }

static void json_head(submit_queue *q, FILE *f)
{
    fprintf(f, "{\"open\":%s,\"why\":", q->why_closed[0] ? "false" : "true");
    rv_json_string(f, q->why_closed);
    fprintf(f, ",\"max_bytes\":%d", SUBMIT_MAX_BYTES);
}

/* One submission; name (the teacher's, while names are shown) or NULL. */
static void json_sub(submit_queue *q, const sub *s, FILE *f, int with_output, const char *name)
{
    fprintf(f,
            "{\"id\":%d,\"student\":%d,\"exercise\":%d,\"state\":\"%s\",\"position\":%d,\"verdict\":\"%s\","
            "\"exit\":%d,\"waited_s\":%.1f,\"judged_s\":%.1f,\"compile_s\":%.1f",
            s->id, s->student, s->exercise, submit_state_name(s->st), position_of(q, s), submit_verdict_of(s),
            s->st == DONE ? s->exit_code : 0, waited_of(s), judged_of(s), s->compile_s);
    if (name) {
        fputs(",\"name\":", f);
        rv_json_string(f, name);
    }
    if (s->gpu >= 0 && q->gpus[s->gpu].id[0]) { /* the GPU that timed it, and the version to beat */
        fputs(",\"gpu\":", f);
        rv_json_string(f, q->gpus[s->gpu].id);
        fputs(",\"gpu_name\":", f);
        rv_json_string(f, q->gpus[s->gpu].name);
    }
    submit_json_speed(f, &s->speed);
    const rv_exercise *ex = rv_exercise_get(s->exercise); /* the version its trace is first shown beside */
    fprintf(f, ",\"beside\":\"%s\"", rv_version_name(ex ? rv_exercise_beside(ex) : rv_rules_mark_version()));
    if (with_output) {
        fputs(",\"output\":", f);
        rv_json_string(f, s->output ? s->output : "");
    }
    fputc('}', f);
}

/* A JSON answer begun: a stream into *text, the queue locked, its head
 * written; NULL (nothing locked) where no stream can be made. */
static FILE *json_begin(submit_queue *q, char **text, size_t *len)
{
    FILE *f = open_memstream(text, len);
    if (!f) return NULL;
    pthread_mutex_lock(&q->mu);
    json_head(q, f);
    return f;
}

/* The answer json_begin began, ended: the queue unlocked, the text whole
 * (NULL where it could not be written). */
static char *json_end(submit_queue *q, FILE *f, char **text)
{
    pthread_mutex_unlock(&q->mu);
    if (fclose(f) != 0) {
        free(*text);
        return NULL;
    }
    return *text;
}

char *submit_queue_student_json(submit_queue *q, int student)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = json_begin(q, &text, &len);
    if (!f) return NULL;
    fputs(",\"latest\":", f);
    const sub *last = NULL;
    for (int i = q->ns - 1; i >= 0 && !last; i--)
        if (q->s[i].student == student) last = &q->s[i];
    if (last)
        json_sub(q, last, f, 1, NULL); /* a student's own: no name needed */
    else
        fputs("null", f);
    fputc('}', f);
    return json_end(q, f, &text);
}

char *submit_queue_last_source(submit_queue *q, int student, int exercise, size_t *len)
{
    int id = 0;
    pthread_mutex_lock(&q->mu);
    for (int i = q->ns - 1; i >= 0 && !id; i--)
        if (q->s[i].student == student && q->s[i].exercise == exercise) id = q->s[i].id;
    pthread_mutex_unlock(&q->mu);
    if (!id) return NULL;
    char path[PATH_MAX + 64]; /* written before the id was given, never changed */
    snprintf(path, sizeof path, "%s/submissions/%d.cu", q->dir, id);
    return rv_read_text(path, len);
}

char *submit_queue_teacher_json(submit_queue *q, submit_name_fn name_of, void *ctx)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = json_begin(q, &text, &len);
    if (!f) return NULL;
    fputs(",\"list\":[", f);
    for (int i = 0; i < q->ns; i++) {
        if (i) fputc(',', f);
        char name[128];
        int named = name_of && name_of(ctx, q->s[i].student, name, sizeof name);
        json_sub(q, &q->s[i], f, 0, named ? name : NULL);
    }
    fputs("]}", f);
    return json_end(q, f, &text);
}

/* A submission as a row of the results (under the mutex). */
static room_kernel kernel_row(const sub *s)
{
    return (room_kernel){.id = s->id,
                         .student = s->student,
                         .exercise = s->exercise,
                         .verdict = submit_verdict_of(s),
                         .ms = s->speed.ms,
                         .gbps = s->speed.gbps,
                         .percent_of_mark = s->speed.percent,
                         .submitted = s->at,
                         .started = s->st == RUNNING || s->st == DONE ? s->started : 0,
                         .ended = s->st == DONE ? s->ended : 0};
}

int submit_queue_kernels(void *arg, room_kernel **rows)
{
    submit_queue *q = arg;
    pthread_mutex_lock(&q->mu);
    int n = q->ns;
    *rows = malloc((size_t)(n ? n : 1) * sizeof **rows);
    for (int i = 0; *rows && i < n; i++) (*rows)[i] = kernel_row(&q->s[i]);
    pthread_mutex_unlock(&q->mu);
    return *rows ? n : -1;
}

int submit_queue_traced_try(submit_queue *q, room_kernel *rows, int max)
{
    if (pthread_mutex_trylock(&q->mu) != 0) return -1;
    int n = 0;
    for (int i = q->ns - 1; i >= 0 && n < max; i--)
        if (q->s[i].st == DONE && q->s[i].speed.traced) rows[n++] = kernel_row(&q->s[i]);
    pthread_mutex_unlock(&q->mu);
    return n;
}

int submit_queue_write_csv(submit_queue *q, FILE *f)
{
    pthread_mutex_lock(&q->mu);
    fputs("id,student,exercise,state,verdict,exit,waited_s,judged_s,compile_s,ms,gbps,percent_of_mark,gpu\n", f);
    for (int i = 0; i < q->ns; i++) {
        const sub *s = &q->s[i];
        fprintf(f, "%d,%d,%d,%s,%s,%d,%.3f,%.3f,%.3f,", s->id, s->student, s->exercise, submit_state_name(s->st),
                submit_verdict_of(s), s->st == DONE ? s->exit_code : 0,
                s->st == RUNNING || s->st == DONE ? waited_of(s) : 0.0, judged_of(s), s->compile_s);
        const double x[3] = {s->speed.ms, s->speed.gbps, s->speed.percent};
        for (int k = 0; k < 3; k++) {
            if (x[k] > 0) fprintf(f, "%.6g", x[k]);
            fputc(',', f);
        }
        fprintf(f, "%s\n", s->gpu >= 0 ? q->gpus[s->gpu].id : ""); /* "" too where no GPU was found */
    }
    pthread_mutex_unlock(&q->mu);
    return ferror(f) ? -1 : 0;
}
