// Counts down to a phase deadline given as an absolute server time. The page
// also carries the server's "now", so a drifting client clock does not matter.
(function () {
  const nodes = document.querySelectorAll(".countdown[data-deadline]");
  if (!nodes.length) return;
  const started = Date.now();
  function tick() {
    nodes.forEach(function (node) {
      const deadline = Date.parse(node.dataset.deadline);
      const serverNow = Date.parse(node.dataset.now) + (Date.now() - started);
      let left = Math.max(0, Math.round((deadline - serverNow) / 1000));
      const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      node.textContent = left > 0 ? "(" + (h ? h + "h " : "") + m + "m " + s + "s left)" : "(closing…)";
    });
  }
  tick();
  setInterval(tick, 1000);
})();
