/* class_cmd.c — `reducevis class`: a live lesson served to the students'
 * browsers.
 *
 * The lesson page is the one `export --html --quiz` writes (same frames,
 * same words, in the chosen language), made once at the start into memory,
 * with the live class's script (html_class.js) that follows the teacher's
 * step over Server-Sent Events, takes answers and shows the reveal.  The
 * room (../room.h) holds the class; the server (../class_http.h) runs on
 * its own threads; the window, where there is a display, follows and moves
 * the room without ever waiting for it (app_class.c).  At the end (the
 * window closed, or Ctrl+C / SIGTERM without one) the answers are exported
 * (CSV, JSON) beside the answers file, which was appended and flushed as
 * they came.
 */
#define _GNU_SOURCE
#include "class_cmd.h"

#include <errno.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "viewer/window/app.h"
#include "class_kernels.h"
#include "viewer/scene/class_card.h"
#include "class_qr.h"
#include "class_summary.h"
#include "viewer/export/html_export.h"
#include "viewer/export/html_write.h"
#include "class/class_http.h"
#include "core/args.h"
#include "core/i18n.h"
#include "class/room.h"
#include "class/room_export.h"
#include "class/room_replay.h"
#include "class/submit_queue.h"
#include "own/sandbox/sandbox_box.h"
#include "core/versions.h"

/* The live class's own style and script (cmake/embed.cmake). */
extern const char html_class_css[];
extern const char html_class_js[];
#ifdef RV_HAVE_CODEMIRROR
/* The students' code editor, Debian's CodeMirror 5 and its C-like mode
 * (src/viewer/CMakeLists.txt), put before the class's own script. */
extern const char rv_codemirror_js[], rv_codemirror_css[], rv_codemirror_clike_js[];
#endif

typedef struct class_opts {
    const char *bind, *out, *resume;
    int port, no_window, max_students, max_streams, max_per_address, idle_timeout_s;
    int compilers;    /* compile workers for the students' kernels; 0: the default */
    int slots;        /* checks side by side on each GPU; 0: the default */
    const char *gpus; /* --gpus LIST, or NULL: every GPU */
    slurm_opts slurm; /* --slurm PARTITION and its companions */
    int waves;        /* --waves: each judged kernel's grid recorded after its verdict */
    int page_w, page_h;
    viewer_options vo; /* view's options: the lesson's trace, the window */
} class_opts;

enum {
    OPT_BIND = 1,
    OPT_PORT,
    OPT_OUT,
    OPT_RESUME,
    OPT_NO_WINDOW,
    OPT_MAX_STUDENTS,
    OPT_MAX_CONNECTIONS,
    OPT_MAX_PER_ADDRESS,
    OPT_IDLE_TIMEOUT,
    OPT_COMPILERS,
    OPT_GPU_SLOTS,
    OPT_GPUS,
    OPT_PAGE_SIZE,
    OPT_VIEWS,
    OPT_SLURM,
    OPT_SLURM_ACCOUNT,
    OPT_SLURM_QOS,
    OPT_SLURM_GPU,
    OPT_SLURM_SHARD,
    OPT_SLURM_LOCK_DIR,
    OPT_WAVES
};

