// The create-game page (templates/games/create.html): picking another ruleset or
// setup fetches that one's form (games/web/create.py, create_form) and puts it in
// place, its options at the setup's own values; what the GM typed in the fields every
// ruleset shares (name, clock, first phase) is kept. Without this script the page
// still works: the form's "Show this setup" button posts the choice and creates nothing.
(function () {
  "use strict";
  const slot = document.getElementById("create-slot");
  if (!slot || !window.fetch || !window.URLSearchParams) return;
  const SHARED = ["name", "day_minutes", "night_minutes", "first_phase"];
  let latest = null; // the last choice asked for: an older answer arriving late is dropped

  function field(form, name) {
    return form.elements.namedItem(name);
  }

  function load(changed) {
    const form = changed.form;
    const choice = new URLSearchParams();
    choice.set("ruleset", field(form, "ruleset").value);
    const sameRuleset = changed.name === "preset";
    if (sameRuleset) choice.set("preset", field(form, "preset").value);
    const params = new URLSearchParams(choice);
    SHARED.concat(sameRuleset ? ["private_messages"] : []).forEach(function (name) {
      const input = field(form, name);
      if (input && input.value !== "") params.set(name, input.value);
    });
    const ticket = (latest = {});
    form.classList.add("loading");
    fetch(slot.dataset.formUrl + "?" + params, { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        if (ticket !== latest) return;
        slot.innerHTML = html;
        history.replaceState(null, "", location.pathname + "?" + choice);
        const again = field(slot.querySelector("form"), changed.name);
        if (again) again.focus();
      })
      .catch(function () {
        // Logged out, or the server is away: the page itself says what is wrong.
        location.href = location.pathname + "?" + params;
      });
  }

  slot.addEventListener("change", function (event) {
    const name = event.target.name;
    if ((name === "ruleset" || name === "preset") && event.target.form) load(event.target);
  });
})();
