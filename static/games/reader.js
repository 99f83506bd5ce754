// The reader's words, times and time zone for the page's scripts (window.MafiaReader),
// and the browser's time zone for readers who have not chosen one in their settings:
// kept in a cookie the server reads (games/profiles.py time_zone_of). A change of zone
// takes effect from the next page (no reload: a page never changes under the reader).
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

  let zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { return; }
  if (!zone) return;
  const cookie = document.cookie.split("; ").find(function (c) { return c.indexOf("mafia_tz=") === 0; });
  const known = cookie ? decodeURIComponent(cookie.slice("mafia_tz=".length)) : "";
  if (known === zone) return;
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = "mafia_tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; samesite=lax" + secure;
})();