/* class's own options; view's (view_opts) follow them */
static const rv_opt class_opts_table[] = {
    {OPT_BIND, "bind", 0, "ADDR",
     N_("the address to listen on (default 127.0.0.1, this machine only;\n"
        "0.0.0.0 for the classroom's network)"),
     NULL},
    {OPT_PORT, "port", 0, "P", N_("the port (default 8080; 0: any free one)"), NULL},
    {OPT_OUT, "out", 0, "DIR", N_("where the answers go (default class-YYYYMMDD-HHMMSS)"), "@dir"},
    {OPT_RESUME, "resume", 0, "DIR",
     N_("the class of DIR again, after a stop or a crash: its join code, its\n"
        "students (their pages carry on), their answers and kernels"),
     "@dir"},
    {OPT_NO_WINDOW, "no-window", 0, NULL,
     N_("serve without the window: the teacher's page drives;\n"
        "Ctrl+C (or SIGTERM) ends the class"),
     NULL},
    {OPT_MAX_STUDENTS, "max-students", 0, "N", N_("joins beyond N are refused (default 2000)"), NULL},
    {OPT_MAX_CONNECTIONS, "max-connections", 0, "N",
     N_("students following at once; beyond, the page is told the class\n"
        "is full (default 4000)"),
     NULL},
    {OPT_MAX_PER_ADDRESS, "max-per-address", 0, "N",
     N_("connections from one address (default 16: a phone or laptop\n"
        "needs 2 or 3); beyond, it is refused, so that one machine cannot\n"
        "take every connection.  Students behind one NAT share an\n"
        "address: raise it to about 3 per student (e.g. 100 for 30)"),
     NULL},
    {OPT_IDLE_TIMEOUT, "idle-timeout", 0, "S",
     N_("a connection that sends nothing for S seconds is closed\n"
        "(default 30; event streams are kept open by pings)"),
     NULL},
    {OPT_COMPILERS, "compilers", 0, "N",
     N_("the students' kernels compiled at once, on the CPU, while the GPUs\n"
        "judge others (1 to 64; default: the cores less one, at least 1)"),
     NULL},
    {OPT_GPU_SLOTS, "gpu-slots", 0, "N",
     N_("the students' kernels judged side by side on each GPU (1 to 32;\n"
        "default 6); their timed calls take the GPU alone, one at a time"),
     NULL},
    {OPT_GPUS, "gpus", 0, "LIST",
     N_("the GPUs that judge, by number (e.g. 0,1; default: every GPU, or\n"
        "CUDA_VISIBLE_DEVICES's); one queue serves them all"),
     NULL},
    {OPT_SLURM, "slurm", 0, "PARTITION",
     N_("judge on a Slurm cluster: each kernel's GPU run is a job step in\n"
        "PARTITION (srun, one GPU); --gpu-slots is then the steps at once;\n"
        "the class's folder and reducevis must be on the nodes too"),
     NULL},
    {OPT_SLURM_ACCOUNT, "slurm-account", 0, "NAME", N_("the Slurm account the steps are charged to"), NULL},
    {OPT_SLURM_QOS, "slurm-qos", 0, "NAME", N_("the Slurm quality of service of the steps"), NULL},
    {OPT_SLURM_GPU, "slurm-gpu", 0, "TYPE",
     N_("the GPU type each step asks for (gres gpu:TYPE:1; default any\n"
        "GPU); none asks for no GPU, for a partition without GPU gres"),
     NULL},
    {OPT_SLURM_SHARD, "slurm-shard", 0, NULL,
     N_("each step asks for a gres shard, not a whole GPU: several checks share\n"
        "each GPU, as on one machine, their turns kept on its node"),
     NULL},
    {OPT_SLURM_LOCK_DIR, "slurm-lock-dir", 0, "DIR",
     N_("the nodes' folder where the steps on a GPU keep its turns (lock\n"
        "files; default /run/lock)"),
     "@dir"},
    {OPT_WAVES, "waves", 0, NULL,
     N_("record each judged kernel's grid too (check --waves: which SM ran each\n"
        "block, and when), shown on its trace's page beside the version to\n"
        "beat's: after its verdict, while no kernel waits for one, the check run\n"
        "again with the waves run and the judged calls under the patch for its\n"
        "cost, so off by default"),
     NULL},
    {OPT_PAGE_SIZE, "page-size", 0, "WxH", N_("the frames of the students' page (default 1280x720)"), NULL},
    /* named so that the message says why, rather than "unknown option" */
    {OPT_VIEWS, "keys", 0, "LIST", NULL, RV_OPT_REFUSED},
    {OPT_VIEWS, "shot", 0, "FILE", NULL, RV_OPT_REFUSED},
    {0},
};

static void class_notes(FILE *f)
{
    fprintf(f, "%s", _("Exit status: 0 ended, 1 usage error, 2 runtime error (trace, address, folder).\n"));
    fprintf(f, "%s", rv_kernel_option_note());
}

