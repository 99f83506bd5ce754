// A closed day's vote history loads when its reader opens it (games/web/votes.py
// day_votes): the game page carries only the links, whatever the number of days. The
// link inside stays for a page without script.
(function () {
  "use strict";
  const gettext = window.gettext || function (text) { return text; };

  function load(details) {
    if (details.dataset.loaded) return;
    details.dataset.loaded = "1";
    const body = details.querySelector(".day-votes-body");
    fetch(details.dataset.src, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        const fresh = new DOMParser().parseFromString(html, "text/html");
        const history = fresh.querySelector(".vote-history");
        if (!history || !body) return;
        body.textContent = "";
        body.appendChild(document.importNode(history, true));
      })
      .catch(function () {
        delete details.dataset.loaded; // opened again, it tries again
        if (body) body.insertAdjacentText("beforeend", " " + gettext("Could not load the votes: try again."));
      });
  }

  // "toggle" does not bubble: listened to in the capture phase, for panels the live
  // page swaps in later too.
  document.addEventListener("toggle", function (e) {
    const details = e.target;
    if (details.matches && details.matches("details.day-votes[data-src]") && details.open) load(details);
  }, true);
})();
