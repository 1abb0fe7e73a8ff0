/* html_export.c — from the viewer's state to the lesson page (html_export.h).
 *
 * Each position is drawn once on the export's canvas (the frame of the PNG
 * export, pixel for pixel) and encoded as an indexed PNG; its words come
 * from the same functions the frame's text does (the banner's sentence, the
 * source statement, the difference of two versions, the tooltip's lines),
 * translated here through _(), so the page says what the window says, in
 * its language.  The writer gets them as data and composes nothing.
 *
 * The hover geometry is the layout's own rectangles (layout.h), the same at
 * every position; only the tooltips' lines change from step to step (a
 * later launch whose block lies elsewhere gets none rather than wrong ones).
 * The timeline's boxes are each position's own: its window may move, and a
 * folded run's steps share one box.
 */
#include "html_export.h"
#include "core/args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "viewer/draw/draw.h"
#include "canvas_png.h"
#include "html_waves.h"
#include "html_waves_zoom.h"
#include "html_write.h"
#include "viewer/scene/own_words.h"
#include "core/predict.h"
#include "viewer/scene/story.h"
#include "viewer/draw/plot.h"
#include "viewer/draw/theme.h"
#include "core/i18n.h"
#include "core/versions.h"

#define TEXT_LEN 1024

/* The waves pictures' zoom (html_waves_zoom.h): its style and script, made
 * into C strings by the build (cmake/embed.cmake). */
extern const char html_zoom_css[];
extern const char html_zoom_js[];

typedef char tip_lines[SCENE_TIP_LINES][SCENE_TIP_LEN];

/* What one pane needs: its geometry and room for its tooltips' lines. */
typedef struct pane_data {
    int ncells, nlanes;
    int *cells, *lanes; /* 4 ints a box */
    tip_lines *text;    /* ncells + nlanes */
    html_tip *tips;     /* ncells + nlanes */
} pane_data;

static void put_box(int *dst, lrect r)
{
    dst[0] = r.x;
    dst[1] = r.y;
    dst[2] = r.w;
    dst[3] = r.h;
}

/* The boxes of a pane's words and lanes (none when warps are one strip:
 * the viewer shows no lane tooltips then either). */
static int pane_geometry(pane_data *pd, const layout *L, const viewer_frame *g)
{
    pd->ncells = g->an->smem_words;
    pd->nlanes = L->compact ? 0 : g->tr->block_size;
    int n = pd->ncells + pd->nlanes;
    pd->cells = malloc(sizeof(int) * 4 * (size_t)(n ? n : 1));
    pd->text = malloc(sizeof *pd->text * (size_t)(n ? n : 1));
    pd->tips = calloc((size_t)(n ? n : 1), sizeof *pd->tips);
    if (!pd->cells || !pd->text || !pd->tips) return -1;
    pd->lanes = pd->cells + 4 * pd->ncells;
    for (int i = 0; i < pd->ncells; i++) put_box(pd->cells + 4 * i, layout_cell_rect(L, i));
    for (int t = 0; t < pd->nlanes; t++) put_box(pd->lanes + 4 * t, layout_lane_rect(L, t));
    return 0;
}

static void pane_free(pane_data *pd)
{
    free(pd->cells);
    free(pd->text);
    free(pd->tips);
}

static void fill_tip(html_tip *tip, tip_lines *text, int n)
{
    tip->n = n;
    for (int i = 0; i < n && i < HTML_TIP_LINES; i++) tip->line[i] = (*text)[i];
}

/* The tooltips of every word and lane of pane frame g at its step. */
static void pane_tips(pane_data *pd, const viewer_frame *g)
{
    for (int i = 0; i < pd->ncells + pd->nlanes; i++) {
        int lane = i >= pd->ncells;
        int n = g->step < 0
                    ? 0
                    : scene_tip_text(g, lane ? SCENE_TIP_LANE : SCENE_TIP_CELL, lane ? i - pd->ncells : i, pd->text[i]);
        fill_tip(&pd->tips[i], &pd->text[i], n);
    }
}

/* The words of one pane at its step, as paragraphs: the counts and what
 * the threads do, the statement they run, the race note.  prefix (a
 * version's name, or "") leads the first.  Returns how many. */
