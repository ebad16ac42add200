/* damas: <button data-copy="element id" data-copied="text">: copies the element's text (the Pix
   "copia e cola" code on the payment page) to the clipboard and says so on the button; where the
   clipboard is not allowed, the text is selected for the player to copy by hand. Kept out of the
   HTML: the Content-Security-Policy allows no inline script (damas/security.py). */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target && event.target.closest ? event.target.closest("[data-copy]") : null;
    if (!button) { return; }
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!field) { return; }
    event.preventDefault();
    field.focus();
    field.select();
    if (field.setSelectionRange) { field.setSelectionRange(0, field.value.length); }
    var label = button.textContent;
    var done = function () {
      button.textContent = button.getAttribute("data-copied") || label;
      button.setAttribute("data-copy-done", "");
      window.setTimeout(function () { button.textContent = label; }, 2500);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(field.value).then(done, function () {
        try { if (document.execCommand("copy")) { done(); } } catch (e) { /* selected: copy by hand */ }
      });
    } else {
      try { if (document.execCommand("copy")) { done(); } } catch (e) { /* selected: copy by hand */ }
    }
  });
}());
