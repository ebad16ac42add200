/* damas: the round's results form at keyboard speed (issue 27 point 3), loaded by
   templates/rounds/round.html for the arbiters only (the CSP allows no inline script).
   - <form data-result-keys='{"2": "1-0", ...}'>: the server's key map for the event's rule set
     (damas/presentation/results.py `result_keys`: White's score as the sheet writes it, + and -
     the forfeits). A key pressed on a board's result select, or on its row, sets that result and
     moves to the next board's select; after the last board, to the save button. Enter saves.
   - [data-result-keys-help] (hidden without script): the keys' line and the "Mesa" box; a board
     number typed there shows that board (Enter goes to its select). Without JavaScript the form
     is as before and each row keeps its #mesa-N anchor. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-result-keys]");
  if (!form) { return; }
  var keys;
  try { keys = JSON.parse(form.getAttribute("data-result-keys")); } catch (e) { return; }
  var current = null;  // the row the "Mesa" box shows
  var help = document.querySelector("[data-result-keys-help]");
  if (help) { help.hidden = false; }

  function selects() {
    var all = form.querySelectorAll("select[name^='result-']");
    var shown = [];
    for (var i = 0; i < all.length; i++) {
      var row = all[i].closest("tr");
      if (!row || !row.hidden) { shown.push(all[i]); }
    }
    return shown;
  }

  function saveButton() {
    return form.querySelector("button.primary");
  }

  function focusBoard(select) {
    select.focus({ preventScroll: true });
    var row = select.closest("tr");
    (row || select).scrollIntoView({ block: "center" });
  }

  function next(select) {
    var list = selects();
    var at = list.indexOf(select);
    if (at >= 0 && at + 1 < list.length) {
      focusBoard(list[at + 1]);
    } else if (saveButton()) {
      saveButton().focus();
    }
  }

  function selectOf(target) {
    if (!target || !target.closest) { return null; }
    if (target.matches && target.matches("select[name^='result-']")) { return target; }
    if (target.closest("a, button, input, select, textarea")) { return null; }  // their own keys
    var row = target.closest("tr");
    return row ? row.querySelector("select[name^='result-']") : null;
  }

  form.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) { return; }
    var select = selectOf(event.target);
    if (!select) { return; }
    if (event.key === "Enter") {
      event.preventDefault();
      if (form.requestSubmit) { form.requestSubmit(saveButton() || undefined); } else { form.submit(); }
      return;
    }
    if (!Object.prototype.hasOwnProperty.call(keys, event.key)) { return; }
    event.preventDefault();  // not the select's own type-ahead search of its labels
    if (current) { current.classList.remove("found-current"); current = null; }
    select.value = keys[event.key];
    select.dispatchEvent(new Event("change", { bubbles: true }));
    var row = select.closest("tr");
    if (row) { row.classList.add("keyed"); }
    next(select);
  });

  /* A click on a row (not on its links or buttons) gives its select the focus, so keys work there. */
  form.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest || target.closest("a, button, input, select, label")) { return; }
    var select = selectOf(target);
    if (select) { select.focus({ preventScroll: true }); }
  });

  var jump = document.getElementById("board-jump");
  if (!jump) { return; }
  var status = jump.parentNode.querySelector("[role=status]");

  function find(number) {
    var list = form.querySelectorAll("select[data-board='" + number + "']");
    return list.length ? list[0] : null;
  }

  function show() {
    var number = parseInt(jump.value, 10);
    if (current) { current.classList.remove("found-current"); current = null; }
    if (status) { status.textContent = ""; }
    if (!number) { return null; }
    var select = find(number);
    if (!select) {
      if (status) { status.textContent = (jump.getAttribute("data-missing") || "").replace("{n}", number); }
      return null;
    }
    var row = select.closest("tr");
    if (row) {
      if (row.hidden) { row.hidden = false; }  // hidden by "find my name": the board asked wins
      row.classList.add("found-current");
      current = row;
      window.requestAnimationFrame(function () { row.scrollIntoView({ block: "center" }); });
    }
    return select;
  }

  jump.addEventListener("input", show);
  jump.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") { return; }
    event.preventDefault();
    var select = show();
    if (select) {
      focusBoard(select);
      jump.value = "";
    }
  });
})();