static int pane_paras(const viewer_frame *g, const char *prefix, char (*para)[TEXT_LEN], int max)
{
    static scene_block sb; /* large: off the stack; one step at a time */
    int n = 0;
    char counts[256] = "", sentence[512], stmt[300];
    if (g->step < 0 || max < 1) return 0;
    /* The banner's counts and race note, as the block pane shows them (the
     * answer's: predict mode's question hides them); the sentence whole,
     * where the banner wraps it into two lines. */
    viewer_frame shown = *g;
    shown.quiz = NULL;
    scene_block_build(&sb, &shown, 0);
    for (int i = 0, o = 0; i < sb.ncounts && o < (int)sizeof counts; i++)
        o += snprintf(counts + o, sizeof counts - (size_t)o, "%s%s", i ? " \xC2\xB7 " : "", sb.count[i].text);
    scene_block_sentence(g, sentence, sizeof sentence);
    snprintf(para[n++], TEXT_LEN, "%s%s%s: %s", prefix, prefix[0] ? " \xE2\x80\x94 " : "", counts, sentence);
    int line = g->an->steps[g->step].line;
    if (n < max && line > 0 && code_statement(g->tr, line, stmt, sizeof stmt) == 0)
        snprintf(para[n++], TEXT_LEN, _("line %d: %s"), line, stmt);
    if (n < max && sb.race != BLOCK_RACE_NONE) snprintf(para[n++], TEXT_LEN, "%s %s", sb.race_title, sb.race_detail);
    return n;
}

/* "v1 strided index", with its name even when the table has no title; an
 * own trace's file name alone ("my_reduce.cu"). */
static void trace_title(const rv_trace *tr, char *buf, size_t len)
{
    const rv_version_info *vi = rv_version(tr->version);
    if (rv_trace_is_own(tr))
        snprintf(buf, len, "%s", rv_trace_name(tr));
    else
        snprintf(buf, len, "%s %s", vi ? vi->name : "v?", vi && vi->title ? _(vi->title) : "");
}

/* The page's heading and the paragraphs under it. */
static void page_words(const viewer_frame *f, char *title, char (*intro)[TEXT_LEN], int *nintro)
{
    int panes = f->tr2 ? 2 : 1, n = 0;
    char a[160], b[160];
    trace_title(f->tr, a, sizeof a);
    if (panes == 2) {
        trace_title(f->tr2, b, sizeof b);
        snprintf(title, TEXT_LEN, _("Compare %s vs %s"), a, b);
    } else {
        snprintf(title, TEXT_LEN, "%s", a);
    }
    for (int p = 0; p < panes; p++) {
        viewer_frame g = scene_compare_pane(f, p);
        const char *name = rv_trace_name(g.tr);
        const rv_trace *tr = g.tr;
        char origin[300], nn[48], data[48], figure[400];
        scene_frame_origin(&g, origin, sizeof origin); /* the header's */
        plot_n_name(tr->n, nn, sizeof nn);
        rv_data_name(tr->data, data, sizeof data);
        /* an own trace: what went wrong in its run first, as its header says it */
        if (n + 4 < HTML_MAX_PARAS && own_warning(tr, intro[n], TEXT_LEN)) /* room kept for the rest and the keys */
            n++;
        if (rv_trace_is_own(tr))
            snprintf(intro[n++], TEXT_LEN, _("%s \xE2\x80\x94 what it is: %s"), name, scene_frame_lesson(tr->version));
        else
            snprintf(intro[n++], TEXT_LEN, _("%s \xE2\x80\x94 what changed: %s"), name,
                     scene_frame_lesson(tr->version));
        scene_panel_figure(&g, tr->version, tr->n, figure, sizeof figure);
        snprintf(intro[n++], TEXT_LEN, _("%s: block %d \xC2\xB7 N %s \xC2\xB7 data %s \xC2\xB7 %s \xC2\xB7 %s"), name,
                 tr->block_size, nn, data, origin, figure);
        char shape[480]; /* a launch shape the picture cannot show, said as the frame says it */
        if (n + 2 < HTML_MAX_PARAS && rv_trace_is_own(tr) && own_shape_words(tr, shape, sizeof shape))
            snprintf(intro[n++], TEXT_LEN, _("%s: %s"), name, shape);
        if (n + 1 < HTML_MAX_PARAS && own_has_unknown(g.an)) /* the colour key's "?", said in words */
            snprintf(intro[n++], TEXT_LEN, "%s", own_unknown_words());
    }
    /* A run of several launches, or one the tracer counted: what each did,
     * in the order the page steps through them. */
    const story *st = f->story;
    if (st && (st->nlaunch > 1 || st->launches > 1 || (rv_trace_is_own(st->tr[0]) && st->tr[0]->own_grid)) &&
        n + 1 < HTML_MAX_PARAS) {
        size_t o = 0;
        intro[n][0] = '\0';
        for (int k = 0; k < st->nlaunch && o + 1 < TEXT_LEN; k++) {
            char words[800], memory[400];
            story_launch_words(st, k, words, sizeof words);
            story_launch_memory(st, k, memory, sizeof memory);
            o += (size_t)snprintf(intro[n] + o, TEXT_LEN - o, "%s%s%s%s%s", k ? "; " : "", words, memory[0] ? " (" : "",
                                  memory, memory[0] ? ")" : "");
        }
        n++;
    }
    *nintro = n;
}

