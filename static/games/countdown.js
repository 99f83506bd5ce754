// Counts down to a phase deadline given as an absolute server time. The page
// carries the server's "now" and every socket message corrects it (live.js sets
// MafiaClock.offset), so a drifting client clock does not matter.
(function () {
  // The reader's words (the /jsi18n/ catalogue, loaded first); English if it is missing.
  const gettext = window.gettext || function (text) { return text; };
  const interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  };
  const clock = (window.MafiaClock = window.MafiaClock || { offset: null });
  function serverNow() {
    if (clock.offset === null) {
      const node = document.querySelector("[data-now]");
      clock.offset = node ? Date.parse(node.dataset.now) - Date.now() : 0;
    }
    return Date.now() + clock.offset;
  }
  function tick() {
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (node) {
      const deadline = Date.parse(node.dataset.deadline);
      const left = Math.max(0, Math.round((deadline - serverNow()) / 1000));
      const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      const pad = function (n) { return (n < 10 ? "0" : "") + n; };
      const shown = (h ? h + ":" + pad(m) : m) + ":" + pad(s);
      node.textContent = left > 0 ? interpolate(gettext("%(time)s left"), { time: shown }, true) : gettext("closing…");
      node.classList.toggle("urgent", left > 0 && left <= 10);
    });
  }
  clock.tick = tick;
  tick();
  setInterval(tick, 1000);
})();