static const rv_command_opts class_cmd = {
    .cmd = "class",
    .words = "(FILE.rvt | --version V)",
    .about = N_("Serves a live lesson to the students' browsers: they open the join address (printed,\n"
                "and shown as a QR code), join with a name or none and the join code, follow the\n"
                "teacher's step, and answer each step's question before it is shown; the teacher\n"
                "drives from the window (keys, as in predict mode) or from the teacher's page (its\n"
                "address, printed here, holds the teacher's secret), and sees how many answered\n"
                "and the spread of their answers.  Every answer is appended to DIR/answers.jsonl as\n"
                "it arrives; at the end DIR/results.csv, results.json and summary.png are written.\n"
                "Students send their kernels from the page; in the window, K lists the judged ones (by\n"
                "number), and a click opens one's trace beside its version, in a window of its own."),
    .tables = {class_opts_table, view_opts},
    .notes = class_notes,
};

static int parse_count(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v = s && *s >= '0' && *s <= '9' ? strtol(s, &end, 10) : -1;
    if (v < lo || v > hi || *end) return -1;
    *out = (int)v;
    return 0;
}

/* What one of class's own options says: 0, or non-zero with the message printed. */
static int apply(const rv_opts *p, int id, class_opts *o)
{
    const char *val = p->value;
    switch (id) {
    case OPT_VIEWS: return rv_opts_bad(p, _("%s is view's, not the class's"), p->word);
    case OPT_BIND: o->bind = val; return 0;
    case OPT_PORT:
        return parse_count(val, 0, 65535, &o->port) ? rv_opts_bad(p, _("--port '%s': expected 0 to 65535"), val) : 0;
    case OPT_OUT: o->out = val; return 0;
    case OPT_RESUME: o->resume = o->out = val; return 0;
    case OPT_MAX_STUDENTS:
        return parse_count(val, 1, 100000, &o->max_students)
                   ? rv_opts_bad(p, _("--max-students '%s': expected 1 to 100000"), val)
                   : 0;
    case OPT_MAX_CONNECTIONS:
        return parse_count(val, 1, 20000, &o->max_streams)
                   ? rv_opts_bad(p, _("--max-connections '%s': expected 1 to 20000"), val)
                   : 0;
    case OPT_MAX_PER_ADDRESS:
        return parse_count(val, 1, 20000, &o->max_per_address)
                   ? rv_opts_bad(p, _("--max-per-address '%s': expected 1 to 20000"), val)
                   : 0;
    case OPT_IDLE_TIMEOUT:
        return parse_count(val, 1, 3600, &o->idle_timeout_s)
                   ? rv_opts_bad(p, _("--idle-timeout '%s': expected 1 to 3600 seconds"), val)
                   : 0;
    case OPT_COMPILERS:
        return parse_count(val, 1, SUBMIT_MAX_COMPILERS, &o->compilers)
                   ? rv_opts_bad(p, _("--compilers '%s': expected 1 to 64"), val)
                   : 0;
    case OPT_GPU_SLOTS:
        return parse_count(val, 1, SUBMIT_MAX_SLOTS, &o->slots)
                   ? rv_opts_bad(p, _("--gpu-slots '%s': expected 1 to 32"), val)
                   : 0;
    case OPT_GPUS: o->gpus = val; return 0;
    case OPT_SLURM:
    case OPT_SLURM_ACCOUNT:
    case OPT_SLURM_QOS:
    case OPT_SLURM_GPU: {
        char *to = id == OPT_SLURM           ? o->slurm.partition
                   : id == OPT_SLURM_ACCOUNT ? o->slurm.account
                   : id == OPT_SLURM_QOS     ? o->slurm.qos
                                             : o->slurm.gpu;
        if (slurm_name_ok(val))
            return rv_opts_bad(p, _("%s '%s': expected a Slurm name (letters, digits, _ - ., at most 64)"), p->word,
                               val);
        snprintf(to, SLURM_NAME_MAX + 1, "%s", val);
        return 0;
    }
    case OPT_SLURM_SHARD: o->slurm.shard = 1; return 0;
    case OPT_SLURM_LOCK_DIR:
        if (val[0] != '/' || strlen(val) >= sizeof o->slurm.lock_dir)
            return rv_opts_bad(p, _("--slurm-lock-dir '%s': expected a folder's full path, at most 255 bytes"), val);
        snprintf(o->slurm.lock_dir, sizeof o->slurm.lock_dir, "%s", val);
        return 0;
    case OPT_PAGE_SIZE: {
        char tail;
        if (sscanf(val, "%dx%d%c", &o->page_w, &o->page_h, &tail) != 2 || o->page_w < 320 || o->page_h < 240 ||
            o->page_w > 3840 || o->page_h > 2160)
            return rv_opts_bad(p, _("--page-size '%s': expected WxH from 320x240 to 3840x2160"), val);
        return 0;
    }
    case OPT_NO_WINDOW: o->no_window = 1; return 0;
    case OPT_WAVES: o->waves = 1; return 0;
    default: /* the trace file and view's options: for the window and the lesson */
        return app_option_apply(p, id, &o->vo);
    }
}

