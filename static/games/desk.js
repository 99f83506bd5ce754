// The GM's desk (templates/games/_desk_live.html): the order sheet and the preview
// "if this phase closed now" are fetched again, as a GM-only fragment, whenever the
// log tells of a move, a vote or a change of the phase (live.js dispatches each event
// it handles as "mafia:event"). The fragment is server-rendered; nothing is built here.
(function () {
  "use strict";
  // The reader's words (the /jsi18n/ catalogue, loaded first); English if it is missing.
  const gettext = window.gettext || function (text) { return text; };
  const KINDS = new Set([
    "action_recorded", "action_withdrawn", "vote", "phase_opened", "phase_closed",
    "decision_needed", "close_refused", "modkill", "replaced", "paused", "resumed",
    "left_game", "action_void", "will", "deadline_extended",
  ]);
  let timer = null;
  let asked = 0;

  function refresh() {
    const region = document.getElementById("desk-live");
    if (!region || !region.dataset.deskLive) return;
    const mine = ++asked;
    fetch(region.dataset.deskLive, {
      credentials: "same-origin", cache: "no-store", headers: { "X-Requested-With": "fetch" },
    })
      .then(function (response) {
        if (response.status === 503) return response.json().then(outage);
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html === null || mine !== asked) return; // a later answer is on its way
        const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("desk-live");
        const current = document.getElementById("desk-live");
        if (fresh && current) {
          current.replaceWith(document.importNode(fresh, true));
          document.getElementById("desk-live").classList.add("fresh");
        }
      })
      .catch(function () { /* the next event retries */ });
  }

  // The database is unreachable (games/web/outage.py): the desk says so and keeps
  // what it shows until the next event fetches it again.
  function outage(body) {
    const region = document.getElementById("desk-live");
    if (!region) return null;
    let note = region.querySelector(".outage-note");
    if (!note) {
      note = document.createElement("p");
      note.className = "outage-note error";
      region.insertBefore(note, region.firstChild);
    }
    note.textContent = (body && body.error) || gettext("The site cannot reach its database.");
    return null;
  }

  document.addEventListener("mafia:event", function (e) {
    if (!e.detail || !KINDS.has(e.detail.kind)) return;
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  });
})();
