// The reader's words, times and time zone for the page's scripts (window.MafiaReader),
// and the browser's time zone for readers who have not chosen one in their settings:
// kept in a cookie the server reads (games/profiles.py time_zone_of), and, on a page
// the server rendered in another zone (the first page, before the cookie; a trip
// abroad), each of its times (<time datetime data-format>: game_tags.local_time) shown
// again in the browser's zone. Without scripts the page keeps the server's zone.
(function () {
  "use strict";
  const gettext = window.gettext || function (text) { return text; };
  const interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  };

  function pageZone() {
    return (document.body && document.body.dataset.timeZone) || "UTC";
  }

  // "14:03:07" in the page's time zone (the one its server-rendered times are in).
  function clockTime(iso) {
    const when = new Date(iso);
    try {
      return new Intl.DateTimeFormat("en-GB", {
        timeZone: pageZone(), hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
      }).format(when);
    } catch (e) {
      return when.toISOString().slice(11, 19);
    }
  }

  function zoneLabel() {
    return (document.body && document.body.dataset.zoneLabel) || "UTC";
  }

  // "Night 2" / "Ночь 2": the phase banner's name.
  function phaseName(kind, number) {
    const text = kind === "night" ? gettext("Night %(number)s") : gettext("Day %(number)s");
    return interpolate(text, { number: number }, true);
  }

  // A post's phase as the server stores it ("night 1", "sign-ups", "after the game").
  function phaseLabel(label) {
    const match = /^(day|night) (\d+)$/.exec(label);
    if (match) {
      const text = match[1] === "night" ? gettext("night %(number)s") : gettext("day %(number)s");
      return interpolate(text, { number: match[2] }, true);
    }
    if (label === "sign-ups") return gettext("sign-ups");
    if (label === "after the game") return gettext("after the game");
    return label;
  }

  window.MafiaReader = { clockTime: clockTime, zoneLabel: zoneLabel, phaseName: phaseName, phaseLabel: phaseLabel };

  // "MSK", "GMT+9": a zone's short name now, or null for a zone Intl does not know.
  function shortZoneName(zone) {
    try {
      const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" }).formatToParts(new Date());
      const part = parts.find(function (p) { return p.type === "timeZoneName"; });
      return part ? part.value : null;
    } catch (e) {
      return null;
    }
  }

  // A time as game_tags.local_time's formats say (clock, clock-zone, date-time).
  function formatted(iso, kind) {
    if (kind === "clock") return clockTime(iso);
    if (kind === "clock-zone") return clockTime(iso) + " " + zoneLabel();
    try {
      return new Intl.DateTimeFormat(document.documentElement.lang || "en", {
        timeZone: pageZone(), day: "numeric", month: "short", year: "numeric",
        hour: "2-digit", minute: "2-digit", hourCycle: "h23",
      }).format(new Date(iso));
    } catch (e) {
      return null;
    }
  }

  // The page's times (and the times its scripts add later) in `zone`.
  function showTimesIn(zone) {
    const label = shortZoneName(zone);
    if (label === null) return;
    document.body.dataset.timeZone = zone;
    document.body.dataset.zoneLabel = label;
    document.querySelectorAll("time[datetime][data-format]").forEach(function (node) {
      const text = formatted(node.getAttribute("datetime"), node.dataset.format);
      if (text) node.textContent = text;
    });
  }

  let zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { return; }
  if (!zone) return;
  // A zone the reader chose in his settings stays (the page says so: data-zone-chosen).
  if (document.body && !("zoneChosen" in document.body.dataset) && zone !== pageZone()) showTimesIn(zone);
  const cookie = document.cookie.split("; ").find(function (c) { return c.indexOf("mafia_tz=") === 0; });
  const known = cookie ? decodeURIComponent(cookie.slice("mafia_tz=".length)) : "";
  if (known === zone) return;
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = "mafia_tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; samesite=lax" + secure;
})();