/* class's options and view's, in one pass.  0: hold the class; -2: --help
 * was answered; else the exit status of a usage error. */
static int parse(int argc, char **argv, class_opts *o)
{
    memset(o, 0, sizeof *o);
    o->port = 8080;
    o->page_w = 1280;
    o->page_h = 720;
    app_options_default(&o->vo);
    rv_opts p;
    rv_opts_begin(&p, &class_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        if (id == RV_OPT_HELP || id == RV_OPT_LIST) return -2;
        if (id == RV_OPT_BAD || apply(&p, id, o)) return RV_EXIT_USAGE;
    }
    if (app_options_check("class", &o->vo)) return RV_EXIT_USAGE;
    if (!o->vo.file && o->vo.version < 0)
        return rv_usage_error("class", "%s", _("which lesson? give FILE.rvt or --version V"));
    if (!o->slurm.partition[0] &&
        (o->slurm.account[0] || o->slurm.qos[0] || o->slurm.gpu[0] || o->slurm.shard || o->slurm.lock_dir[0]))
        return rv_usage_error("class", "%s",
                              _("--slurm-account, --slurm-qos, --slurm-gpu, --slurm-shard and "
                                "--slurm-lock-dir go with --slurm PARTITION"));
    if (o->slurm.shard && o->slurm.gpu[0])
        return rv_usage_error("class", "%s",
                              _("--slurm-shard asks for a shard of any GPU (Slurm's shards have no GPU "
                                "type): leave out --slurm-gpu, or leave out --slurm-shard"));
    if (o->slurm.partition[0] && o->gpus)
        return rv_usage_error("class", "%s", _("--gpus names this machine's GPUs: with --slurm, Slurm picks them"));
    return 0;
}

/* The whole of a file, then the file removed.  NULL + err. */
static char *slurp_and_remove(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    if (f && fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n > 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) &&
            fread(buf, 1, (size_t)n, f) == (size_t)n) {
            buf[n] = '\0';
            *len = (size_t)n;
        } else {
            free(buf);
            buf = NULL;
        }
    }
    if (!buf) snprintf(err, errlen, _("cannot read the lesson page back from %s: %s"), path, strerror(errno));
    if (f) fclose(f);
    unlink(path);
    return buf;
}

/* The answers kept out of the page, one JSON text per position (NULL
 * where the position asks nothing), served once revealed. */
typedef struct answers_held {
    int n;
    char **json;
    size_t *len;
    int oom;
} answers_held;

static void keep_answer(int pos, const char *json, size_t len, void *arg)
{
    answers_held *held = arg;
    if (pos < 0 || pos >= held->n || !(held->json[pos] = malloc(len + 1))) {
        held->oom = 1;
        return;
    }
    memcpy(held->json[pos], json, len + 1);
    held->len[pos] = len;
}

static void answers_free(answers_held *held)
{
    for (int i = 0; held->json && i < held->n; i++) free(held->json[i]);
    free(held->json);
    free(held->len);
}

/* The lesson page with the live class's script, in memory, its answers
 * into held.  NULL + err. */
