/* verify_words.c — the cross-check's numbers and verdicts as the viewer words them.
 *
 * Per-block figures are the recorded whole-grid values divided by the row's
 * grid (the first pass verify profiled), for the prediction and the
 * measurement alike.  The race notes come from a small table of the versions
 * whose warp phase is warp-synchronous shared-memory code: v4 (the hazard),
 * v4s (its fix) and v5, v6 (v4's code, unchanged); the evidence is what
 * racecheck recorded, never a number of our own.
 */
#include "device_label.h"
#include "verify_words.h"

#include "core/i18n.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/trace.h"
#include "core/versions.h"
#include "core/i18n.h"

/* ---- bank conflicts ---------------------------------------------------------- */

static double per_block(const rv_verify_row *r, double v) { return r && r->grid > 0 ? v / (double)r->grid : NAN; }

int verify_conflicts_of(const rv_verify_record *cc, const char *version, int block_size, verify_conflicts *out,
                        char *blocks, size_t blen)
{
    memset(out, 0, sizeof *out);
    out->pred_ld = out->pred_st = out->meas_ld = out->meas_st = out->l1_ld = out->l1_st = NAN;
    if (blen) blocks[0] = '\0';
    const rv_verify_row *ld = rv_verify_find(cc, version, block_size, RV_VERIFY_LD_CONFLICTS_OWN);
    const rv_verify_row *st = rv_verify_find(cc, version, block_size, RV_VERIFY_ST_CONFLICTS_OWN);
    if (!ld || !st) {
        /* Which block sizes were profiled for this version, in file order. */
        size_t o = 0;
        int seen[16], nseen = 0;
        for (int i = 0; cc && i < cc->nrows && nseen < 16; i++) {
            const rv_verify_row *r = &cc->rows[i];
            if (strcmp(r->version, version) || strcmp(r->metric, RV_VERIFY_LD_CONFLICTS_OWN)) continue;
            int dup = 0;
            for (int k = 0; k < nseen; k++) dup |= seen[k] == r->block_size;
            if (dup) continue;
            seen[nseen++] = r->block_size;
            if (o < blen) o += (size_t)snprintf(blocks + o, blen - o, "%s%d", o ? ", " : "", r->block_size);
        }
        return 0;
    }
    out->pred_ld = per_block(ld, ld->predicted);
    out->pred_st = per_block(st, st->predicted);
    out->meas_ld = per_block(ld, ld->measured);
    out->meas_st = per_block(st, st->measured);
    snprintf(out->own_note, sizeof out->own_note, "%.159s", ld->note[0] ? ld->note : st->note);
    const rv_verify_row *l1ld = rv_verify_find(cc, version, block_size, RV_VERIFY_LD_CONFLICTS_L1);
    const rv_verify_row *l1st = rv_verify_find(cc, version, block_size, RV_VERIFY_ST_CONFLICTS_L1);
    if (l1ld) out->l1_ld = per_block(l1ld, l1ld->measured);
    if (l1st) out->l1_st = per_block(l1st, l1st->measured);
    const char *why = l1ld && l1ld->note[0] ? l1ld->note : l1st ? l1st->note : "";
    verify_short_reason(why, out->l1_reason, sizeof out->l1_reason);
    return 1;
}

void verify_count(double v, char *buf, size_t len)
{
    if (isnan(v))
        snprintf(buf, len, "\xE2\x80\x94");
    else if (v == floor(v) && fabs(v) < 1e15)
        snprintf(buf, len, "%.0f", v);
    else
        snprintf(buf, len, "%.1f", v);
}

/* The notes `reducevis verify` writes (cmd_verify.c) as the panel shows
 * them, shortened by verify_short_reason: marked here so that the
 * catalogue has them; the panel looks its reason up with _(), so nothing
 * reads the list itself. */
static const char *const known_reasons[] __attribute__((unused)) = {
    N_("it also counts other traffic through the same banks"),
    N_("differs from the prediction, also in the instructions' own wavefronts: compare with cuobjdump -sass"),
    N_("differs from the prediction: compare with cuobjdump -sass"),
};

