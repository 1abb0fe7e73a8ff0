/* scene_code.c — the code pane's words: the kernel source as students read
 * it, and the statement a step runs.
 *
 * The source is the one the trace's line numbers refer to (rv_trace_source):
 * a version's kernel embedded at build time, or the file an own trace was
 * traced from, carried in the trace.  The trace instrumentation (RV_STEP();
 * before a statement, RV_REC(...) after it, the RV_TRACE_* parameters) is
 * hidden: students see the kernel as they would write it, under the line
 * numbers of the file.  A line of instrumentation only is left out, unless
 * the step runs it.  A student's file has none of it, so it shows as written.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "scene_frame.h"
#include "core/hash.h"
#include "core/versions.h"
#include "core/i18n.h"

#define CODE_TAB 4

/* Copies source line `line` (1-based) of src into buf with tabs expanded. */
static int source_line(const char *src, int line, char *buf, size_t len)
{
    const char *p = src;
    for (int i = 1; i < line && p; i++) {
        p = strchr(p, '\n');
        if (p) p++;
    }
    if (!p || !*p) {
        buf[0] = '\0';
        return -1;
    }
    size_t o = 0;
    for (; *p && *p != '\n' && *p != '\r' && o + CODE_TAB + 1 < len; p++) {
        if (*p == '\t') {
            do {
                buf[o++] = ' ';
            } while (o % CODE_TAB);
        } else {
            buf[o++] = *p;
        }
    }
    buf[o] = '\0';
    return 0;
}

static int count_lines(const char *src)
{
    int n = 0;
    for (const char *p = src; *p; p++)
        if (*p == '\n') n++;
    return (src[0] && src[strlen(src) - 1] != '\n') ? n + 1 : n;
}

/* Macros that are statements of their own (removed with their arguments and
 * semicolon) and parameter macros (removed as words). */
static const char *const code_calls[] = {"RV_STEP",       "RV_REC",  "RV_TRACE_BEGIN",    "RV_TRACE_END",
                                         "RV_READ_LANES", "RV_READ", "RV_REGISTER_KERNEL"};
static const char *const code_words[] = {"RV_TRACE_PARAM", "RV_TRACER_PARAM", "RV_TRACE_ARG", "RV_TRACER_ARG"};

int code_clean_line(char *s)
{
    int had_code = 0, removed = 0;
    char *marker = strstr(s, "// rv:"); /* the model's marker of a traced statement */
    if (marker) *marker = '\0';
    char *comment = strstr(s, "//");
    size_t limit = comment ? (size_t)(comment - s) : strlen(s);
    for (size_t i = 0; i < limit;) {
        int is_start = s[i] == 'R' && (i == 0 || !(isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_'));
        size_t cut = 0;
        for (size_t k = 0; is_start && !cut && k < sizeof code_calls / sizeof code_calls[0]; k++) {
            size_t n = strlen(code_calls[k]);
            if (!strncmp(s + i, code_calls[k], n) && s[i + n] == '(') {
                size_t j = i + n;
                int depth = 0;
                do {
                    depth += s[j] == '(';
                    depth -= s[j] == ')';
                    j++;
                } while (s[j] && depth > 0);
                if (s[j] == ';') j++;
                cut = j - i;
            }
        }
        for (size_t k = 0; is_start && !cut && k < 4; k++) {
            size_t n = strlen(code_words[k]);
            if (!strncmp(s + i, code_words[k], n) && !(isalnum((unsigned char)s[i + n]) || s[i + n] == '_')) cut = n;
        }
        if (!cut) {
            had_code |= !isspace((unsigned char)s[i]);
            i++;
            continue;
        }
        /* Take the spaces before the macro too, then keep one space if code follows. */
        size_t from = i;
        while (from > 0 && s[from - 1] == ' ' && had_code) from--;
        size_t to = i + cut;
        while (s[to] == ' ') to++;
        int space = had_code && s[to] && !strchr(")],;", s[to]) && from < i;
        memmove(s + from + space, s + to, strlen(s + to) + 1);
        if (space) s[from] = ' ';
        limit -= (to - from) - (size_t)space;
        i = from + (size_t)space;
        removed = 1;
    }
    size_t n = strlen(s);
    while (n > 0 && s[n - 1] == ' ') s[--n] = '\0';
    return removed && n == 0 ? 1 : 0;
}

int code_statement(const rv_trace *tr, int line, char *buf, size_t len)
{
    const char *src = rv_trace_source(tr);
    char tmp[SCENE_CODE_LEN];
    if (!src || line <= 0 || source_line(src, line, tmp, sizeof tmp) != 0) {
        buf[0] = '\0';
        return -1;
    }
    code_clean_line(tmp);
    const char *p = tmp;
    while (*p == ' ') p++;
    snprintf(buf, len, "%s", p);
    return 0;
}

/* The cleaned lines of one kernel, kept while the source and the window of
 * lines stay the same: stepping through a trace cleans its source once, not
 * at every frame.  An own trace's source lives on the heap, where another
 * trace's may later take its address: the text's hash is part of the key. */
static struct {
    const char *src; /* what was cleaned; NULL: none */
    uint64_t hash;
    int first; /* its line number of text[0]  */
    int n;
    char text[SCENE_CODE_LINES][SCENE_CODE_LEN];
    unsigned char instrumentation[SCENE_CODE_LINES]; /* nothing else on it   */
} cleaned;

/* The first line of the window of SCENE_CODE_LINES lines shown: 1, or for a
 * longer file one that keeps the current line a third of the way in. */
static int window_first(int total, int cur)
{
    if (total <= SCENE_CODE_LINES || cur <= 0) return 1;
    int first = cur - SCENE_CODE_LINES / 3;
    if (first > total - SCENE_CODE_LINES + 1) first = total - SCENE_CODE_LINES + 1;
    return first < 1 ? 1 : first;
}

static void clean_source(const char *src, int first)
{
    uint64_t h = rv_hash_text(src);
    if (cleaned.src == src && cleaned.hash == h && cleaned.first == first) return;
    cleaned.n = 0;
    const char *p = src;
    for (int ln = 1; ln < first && p; ln++) { /* to the window's first line */
        p = strchr(p, '\n');
        if (p) p++;
    }
    while (p && *p && cleaned.n < SCENE_CODE_LINES) {
        char *line = cleaned.text[cleaned.n];
        source_line(p, 1, line, SCENE_CODE_LEN);
        cleaned.instrumentation[cleaned.n++] = (unsigned char)code_clean_line(line);
        p = strchr(p, '\n');
        if (p) p++;
    }
    cleaned.src = src;
    cleaned.hash = h;
    cleaned.first = first;
}

void scene_code_build(scene_code *c, const rv_trace *tr, int cur)
{
    const rv_version_info *vi = rv_version(tr->version);
    const char *src = rv_trace_source(tr);
    if (rv_trace_is_own(tr))
        snprintf(c->title, sizeof c->title, "%s", tr->own_name); /* the student's file */
    else
        snprintf(c->title, sizeof c->title, "kernels/%s", vi && vi->file ? vi->file : "?");
    c->has_source = src && src[0];
    c->cur = cur;
    c->nlines = 0;
    if (!c->has_source) return;
    int first = window_first(count_lines(src), cur);
    clean_source(src, first);
    for (int i = 0; i < cleaned.n; i++)
        if (!cleaned.instrumentation[i] || first + i == cur)
            c->lines[c->nlines++] = (scene_code_line){first + i, cleaned.text[i]};
}
