// The setup builder (templates/games/builder.html): adds, removes and moves slot rows
// in place, shows a random slot's exclusion flags for its category, and on every
// change posts the form to /setups/check/ (games/web/setups.py) to show beside each
// slot what it can become, the expected factions, the player count and every problem.
// Without this script the same buttons post the form and the page comes back with the
// same figures; field names are renumbered here exactly as the server reads them
// (games/web/builder.py).
(function () {
  "use strict";
  // The reader's words (the /jsi18n/ catalogue, loaded first); English if it is missing.
  const gettext = window.gettext || function (text) { return text; };
  const interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  };
  const form = document.getElementById("builder");
  const flagsData = document.getElementById("category-flags");
  if (!form || !flagsData || !window.fetch || !window.FormData) return;
  const FLAGS = JSON.parse(flagsData.textContent);
  const list = document.getElementById("slot-list");
  const newSlot = document.getElementById("new-slot");
  let latest = null; // the last check asked for: an older answer arriving late is dropped
  let timer = null;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function rows() {
    return Array.prototype.slice.call(list.querySelectorAll("[data-slot-row]"));
  }

  function flagBoxes(row, value, checked) {
    const box = row.querySelector(".slot-flags");
    box.textContent = "";
    (FLAGS[value] || []).forEach(function (flag) {
      const label = el("label");
      const input = el("input");
      input.type = "checkbox";
      input.value = "1";
      input.dataset.flag = flag.flag;
      input.checked = checked && flag.flag in checked ? checked[flag.flag] : flag.default;
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + flag.label));
      box.appendChild(label);
    });
  }

  // Every row's names follow its place: slot-N, slot-N-x-FLAG, up-N / down-N / remove-N.
  function renumber() {
    rows().forEach(function (row, i) {
      const select = row.querySelector("select.slot-kind");
      select.name = "slot-" + i;
      select.setAttribute("aria-label", interpolate(gettext("Slot %(n)s"), { n: i + 1 }, true));
      row.querySelector(".slot-number").textContent = String(i + 1);
      row.querySelectorAll(".slot-flags input").forEach(function (input) {
        if (!input.dataset.flag) input.dataset.flag = input.name.replace(/^slot-\d+-x-/, "");
        input.name = "slot-" + i + "-x-" + input.dataset.flag;
      });
      row.querySelectorAll(".slot-buttons button").forEach(function (button) {
        const what = button.value.replace(/-\d+$/, "");
        button.value = what + "-" + i;
        const verb = interpolate({ up: gettext("Move slot %(n)s up"), down: gettext("Move slot %(n)s down"), remove: gettext("Remove slot %(n)s") }[what], { n: i + 1 }, true);
        button.setAttribute("aria-label", verb);
      });
    });
    const empty = document.getElementById("no-slots");
    if (empty) empty.hidden = rows().length > 0;
  }

  function newRow(value) {
    const row = el("li", "slot-row");
    row.setAttribute("data-slot-row", "");
    const main = el("div", "slot-main");
    main.appendChild(el("span", "slot-number", ""));
    const select = newSlot.cloneNode(true);
    select.removeAttribute("id");
    select.className = "slot-kind";
    select.value = value;
    main.appendChild(select);
    const buttons = el("span", "slot-buttons");
    [["up", "↑", gettext("Move up")], ["down", "↓", gettext("Move down")], ["remove", "✕", gettext("Remove")]].forEach(function (b) {
      const button = el("button", b[0] === "remove" ? "icon danger" : "icon", b[1]);
      button.type = "submit";
      button.name = "op";
      button.value = b[0] + "-0";
      button.title = b[2];
      button.formNoValidate = true;
      buttons.appendChild(button);
    });
    main.appendChild(buttons);
    row.appendChild(main);
    row.appendChild(el("div", "slot-flags"));
    row.appendChild(el("div", "slot-odds"));
    row.appendChild(el("ul", "slot-problems"));
    flagBoxes(row, value, null);
    return row;
  }

  function apply(op) {
    if (op === "add") {
      list.appendChild(newRow(newSlot.value));
      renumber();
      const added = rows()[rows().length - 1];
      added.querySelector("select").focus();
      return true;
    }
    const move = /^(up|down|remove)-(\d+)$/.exec(op);
    if (!move) return false;
    const all = rows();
    const at = Number(move[2]);
    const row = all[at];
    if (!row) return true;
    if (move[1] === "remove") {
      const next = all[at + 1] || all[at - 1];
      row.remove();
      renumber();
      if (next) next.querySelector("select").focus();
      else newSlot.focus();
    } else if (move[1] === "up" && at > 0) {
      list.insertBefore(row, all[at - 1]);
      renumber();
      row.querySelector('button[value^="up-"]').focus();
    } else if (move[1] === "down" && at + 1 < all.length) {
      list.insertBefore(all[at + 1], row);
      renumber();
      row.querySelector('button[value^="down-"]').focus();
    }
    return true;
  }

  function showOdds(row, slot) {
    const box = row.querySelector(".slot-odds");
    box.textContent = "";
    const random = row.querySelector("select.slot-kind").value.indexOf("category:") === 0;
    const odds = (random && slot && slot.odds) || []; // a fixed slot is what it says
    odds.forEach(function (o) {
      const span = el("span", "odd", o.name + " ");
      span.appendChild(el("b", "", o.percent));
      box.appendChild(span);
    });
  }

  function show(figures, error) {
    document.getElementById("fig-players").textContent = figures ? String(figures.players) : "?";
    const factions = document.getElementById("fig-factions");
    factions.textContent = "";
    ((figures && figures.factions) || []).forEach(function (f) {
      const li = el("li");
      li.appendChild(el("span", "faction-name", f.title));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("strong", "", f.expected.toFixed(2)));
      factions.appendChild(li);
    });
    if (!factions.children.length) {
      factions.appendChild(el("li", "empty", figures && figures.ok ? "—" : gettext("Fix the problems to see the odds.")));
    }
    const problems = document.getElementById("fig-problems");
    problems.textContent = "";
    if (error) problems.appendChild(el("li", "", error));
    ((figures && figures.problems) || []).forEach(function (p) {
      problems.appendChild(el("li", "", p.text));
    });
    if (figures && figures.ok) problems.appendChild(el("li", "ok", gettext("None: a game can start from this setup.")));
    rows().forEach(function (row, i) {
      const slot = figures ? figures.slots[i] : null;
      showOdds(row, slot);
      const mine = ((figures && figures.problems) || []).filter(function (p) { return p.slot === i; });
      const ul = row.querySelector(".slot-problems");
      ul.textContent = "";
      mine.forEach(function (p) { ul.appendChild(el("li", "", p.text || p.message)); });
      row.classList.toggle("has-problem", mine.length > 0);
    });
  }

  function check() {
    const data = new FormData(form);
    data.delete("op");
    const ticket = (latest = {});
    form.classList.add("checking");
    // X-Requested-With: an outage is answered as JSON too (games/web/outage.py).
    fetch(form.dataset.checkUrl, {
      method: "POST", body: data, credentials: "same-origin", headers: { "X-Requested-With": "fetch" },
    })
      .then(function (response) {
        return response.json().then(function (body) { return { ok: response.ok, body: body }; });
      })
      .then(function (answer) {
        if (ticket !== latest) return;
        form.classList.remove("checking");
        if (answer.ok) show(answer.body, "");
        else show(null, answer.body.error || gettext("The check failed."));
      })
      .catch(function () {
        if (ticket !== latest) return;
        form.classList.remove("checking");
        show(null, gettext("The check could not reach the server; Check or Save still work."));
      });
  }

  function soon() {
    clearTimeout(timer);
    timer = setTimeout(check, 200);
  }

  form.addEventListener("click", function (event) {
    const button = event.target.closest("button[name=op]");
    if (!button) return;
    if (button.value === "check") {
      event.preventDefault();
      check();
    } else if (apply(button.value)) {
      event.preventDefault();
      check();
    }
  });

  form.addEventListener("change", function (event) {
    const target = event.target;
    if (target.classList.contains("slot-kind")) {
      flagBoxes(target.closest("[data-slot-row]"), target.value, null);
      renumber();
    }
    if (target.id !== "new-slot") soon();
  });
  form.addEventListener("input", function (event) {
    if (event.target.type === "number") soon();
  });

  renumber();
  form.classList.add("live");
})();