/* The label of position p in the timeline and its heading (in a run of
 * several launches, the launch first). */
static void position_words(const viewer_frame *f, char *label, size_t llen, char *heading, size_t hlen)
{
    if (f->tr2) {
        const rv_step *st = f->step >= 0 ? &f->tr->steps[f->step] : &f->tr2->steps[f->step2];
        snprintf(label, llen, "%s", st->label);
        snprintf(heading, hlen, _("Aligned step %d of %d: %s"), f->row + 1, f->nrows, st->label);
    } else if (f->story && f->story->nlaunch > 1) {
        int k = story_locate(f->story, f->pos, NULL);
        snprintf(label, llen, "%s", f->tr->steps[f->step].label);
        snprintf(heading, hlen, _("Launch %d of %d \xC2\xB7 step %d/%d  %s"), story_launch_number(f->story, k),
                 f->story->launches, f->step + 1, f->tr->nsteps, f->tr->steps[f->step].label);
    } else {
        snprintf(label, llen, "%s", f->tr->steps[f->step].label);
        snprintf(heading, hlen, _("Step %d/%d  %s"), f->step + 1, f->tr->nsteps, f->tr->steps[f->step].label);
    }
}

/* Whether frame g's block pane lies where frame f's does (a later launch
 * of another block size would not): its hover boxes are the page's. */
static int same_geometry(const viewer_frame *f, const viewer_frame *g)
{
    return f->tr->block_size == g->tr->block_size && f->an->smem_words == g->an->smem_words;
}

/* Draws frame f on the canvas as an indexed PNG.  0, or -1 with err. */
static int encode_frame(viewer_canvas *c, const viewer_frame *f, unsigned char **png, size_t *len, char *err,
                        size_t errlen)
{
    if (viewer_canvas_draw(c, f) != 0) {
        snprintf(err, errlen, "drawing failed: %s", SDL_GetError());
        return -1;
    }
    return canvas_png(c, png, len, err, errlen);
}

