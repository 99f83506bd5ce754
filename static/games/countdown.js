// Counts down to a phase deadline given as an absolute server time. The page
// carries the server's "now" and every socket message corrects it (live.js sets
// MafiaClock.offset), so a drifting client clock does not matter.
(function () {
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
      node.textContent = left > 0 ? (h ? h + ":" + pad(m) : m) + ":" + pad(s) + " left" : "closing…";
      node.classList.toggle("urgent", left > 0 && left <= 10);
    });
  }
  clock.tick = tick;
  tick();
  setInterval(tick, 1000);
})();