void verify_short_reason(const char *note, char *buf, size_t len)
{
    static const char *const subjects[] = {
        "the L1 data-bank counter ",
        "the L1 counter ",
        "the counter ",
    };
    if (!len) return;
    buf[0] = '\0';
    if (!note || !note[0]) return;
    /* The first clause: up to a parenthesis, a semicolon or a full stop. */
    size_t n = strcspn(note, "(;");
    const char *dot = strstr(note, ". ");
    if (dot && (size_t)(dot - note) < n) n = (size_t)(dot - note);
    while (n > 0 && (note[n - 1] == ' ' || note[n - 1] == ',' || note[n - 1] == '.')) n--;
    const char *p = note;
    for (size_t i = 0; i < sizeof subjects / sizeof subjects[0]; i++) {
        size_t sl = strlen(subjects[i]);
        if (n > sl && !strncmp(note, subjects[i], sl)) {
            p = note + sl;
            n -= sl;
            snprintf(buf, len, "it ");
            break;
        }
    }
    /* "counts collisions with other traffic" says no more than "counts
     * other traffic", in less room. */
    static const char wordy[] = "collisions with ";
    const char *cw = strstr(p, wordy);
    size_t o = strlen(buf);
    if (cw && (size_t)(cw - p) + sizeof wordy - 1 < n) {
        size_t head = (size_t)(cw - p);
        if (o + head < len) {
            memcpy(buf + o, p, head);
            o += head;
            buf[o] = '\0';
        }
        n -= head + sizeof wordy - 1;
        p = cw + sizeof wordy - 1;
    }
    if (o + n >= len) n = len - o - 1;
    memcpy(buf + o, p, n);
    buf[o + n] = '\0';
}

/* "70 · 35" */
static void pair(double a, double b, char *buf, size_t len)
{
    char x[32], y[32];
    verify_count(a, x, sizeof x);
    verify_count(b, y, sizeof y);
    snprintf(buf, len, "%s \xC2\xB7 %s", x, y);
}

static int conflict_line(const rv_verify_record *cc, const char *note, int version, int block_size, char *buf,
                         size_t len, int brief);

int verify_conflict_line(const rv_verify_record *cc, const char *note, int version, int block_size, char *buf,
                         size_t len)
{
    return conflict_line(cc, note, version, block_size, buf, len, 0);
}

int verify_conflict_brief(const rv_verify_record *cc, const char *note, int version, int block_size, char *buf,
                          size_t len)
{
    return conflict_line(cc, note, version, block_size, buf, len, 1);
}

static int conflict_line(const rv_verify_record *cc, const char *note, int version, int block_size, char *buf,
                         size_t len, int brief)
{
    const rv_version_info *vi = rv_version(version);
    if (!cc) {
        if (note && note[0]) {
            snprintf(buf, len, _("hardware cross-check: %s"), note);
            return 0;
        }
        snprintf(buf, len, "%s", "");
        return -1;
    }
    verify_conflicts c;
    char blocks[64];
    if (!vi || !verify_conflicts_of(cc, vi->name, block_size, &c, blocks, sizeof blocks)) {
        if (blocks[0])
            snprintf(buf, len, _("bank conflicts: not profiled at block size %d on %s (verify used %s)"), block_size,
                     cc->device, blocks);
        else
            snprintf(buf, len, _("bank conflicts: %s was not profiled on %s"), vi ? vi->name : _("this version"),
                     cc->device);
        return 0;
    }
    char p[80], m[80], l1[100] = "";
    pair(c.pred_ld, c.pred_st, p, sizeof p);
    pair(c.meas_ld, c.meas_st, m, sizeof m);
    if (!isnan(c.l1_ld) || !isnan(c.l1_st)) {
        char q[80];
        pair(c.l1_ld, c.l1_st, q, sizeof q);
        snprintf(l1, sizeof l1, _(" \xC2\xB7 L1 counter %s"), q);
    }
    char dev[64];
    snprintf(buf, len, _("bank conflicts/block, loads \xC2\xB7 stores: predicted %s, measured on %s %s%s"), p,
             device_label(cc->device, dev, sizeof dev), m, l1);
    if (!brief) {
        size_t o = strlen(buf);
        snprintf(buf + o, len - o, "%s", _(" (measured: the instructions' own wavefronts, Nsight Compute)"));
    }
    return 1;
}

/* ---- races ------------------------------------------------------------------- */

