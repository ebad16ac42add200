/* damas: the little behaviour the pages need, kept out of the HTML because the
   Content-Security-Policy allows no inline script (damas/security.py).
   - <form data-confirm="question">: asks before sending the form;
   - <button data-print>: prints the page. */
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
})();
