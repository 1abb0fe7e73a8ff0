/* html_page.js — the lesson page's script (`reducevis export --html`).
 *
 * One section per position (a step, or an aligned row of two versions) is
 * in the page; this shows one at a time and moves between them: the arrows
 * and Space, Home and End, P to play or pause, + and - for the speed, the
 * buttons, the timeline, a click on the frame's own timeline, and the URL's
 * #step=N (kept up to date, so a link opens at that step; a part after
 * it, &zoom=A-B, is the waves pictures' own: html_zoom.js).  Hovering the
 * frame shows the tooltip the viewer would: the data (boxes in frame pixels,
 * lines as indices into a table of strings) comes from the JSON above.
 * Predict mode (export --quiz): a step with a question shows its question
 * frame until A, its button, or playing reveals the answer; its tooltips
 * wait for the answer too, since they would give it away.
 * Every word shown is in that data or the page: nothing is composed here.
 */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("rv-data").textContent);
  var steps = document.querySelectorAll("#rv-steps .step");
  var buttons = document.querySelectorAll("#rv-timeline button");
  var posText = document.getElementById("rv-pos");
  var playButton = document.getElementById("rv-play");
  var speedInput = document.getElementById("rv-speed");
  var speedOut = document.getElementById("rv-speed-out");
  var tip = document.getElementById("rv-tip");
  var n = steps.length, pos = -1, timer = null;
  var moved = [];       /* called with the position after each move (html_zoom.js) */
  var locked = false;   /* a live class (html_class.js): the teacher moves the page */
  var live = !!document.getElementById("rv-live");   /* ... and its address is the class's, not a step's */
  document.documentElement.classList.add("js");

  function clamp(p) { return Math.max(0, Math.min(n - 1, p)); }
  function asking() { var s = steps[pos]; return s.classList.contains("quiz") && !s.classList.contains("revealed"); }
  function reveal(live) { if (locked && live !== "live") return; steps[pos].classList.add("revealed"); hideTip(); }

  function go(p, fromHash) {
    if (locked && fromHash !== "live") return;
    p = clamp(p);
    if (p === pos) return;
    if (pos >= 0) {
      steps[pos].classList.remove("current");
      buttons[pos].removeAttribute("aria-current");
    }
    pos = p;
    steps[pos].classList.add("current");
    buttons[pos].setAttribute("aria-current", "step");
    posText.textContent = data.words.position.replace("{n}", String(pos + 1)).replace("{total}", String(n));
    hideTip();
    if (!fromHash && !live && history.replaceState) {
      try { history.replaceState(null, "", "#step=" + (pos + 1)); } catch (e) { /* file: in some browsers */ }
    }
    moved.forEach(function (f) { f(pos, !!fromHash); });
  }

  function fromHash() {
    var m = /^#step=(\d+)(&|$)/.exec(location.hash);
    return m ? parseInt(m[1], 10) - 1 : -1;
  }

  /* ---- play / pause ---- */
  function speed() { return parseFloat(speedInput.value) || 1; }
  function setLabel(el, text) { el.lastChild.textContent = text; }
  function schedule() {
    timer = setTimeout(function () {
      if (asking()) reveal();
      else if (pos >= n - 1) { pause(); return; }
      else go(pos + 1);
      schedule();
    }, 1000 / speed());
  }
  function play() {
    if (timer || locked) return;
    if (pos >= n - 1) go(0);
    setLabel(playButton, data.words.pause);
    playButton.setAttribute("aria-pressed", "true");
    schedule();
  }
  function pause() {
    if (timer) clearTimeout(timer);
    timer = null;
    setLabel(playButton, data.words.play);
    playButton.setAttribute("aria-pressed", "false");
  }
  function toggle() { if (timer) pause(); else play(); }
  function showSpeed() { speedOut.textContent = String(speed()); }
  function nudgeSpeed(d) {
    speedInput.value = String(Math.max(0.25, Math.min(8, speed() * (d > 0 ? 2 : 0.5))));
    showSpeed();
  }

  /* ---- hover: the viewer's tooltip, from the data ---- */
  function inBox(list, i, x, y) {
    return x >= list[4 * i] && y >= list[4 * i + 1] && x < list[4 * i] + list[4 * i + 2] && y < list[4 * i + 1] + list[4 * i + 3];
  }
  function find(list, x, y) {
    for (var i = 0; 4 * i < list.length; i++) if (inBox(list, i, x, y)) return i;
    return -1;
  }
  /* The lines under frame pixel (x, y): a word, else a lane, of a pane; else a timeline box. */
  function linesAt(x, y) {
    var here = data.tips[pos] || [];
    for (var p = 0; p < data.panes.length; p++) {
      var pane = data.panes[p], t = here[p];
      if (!t) continue;
      var i = find(pane.cells, x, y);
      if (i >= 0) return t[0][i];
      i = find(pane.lanes, x, y);
      if (i >= 0) return t[1][i];
    }
    var s = find(data.timeline, x, y);
    return s >= 0 && data.timelineTips.length ? data.timelineTips[s] : 0;
  }
  function framePoint(img, e) {
    var r = img.getBoundingClientRect();
    return { x: (e.clientX - r.left) * data.width / r.width, y: (e.clientY - r.top) * data.height / r.height };
  }
  function hideTip() { tip.hidden = true; }
  function showTip(lines, e) {
    if (!lines || !lines.length || asking()) { hideTip(); return; }
    tip.textContent = "";
    lines.forEach(function (k) {
      var d = document.createElement("div");
      d.textContent = typeof k === "string" ? k : data.strings[k];   /* a live class's answer: the text itself */
      tip.appendChild(d);
    });
    tip.hidden = false;
    var x = e.clientX + 16, y = e.clientY + 18;
    if (x + tip.offsetWidth > window.innerWidth - 4) x = e.clientX - 12 - tip.offsetWidth;
    if (y + tip.offsetHeight > window.innerHeight - 4) y = e.clientY - 12 - tip.offsetHeight;
    tip.style.left = Math.max(4, x) + "px";
    tip.style.top = Math.max(4, y) + "px";
  }

  Array.prototype.forEach.call(steps, function (s) {
    var button = s.querySelector("button.reveal");
    if (button) button.addEventListener("click", function () { pause(); reveal(); });
    Array.prototype.forEach.call(s.querySelectorAll("img"), function (img) { watch(img); });
  });
  function watch(img) {
    img.addEventListener("mousemove", function (e) {
      var q = framePoint(img, e);
      showTip(linesAt(q.x, q.y), e);
    });
    img.addEventListener("mouseleave", hideTip);
    img.addEventListener("click", function (e) {
      var q = framePoint(img, e), i = find(data.timeline, q.x, q.y);
      if (i >= 0) { pause(); go(i); }
    });
  }

  /* ---- controls ---- */
  function on(id, f) {
    var el = document.getElementById(id);
    el.addEventListener("click", f);
    /* a click keeps the focus where it was, so Space still steps */
    el.addEventListener("mousedown", function (e) { e.preventDefault(); });
  }
  on("rv-first", function () { pause(); go(0); });
  on("rv-prev", function () { pause(); go(pos - 1); });
  on("rv-play", toggle);
  on("rv-next", function () { pause(); go(pos + 1); });
  on("rv-last", function () { pause(); go(n - 1); });
  Array.prototype.forEach.call(buttons, function (b, i) {
    b.addEventListener("click", function () { pause(); go(i); });
    b.addEventListener("mousedown", function (e) { e.preventDefault(); });
  });
  speedInput.addEventListener("input", showSpeed);

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target, tag = t && t.tagName;
    /* a focused button takes Space and Enter, a focused slider the arrows */
    if ((tag === "BUTTON" && (e.key === " " || e.key === "Enter")) || tag === "INPUT") return;
    switch (e.key) {
      case "ArrowRight": case " ": pause(); if (asking()) reveal(); else go(pos + 1); break;   /* as the viewer: the answer first */
      case "ArrowLeft": pause(); go(pos - 1); break;
      case "Home": pause(); go(0); break;
      case "End": pause(); go(n - 1); break;
      case "p": case "P": toggle(); break;
      case "a": case "A": pause(); reveal(); break;
      case "+": case "=": nudgeSpeed(1); break;
      case "-": nudgeSpeed(-1); break;
      case "Escape": hideTip(); return;
      default: return;
    }
    e.preventDefault();
  });
  window.addEventListener("hashchange", function () {
    var h = fromHash();
    if (h >= 0) go(h, true);
  });

  showSpeed();
  var h = fromHash();
  go(h >= 0 ? h : data.start, h >= 0);

  /* For a live class (html_class.js): lock the page and move it from there. */
  window.rvLesson = {
    lock: function () { pause(); locked = true; },
    go: function (p) { go(p, "live"); },
    reveal: function (shown) {
      if (shown) reveal("live"); else { steps[pos].classList.remove("revealed"); hideTip(); }
    },
    position: function () { return pos; },
    /* f(pos, fromHash) after each move; whether the question at pos is still asked */
    onMove: function (f) { moved.push(f); },
    asking: function () { return asking(); },
    /* a live class's answer, kept from the page until revealed: its frame and words, and its tooltips */
    answer: function (p, held) {
      var s = steps[p];
      s.querySelector(".stage").insertAdjacentHTML("beforeend", held.stage);
      s.querySelector(".caption .answer-part").insertAdjacentHTML("afterbegin", held.caption);
      data.tips[p] = held.tips;
    }
  };
})();