static verify_race race_kind(int version)
{
    const rv_version_info *vi = rv_version(version);
    return vi ? (verify_race)vi->race : VERIFY_RACE_NONE;
}

int verify_version_has_race_note(int version) { return race_kind(version) != VERIFY_RACE_NONE; }

/* 133128 -> "133,128" */
static void grouped(long v, char *buf, size_t len)
{
    char d[32];
    snprintf(d, sizeof d, "%ld", v < 0 ? -v : v);
    size_t nd = strlen(d), o = 0;
    if (v < 0 && o + 1 < len) buf[o++] = '-';
    for (size_t i = 0; i < nd && o + 2 < len; i++) {
        buf[o++] = d[i];
        if ((nd - 1 - i) % 3 == 0 && i + 1 < nd) buf[o++] = ',';
    }
    buf[o] = '\0';
}

/* "compute-sanitizer racecheck on NVIDIA H200: 133,128 hazards" */
static void verdict(const rv_verify_record *cc, const rv_verify_race *r, char *buf, size_t len)
{
    char n[32], dev[64];
    grouped(r->hazards, n, sizeof n);
    snprintf(buf, len,
             ngettext("compute-sanitizer racecheck on %s: %s hazard", "compute-sanitizer racecheck on %s: %s hazards",
                      (unsigned long)r->hazards),
             device_label(cc->device, dev, sizeof dev), n);
}

/* racecheck's verdict on the version itself, or that none was recorded. */
static void own_verdict(const rv_verify_record *cc, const rv_verify_race *own, char *detail, size_t dlen)
{
    if (own)
        verdict(cc, own, detail, dlen);
    else
        snprintf(detail, dlen, _("no racecheck recorded for this device"));
}

verify_race verify_race_note(const rv_verify_record *cc, int version, uint32_t phase, char *title, size_t tlen,
                             char *detail, size_t dlen)
{
    snprintf(title, tlen, "%s", "");
    snprintf(detail, dlen, "%s", "");
    verify_race kind = race_kind(version);
    /* The warp phase: its statements, and v4s's stores between them. */
    int warp = phase == RV_PHASE_WARP || (kind == VERIFY_RACE_CLEAN && phase == RV_PHASE_STORE);
    if (kind == VERIFY_RACE_NONE || !warp) return VERIFY_RACE_NONE;
    const rv_version_info *vi = rv_version(version);
    const rv_verify_race *own = cc ? rv_verify_race_of(cc, vi->name) : NULL;
    const rv_verify_race *from = cc && vi->race_from ? rv_verify_race_of(cc, vi->race_from) : NULL;
    char ev[200];
    switch (kind) {
    case VERIFY_RACE_HAZARD:
        snprintf(title, tlen, "%s", _(vi->race_caption));
        own_verdict(cc, own, detail, dlen);
        return kind;
    case VERIFY_RACE_CLEAN:
        if (own && own->hazards > 0) {
            /* Never reassure against the evidence. */
            snprintf(title, tlen, _("Race hazard reported for %s's warp phase"), vi->name);
            verdict(cc, own, detail, dlen);
            return VERIFY_RACE_HAZARD;
        }
        snprintf(title, tlen, "%s", _(vi->race_caption));
        own_verdict(cc, own, detail, dlen);
        return kind;
    case VERIFY_RACE_SAME_CODE:
        snprintf(title, tlen, "%s", _(vi->race_caption));
        if (own)
            verdict(cc, own, detail, dlen);
        else if (from) {
            verdict(cc, from, ev, sizeof ev);
            snprintf(detail, dlen, _("%s in %s \xC2\xB7 fixed in %s"), ev, vi->race_from, vi->race_fixed_by);
        } else {
            snprintf(detail, dlen, _("no racecheck recorded for this device \xC2\xB7 fixed in %s"), vi->race_fixed_by);
        }
        return kind;
    default: return VERIFY_RACE_NONE;
    }
}

int verify_race_lines(const rv_trace *tr)
{
    char t[200], d[240];
    if (!tr || !verify_version_has_race_note(tr->version)) return 0;
    for (int s = 0; s < tr->nsteps; s++)
        if (verify_race_note(NULL, tr->version, tr->steps[s].phase, t, sizeof t, d, sizeof d) != VERIFY_RACE_NONE)
            return 3;
    return 0;
}
