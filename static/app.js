/* damas: the little behaviour the pages need, kept out of the HTML because the
   Content-Security-Policy allows no inline script (damas/security.py).
   - <form data-confirm="question">: asks before sending the form;
   - <button data-print>: prints the page;
   - <select data-rating-list-auto> (event form): follows the time control's rating list
     (CBJD 115: 45 minutes or more, increment included, is the regular list) until changed by hand;
   - <form data-find-name> (templates/events/_find_name.html): "find my name" over the page's
     table.findable rows, without a reload (the form's ?q= is the server-side fallback);
   - <body data-me="player id">: the logged-in player's own rows (tr[data-players~=id]) marked;
   - <p data-live="revision URL"> (templates/public/_live.html, issue 30): every data-live-every
     seconds, while the tab is visible, asks the event's revision with If-None-Match (a 304
     while nothing changed); when it moves, fetches the page and swaps its [data-live-region]
     parts, then shows "atualizado às HH:MM". Without JavaScript the page is as it was. */
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form && form.getAttribute ? form.getAttribute("data-confirm") : null;
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  });
  document.addEventListener("click", function (event) {
    var target = event.target && event.target.closest ? event.target.closest("[data-print]") : null;
    if (target) {
      event.preventDefault();
      window.print();
    }
  });
  var auto = document.querySelector("select[data-rating-list-auto]");
  if (auto && auto.form) {
    var touched = false;
    auto.addEventListener("change", function () { touched = true; });
    auto.form.addEventListener("input", function (event) {
      var name = event.target && event.target.name;
      if (touched || (name !== "time_minutes" && name !== "time_increment")) { return; }
      var minutes = parseInt(auto.form.elements.time_minutes.value, 10) || 0;
      var increment = parseInt(auto.form.elements.time_increment.value, 10) || 0;
      if (minutes > 0) { auto.value = minutes + increment >= 45 ? "regular" : "rapid"; }
    });
  }

  /* Accents and case ignored, spaces collapsed: as damas/web/find_name.py folds on the server. */
  function fold(text) {
    return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\s+/g, " ").trim();
  }

  function rowName(row) {
    var names = row.querySelectorAll(".pname");
    if (!names.length) { return row.textContent; }
    var out = [];
    for (var i = 0; i < names.length; i++) { out.push(names[i].textContent); }
    return out.join(" | ");
  }

  /* The rows "find my name" searches: a findable table's rows, and the cards of a findable list
     (a knockout's ties), each naming its players' ids in data-players. */
  var FINDABLE = "table.findable tbody tr[data-players], .findable > [data-players]";
  function mineIn(id) {
    return "table.findable tr[data-players~='" + id + "'], .findable > [data-players~='" + id + "']";
  }

  function findName(form) {
    var input = form.querySelector("input[name=q]");
    var status = form.querySelector("[role=status]");
    var mine = form.querySelector("[data-find-me]");
    var rows = [];
    var folded = [];
    var matches = [];
    var current = -1;

    function mark(index) {
      rows.forEach(function (row) { row.classList.remove("found-current"); });
      if (index < 0 || index >= matches.length) { return; }
      current = index;
      var row = matches[index];
      row.classList.add("found-current");
      // after the browser has kept the typing caret in view (it would scroll back to the box)
      window.requestAnimationFrame(function () { row.scrollIntoView({ block: "center" }); });
    }

    function search() {
      // read afresh: a live page (issue 30) may have swapped its table since the last search
      rows = Array.prototype.slice.call(document.querySelectorAll(FINDABLE));
      folded = rows.map(function (row) { return fold(rowName(row)); });
      var query = fold(input.value);
      rows.forEach(function (row) { row.hidden = false; row.classList.remove("found", "found-current"); });
      matches = [];
      current = -1;
      if (!query) { status.textContent = ""; return; }
      rows.forEach(function (row, i) {
        if (folded[i].indexOf(query) !== -1) { row.classList.add("found"); matches.push(row); }
      });
      status.textContent = matches.length ? form.getAttribute("data-found").replace("{n}", matches.length)
        : form.getAttribute("data-none");
      mark(0);
    }

    input.addEventListener("input", search);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { input.value = ""; search(); }
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (!matches.length || fold(input.value) === "") { search(); return; }
      mark((current + 1) % matches.length);
    });

    var me = document.body.getAttribute("data-me");
    var own = me ? document.querySelector(mineIn(me.replace(/\D/g, ""))) : null;
    if (own && mine) {
      mine.hidden = false;
      mine.addEventListener("click", function () {
        own = document.querySelector(mineIn(me.replace(/\D/g, ""))) || own;
        own.hidden = false;
        own.scrollIntoView({ block: "center" });
        var link = own.querySelector("a");
        if (link) { link.focus(); }
      });
    }
    if (input.value) { search(); }
    document.addEventListener("damas:live", function () { if (input.value) { search(); } });
  }

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function live(marker) {
    var url = marker.getAttribute("data-live");
    var rev = marker.getAttribute("data-live-rev");
    var label = marker.getAttribute("data-live-label") || "{time}";
    var every = (parseInt(marker.getAttribute("data-live-every"), 10) || 15) * 1000;
    var etag = null;
    var timer = null;
    var failures = 0;
    var busy = false;

    function stamp() {
      var now = new Date();
      marker.textContent = label.replace("{time}", two(now.getHours()) + ":" + two(now.getMinutes()));
      marker.hidden = false;
    }
    function later(ms) { window.clearTimeout(timer); timer = window.setTimeout(check, ms); }
    function failed() {
      failures += 1;
      later(Math.min(every * Math.pow(2, failures), 300000));
      busy = false;
    }
    function swap(html) {
      var fresh = new DOMParser().parseFromString(html, "text/html");
      var next = fresh.querySelector("[data-live]");
      if (!next) { return false; }  // the page is no longer a live one (e.g. it became editable)
      var regions = document.querySelectorAll("[data-live-region]");
      for (var i = 0; i < regions.length; i++) {
        var name = regions[i].getAttribute("data-live-region");
        var other = fresh.querySelector("[data-live-region='" + name + "']");
        if (other) { regions[i].replaceWith(document.importNode(other, true)); }
      }
      rev = next.getAttribute("data-live-rev");
      markMine();
      document.dispatchEvent(new CustomEvent("damas:live"));
      return true;
    }
    function check() {
      if (busy) { return; }
      if (document.hidden) { return; }  // asked again when the tab is shown
      busy = true;
      var headers = etag ? { "If-None-Match": etag } : {};
      window.fetch(url, { headers: headers, cache: "no-store", credentials: "same-origin" }).then(function (answer) {
        if (answer.status === 304) { return null; }
        if (!answer.ok) { throw new Error(String(answer.status)); }
        etag = answer.headers.get("ETag") || etag;
        return answer.json();
      }).then(function (data) {
        if (data === null || String(data.revision) === rev) { return true; }
        return window.fetch(window.location.href, { cache: "no-store", credentials: "same-origin" })
          .then(function (page) {
            if (!page.ok) { throw new Error(String(page.status)); }
            return page.text();
          }).then(swap);
      }).then(function (goOn) {
        failures = 0;
        busy = false;
        stamp();
        if (goOn) { later(every); }
      }).catch(failed);
    }
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { later(0); } });
    stamp();
    later(every);
  }

  function markMine() {
    var me = (document.body.getAttribute("data-me") || "").replace(/\D/g, "");
    if (!me) { return; }
    var rows = document.querySelectorAll("tr[data-players~='" + me + "'], .findable > [data-players~='" + me + "']");
    for (var i = 0; i < rows.length; i++) { rows[i].classList.add("me"); }
  }

  function ready() {
    markMine();
    var forms = document.querySelectorAll("form[data-find-name]");
    for (var i = 0; i < forms.length; i++) { findName(forms[i]); }
    var marker = document.querySelector("[data-live]");
    if (marker && window.fetch && window.DOMParser) { live(marker); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
