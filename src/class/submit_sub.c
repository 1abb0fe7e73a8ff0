/* submit_sub.c — one submission as the queue's two halves both speak of it
 * (submit_private.h): its state's and its verdict's names, its speed as
 * JSON, where its trace is kept.  submit_queue.c (taking, compiling,
 * judging) and submit_report.c (the pages, the results) both call here and
 * never each other. */
#define _GNU_SOURCE
#include "submit_private.h"

#include "core/json.h"
#include "core/rules.h"
#include "core/versions.h"

const char *submit_verdict_of(const sub *s)
{
    if (s->st != DONE) return "";
    return s->exit_code == 0 ? "pass" : s->exit_code == 1 ? "fail" : "error";
}

/* The speed's fields of a JSON object: ,"ms":..,"gbps":..,"percent_of_mark":..
 * (null where not said), "mark", "trace" and "verified". */
void submit_json_speed(FILE *f, const verdict_speed *v)
{
    rv_json_measure(f, "ms", v->ms);
    rv_json_measure(f, "gbps", v->gbps);
    rv_json_measure(f, "percent_of_mark", v->percent);
    fprintf(f, ",\"mark\":\"%s\",\"trace\":%s,\"verified\":%s", rv_version_name(rv_rules_mark_version()),
            v->traced ? "true" : "false", v->verified ? "true" : "false");
    if (v->node_gpu[0]) {
        fputs(",\"node_gpu\":", f);
        rv_json_string(f, v->node_gpu);
    }
}

const char *submit_state_name(state st)
{
    static const char *const names[] = {"queued", "compiling", "compiled", "running", "done"};
    return names[st];
}

void submit_queue_trace_path(const submit_queue *q, int id, char *buf, size_t len)
{
    snprintf(buf, len, "%s/submissions/%d.rvt", q->dir, id);
}