static char *make_page(app *a, const class_opts *o, const char *font, answers_held *held, size_t *len, char *err,
                       size_t errlen)
{
    html_page live = {
        .live_css = html_class_css, .live_js = html_class_js, .withheld = keep_answer, .withheld_arg = held};
#ifdef RV_HAVE_CODEMIRROR
    /* one script and one style sheet: the page has one place for each */
    static char *js, *css;
    if (!js && asprintf(&js, "%s\n;\n%s\n;\n%s", rv_codemirror_js, rv_codemirror_clike_js, html_class_js) < 0)
        js = NULL;
    if (!css && asprintf(&css, "%s\n%s", rv_codemirror_css, html_class_css) < 0) css = NULL;
    if (js && css) live.live_js = js, live.live_css = css;
#endif
    static const struct {
        const char *key, *word;
    } words[] = {
        {"join", N_("Join")},
        {"name", N_("Your name (or none)")},
        {"code", N_("Join code")},
        {"joined", N_("You are {name}.")},
        {"anonymous", N_("student {id}")},
        {"answer", N_("Your answer")},
        {"send", N_("Send")},
        {"sent", N_("Sent: {answer} (you may change it until the answer is shown)")},
        {"right", N_("Right: {answer}")},
        {"wrong", N_("Not quite: you said {answer}")},
        {"none", N_("You gave no answer.")},
        {"answered", N_("{n} of {total} answered")},
        {"rightof", N_("{n} of {total} right")},
        {"wait", N_("Waiting for the teacher\xE2\x80\xA6")},
        {"lost", N_("Connection lost: reconnecting\xE2\x80\xA6")},
        {"full", N_("The class is full: trying again\xE2\x80\xA6")},
        {"refused", N_("Not accepted: {why}")},
        {"prev", N_("Previous")},
        {"next", N_("Next")},
        {"reveal", N_("Show the answer")},
        {"teacher", N_("Teacher")},
        {"spread", N_("The class's answers")},
        {"lanes", N_("lane numbers separated by commas, e.g. 0,8,16,24")},
        {"number", N_("a whole number")},
        {"results", N_("Results (CSV)")},
        {"nothing", N_("No question at this step.")},
        {"kernel", N_("Your kernel")},
        {"kernels", N_("The students' kernels")},
        {"kexercise", N_("Exercise {n}")},
        {"ksubmit", N_("Submit")},
        {"kqueued", N_("Waiting: number {position} in the queue")},
        {"kcompiling", N_("Being compiled\xE2\x80\xA6")},
        {"kcompiled", N_("Compiled; waiting for the GPU: number {position} in line")},
        {"krunning", N_("Running and being judged on the GPU\xE2\x80\xA6")},
        {"kpass", N_("Every rule holds.")},
        {"kfail", N_("A rule is broken: see below.")},
        {"kerror", N_("Nothing to judge: see the messages below.")},
        {"shownames", N_("Show names")},
        {"hidenames", N_("Hide names")},
        {"named", N_("{name} (student {id})")},
        {"kspeed", N_("{ms} ms, {gbps} GB/s: {percent} of the speed of {mark}, timed in the same run")},
        {"knomark", N_("{ms} ms, {gbps} GB/s ({mark} could not be timed in the same run)")},
        {"kgpu", N_("timed on GPU {gpu}")},
        {"ktrace", N_("Your trace, step by step")},
        {"kbeside", N_("beside {version}")},
        {"kalone", N_("alone (every launch)")},
        {"kpercent", N_("{percent} of {mark}")},
        {"kview", N_("trace")},
        {"kranked", N_("{rank}. {who}: {ms} ms")},
        {"kunverified", N_("passed, not ranked: the verdict is not verified (a rule could not be judged)")},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0] && i < HTML_LIVE_WORDS; i++) {
        live.live_key[live.nlive] = words[i].key;
        live.live_word[live.nlive++] = _(words[i].word);
    }
    char tmp[] = "/tmp/reducevis-class-XXXXXX";
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, _("cannot make a temporary file in /tmp: %s"), strerror(errno));
        return NULL;
    }
    close(fd);
    if (!getenv("SDL_VIDEODRIVER") || !getenv("SDL_VIDEODRIVER")[0]) SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    viewer_canvas *c = viewer_canvas_new(font, err, errlen);
    if (!c) {
        unlink(tmp);
        return NULL;
    }
    int theme = a->theme;
    a->theme = THEME_LIGHT; /* a phone in a lit room */
    long long bytes = 0;
    int rc = html_export_write(a, c, o->page_w, o->page_h, 0, app_positions(a) - 1, !a->comparing, &live, NULL, tmp,
                               &bytes, err, errlen);
    a->theme = theme;
    viewer_canvas_free(c);
    app_goto(a, 0);
    if (rc == 0 && held->oom) {
        snprintf(err, errlen, "%s", _("out of memory"));
        rc = -1;
    }
    if (rc != 0) {
        unlink(tmp);
        return NULL;
    }
    return slurp_and_remove(tmp, len, err, errlen);
}

/* The address students type: the bound one, or (bound to every address)
 * this machine's first IPv4 address on a network. */
