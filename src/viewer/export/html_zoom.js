/* html_zoom.js — the lesson page's waves pictures, zoomable in time
 * (`reducevis export --html`; the data: html_waves_zoom.h).
 *
 * Each waves position keeps its PNG in the page, for print and wherever
 * this does not run (no script, or a browser without DecompressionStream).
 * Once the cells in the data block #rv-waves are inflated, a canvas takes
 * the PNG's place and draws the same picture from them: one row per SM in
 * rv_waves_rows' order, a line between rows of two groups, each cell in
 * its wave's colour (two, alternating) mixed with the panel by how full
 * the SM was, the tail shaded from its line.  It zooms and pans in time:
 * the wheel about the pointer, a drag, the buttons, and the viewer's own W
 * keys, I and O (in and out about the middle), comma and period (a quarter
 * earlier, later), R (the whole run).  Two pictures side by side show the
 * same part of their own runs, as in the viewer.  The part shown is said
 * in the viewer's axis words (templates in the data) and kept in the
 * address, #step=N&zoom=A-B (µs from the first block's start of the first
 * picture's run), so that a link opens it.
 * Every word shown is in the data: this puts numbers in, it composes none.
 */
(function () {
  "use strict";
  var block = document.getElementById("rv-waves"), lesson = window.rvLesson;
  if (!block || !lesson || typeof DecompressionStream === "undefined" || typeof Response === "undefined" ||
      typeof Blob === "undefined" || !Blob.prototype.stream) return;   /* the PNG stays */
  var data = JSON.parse(block.textContent);
  var steps = document.querySelectorAll("#rv-steps .step");
  var cols = data.cols, minSpan = data.minCols / data.cols;
  var colours = data.colours;
  var views = {};   /* position -> {pos, from, to, first: [from, to], pics: [{run, canvas, axis}]} */
  var cells = [];   /* each run's cells, inflated */
  var hashTimer = null;

  function fill(template, values) {
    return template.replace(/\{(\d+)\}/g, function (m, k) { return values[+k]; });
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /* ---- the cells: base64, then zlib ---- */
  function inflate(run) {
    var bin = atob(run.cells), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).arrayBuffer().then(function (b) {
      var c = new Uint8Array(b);
      if (c.length !== run.sms * cols) throw new Error("waves cells: " + c.length + " bytes");
      return c;
    });
  }

  /* A cell's byte to its colour, as draw_waves.c mixes it: 0 the panel;
   * else its wave's hue over the panel by 0.2 + 0.8 x its fill. */
  function rgb(hex) { var v = parseInt(hex.slice(1), 16); return [v >> 16 & 255, v >> 8 & 255, v & 255]; }
  var little = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
  function pack(c) {
    return (little ? (255 << 24 | c[2] << 16 | c[1] << 8 | c[0]) : (c[0] << 24 | c[1] << 16 | c[2] << 8 | 255)) >>> 0;
  }
  var palette = new Uint32Array(256);
  (function () {
    var hue = [rgb(colours.full), rgb(colours.accent2)], panel = rgb(colours.panel);
    palette[0] = pack(panel);
    for (var b = 1; b < 256; b++) {
      var h = hue[(b - 1) & 1], t = 0.2 + 0.8 * Math.min(1, ((b - 1) >> 1) / data.fill), c = [];
      for (var i = 0; i < 3; i++) c.push(Math.round(h[i] * t + panel[i] * (1 - t)));
      palette[b] = pack(c);
    }
  })();

  /* ---- drawing ---- */
  function axisWords(view, run) {
    var us = run.us;
    if (view.from <= 0 && view.to >= 1) return fill(data.words.axisWhole, [us.toFixed(3)]);
    return fill(data.words.axis, [(view.from * us).toFixed(3), (view.to * us).toFixed(3), us.toFixed(3),
                                  (1 / (view.to - view.from)).toFixed(0)]);
  }

  function drawPic(view, pic) {
    var cv = pic.canvas, dpr = window.devicePixelRatio || 1;
    var W = Math.round(cv.clientWidth * dpr), H = Math.round(cv.clientHeight * dpr);
    var run = data.runs[pic.run], cc = cells[pic.run];
    pic.axis.textContent = axisWords(view, run);
    if (W < 1 || H < 1) return;   /* hidden: drawn when it is shown */
    if (cv.width !== W || cv.height !== H) { cv.width = W; cv.height = H; }
    var ctx = cv.getContext("2d"), img = ctx.createImageData(W, H), px = new Uint32Array(img.data.buffer);
    px.fill(palette[0]);
    var span = view.to - view.from, col = new Int32Array(W), n = run.rows.length, x, r;
    for (x = 0; x < W; x++) col[x] = Math.min(cols - 1, Math.floor((view.from + (x + 0.5) / W * span) * cols));
    for (r = 0; r < n; r++) {
      var y0 = Math.floor(H * r / n), y1 = Math.floor(H * (r + 1) / n);
      var hh = y1 - y0 > 2 ? y1 - y0 - 1 : y1 - y0;   /* a hair between rows where there is room */
      var base = run.rows[r] * cols, first = y0 * W;
      for (x = 0; x < W; x++) px[first + x] = palette[cc[base + col[x]]];
      for (var y = 1; y < hh; y++) px.copyWithin((y0 + y) * W, first, first + W);
    }
    ctx.putImageData(img, 0, 0);
    ctx.fillStyle = colours.group;   /* between rows of two groups (GPCs, where known) */
    for (r = 1; r < n; r++)
      if (run.groups[r] !== run.groups[r - 1]) ctx.fillRect(0, Math.floor(H * r / n) - dpr, W, 2 * dpr);
    var at = (run.tail - view.from) / span;
    if (at <= 1) {   /* the tail, from its line where the part shown has it */
      var tx = at > 0 ? Math.round(W * at) : 0;
      ctx.fillStyle = colours.divergent;
      ctx.globalAlpha = 40 / 255;
      ctx.fillRect(tx, 0, W - tx, H);
      ctx.globalAlpha = 1;
      if (at >= 0) ctx.fillRect(tx - 1.5 * dpr, 0, 3 * dpr, H);
    }
    ctx.strokeStyle = colours.edge;
    ctx.lineWidth = dpr;
    ctx.strokeRect(dpr / 2, dpr / 2, W - dpr, H - dpr);
  }
  /* at the next frame, once however many wheel or drag events came before it */
  function draw(view) {
    if (view.pending) return;
    view.pending = true;
    requestAnimationFrame(function () {
      view.pending = false;
      view.pics.forEach(function (pic) { drawPic(view, pic); });
    });
  }

  /* ---- the part shown, and the address ---- */
  function firstRun(view) { return view.pics.length ? data.runs[view.pics[0].run] : null; }
  function zoomPart(view) {
    var run = firstRun(view);
    if (!run || (Math.abs(view.from - view.first[0]) < 1e-9 && Math.abs(view.to - view.first[1]) < 1e-9)) return "";
    return "&zoom=" + (view.from * run.us).toFixed(3) + "-" + (view.to * run.us).toFixed(3);
  }
  function keepHash(view) {
    if (hashTimer) clearTimeout(hashTimer);
    /* not at every wheel step: browsers refuse many address changes a second */
    hashTimer = setTimeout(function () {
      hashTimer = null;
      if (view.pos !== lesson.position() || !history.replaceState) return;
      var h = "#step=" + (view.pos + 1) + zoomPart(view);
      if (h !== location.hash) try { history.replaceState(null, "", h); } catch (e) { /* file: in some browsers */ }
    }, 250);
  }
  function set(view, from, span) {
    span = Math.max(minSpan, Math.min(1, span));
    from = Math.max(0, Math.min(1 - span, from));
    view.from = from;
    view.to = span >= 1 ? 1 : from + span;
    draw(view);
    keepHash(view);
  }
  /* k times the span, the point u (0 .. 1 across) staying where it is */
  function zoomAt(view, u, k) {
    var span = view.to - view.from, anchor = view.from + u * span, s = Math.max(minSpan, Math.min(1, span * k));
    set(view, anchor - u * s, s);
  }
  function fromAddress(view) {
    var m = /&zoom=(\d+(?:\.\d*)?)-(\d+(?:\.\d*)?)/.exec(location.hash), run = firstRun(view);
    if (!m || !run || !(run.us > 0)) return false;
    var a = parseFloat(m[1]) / run.us, b = parseFloat(m[2]) / run.us;
    if (!(b > a)) return false;
    set(view, a, b - a);
    return true;
  }

  /* ---- a position's picture(s) ---- */
  function button(bar, text, label, key, f) {
    var b = el("button", "", text);
    b.type = "button";
    b.title = label;
    b.setAttribute("aria-label", label);
    b.setAttribute("aria-keyshortcuts", key);
    b.addEventListener("click", f);
    b.addEventListener("mousedown", function (e) { e.preventDefault(); });   /* the keys keep working */
    bar.appendChild(b);
  }
  function listen(view, cv) {
    cv.addEventListener("wheel", function (e) {
      e.preventDefault();
      var r = cv.getBoundingClientRect();
      var d = e.deltaY * (e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? 400 : 1);
      zoomAt(view, Math.max(0, Math.min(1, (e.clientX - r.left) / r.width)), Math.exp(d * 0.002));
    }, { passive: false });
    var drag = null;
    cv.addEventListener("pointerdown", function (e) {
      if (e.button !== 0) return;
      drag = { x: e.clientX, from: view.from, w: cv.getBoundingClientRect().width };
      cv.setPointerCapture(e.pointerId);
      cv.classList.add("dragging");
      e.preventDefault();
    });
    cv.addEventListener("pointermove", function (e) {
      if (!drag) return;
      var span = view.to - view.from;
      set(view, drag.from - (e.clientX - drag.x) / drag.w * span, span);
    });
    function end() { drag = null; cv.classList.remove("dragging"); }
    cv.addEventListener("pointerup", end);
    cv.addEventListener("pointercancel", end);
  }
  function build(pos, at) {
    var step = steps[pos];
    if (!step) return;
    var stage = step.querySelector(".stage"), img = stage.querySelector("img:not(.question-part)");
    var view = { pos: pos, from: at.from, to: at.to, first: [at.from, at.to], pics: [] };
    /* a question's answer: hidden with the PNG it replaces until it is revealed */
    var root = el("div", "wz" + (img && img.classList.contains("answer-part") ? " answer-part" : ""));
    var bar = el("div", "wz-bar"), w = data.words;
    button(bar, "\u2212", w.out, "O", function () { zoomAt(view, 0.5, 2); });
    button(bar, "+", w["in"], "I", function () { zoomAt(view, 0.5, 0.5); });
    button(bar, w.whole, w.whole, "R", function () { set(view, 0, 1); });
    bar.appendChild(el("span", "wz-keys", w.keys));
    root.appendChild(bar);
    var pics = el("div", "wz-pics");
    at.pics.forEach(function (p) {
      var fig = el("figure", "wz-pic");
      pics.appendChild(fig);
      if (p.none !== undefined) { fig.appendChild(el("p", "none", p.none)); return; }
      fig.appendChild(el("p", "title", p.title));
      p.lines.forEach(function (l) { fig.appendChild(el("p", l[0], l[1])); });
      var cv = el("canvas");
      cv.setAttribute("role", "img");
      cv.setAttribute("aria-label", w.label);
      fig.appendChild(cv);
      var axis = el("p", "wz-axis"), span = el("span");
      axis.appendChild(span);
      axis.appendChild(el("span", "dim", p.rows));
      fig.appendChild(axis);
      fig.appendChild(el("p", "legend", p.legend));
      if (p.gpcs) fig.appendChild(el("p", "legend", p.gpcs));
      view.pics.push({ run: p.run, canvas: cv, axis: span });
      listen(view, cv);
    });
    root.appendChild(pics);
    stage.appendChild(root);
    if (img) img.classList.add("wz-replaced");
    views[pos] = view;
    /* drawn whenever its size changes: shown, revealed, the window resized */
    if (window.ResizeObserver) view.pics.forEach(function (pic) {
      new ResizeObserver(function () { drawPic(view, pic); }).observe(pic.canvas);
    });
  }

  function current() { var v = views[lesson.position()]; return v && !lesson.asking() ? v : null; }

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target, tag = t && t.tagName, view = current();
    if (!view || tag === "INPUT" || tag === "TEXTAREA") return;
    var span = view.to - view.from;
    switch (e.key) {
      case "i": case "I": zoomAt(view, 0.5, 0.5); break;
      case "o": case "O": zoomAt(view, 0.5, 2); break;
      case ",": set(view, view.from - span / 4, span); break;
      case ".": set(view, view.from + span / 4, span); break;
      case "r": case "R": set(view, 0, 1); break;
      default: return;
    }
    e.preventDefault();
  });

  Promise.all(data.runs.map(inflate)).then(function (all) {
    cells = all;
    Object.keys(data.at).forEach(function (p) { build(+p, data.at[p]); });
    var v = views[lesson.position()];
    if (v && !fromAddress(v)) draw(v);
    lesson.onMove(function (pos, byAddress) {
      var view = views[pos];
      if (!view) return;
      if (!(byAddress && fromAddress(view))) draw(view);
      if (!byAddress) keepHash(view);   /* its part, as it was left */
    });
    window.addEventListener("hashchange", function () {
      var view = views[lesson.position()];
      if (view) fromAddress(view);
    });
    document.documentElement.setAttribute("data-waves-zoom", "ready");   /* for the tests */
  }).catch(function (e) {
    /* the PNG stays where the cells cannot be read */
    if (window.console) console.info("waves zoom off: " + e);
  });
})();