int html_export_write(app *a, viewer_canvas *c, int w, int h, int first, int last, int quiz, const html_page *live,
                      const waves_beside *beside, const char *path, long long *bytes, char *err, size_t errlen)
{
    /* a run with a waves run ends on its grid (html_waves.h), and a page
     * asked to, on it beside a version's (html_waves_beside.h); a live
     * class's page keeps to its steps */
    int nwaves = !live && (beside || html_waves_trace(a)) ? 1 : 0;
    /* and, where the run took many waves or --waves-time chose a part, on
       it again magnified (not beside a version's, nor where the question
       is asked: the close-up's picture would answer it) */
    double close_from = 0, close_to = 0;
    nwaves += nwaves && !beside && !(quiz && !a->comparing) && html_waves_close_part(a, &close_from, &close_to);
    int npos = last - first + 1, rc = -1;
    app_goto(a, first);
    viewer_frame f = app_frame(a, w, h);
    int npanes = f.tr2 ? 2 : 1;
    pane_data pd[HTML_MAX_PANES];
    memset(pd, 0, sizeof pd);
    size_t nall = (size_t)(npos + nwaves);
    char(*labels)[64] = calloc(nall, sizeof *labels);
    const char **label_ptrs = calloc(nall, sizeof *label_ptrs);
    int *timeline = calloc(nall * 4, sizeof *timeline); /* the waves' box: none, all zero */
    tip_lines *ttext = calloc(nall, sizeof *ttext);
    html_tip *ttips = calloc(nall, sizeof *ttips);
    static html_waves hwaves; /* the waves position's frames and words */
    char(*intro)[TEXT_LEN] = calloc(HTML_MAX_PARAS, TEXT_LEN);
    char(*para)[TEXT_LEN] = calloc(HTML_MAX_PARAS, TEXT_LEN);
    char *title = malloc(TEXT_LEN), *heading = malloc(TEXT_LEN), *alt = malloc(TEXT_LEN);
    html_writer *hw = NULL;
    unsigned char *png = NULL, *qpng = NULL;
    static predict pq; /* predict mode's slide state: a question and its answer */
    html_zoom *zoom = nwaves ? html_zoom_new(theme_get((theme_id)f.theme)) : NULL;
    if ((nwaves && !zoom) || !labels || !label_ptrs || !timeline || !ttext || !ttips || !intro || !para || !title ||
        !heading || !alt) {
        snprintf(err, errlen, "cannot write %s: out of memory", path);
        goto done;
    }

    /* Geometry: the layout the frames are drawn with. */
    static layout_cmp C; /* two layouts: kept off the stack */
    layout L;
    if (npanes == 2)
        draw_compare_layout(&f, &C);
    else
        draw_layout_for(&f, &L);
    for (int p = 0; p < npanes; p++) {
        viewer_frame g = scene_compare_pane(&f, p);
        if (pane_geometry(&pd[p], npanes == 2 ? &C.pane[p] : &L, &g) != 0) {
            snprintf(err, errlen, "cannot write %s: out of memory", path);
            goto done;
        }
    }
    /* The timeline: labels, boxes in the frame, and (one version) the
     * viewer's tooltip over each step. */
    for (int i = 0; i < npos; i++) {
        app_goto(a, first + i);
        viewer_frame g = app_frame(a, w, h);
        position_words(&g, labels[i], sizeof labels[i], heading, TEXT_LEN);
        label_ptrs[i] = labels[i];
        /* its box in its own frame: the timeline's window may have moved,
         * and a folded run's steps share one box */
        if (npanes == 2) {
            static layout_cmp Cg;
            draw_compare_layout(&g, &Cg);
            lrect top = layout_compare_cell(&Cg, first + i, 0), bottom = layout_compare_cell(&Cg, first + i, 1);
            put_box(timeline + 4 * i, (lrect){top.x, top.y, top.w, bottom.y + bottom.h - top.y});
        } else {
            layout Lg;
            draw_layout_for(&g, &Lg);
            int pos = g.story ? g.pos : g.step;
            put_box(timeline + 4 * i, layout_step_rect(&Lg, g.story ? story_mark_of(g.story, pos, NULL) : g.step));
            fill_tip(&ttips[i], &ttext[i], scene_tip_text(&g, SCENE_TIP_STEP, pos, ttext[i]));
        }
    }

    html_words words = {
        .first = _("First"),
        .prev = _("Previous"),
        .play = _("Play"),
        .pause = _("Pause"),
        .next = _("Next"),
        .last = _("Last"),
        .speed = _("Speed"),
        .per_second = _("steps/s"),
        /* {n} and {total} are filled in by the page's script */
        .position = npanes == 2 ? _("Aligned step {n} of {total}") : _("Step {n} of {total}"),
        .timeline = _("Timeline"),
        .controls = _("Stepping"),
        .reveal = _("Show the answer"),
        .keys = _(
            "\xE2\x86\x92 or Space: next step \xC2\xB7 \xE2\x86\x90: back \xC2\xB7 Home, End: first, last \xC2\xB7 "
            "P: play or pause \xC2\xB7 + and \xE2\x88\x92: faster, slower \xC2\xB7 click the timeline to jump \xC2\xB7 "
            "hover a word or a lane for its value, bank and the inputs it sums \xC2\xB7 #step=N in the address "
            "opens that step"),
    };
    html_page page = {
        /* TRANSLATORS: the page's language as a BCP 47 tag (zh-CN, ...), for
           browsers and screen readers */
        .lang = _("en"),
        .title = title,
        .words = &words,
        .th = theme_get((theme_id)f.theme),
        .width = w,
        .height = h,
        .npanes = npanes,
        .npos = npos + nwaves,
        .labels = label_ptrs,
        .timeline = timeline,
        .timeline_tips = npanes == 1 ? ttips : NULL,
        .start = 0,
        .speed = 1,
        /* the waves pictures, zoomable where the script runs */
        .more_css = nwaves ? html_zoom_css : NULL,
        .more_js = nwaves ? html_zoom_js : NULL,
    };
    if (live) {
        page.live_css = live->live_css;
        page.live_js = live->live_js;
        page.nlive = live->nlive;
        memcpy(page.live_key, live->live_key, sizeof page.live_key);
        memcpy(page.live_word, live->live_word, sizeof page.live_word);
        page.withheld = live->withheld;
        page.withheld_arg = live->withheld_arg;
        if (page.withheld) page.timeline_tips = NULL; /* a step's tooltip there tells what it does */
    }
    if (nwaves) {
        /* TRANSLATORS: the lesson's timeline label of the waves picture, a word or two */
        snprintf(labels[npos], sizeof labels[npos], "%s", _("waves"));
        label_ptrs[npos] = labels[npos];
    }
    if (nwaves > 1) {
        /* TRANSLATORS: the lesson's timeline label of the waves picture magnified, a word or two */
        snprintf(labels[npos + 1], sizeof labels[npos + 1], "%s", _("close-up"));
        label_ptrs[npos + 1] = labels[npos + 1];
    }
    app_goto(a, first);
    f = app_frame(a, w, h);
    page_words(&f, title, intro, &page.nintro);
    for (int i = 0; i < page.nintro; i++) page.intro[i] = intro[i];
    /* The keys' line closes the header. */
    page.intro[page.nintro++] = words.keys;
    for (int p = 0; p < npanes; p++) page.pane[p] = (html_pane){pd[p].ncells, pd[p].nlanes, pd[p].cells, pd[p].lanes};
    if (!(hw = html_write_open(path, &page, err, errlen))) goto done;

    for (int i = 0; i < npos; i++) {
        app_goto(a, first + i);
        viewer_frame g = app_frame(a, w, h);
        g.toast = NULL;
        size_t len = 0;
        free(png);
        png = NULL;
        size_t qlen = 0;
        free(qpng);
        qpng = NULL;
        /* predict mode: the question's frame (the step hidden), then the answer's */
        int asks = quiz && !g.tr2 && predict_slide(&pq, g.an, g.step, 0);
        if (asks) {
            g.quiz = &pq;
            if (encode_frame(c, &g, &qpng, &qlen, err, errlen) != 0) goto done;
            predict_slide(&pq, g.an, g.step, 1);
        }
        if (encode_frame(c, &g, &png, &len, err, errlen) != 0) goto done;
        html_step st = {.png = png, .png_len = len, .alt = alt, .heading = heading};
        if (asks) {
            st.question_png = qpng;
            st.question_png_len = qlen;
            st.question_alt = _("The step hidden: predict it first");
            st.question = pq.q.text;
            st.hint = pq.q.hint;
            st.answer = pq.q.answer;
            st.explain = pq.q.explain;
        }
        char label[64];
        position_words(&g, label, sizeof label, heading, TEXT_LEN);
        snprintf(alt, TEXT_LEN, _("The viewer's frame at %s"), heading);
        if (npanes == 2) {
            char part[2][160];
            compare_difference(g.an, g.step, g.an2, g.step2, part, para[0], TEXT_LEN);
            st.nparas = 1;
        }
        for (int p = 0; p < npanes; p++) {
            viewer_frame pg = scene_compare_pane(&g, p);
            const char *name = npanes == 2 ? rv_trace_name(pg.tr) : "";
            st.nparas += pane_paras(&pg, name, para + st.nparas, HTML_MAX_PARAS - st.nparas);
            /* the page's hover boxes are the first frame's: none where a
             * later launch's block lies elsewhere */
            int tips = pg.step >= 0 && same_geometry(&f, &g);
            if (tips) pane_tips(&pd[p], &pg);
            st.tips[p].ncells = tips ? pd[p].ncells : 0;
            st.tips[p].nlanes = tips ? pd[p].nlanes : 0;
            st.tips[p].cells = pd[p].tips;
            st.tips[p].lanes = pd[p].tips + pd[p].ncells;
        }
        for (int k = 0; k < st.nparas; k++) st.para[k] = para[k];
        if (html_write_step(hw, &st, err, errlen) != 0) goto done;
    }
    if (nwaves) {
        html_step st;
        if (beside ? html_waves_beside_step(a, c, w, h, beside, zoom, npos, &hwaves, &st, err, errlen)
                   : html_waves_step(a, c, w, h, quiz && !a->comparing, zoom, npos, &hwaves, &st, err, errlen))
            goto done;
        if (html_write_step(hw, &st, err, errlen) != 0) goto done;
    }
    if (nwaves > 1) {
        html_step st;
        html_waves_free(&hwaves);
        if (html_waves_close_step(a, c, w, h, close_from, close_to, zoom, npos + 1, &hwaves, &st, err, errlen) ||
            html_write_step(hw, &st, err, errlen) != 0)
            goto done;
    }
    if (html_zoom_any(zoom)) {
        size_t zlen = 0;
        const char *zjson = html_zoom_json(zoom, &zlen);
        if (!zjson) {
            snprintf(err, errlen, "cannot write %s: out of memory", path);
            goto done;
        }
        if (html_write_data(hw, HTML_ZOOM_ID, zjson, zlen, err, errlen)) goto done;
    }
    rc = html_write_close(hw, 1, bytes, err, errlen);
    hw = NULL;

done:
    html_write_close(hw, 0, NULL, NULL, 0);
    for (int p = 0; p < HTML_MAX_PANES; p++) pane_free(&pd[p]);
    html_waves_free(&hwaves);
    html_zoom_free(zoom);
    free(png);
    free(qpng);
    free(labels);
    free(label_ptrs);
    free(timeline);
    free(ttext);
    free(ttips);
    free(intro);
    free(para);
    free(title);
    free(heading);
    free(alt);
    return rc;
}

