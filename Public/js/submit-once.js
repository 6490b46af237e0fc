// Disables a form's submit button after the first submit, so a double click sends one
// request. The server also answers a repeated form token with the first result, so this is
// a convenience, not the defence. Forms opt in with the `data-submit-once` attribute.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-submit-once")) return;
    if (form.dataset.submitting === "yes" || form.dataset.busy === "yes") {
      event.preventDefault();
      return;
    }
    form.dataset.submitting = "yes";
    // Disable after this event: a button disabled during dispatch is left out of the data.
    setTimeout(function () {
      form.querySelectorAll("button[type=submit], input[type=submit]").forEach(function (button) {
        button.disabled = true;
        button.setAttribute("aria-busy", "true");
      });
    }, 0);
  });
  // Coming back with the Back button restores the page from the cache: enable it again.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    document.querySelectorAll("form[data-submit-once]").forEach(function (form) {
      delete form.dataset.submitting;
      form.querySelectorAll("button[type=submit], input[type=submit]").forEach(function (button) {
        button.disabled = false;
        button.removeAttribute("aria-busy");
      });
    });
  });
})();
