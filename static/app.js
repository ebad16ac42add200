/* damas: the little behaviour the pages need, kept out of the HTML because the
   Content-Security-Policy allows no inline script (damas/security.py).
   - <form data-confirm="question">: asks before sending the form;
   - <button data-print>: prints the page;
   - <select data-rating-list-auto> (event form): follows the time control's rating list
     (CBJD 115: 45 minutes or more, increment included, is the regular list) until changed by hand. */
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
})();