int html_export_command(app *a, viewer_canvas *c, const char *path, int w, int h, int first, int last, int quiz,
                        const char *theme_name, const waves_beside *beside)
{
    char err[1200];
    long long bytes = 0;
    if (html_export_write(a, c, w, h, first, last, quiz, NULL, beside, path, &bytes, err, sizeof err) != 0) {
        rv_cmd_error("export", err);
        return RV_EXIT_RUNTIME;
    }
    const rv_trace *tr = a->sc.tr;
    int n = last - first + 1;
    char what[64];
    if (a->comparing)
        snprintf(what, sizeof what, n == 1 ? _("%d aligned step") : _("%d aligned steps"), n);
    else if (quiz)
        snprintf(what, sizeof what,
                 n == 1 ? _("%d step, each asked before it is shown") : _("%d steps, each asked before it is shown"),
                 n);
    else
        snprintf(what, sizeof what, n == 1 ? _("%d step") : _("%d steps"), n);
    printf(_("wrote %s: a lesson page of %s (%d..%d), %dx%d, %s theme, %.1f MB (%lld bytes), %s%s\n"), path, what,
           first + 1, last + 1, w, h, theme_name, bytes / 1e6, bytes,
           tr->origin_kind == RV_ORIGIN_GPU ? _("GPU trace from ") : _("CPU model"),
           tr->origin_kind == RV_ORIGIN_GPU ? tr->origin : "");
    return 0;
}