static void join_host(const char *bind, char *host, size_t len)
{
    if (!bind) bind = "127.0.0.1"; /* the server's default */
    if (strcmp(bind, "0.0.0.0") && strcmp(bind, "::")) {
        snprintf(host, len, strchr(bind, ':') ? "[%s]" : "%s", bind);
        return;
    }
    snprintf(host, len, "127.0.0.1");
    struct ifaddrs *ifs = NULL;
    if (getifaddrs(&ifs) != 0) return;
    for (struct ifaddrs *i = ifs; i; i = i->ifa_next)
        if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET) {
            const struct sockaddr_in *sa = (const struct sockaddr_in *)i->ifa_addr;
            if ((ntohl(sa->sin_addr.s_addr) >> 24) == 127) continue;
            inet_ntop(AF_INET, &sa->sin_addr, host, (socklen_t)len);
            break;
        }
    freeifaddrs(ifs);
}

static int make_out_dir(const char *dir)
{
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) return -1;
    struct stat st;
    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && access(dir, W_OK) == 0 ? 0 : -1;
}

/* Closes an export's file and says whether it was written, naming it: one
 * message for every file the class leaves.  rc: how writing it went. */
static int export_done(FILE *f, int rc, const char *path)
{
    if (f && fclose(f) != 0) rc = -1;
    if (rc != 0)
        fprintf(stderr, _("reducevis class: cannot write %s: %s\n"), path, strerror(errno));
    else
        printf(_("wrote %s\n"), path);
    return rc;
}

/* Writes one export through write(r, f) into dir/name; prints its path. */
static int export_file(room *r, const char *dir, const char *name, int (*write)(room *, FILE *))
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    return export_done(f, f ? write(r, f) : -1, path);
}

/* dir/submissions.csv: one row per kernel sent (submissions.jsonl has
 * each one's output too). */
static int write_submissions(submit_queue *q, const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/submissions.csv", dir);
    FILE *f = fopen(path, "w");
    return export_done(f, f ? submit_queue_write_csv(q, f) : -1, path);
}

/* The lesson page and the answers it is sent, one per position (held).
 * NULL with err. */
static char *lesson_page(app *a, const class_opts *o, const char *font, answers_held *held, size_t *len, char *err,
                         size_t errlen)
{
    held->json = calloc((size_t)held->n, sizeof *held->json);
    held->len = calloc((size_t)held->n, sizeof *held->len);
    if (!held->json || !held->len) {
        snprintf(err, errlen, "%s", _("out of memory"));
        return NULL;
    }
    return make_page(a, o, font, held, len, err, errlen);
}

/* The server's threads take no signal: Ctrl+C and SIGTERM come to the one
 * that waits for them (hold_class). */
static void block_stop(sigset_t *stop)
{
    sigemptyset(stop);
    sigaddset(stop, SIGINT);
    sigaddset(stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, stop, NULL);
    signal(SIGPIPE, SIG_IGN);
}

/* The window's card: the join address and QR code (live), and the
 * students' kernels it lists with K.  Nothing when live could not be had. */
static void show_card(app *a, class_live *live, class_kernels *kernels, submit_queue *sq, const char *exe,
                      const char *font)
{
    if (!live) return;
    a->live = live;
    kernels->queue = sq;
    snprintf(kernels->exe, sizeof kernels->exe, "%s", exe);
    kernels->font = font;
    class_kernels_bind(kernels);
    a->kernels = &kernels->list;
    live->kernels = &kernels->list;
}

/* The class's folder: --out's, or one named for the hour; with --resume,
 * the code of the class held there.  0, or the exit status with why. */
static int class_folder(const class_opts *o, char dir[512], char resumed_code[ROOM_CODE_LEN + 1])
{
    if (o->resume) {
        snprintf(dir, 512, "%s/answers.jsonl", o->resume);
        if (room_log_code(dir, resumed_code) != 0) {
            fprintf(stderr,
                    _("reducevis class: --resume %s: no class was held there (no answers.jsonl with its "
                      "start)\n"),
                    o->resume);
            return RV_EXIT_RUNTIME;
        }
    }
    if (o->out) {
        snprintf(dir, 512, "%s", o->out);
    } else {
        time_t t = time(NULL);
        struct tm tm;
        localtime_r(&t, &tm);
        strftime(dir, 512, "class-%Y%m%d-%H%M%S", &tm);
    }
    if (make_out_dir(dir) != 0) {
        fprintf(stderr, _("reducevis class: cannot make or write the folder %s: %s\n"), dir, strerror(errno));
        return RV_EXIT_RUNTIME;
    }
    return 0;
}

