/* damas: the little behaviour the pages need, kept out of the HTML because the
   Content-Security-Policy allows no inline script (damas/security.py).
   - <form data-confirm="question">: asks before sending the form;
   - <button data-print>: prints the page;
   - <select data-rating-list-auto> (event form): follows the time control's rating list
     (CBJD 115: 45 minutes or more, increment included, is the regular list) until changed by hand;
   - <form data-find-name> (templates/events/_find_name.html): "find my name" over the page's
     table.findable rows, without a reload (the form's ?q= is the server-side fallback);
   - <body data-me="player id">: the logged-in player's own rows (tr[data-players~=id]) marked. */
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
    var rows = Array.prototype.slice.call(document.querySelectorAll(FINDABLE));
    var folded = rows.map(function (row) { return fold(rowName(row)); });
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
        own.hidden = false;
        own.scrollIntoView({ block: "center" });
        var link = own.querySelector("a");
        if (link) { link.focus(); }
      });
    }
    if (input.value) { search(); }
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
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
