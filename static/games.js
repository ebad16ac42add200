// The game page (issue 32): next / previous / first / last by tap, swipe or arrow keys without
// reloading. Without JavaScript every move and button is a link to the page at that move.
(function () {
  "use strict";
  var list = document.getElementById("move-list");
  var img = document.getElementById("game-diagram");
  var caption = document.getElementById("game-caption");
  if (!list || !img) { return; }
  var moves = Array.prototype.slice.call(list.querySelectorAll("a.move[data-ply]"));
  var current = parseInt(list.getAttribute("data-current"), 10) || 0;

  function urlOf(ply) {
    return ply === 0 ? list.getAttribute("data-start-url") : moves[ply - 1].getAttribute("href").split("#")[0];
  }

  function show(ply) {
    if (ply < 0 || ply > moves.length) { return; }
    current = ply;
    img.src = ply === 0 ? list.getAttribute("data-start") : moves[ply - 1].getAttribute("data-svg");
    moves.forEach(function (a, i) { a.classList.toggle("current", i === ply - 1); });
    caption.textContent = ply === 0 ? list.getAttribute("data-caption-start")
      : list.getAttribute("data-caption").replace("{n}", String(ply));
    if (ply > 0) { moves[ply - 1].scrollIntoView({block: "nearest"}); }
    if (window.history && window.history.replaceState) { window.history.replaceState(null, "", urlOf(ply) + "#diagrama"); }
  }

  var steps = {
    first: function () { return 0; }, prev: function () { return Math.max(0, current - 1); },
    next: function () { return Math.min(moves.length, current + 1); }, last: function () { return moves.length; }
  };
  document.querySelectorAll(".game-nav [data-step]").forEach(function (a) {
    a.addEventListener("click", function (e) { e.preventDefault(); show(steps[a.getAttribute("data-step")]()); });
  });
  moves.forEach(function (a, i) {
    a.addEventListener("click", function (e) { e.preventDefault(); show(i + 1); });
  });
  document.addEventListener("keydown", function (e) {
    if (e.target && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) { return; }
    var key = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last"}[e.key];
    if (key) { e.preventDefault(); show(steps[key]()); }
  });
  var startX = null;
  img.addEventListener("touchstart", function (e) { startX = e.changedTouches[0].clientX; }, {passive: true});
  img.addEventListener("touchend", function (e) {
    if (startX === null) { return; }
    var dx = e.changedTouches[0].clientX - startX;
    startX = null;
    if (Math.abs(dx) > 40) { show(steps[dx < 0 ? "next" : "prev"]()); }
  });
})();
