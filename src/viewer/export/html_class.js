/* html_class.js — the live class's part of the lesson page (`reducevis class`).
 *
 * The page (html_page.js) is locked and follows the server's events: the
 * step the teacher is at, whether its answer is shown.  A student joins
 * (the join code comes from the address the QR code holds, #code=..., or is
 * typed), answers the step's question, may change the answer until the
 * reveal, and then sees whether it was right and the class's spread.  The
 * teacher's page (/teacher?k=SECRET) moves the lesson, reveals, and sees
 * the spread as it comes in.  The browser's EventSource reconnects by
 * itself when the network drops; when the server refuses the stream (it
 * restarted and forgot the student, or the class is full) this script asks
 * why and joins again or waits.  Every word shown comes from the page's
 * data (#rv-live) or the server's events, always as text, never as HTML.
 */
(function () {
  "use strict";
  var words = JSON.parse(document.getElementById("rv-live").textContent);
  var lesson = window.rvLesson;
  var query = new URLSearchParams(location.search);
  var teacher = location.pathname === "/teacher";
  var secret = query.get("k") || "";
  var saved = {};
  try { saved = JSON.parse(localStorage.getItem("rv-class") || "{}") || {}; } catch (e) { saved = {}; }
  var token = teacher ? "" : saved.token || "";
  var state = null, source = null, shownStep = -1, retry = null;
  lesson.lock();
  document.documentElement.classList.add("live");

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, k) { return values[k] !== undefined ? String(values[k]) : m; });
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /* ---- the panel ---- */
  var panel = el("section");
  panel.id = "rv-class";
  panel.setAttribute("aria-live", "polite");
  var status = el("p", "status");
  var joinForm = el("form");
  var nameInput = el("input"), codeInput = el("input"), joinButton = el("button", "", words.join);
  nameInput.id = "rv-name"; nameInput.maxLength = 40; nameInput.placeholder = words.name;
  nameInput.setAttribute("aria-label", words.name);
  codeInput.id = "rv-code"; codeInput.maxLength = 6; codeInput.placeholder = words.code; codeInput.size = 8;
  codeInput.setAttribute("aria-label", words.code);
  joinButton.type = "submit"; joinButton.id = "rv-join";
  joinForm.append(nameInput, " ", codeInput, joinButton);
  var answerForm = el("form");
  var answerInput = el("input"), sendButton = el("button", "", words.send);
  answerInput.id = "rv-answer"; answerInput.maxLength = 200; answerInput.setAttribute("aria-label", words.answer);
  sendButton.type = "submit"; sendButton.id = "rv-send";
  answerForm.append(el("span", "", words.answer + " "), answerInput, sendButton);
  var note = el("p", "note"), verdict = el("p", "verdict"), counts = el("p", "counts");
  var spreadTitle = el("p", "", words.spread), bars = el("div", "bars");
  var teacherRow = el("p");
  panel.append(status, joinForm, answerForm, note, verdict, counts, spreadTitle, bars, teacherRow);
  var nav = document.querySelector("nav.controls");
  nav.parentNode.insertBefore(panel, nav);

  function show(e, on) { e.hidden = !on; }

  if (teacher) {
    [["prev", -1], ["next", 1]].forEach(function (b) {
      var button = el("button", "", words[b[0]]);
      button.id = "rv-t-" + b[0];
      button.addEventListener("click", function () {
        if (state) post("/move?k=" + encodeURIComponent(secret) + "&step=" + Math.max(0, state.step + b[1]));
      });
      teacherRow.append(button);
    });
    var rev = el("button", "", words.reveal);
    rev.id = "rv-t-reveal";
    rev.addEventListener("click", function () { post("/reveal?k=" + encodeURIComponent(secret)); });
    teacherRow.append(rev);
    /* names are hidden until the teacher shows them; the state comes back
     * with each event ("names"), so the button follows the server */
    var namesButton = el("button", "", words.shownames);
    namesButton.id = "rv-t-names";
    namesButton.addEventListener("click", function () {
      var show = !(state && state.names);
      post("/names?k=" + encodeURIComponent(secret) + "&show=" + (show ? 1 : 0)).then(function (r) {
        if (r.status === 200) namesButton.textContent = r.body.names ? words.hidenames : words.shownames;
      }, function () { status.textContent = words.lost; });
    });
    teacherRow.append(" ", namesButton);
    var csv = el("a", "", words.results);
    csv.href = "/results.csv?k=" + encodeURIComponent(secret);
    teacherRow.append(" ", csv);
  }
  show(teacherRow, teacher);

  function post(url) {
    return fetch(url, { method: "POST", cache: "no-store" }).then(function (r) {
      return r.json().then(function (j) { return { status: r.status, body: j }; });
    });
  }

  /* ---- joining ---- */
  var m = /code=([A-Za-z0-9]{1,6})/.exec(location.hash);
  codeInput.value = m ? m[1].toUpperCase() : saved.code || "";
  joinForm.addEventListener("submit", function (e) {
    e.preventDefault();
    var code = codeInput.value.trim().toUpperCase();
    post("/join?code=" + encodeURIComponent(code) + "&name=" + encodeURIComponent(nameInput.value.trim()))
      .then(function (r) {
        if (r.status !== 200) { status.textContent = fill(words.refused, { why: r.body.error || r.status }); return; }
        token = r.body.token;
        try { localStorage.setItem("rv-class", JSON.stringify({ token: token, code: code })); } catch (err) { /* private mode */ }
        connect();
        joinedKernel();
      }, function () { status.textContent = words.lost; });
  });
  function forget() {
    token = "";
    try { localStorage.removeItem("rv-class"); } catch (err) { /* private mode */ }
  }

  /* ---- answering ---- */
  answerForm.addEventListener("submit", function (e) {
    e.preventDefault();
    if (!state) return;
    var a = answerInput.value.replace(/\s+/g, "");
    post("/answer?t=" + encodeURIComponent(token) + "&step=" + state.step + "&a=" + encodeURIComponent(a))
      .then(function (r) {
        note.textContent = r.status === 200 ? fill(words.sent, { answer: answerInput.value })
                                            : fill(words.refused, { why: r.body.error || r.status });
      }, function () { note.textContent = words.lost; });
  });

  /* ---- following ---- */
  function render(s) {
    state = s;
    if (teacher) namesButton.textContent = s.names ? words.hidenames : words.shownames;
    if (s.step !== shownStep) {
      shownStep = s.step;
      answerInput.value = "";
      note.textContent = "";
      answerInput.placeholder = s.lanes ? words.lanes : words.number;
    }
    lesson.go(s.step);
    showAnswer(s.step, s.revealed);
    var me = s.you;
    status.textContent = teacher ? words.teacher
      : fill(words.joined, { name: me && me.name ? me.name : fill(words.anonymous, { id: me ? me.id : "?" }) });
    counts.textContent = s.question ? fill(words.answered, { n: s.answered, total: s.students }) : words.nothing;
    show(answerForm, !teacher && s.question && !s.revealed);
    if (!teacher && me && me.answer && !s.revealed && !note.textContent)
      note.textContent = fill(words.sent, { answer: me.answer });
    show(note, !teacher && s.question && !s.revealed);
    verdict.className = "verdict";
    verdict.textContent = "";
    if (!teacher && s.question && s.revealed) {
      if (me && me.answer) {
        verdict.classList.add(me.right ? "right" : "wrong");
        verdict.textContent = me.right ? fill(words.right, { answer: me.answer }) : fill(words.wrong, { answer: me.answer });
      } else {
        verdict.textContent = words.none;
      }
    }
    show(verdict, !teacher && s.question && s.revealed);
    bars.textContent = "";
    var list = s.bars || [];
    var top = list.reduce(function (t, b) { return Math.max(t, b.count); }, 1);
    list.forEach(function (b) {
      var bar = el("div", "bar" + (s.revealed && b.right ? " right" : ""));
      bar.style.width = (100 * b.count / top) + "%";
      var track = el("div");
      track.append(bar);
      bars.append(el("span", "label", b.label), track, el("span", "count", String(b.count)));
    });
    if (s.bars && s.revealed && s.question)
      counts.textContent += " \u00b7 " + fill(words.rightof, { n: s.right, total: s.answered });
    show(spreadTitle, s.question && list.length > 0);
    show(bars, s.question && list.length > 0);
  }

  /* The answer of a step with a question is not in the page: it is asked
   * for once revealed (the server refuses it before), then shown. */
  var held = {};
  function showAnswer(step, revealed) {
    var section = document.querySelectorAll("#rv-steps .step")[step];
    if (!revealed || !section || !section.classList.contains("quiz") || held[step] === "in") {
      lesson.reveal(revealed);
      return;
    }
    if (held[step]) return;   /* on its way */
    held[step] = "asked";
    var who = teacher ? "k=" + encodeURIComponent(secret) : "t=" + encodeURIComponent(token);
    fetch("/solution?step=" + step + "&" + who, { cache: "no-store" }).then(function (r) {
      if (r.status !== 200) throw new Error(String(r.status));
      return r.json();
    }).then(function (a) {
      lesson.answer(step, a);
      held[step] = "in";
      if (state && state.step === step && state.revealed) lesson.reveal(true);
    }, function () { held[step] = ""; });
  }

  function streamUrl() { return "/events?" + (teacher ? "k=" + encodeURIComponent(secret) : "t=" + encodeURIComponent(token)); }

  function connect() {
    if (source) source.close();
    clearTimeout(retry);
    show(joinForm, false);
    status.textContent = words.wait;
    source = new EventSource(streamUrl());
    source.addEventListener("state", function (e) { render(JSON.parse(e.data)); });
    source.onerror = function () {
      status.textContent = words.lost;
      if (source.readyState !== EventSource.CLOSED) return;   /* the browser reconnects by itself */
      /* refused: ask why (403: unknown here, join again; 503: full, wait) */
      var ctl = new AbortController();
      fetch(streamUrl(), { signal: ctl.signal, cache: "no-store" }).then(function (r) {
        ctl.abort();
        if (r.status === 403 && !teacher) { forget(); status.textContent = ""; show(joinForm, true); return; }
        status.textContent = r.status === 503 ? words.full : words.lost;
        retry = setTimeout(connect, 1000 + Math.random() * 2000);
      }, function () { retry = setTimeout(connect, 1000 + Math.random() * 2000); });
    };
  }

  /* ---- the student's kernel (and the teacher's list of them) ----
   * A student edits the exercise's starting file (in CodeMirror 5, from
   * Debian's libjs-codemirror, embedded before this script: line numbers,
   * C++ colouring, Tab, undo; where the build had none, a plain text area
   * where Tab indents), sends it, and asks every two seconds how
   * it stands while it waits in the queue; what comes back is check's
   * output (nvcc's messages at the student's lines, or the verdict lines),
   * shown as text, with the speed against the version to beat timed in the
   * same run and a link to the kernel's trace stepping beside a version (a
   * lesson page the server draws).  The teacher's page lists every kernel
   * as it arrives, with its share of that speed and the same link, and a
   * board per exercise: students by number, and by name beside it only
   * while the teacher shows names (the server then sends "name"; a name is
   * the student's own text, so it goes in as textContent, never as HTML). */
  var kernel = el("section", "kernel");
  kernel.id = "rv-kernel";
  var kernelTitle = el("h3", "", teacher ? words.kernels : words.kernel), kernelNote = el("p", "note");
  kernel.append(kernelTitle, kernelNote);
  panel.parentNode.insertBefore(kernel, panel.nextSibling);
  var poll = null;
  function getJson(url) {
    return fetch(url, { cache: "no-store" }).then(function (r) {
      return r.json().then(function (j) { return { status: r.status, body: j }; });
    });
  }
  // the GPU that timed it, where the class has several or says which
  function gpuText(s) {
    // on Slurm, the node's GPU, as the check said it: the class did not pick it
    if (typeof s.gpu !== "string") return typeof s.node_gpu === "string" ? " (" + fill(words.kgpu, { gpu: s.node_gpu }) + ")" : "";
    return " (" + fill(words.kgpu, { gpu: s.gpu + (s.gpu_name ? ": " + s.gpu_name : "") }) + ")";
  }
  function speedText(s) {
    if (!(s.ms > 0)) return "";
    var v = { ms: s.ms.toFixed(4), gbps: s.gbps.toFixed(1), mark: s.mark };
    if (!(s.percent_of_mark > 0)) return fill(words.knomark, v) + gpuText(s);
    v.percent = Math.round(s.percent_of_mark) + "%";
    return fill(words.kspeed, v) + gpuText(s);
  }
  function traceHref(s, version, who) {
    return "/submissions/" + s.id + "/trace?v=" + encodeURIComponent(version) + "&" + who;
  }
  function verdictText(v) {
    return v === "pass" ? words.kpass : v === "fail" ? words.kfail : words.kerror;
  }
  // a kernel not yet done: waiting for a compiler, compiling, compiled and
  // waiting for the GPU, running on it
  function kernelWait(s) {
    if (s.state === "queued") return fill(words.kqueued, { position: s.position });
    if (s.state === "compiling") return words.kcompiling;
    if (s.state === "compiled") return fill(words.kcompiled, { position: s.position });
    return words.krunning;
  }
  if (!teacher) {
    var exSelect = el("select"), editor = el("textarea"), submitButton = el("button", "", words.ksubmit);
    var kStatus = el("p", "status"), kOutput = el("pre", "output"), kSpeed = el("p", "speed");
    var kTrace = el("p", "trace"), traceLink = el("a", "", words.ktrace), traceSelect = el("select"), traced = null;
    exSelect.id = "rv-exercise"; editor.id = "rv-editor"; submitButton.id = "rv-submit"; kOutput.id = "rv-output";
    kSpeed.id = "rv-speed"; traceLink.id = "rv-trace"; traceSelect.id = "rv-trace-version";
    traceLink.target = "_blank"; traceLink.rel = "noopener";
    traceSelect.setAttribute("aria-label", words.ktrace);
    for (var k = 0; k <= 9; k++) {
      var vo = el("option", "", k < 9 ? fill(words.kbeside, { version: "v" + k }) : words.kalone);
      vo.value = k < 9 ? "v" + k : "own";
      traceSelect.append(vo);
    }
    kTrace.append(traceLink, " ", traceSelect);
    var traceTo = function () {
      if (traced) traceLink.href = traceHref(traced, traceSelect.value, "t=" + encodeURIComponent(token));
    };
    traceSelect.addEventListener("change", traceTo);
    exSelect.setAttribute("aria-label", words.kexercise);
    for (var n = 1; n <= 5; n++) {
      var opt = el("option", "", fill(words.kexercise, { n: n }));
      opt.value = String(n);
      exSelect.append(opt);
    }
    editor.spellcheck = false; editor.rows = 18; editor.wrap = "off";
    editor.setAttribute("autocapitalize", "off");
    kernel.append(exSelect, submitButton, editor, kStatus, kSpeed, kTrace, kOutput);
    show(kSpeed, false); show(kTrace, false);
    var cm = window.CodeMirror ? window.CodeMirror.fromTextArea(editor, {
      mode: "text/x-c++src", lineNumbers: true, indentUnit: 4, tabSize: 4, viewportMargin: Infinity,
      extraKeys: { Tab: function (c) { c.replaceSelection("    "); } }
    }) : null;
    function code() { return cm ? cm.getValue() : editor.value; }
    function loadSource() {
      fetch("/start?n=" + exSelect.value + "&t=" + encodeURIComponent(token), { cache: "no-store" }).then(function (r) {
        if (!r.ok) throw new Error(String(r.status));
        return r.text();
      }).then(function (t) {
        if (kStatus.textContent === words.lost) kStatus.textContent = "";
        if (cm) cm.setValue(t); else editor.value = t;
      }, function () { kStatus.textContent = words.lost; setTimeout(loadSource, 4000); });   /* a busy class: try again */
    }
    // the page opened (again, or in a class resumed): the exercise of the
    // last kernel this student sent, and that kernel, not a start file
    function loadStart() {
      getJson("/submission?t=" + encodeURIComponent(token)).then(function (r) {
        kernelState(r);
        if (r.status === 200 && r.body.latest && r.body.latest.exercise >= 1 && r.body.latest.exercise <= 5)
          exSelect.value = String(r.body.latest.exercise);
      }, function () {}).then(loadSource);
    }
    exSelect.addEventListener("change", loadSource);
    editor.addEventListener("keydown", function (e) {
      if (e.key !== "Tab" || e.shiftKey) return;
      e.preventDefault();
      document.execCommand("insertText", false, "    ");   /* keeps the browser's undo */
    });
    submitButton.addEventListener("click", function () {
      fetch("/submit?t=" + encodeURIComponent(token) + "&ex=" + exSelect.value,
            { method: "POST", body: code(), cache: "no-store", headers: { "Content-Type": "text/plain" } })
        .then(function (r) { return r.json().then(function (j) { return { status: r.status, body: j }; }); })
        .then(function (r) {
          if (r.status !== 200) { kStatus.textContent = fill(words.refused, { why: r.body.error || r.status }); return; }
          kOutput.textContent = "";
          follow();
        }, function () { kStatus.textContent = words.lost; });
    });
    var kernelState = function (r) {
      if (r.status !== 200) return;
      var open = r.body.open;
      show(submitButton, open); show(exSelect, open);
      if (cm) cm.getWrapperElement().hidden = !open; else show(editor, open);
      kernelNote.textContent = open ? "" : r.body.why;
      var s = r.body.latest;
      if (!s) return;
      var done = s.state === "done";
      if (!done) kStatus.textContent = kernelWait(s);
      else {
        kStatus.textContent = verdictText(s.verdict);
        kOutput.textContent = s.output;
        kSpeed.textContent = speedText(s);
        if (s.trace && (!traced || traced.id !== s.id)) {
          traced = s;
          traceSelect.value = s.beside;   /* the version its exercise leads to (the server's table) */
        }
        traceTo();
      }
      show(kSpeed, done && kSpeed.textContent !== "");
      show(kTrace, done && !!s.trace);
      return s.state !== "done";
    };
    var follow = function () {
      clearTimeout(poll);
      getJson("/submission?t=" + encodeURIComponent(token)).then(function (r) {
        if (kernelState(r)) poll = setTimeout(follow, 2000);
      }, function () { poll = setTimeout(follow, 4000); });
    };
    var firstKernel = true;
    var joinedKernel = function () { if (firstKernel && token) { firstKernel = false; loadStart(); follow(); } };
  } else {
    var board = el("div", "board"), list = el("table", "submissions");
    kernel.append(board, list);
    var teacherPoll = function () {
      getJson("/submissions?k=" + encodeURIComponent(secret)).then(function (r) {
        if (r.status === 200) teacherKernels(r.body);
        setTimeout(teacherPoll, 2000);
      }, function () { setTimeout(teacherPoll, 4000); });
    };
    var who = function (s) {
      return s.name ? fill(words.named, { name: s.name, id: s.student }) : fill(words.anonymous, { id: s.student });
    };
    // a kernel the board ranks: passed, verified (every rule judged, on data
    // check drew itself), and timed
    var ranks = function (s) { return s.verdict === "pass" && s.verified === true && s.ms > 0; };
    // a student's kernel of an exercise on the board: the fastest ranked one,
    // else a pass, else the latest
    var better = function (b, s) {
      if (!b) return s;
      if (ranks(s)) return !ranks(b) || s.ms < b.ms ? s : b;
      if (ranks(b)) return b;
      return s.verdict === "pass" && b.verdict !== "pass" ? s : b;
    };
    var teacherKernels = function (b) {
      kernelNote.textContent = b.open ? "" : b.why;
      list.textContent = "";
      board.textContent = "";
      var best = {};
      b.list.slice().reverse().forEach(function (s) {
        var tr = el("tr");
        var share = el("td", "share", s.percent_of_mark > 0 ?
                       fill(words.kpercent, { percent: Math.round(s.percent_of_mark) + "%", mark: s.mark }) : "");
        share.title = gpuText(s).replace(/^ \(|\)$/g, "");
        var look = el("td", "look");
        if (s.trace) {
          var a = el("a", "", words.kview);
          a.href = traceHref(s, s.beside, "k=" + encodeURIComponent(secret));
          a.target = "_blank"; a.rel = "noopener";
          look.append(a);
        }
        tr.append(el("td", "", "#" + s.id), el("td", "", who(s)),
                  el("td", "", fill(words.kexercise, { n: s.exercise })),
                  el("td", s.verdict, s.state === "done" ? verdictText(s.verdict) : kernelWait(s)), share, look);
        list.append(tr);
        var key = s.exercise + ":" + s.student;
        if (s.state === "done") best[key] = better(best[key], s);
      });
      for (var n = 1; n <= 5; n++) {
        var row = el("p", "", fill(words.kexercise, { n: n }) + ": "), mine = [];
        Object.keys(best).forEach(function (k) { if (best[k].exercise === n) mine.push(best[k]); });
        // the verified passes ranked by their time (the median of their checked calls), then the rest;
        // where they were timed on GPUs of different models (Slurm's nodes), each model ranked apart
        var ranked = mine.filter(ranks).sort(function (x, y) { return x.ms - y.ms || x.id - y.id; });
        var model = function (s) { return s.gpu_name || s.node_gpu || ""; }, models = [];
        ranked.forEach(function (s) { if (models.indexOf(model(s)) < 0) models.push(model(s)); });
        models.forEach(function (m) {
          if (models.length > 1) row.append(el("span", "gpu", m ? m + ":" : "?:"), " ");
          ranked.filter(function (s) { return model(s) === m; }).forEach(function (s, i) {
            row.append(el("span", "chip pass", fill(words.kranked, { rank: i + 1, who: who(s), ms: s.ms.toFixed(4) })), " ");
          });
        });
        mine.filter(function (s) { return !ranks(s); }).forEach(function (s) {
          var chip = el("span", "chip " + s.verdict + (s.verdict === "pass" ? " unverified" : ""), who(s));
          if (s.verdict === "pass") chip.title = words.kunverified;
          row.append(chip, " ");
        });
        if (mine.length) board.append(row);
      }
    };
    teacherPoll();
  }

  show(answerForm, false);
  show(verdict, false);
  show(spreadTitle, false);
  show(bars, false);
  if (teacher || token) connect();
  else show(joinForm, true);
  if (!teacher) { show(kernel, true); joinedKernel(); }
})();