/* Where the class is joined, taught and kept, said on the terminal (with
 * the QR code); the card's copy of the join address and code in live. */
static void say_class(room *r, class_http *h, const class_opts *o, submit_queue *sq, const char *dir,
                      const char *answers, char url[200], class_live *live)
{
    char host[80], join[260], teacher[300];
    join_host(o->bind, host, sizeof host);
    snprintf(url, 200, "http://%s:%d/", host, class_http_port(h));
    snprintf(join, sizeof join, "%s#code=%s", url, room_code(r));
    snprintf(teacher, sizeof teacher, "%steacher?k=%s", url, class_http_secret(h));
    class_qr_print(stdout, join);
    printf(_("students: open %s and join with the code %s\n"), url, room_code(r));
    printf(_("teacher:  %s  (keep this address to yourself: it moves the lesson)\n"), teacher);
    printf(_("answers:  %s (appended as they arrive)\n"), answers);
    if (submit_queue_why_closed(sq))
        printf("%s\n", submit_queue_why_closed(sq));
    else /* and what each sandbox has of its own, or shares with the others */
        printf(_("kernels:  %s/submissions.jsonl (the students' kernels, each judged in a sandbox of its own)\n"), dir),
            printf("%s\n", rv_box_line());
    if (o->waves && !submit_queue_why_closed(sq))
        printf("%s\n", _("waves:    each judged kernel's grid recorded too (--waves): after its verdict, while no "
                         "kernel waits for one, its check run again with the waves run and the judged calls "
                         "under the patch for its cost"));
    fflush(stdout);
    if (live) {
        snprintf(live->join, sizeof live->join, "%s", url);
        snprintf(live->code, sizeof live->code, "%s", room_code(r));
        if (class_qr_modules(join, live->qr, (int)sizeof live->qr, &live->qr_width) != 0) live->qr_width = 0;
        room_view_get(r, &live->view);
    }
}

/* The lesson, until the window closes or Ctrl+C (SIGINT, SIGTERM: blocked
 * in every thread, so they come here). */
static void hold_class(app *a, const viewer_options *vo, const class_opts *o, const sigset_t *stop)
{
    int windowed = !o->no_window && (getenv("DISPLAY") || getenv("WAYLAND_DISPLAY"));
    if (windowed) {
        pthread_sigmask(SIG_UNBLOCK, stop, NULL); /* SDL turns Ctrl+C into closing the window */
        if (getenv("SDL_VIDEODRIVER") && !strcmp(getenv("SDL_VIDEODRIVER"), "dummy")) unsetenv("SDL_VIDEODRIVER");
        if (viewer_window(a, vo) != 0) windowed = 0; /* said why; the class goes on without a window */
        pthread_sigmask(SIG_BLOCK, stop, NULL);
    }
    if (!windowed) {
        printf("%s", _("serving without a window: Ctrl+C ends the class\n"));
        fflush(stdout);
        int sig;
        sigwait(stop, &sig);
    }
}

/* What the class leaves in its folder: the results, the kernels sent, the
 * summary picture.  RV_EXIT_OK, or RV_EXIT_RUNTIME when one was not written. */
static int write_class(room *r, app *a, submit_queue *sq, const char *dir, const char *font)
{
    int rc = RV_EXIT_OK;
    char err[1200];
    if (export_file(r, dir, "results.csv", room_write_csv) != 0 ||
        export_file(r, dir, "results.json", room_write_json) != 0)
        rc = RV_EXIT_RUNTIME;
    if (write_submissions(sq, dir) != 0) rc = RV_EXIT_RUNTIME;
    char png[700];
    snprintf(png, sizeof png, "%s/summary.png", dir);
    if (room_question(r, 0) || !a->comparing) {
        if (class_summary_write(r, a, font, png, err, sizeof err) != 0) {
            rv_cmd_error("class", err);
            rc = RV_EXIT_RUNTIME;
        } else {
            printf(_("wrote %s\n"), png);
        }
    }
    return rc;
}

