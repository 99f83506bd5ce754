// The forum export's copy buttons: each copies the text area it names (data-copy).
// The Clipboard API where the page may use it, else the selection and execCommand.
(function () {
  "use strict";
  // The reader's words (the /jsi18n/ catalogue, loaded first); English if it is missing.
  const gettext = window.gettext || function (text) { return text; };

  function say(button, words) {
    var note = button.parentNode.querySelector(".copied");
    if (note) note.textContent = words;
  }

  function copy(button) {
    var area = document.getElementById(button.getAttribute("data-copy"));
    if (!area) return;
    area.focus();
    area.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(area.value).then(
        function () { say(button, gettext("Copied.")); },
        function () { say(button, fallback() ? gettext("Copied.") : gettext("Selected: press Ctrl+C.")); }
      );
      return;
    }
    say(button, fallback() ? gettext("Copied.") : gettext("Selected: press Ctrl+C."));
  }

  function fallback() {
    try {
      return document.execCommand("copy");
    } catch (error) {
      return false;
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button.copy[data-copy]");
    if (button) copy(button);
  });
})();
