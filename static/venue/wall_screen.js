/* The wall screen (templates/venue/wall_screen.html), kept out of the HTML because the
   Content-Security-Policy allows no inline script (damas/security.py).
   - <main data-wall>: its [data-wall-page] sections are shown one at a time, each for the
     block's data-wall-seconds, then the next (after the last, the first again); the key of the
     page on screen is in data-wall-current; the arrow keys turn by hand, "f" asks full screen.
   - data-wall-revision: the revision address of each event on the screen (one, or several
     separated by spaces: a championship's). Every data-wall-every seconds, while the tab is
     visible, each is asked with If-None-Match (a 304 while nothing changed); when one moves,
     data-wall-pages-url is fetched and its [data-wall-region] block replaces the one on screen,
     keeping the page on screen by its key. Nothing else of the page is reloaded.
   - a name too long for its cell on the page shown is written with its middle names as
     initials ("Maria Fernanda de Oliveira Santos" -> "Maria F. O. Santos"; the full name in
     the cell's title); still too long (a 4:3 screen's narrower columns), its first and last
     names ("Maria Santos"), so the surname stays whole; then cut with an ellipsis. */
(function () {
  "use strict";

  var PARTICLES = /^(d[aeo]s?|e|d[iu]|del|van|von)$/i;

  function shorter(name) {  // the shorter forms of a name, longest first
    var words = name.split(/\s+/).filter(Boolean);
    if (words.length < 3) { return []; }
    var first = words[0], last = words[words.length - 1];
    var middle = words.slice(1, -1).filter(function (w) { return !PARTICLES.test(w); })
      .map(function (w) { return w.charAt(0) + "."; });
    return [[first].concat(middle, [last]).join(" "), first + " " + last];
  }
  function fitNames(section) {
    var cells = section.querySelectorAll("td.wall-name");
    for (var i = 0; i < cells.length; i++) {
      var cell = cells[i];
      if (cell.children.length || cell.hasAttribute("title") || cell.scrollWidth <= cell.clientWidth) { continue; }
      var full = cell.textContent.trim();
      var forms = shorter(full);
      if (forms.length) { cell.title = full; }
      for (var f = 0; f < forms.length; f++) {
        cell.textContent = forms[f];
        if (cell.scrollWidth <= cell.clientWidth) { break; }
      }
    }
  }

  function start(root) {
    var urls = (root.getAttribute("data-wall-revision") || "").split(/\s+/).filter(Boolean);
    var pagesUrl = root.getAttribute("data-wall-pages-url");
    var every = (parseInt(root.getAttribute("data-wall-every"), 10) || 15) * 1000;
    var etags = {};
    var turnTimer = null;
    var pollTimer = null;
    var failures = 0;
    var busy = false;
    var current = 0;

    function region() { return root.querySelector("[data-wall-region]"); }
    function pages() { return region().querySelectorAll("[data-wall-page]"); }
    function seconds() {
      return Math.max(3, parseInt(region().getAttribute("data-wall-seconds"), 10) || 12) * 1000;
    }
    function known() { return (region().getAttribute("data-wall-rev") || "").split("."); }

    function show(index) {
      var list = pages();
      if (!list.length) { return; }
      current = ((index % list.length) + list.length) % list.length;
      for (var i = 0; i < list.length; i++) { list[i].hidden = i !== current; }
      root.setAttribute("data-wall-current", list[current].getAttribute("data-wall-page"));
      fitNames(list[current]);
    }
    function schedule() {
      window.clearTimeout(turnTimer);
      turnTimer = window.setTimeout(function () { show(current + 1); schedule(); }, seconds());
    }

    function swap(html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-wall-region]");
      if (!fresh) { return; }
      var key = root.getAttribute("data-wall-current");
      var before = seconds();
      region().replaceWith(document.importNode(fresh, true));
      var list = pages();
      var index = Math.min(current, list.length - 1);
      for (var i = 0; i < list.length; i++) {
        if (list[i].getAttribute("data-wall-page") === key) { index = i; }
      }
      show(index);
      if (seconds() !== before) { schedule(); }
    }

    function ask(url, i) {
      var headers = etags[url] ? { "If-None-Match": etags[url] } : {};
      return window.fetch(url, { headers: headers, cache: "no-store", credentials: "same-origin" })
        .then(function (answer) {
          if (answer.status === 304) { return known()[i]; }
          if (!answer.ok) { throw new Error(String(answer.status)); }
          etags[url] = answer.headers.get("ETag") || etags[url];
          return answer.json().then(function (data) { return String(data.revision); });
        });
    }
    function later(ms) { window.clearTimeout(pollTimer); pollTimer = window.setTimeout(check, ms); }
    function check() {
      if (busy || document.hidden) { return; }  // asked again when the tab is shown
      busy = true;
      Promise.all(urls.map(ask)).then(function (revisions) {
        if (revisions.join(".") === known().join(".")) { return null; }
        return window.fetch(pagesUrl, { cache: "no-store", credentials: "same-origin" }).then(function (answer) {
          if (!answer.ok) { throw new Error(String(answer.status)); }
          return answer.text();
        }).then(swap);
      }).then(function () {
        failures = 0;
        busy = false;
        later(every);
      }).catch(function () {  // the hall's network dropped: keep the pages, ask less often
        failures += 1;
        busy = false;
        later(Math.min(every * Math.pow(2, failures), 300000));
      });
    }

    var full = document.querySelector("[data-wall-fullscreen]");
    var element = document.documentElement;
    function fullscreen() {
      if (element.requestFullscreen && !document.fullscreenElement) { element.requestFullscreen().catch(function () {}); }
    }
    if (full && element.requestFullscreen && document.fullscreenEnabled) {
      full.hidden = false;
      full.addEventListener("click", fullscreen);
      document.addEventListener("fullscreenchange", function () { full.hidden = !!document.fullscreenElement; });
    }
    document.addEventListener("keydown", function (event) {
      if (event.key === "ArrowRight" || event.key === "PageDown" || event.key === " ") { show(current + 1); schedule(); }
      else if (event.key === "ArrowLeft" || event.key === "PageUp") { show(current - 1); schedule(); }
      else if (event.key === "f" || event.key === "F") { fullscreen(); }
      else { return; }
      event.preventDefault();
    });
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { later(0); } });

    show(0);
    schedule();
    if (urls.length && pagesUrl && window.fetch && window.DOMParser && window.Promise) { later(every); }
  }

  function ready() {
    var root = document.querySelector("[data-wall]");
    if (root) { start(root); }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