int class_main(int argc, char **argv)
{
    class_opts o;
    int pr = parse(argc, argv, &o);
    if (pr == -2) return RV_EXIT_OK;
    if (pr) return pr;
    viewer_options vo = o.vo;
    char err[1200] = "";
    if (!vo.compare && !vo.predict) vo.predict = PREDICT_TEACHER; /* the question on the projector until the reveal */
    char dir[512], resumed_code[ROOM_CODE_LEN + 1];
    int frc = class_folder(&o, dir, resumed_code);
    if (frc) return frc;

    char bufs[ASSETS_MAX_DIRS][1024];
    const char *dirs[ASSETS_MAX_DIRS];
    int ndirs = viewer_asset_dirs(bufs, dirs);
    app a;
    if (app_open(&a, &vo, dirs, ndirs, err, sizeof err) != 0) {
        rv_cmd_error("class", err);
        app_close(&a);
        return RV_EXIT_RUNTIME;
    }
    /* The room asks its questions of one trace: a run of several launches
     * is taught by its first (the window and the page step through it alone). */
    story_single(&a.sc.story, a.sc.tr, a.sc.an);
    int rc = RV_EXIT_RUNTIME;
    size_t page_len = 0;
    answers_held held = {.n = app_positions(&a)};
    char *page = lesson_page(&a, &o, vo.font, &held, &page_len, err, sizeof err);
    room *r = NULL;
    class_http *h = NULL;
    class_live *live = NULL;
    class_kernels kernels = {0};
    submit_queue *sq = NULL;
    if (!page) {
        rv_cmd_error("class", err);
        goto done;
    }
    char answers[600];
    snprintf(answers, sizeof answers, "%s/answers.jsonl", dir);
    room_limits lim = {.max_students = o.max_students};
    if (!(r = room_new(a.comparing ? NULL : a.sc.an, app_positions(&a), &lim, answers, o.resume ? resumed_code : NULL,
                       err, sizeof err))) {
        rv_cmd_error("class", err);
        goto done;
    }
    int joins = 0, given = 0;
    if (o.resume && room_replay(r, answers, &joins, &given) == 0)
        printf(_("resumed: %d students and %d answers from %s\n"), joins, given, answers);
    sigset_t stop;
    block_stop(&stop);
    /* the students' kernels: judged by this same program, in its sandbox */
    char exe[1024];
    ssize_t exe_len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[exe_len > 0 ? exe_len : 0] = '\0';
    submit_options so = {
        .compilers = o.compilers, .slots = o.slots, .gpus = o.gpus, .slurm = o.slurm, .waves = o.waves};
    if (!(sq = submit_queue_new(dir, exe, vo.font, &so, err, sizeof err))) {
        rv_cmd_error("class", err);
        goto done;
    }
    room_set_kernels(r, submit_queue_kernels, sq); /* the results have the kernels too */
    class_http_opts ho = {.bind = o.bind,
                          .port = o.port,
                          .max_streams = o.max_streams,
                          .max_per_address = o.max_per_address,
                          .idle_timeout_s = o.idle_timeout_s,
                          .page = page,
                          .page_len = page_len,
                          .npos = held.n,
                          .answer = held.json,
                          .answer_len = held.len,
                          .submit = sq};
    if (!(h = class_http_start(r, &ho, err, sizeof err))) {
        rv_cmd_error("class", err);
        goto done;
    }
    char url[200], line[300];
    live = calloc(1, sizeof *live);
    say_class(r, h, &o, sq, dir, answers, url, live);
    snprintf(line, sizeof line, "%s \xC2\xB7 %s", url, room_code(r));
    a.room = r;
    a.class_join = line;
    show_card(&a, live, &kernels, sq, exe, vo.font);
    hold_class(&a, &vo, &o, &stop);
    class_kernels_stop(&kernels); /* a kernel's viewer ends with the class */
    room_close(r);
    class_http_stop(h);
    h = NULL;
    rc = write_class(r, &a, sq, dir, vo.font);
done:
    if (r) room_close(r);
    class_http_stop(h);
    if (r) room_set_kernels(r, NULL, NULL);
    submit_queue_free(sq);
    room_free(r);
    free(live);
    answers_free(&held);
    free(page);
    app_close(&a);
    return rc;
}
