// Forms with card-name fields (list="card-names"): one tap on a submit button submits.
// The cause of the lost tap: while a card field has focus and its autocomplete list is open,
// the button's mousedown moves the focus away; Chromium then scrolls the field back to the middle
// of the screen as its list closes, so the button is no longer under the finger at mouseup and
// the click goes to the form, not the button: nothing is submitted. Keeping the focus where it
// is during the tap (no scroll) lets the click reach the button.
(function () {
  document.querySelectorAll("form button[type=submit]").forEach(function (button) {
    if (!button.form || !button.form.querySelector('input[list="card-names"]')) return;
    if (button.dataset.cardNames) return;
    button.dataset.cardNames = "1";
    button.addEventListener("mousedown", function (event) { event.preventDefault(); });
  });
})();
