/* export_quiz.c — the questions of `export --quiz`, as data beside the frames.
 *
 * <version>-quiz.json lists, per exported step (of every launch, in a run
 * of several: each entry says its launch), the names of its question
 * and answer frames and the question itself (quiz_write_json): what a page
 * or a slide deck made from the same frames needs to ask, check and explain
 * without drawing anything.  Written to a temporary name and renamed, so a
 * full disk never leaves a file that looks complete.
 */
#include "export.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "core/json.h"
#include "core/quiz.h"
#include "core/versions.h"
#include "viewer/scene/story.h"

int export_quiz_index(const story *st, int first, int last, const char *dir, char *path, size_t plen, char *err,
                      size_t errlen)
{
    const rv_trace *tr = st->tr[0];
    char tmp[4200], stem[48];
    export_trace_stem(tr, stem, sizeof stem);
    snprintf(path, plen, "%s/%s-quiz.json", dir, stem);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    fprintf(f, "{\n  \"version\": ");
    rv_json_string(f, rv_version_name(tr->version));
    if (rv_trace_is_own(tr)) { /* "own": the file it was traced from says which */
        fprintf(f, ",\n  \"file\": ");
        rv_json_string(f, rv_trace_name(tr));
    }
    fprintf(f, ",\n  \"block_size\": %d,\n  \"origin\": ", tr->block_size);
    rv_json_string(f, tr->origin);
    fprintf(f, ",\n  \"steps\": [\n");
    for (int p = first; p <= last; p++) {
        char qname[160], aname[160];
        quiz_question q;
        int s, k = story_locate(st, p, &s); /* the launch, and its step */
        export_story_frame_name(st, p, 0, qname, sizeof qname);
        export_story_frame_name(st, p, 1, aname, sizeof aname);
        if (st->nlaunch > 1)
            fprintf(f, "    {\"launch\": %d, \"step\": %d, \"label\": ", story_launch_number(st, k), s + 1);
        else
            fprintf(f, "    {\"step\": %d, \"label\": ", s + 1);
        rv_json_string(f, st->tr[k]->steps[s].label);
        fprintf(f, ", \"question_frame\": ");
        rv_json_string(f, qname);
        fprintf(f, ", \"answer_frame\": ");
        rv_json_string(f, aname);
        fprintf(f, ",\n     \"question\": ");
        if (quiz_pick_question(st->an[k], s, &q))
            quiz_write_json(f, &q);
        else
            fprintf(f, "null");
        fprintf(f, "}%s\n", p < last ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad) {
        snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno ? errno : EIO));
        remove(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}
