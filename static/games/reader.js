// The browser's time zone, for readers who have not chosen one in their settings:
// kept in a cookie the server reads (games/profiles.py time_zone_of). A change of
// zone takes effect from the next page (no reload: a page never changes under the reader).
(function () {
  let zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { return; }
  if (!zone) return;
  const cookie = document.cookie.split("; ").find(function (c) { return c.indexOf("mafia_tz=") === 0; });
  const known = cookie ? decodeURIComponent(cookie.slice("mafia_tz=".length)) : "";
  if (known === zone) return;
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = "mafia_tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; samesite=lax" + secure;
})();
