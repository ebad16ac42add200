/* The arbiter's desk (issue 27 point 6): the incident and sanction forms name the player by
   round, board and side; when the arbiter types a board number, the side choices show the two
   players of that board ("Brancas — Name"). Data: the form's data-desk-boards, JSON
   {round: {board: [white, black]}}. Kept out of the HTML: the CSP allows no inline script. */
(function () {
  "use strict";
  document.querySelectorAll("form[data-desk-boards]").forEach(function (form) {
    var boards;
    try { boards = JSON.parse(form.getAttribute("data-desk-boards")); } catch (e) { return; }
    var round = form.querySelector("select[name$='round_number']");
    var board = form.querySelector("input[name$='-board']");
    var side = form.querySelector("select[name$='-side']");
    if (!round || !board || !side) { return; }
    var base = {};
    Array.prototype.forEach.call(side.options, function (o) {
      base[o.value] = o.textContent.split(" — ")[0];
    });
    function update() {
      var names = (boards[round.value] || {})[board.value.trim()];
      Array.prototype.forEach.call(side.options, function (o, i) {
        if (!o.value) { return; }
        var name = names ? names[o.value === "white" ? 0 : 1] : null;
        o.textContent = names ? base[o.value] + " — " + (name || "—") : base[o.value];
      });
    }
    round.addEventListener("change", update);
    board.addEventListener("input", update);
    update();
  });
}());
