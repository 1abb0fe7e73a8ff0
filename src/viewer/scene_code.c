/* scene_code.c — the code pane's words: the version's kernel source as
 * students read it, and the statement a step runs.
 *
 * The source is the one embedded at build time (rv_version_source), so the
 * line numbers are those the trace recorded.  The trace instrumentation
 * (RV_STEP(); before a statement, RV_REC(...) after it, the RV_TRACE_*
 * parameters) is hidden: students see the kernel as they would write it,
 * under the line numbers of the file.  A line of instrumentation only is
 * left out, unless the step runs it.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "scene_frame.h"
#include "../versions.h"
#include "../i18n.h"

#define CODE_TAB 4

/* Copies source line `line` (1-based) of src into buf with tabs expanded. */
static int source_line(const char *src, int line, char *buf, size_t len)
{
    const char *p = src;
    for (int i = 1; i < line && p; i++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (!p || !*p) {
        buf[0] = '\0';
        return -1;
    }
    size_t o = 0;
    for (; *p && *p != '\n' && *p != '\r' && o + CODE_TAB + 1 < len; p++) {
        if (*p == '\t') {
            do { buf[o++] = ' '; } while (o % CODE_TAB);
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
        if (*p == '\n')
            n++;
    return (src[0] && src[strlen(src) - 1] != '\n') ? n + 1 : n;
}

/* Macros that are statements of their own (removed with their arguments and
 * semicolon) and parameter macros (removed as words). */
static const char *const code_calls[] = { "RV_STEP", "RV_REC", "RV_TRACE_BEGIN", "RV_TRACE_END", "RV_READ_LANES",
                                          "RV_REGISTER_KERNEL" };
static const char *const code_words[] = { "RV_TRACE_PARAM", "RV_TRACER_PARAM", "RV_TRACE_ARG", "RV_TRACER_ARG" };

int code_clean_line(char *s)
{
    int had_code = 0, removed = 0;
    char *marker = strstr(s, "// rv:"); /* the model's marker of a traced statement */
    if (marker)
        *marker = '\0';
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
                if (s[j] == ';')
                    j++;
                cut = j - i;
            }
        }
        for (size_t k = 0; is_start && !cut && k < 4; k++) {
            size_t n = strlen(code_words[k]);
            if (!strncmp(s + i, code_words[k], n) && !(isalnum((unsigned char)s[i + n]) || s[i + n] == '_'))
                cut = n;
        }
        if (!cut) {
            had_code |= !isspace((unsigned char)s[i]);
            i++;
            continue;
        }
        /* Take the spaces before the macro too, then keep one space if code follows. */
        size_t from = i;
        while (from > 0 && s[from - 1] == ' ' && had_code)
            from--;
        size_t to = i + cut;
        while (s[to] == ' ')
            to++;
        int space = had_code && s[to] && !strchr(")],;", s[to]) && from < i;
        memmove(s + from + space, s + to, strlen(s + to) + 1);
        if (space)
            s[from] = ' ';
        limit -= (to - from) - (size_t)space;
        i = from + (size_t)space;
        removed = 1;
    }
    size_t n = strlen(s);
    while (n > 0 && s[n - 1] == ' ')
        s[--n] = '\0';
    return removed && n == 0 ? 1 : 0;
}

int code_statement(int version, int line, char *buf, size_t len)
{
    const char *src = rv_version_source(version);
    char tmp[SCENE_CODE_LEN];
    if (!src || line <= 0 || source_line(src, line, tmp, sizeof tmp) != 0) {
        buf[0] = '\0';
        return -1;
    }
    code_clean_line(tmp);
    const char *p = tmp;
    while (*p == ' ')
        p++;
    snprintf(buf, len, "%s", p);
    return 0;
}

/* The cleaned lines of one kernel, kept while the version stays the same:
 * stepping through a trace cleans its source once, not at every frame. */
static struct {
    const char *src;                          /* what was cleaned; NULL: none */
    int n;
    char text[SCENE_CODE_LINES][SCENE_CODE_LEN];
    unsigned char instrumentation[SCENE_CODE_LINES];  /* nothing else on it   */
} cleaned;

static void clean_source(const char *src)
{
    if (cleaned.src == src)
        return;
    int total = count_lines(src);
    cleaned.n = 0;
    for (int ln = 1; ln <= total && cleaned.n < SCENE_CODE_LINES; ln++) {
        char *line = cleaned.text[cleaned.n];
        if (source_line(src, ln, line, SCENE_CODE_LEN) != 0)
            break;
        cleaned.instrumentation[cleaned.n++] = (unsigned char)code_clean_line(line);
    }
    cleaned.src = src;
}

void scene_code_build(scene_code *c, int version, int cur)
{
    const rv_version_info *vi = rv_version(version);
    const char *src = rv_version_source(version);
    snprintf(c->title, sizeof c->title, "kernels/%s", vi && vi->file ? vi->file : "?");
    c->has_source = src && src[0];
    c->cur = cur;
    c->nlines = 0;
    if (!c->has_source)
        return;
    clean_source(src);
    for (int i = 0; i < cleaned.n; i++)
        if (!cleaned.instrumentation[i] || i + 1 == cur)
            c->lines[c->nlines++] = (scene_code_line){ i + 1, cleaned.text[i] };
}
