/* submit_resume.c — a class resumed: the kernels of an earlier run of it
 * read back from its log, submissions.jsonl (submit_private.h). */
#define _GNU_SOURCE
#include "submit_private.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "core/json.h"

static const rv_json *member(const rv_json *o, const char *key, rv_json_type type)
{
    for (int i = 0; o->type == RV_JSON_OBJECT && i < o->nkids; i++)
        if (!strcmp(o->kids[i].key, key) && o->kids[i].type == type) return &o->kids[i];
    return NULL;
}

static double member_num(const rv_json *o, const char *key)
{
    const rv_json *m = member(o, key, RV_JSON_NUMBER);
    return m ? m->number : -1;
}

/* A kernel judged before the class stopped, whose grid was not recorded
 * yet (a class with --waves records it after the verdict): it waits again,
 * on the build its verdict ran, which the kill left whole (the grid's run
 * only clears its results).  Any other judged kernel's build is dropped, as
 * a check drops it: a kill between the two kept it. */
static void resume_grid(submit_queue *q, sub *s)
{
    char work[PATH_MAX + 64];
    struct stat st;
    if (s->st != DONE) return;
    submit_work_path(q, s->id, work, sizeof work);
    if (q->waves && s->grid != GRID_DONE && (s->exit_code == 0 || s->exit_code == 1) && s->speed.traced &&
        lstat(work, &st) == 0 && S_ISDIR(st.st_mode)) {
        s->grid = GRID_WAITING;
        q->grids_waiting++;
    } else {
        submit_drop_work(q, s->id);
    }
}

void submit_resume(submit_queue *q, const char *path, int most)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while (f && (n = getline(&line, &cap, f)) > 0) {
        rv_json o;
        char err[200];
        if (rv_json_parse(line, (size_t)n, &o, err, sizeof err) != 0) continue;
        const rv_json *ev = member(&o, "event", RV_JSON_STRING), *out = member(&o, "output", RV_JSON_STRING);
        int id = (int)member_num(&o, "id");
        if (ev && !strcmp(ev->text, "queued") && id == q->ns + 1 && q->ns < most) {
            if (q->ns == q->cap) {
                int more = q->cap ? 2 * q->cap : 64;
                sub *p = realloc(q->s, (size_t)more * sizeof *p);
                if (p) q->s = p, q->cap = more;
            }
            if (q->ns < q->cap)
                q->s[q->ns++] = (sub){.id = id,
                                      .student = (int)member_num(&o, "student"),
                                      .exercise = (int)member_num(&o, "exercise"),
                                      .st = QUEUED,
                                      .at = member_num(&o, "at"),
                                      .gpu = -1};
        } else if (ev && !strcmp(ev->text, "done") && id >= 1 && id <= q->ns) {
            sub *s = &q->s[id - 1];
            s->st = DONE;
            s->gpu = member_num(&o, "gpu") >= 0 && member_num(&o, "gpu") < q->ngpus ? (int)member_num(&o, "gpu") : -1;
            s->exit_code = (int)member_num(&o, "exit");
            s->started = s->at + member_num(&o, "waited_s");
            s->ended = s->started + member_num(&o, "judged_s");
            s->compile_s = member_num(&o, "compile_s") > 0 ? member_num(&o, "compile_s") : 0;
            s->speed = (verdict_speed){.ms = submit_summary_num(&o, "ms", 1e7),
                                       .gbps = submit_summary_num(&o, "gbps", 1e6),
                                       .percent = submit_summary_num(&o, "percent_of_mark", 1e6),
                                       .traced = member(&o, "trace", RV_JSON_BOOL) &&
                                                 member(&o, "trace", RV_JSON_BOOL)->number,
                                       .verified = s->exit_code == 0 && member(&o, "verified", RV_JSON_BOOL) &&
                                                   member(&o, "verified", RV_JSON_BOOL)->number};
            submit_summary_gpu(&o, "node_gpu", s->speed.node_gpu, sizeof s->speed.node_gpu);
            free(s->output);
            s->output = strdup(out ? out->text : "");
        } else if (ev && !strcmp(ev->text, "grid") && id >= 1 && id <= q->ns) {
            q->s[id - 1].grid = GRID_DONE;
        }
        rv_json_free(&o);
    }
    free(line);
    if (f) fclose(f);
    for (int i = 0; i < q->ns; i++) q->open_n += q->s[i].st != DONE;
    q->queued = q->open_n;
    for (int i = 0; i < q->ns; i++) resume_grid(q, &q->s[i]);
}
