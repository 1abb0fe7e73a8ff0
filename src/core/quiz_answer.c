/* quiz_answer.c — a question's answer: written as JSON, checked, read from
 * what a student typed, and said in words (quiz.h). */
#include "quiz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "json.h"

void quiz_write_json(FILE *f, const quiz_question *q)
{
    fprintf(f, "{\"kind\": \"%s\", \"step\": %d, \"warp\": %d, \"lane\": %d, \"bank\": %d, ", quiz_kind_name(q->kind),
            q->step + 1, q->warp, q->lane, q->bank);
    if (q->type == QUIZ_LANE_SET) {
        fprintf(f, "\"lanes\": [");
        for (int l = 0, n = 0; l < RV_WARP_SIZE; l++)
            if ((q->lanes >> l) & 1) fprintf(f, "%s%d", n++ ? ", " : "", l);
        fprintf(f, "], ");
    } else {
        fprintf(f, "\"number\": %lld, ", (long long)q->number);
    }
    fprintf(f, "\"pick\": \"%s\", \"text\": ",
            q->pick == QUIZ_PICK_LANE   ? "lane"
            : q->pick == QUIZ_PICK_WORD ? "word"
                                        : "none");
    rv_json_string(f, q->text);
    fprintf(f, ", \"hint\": ");
    rv_json_string(f, q->hint);
    fprintf(f, ", \"answer\": ");
    rv_json_string(f, q->answer);
    fprintf(f, ", \"explain\": ");
    rv_json_string(f, q->explain);
    fprintf(f, "}");
}

int quiz_check_number(const quiz_question *q, int64_t answer) { return q->type == QUIZ_NUMBER && answer == q->number; }

int quiz_check_lanes(const quiz_question *q, uint32_t lanes) { return q->type == QUIZ_LANE_SET && lanes == q->lanes; }

void quiz_answer_range(const rv_analysis *an, const quiz_question *q, int64_t *lo, int64_t *hi)
{
    *lo = 0;
    switch (q->kind) {
    case QUIZ_DIVERGENT: *hi = an->nwarps; break;
    case QUIZ_CONFLICT:
        *lo = 1;
        *hi = RV_WARP_SIZE;
        break;
    case QUIZ_WORD: *hi = an->smem_words - 1; break;
    case QUIZ_SHUFFLE: *hi = RV_WARP_SIZE - 1; break;
    case QUIZ_WASTED: *hi = an->tr->block_size; break;
    case QUIZ_ATOMIC:
        *lo = 1;
        *hi = RV_WARP_SIZE;
        break;
    case QUIZ_LANES: *hi = RV_WARP_SIZE - 1; break; /* each lane of the set */
    default:
        *lo = -QUIZ_VALUE_MAX;
        *hi = QUIZ_VALUE_MAX;
        break;
    }
}

/* A whole number of at most 16 digits, an optional '-' before them: *v.
 * Returns the characters read (0: none). */
static int read_whole(const char *s, int64_t *v)
{
    int i = s[0] == '-', digits = 0;
    int64_t x = 0;
    for (; s[i] >= '0' && s[i] <= '9' && digits < 16; i++, digits++) x = x * 10 + (s[i] - '0');
    if (!digits || (s[i] >= '0' && s[i] <= '9')) return 0;
    *v = s[0] == '-' ? -x : x;
    return i;
}

int quiz_parse_answer(const rv_analysis *an, const quiz_question *q, const char *text, int64_t *number, uint32_t *lanes,
                      char *why, size_t whylen)
{
    int64_t lo, hi, v;
    quiz_answer_range(an, q, &lo, &hi);
    *number = 0;
    *lanes = 0;
    if (q->type == QUIZ_NUMBER) {
        int n = read_whole(text, &v);
        if (!n || text[n]) {
            snprintf(why, whylen, _("expected a whole number"));
            return -1;
        }
        if (v < lo || v > hi) {
            snprintf(why, whylen, _("expected a number from %lld to %lld"), (long long)lo, (long long)hi);
            return -1;
        }
        *number = v;
        return 0;
    }
    /* a lane set: "" (no lane) or lane numbers separated by commas */
    for (const char *p = text; *p;) {
        int n = read_whole(p, &v);
        if (!n || v < lo || v > hi || (p[n] && p[n] != ',') || (p[n] == ',' && !p[n + 1])) {
            snprintf(why, whylen, _("expected lane numbers 0..31 separated by commas"));
            return -1;
        }
        *lanes |= 1u << v;
        p += n + (p[n] == ',');
    }
    return 0;
}

int quiz_check_answer(const quiz_question *q, int64_t number, uint32_t lanes)
{
    return q->type == QUIZ_LANE_SET ? quiz_check_lanes(q, lanes) : quiz_check_number(q, number);
}

void quiz_format_answer(const quiz_question *q, int64_t number, uint32_t lanes, char *buf, size_t len)
{
    if (q->type == QUIZ_LANE_SET)
        quiz_format_lanes(lanes, buf, len);
    else if (q->pick == QUIZ_PICK_WORD)
        snprintf(buf, len, "smem[%lld]", (long long)number);
    else if (q->pick == QUIZ_PICK_LANE)
        snprintf(buf, len, _("lane %lld"), (long long)number);
    else
        snprintf(buf, len, "%lld", (long long)number);
}
