// The game page's live connection: one websocket per tab (games/live/consumers.py).
// The page keeps its cursor (games/cursors.py): {label: number} over the streams this
// viewer reads, each event named [label, number]; after any reconnect (network drop,
// laptop sleep, server restart) it reopens the socket with ?after=<cursor> so the
// server sends what was missed. The numbers count only what this viewer reads. Everything shown is set
// with textContent: posts are never interpreted as HTML.
// A push can be lost (a worker killed right after a close, Redis restarting): once the
// countdown has run out the page asks for what it missed every second and a half until
// the phase changes (then every ten seconds), and every half minute anyway. While the
// socket is down (Redis down: it closes with 1013) the page reads the same feed over
// HTTP (events/?after=<cursor>) every few seconds and reconnects with backoff.
(function () {
  "use strict";
  // The reader's words (the /jsi18n/ catalogue, loaded first); English if it is missing.
  const gettext = window.gettext || function (text) { return text; };
  const interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  };
  const pgettext = window.pgettext || function (context, text) { return text; };
  const reader = window.MafiaReader;
  const root = document.getElementById("live");
  if (!root || !("WebSocket" in window)) return;
  const gameId = root.dataset.liveGame;
  const clock = (window.MafiaClock = window.MafiaClock || { offset: null });
  const seen = new Set();
  let cursor = readCursor(root.dataset.cursor);
  let socket = null;
  let retry = 500;
  let refreshTimer = null;
  let refs = 0;
  let navigating = false; // a form is being sent the ordinary way: no reload meanwhile
  let lobbyStale = false; // the lobby changed while the GM typed an announcement
  let lastCheck = Date.now(); // when the page last asked for what it missed
  let overdueDeadline = null; // the deadline the countdown ran out on
  let overdueChecks = 0; // checks since then
  const CHECK_MS = 30000; // the light periodic check, socket open
  const POLL_MS = 3000; // socket down: the HTTP feed
  const OVERDUE_MS = 1500; // the countdown ran out: until the close arrives
  const OVERDUE_QUICK_CHECKS = 10; // then every LATE_MS (a GM-paced or paused clock)
  const LATE_MS = 10000;
  const UNAVAILABLE = 1013; // the server's "try again later" (games/live/consumers.py)

  function readCursor(text) {
    try {
      const parsed = JSON.parse(text || "{}");
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {};
    } catch (e) { return {}; }
  }

  function keep(next) {
    if (!next || typeof next !== "object") return;
    cursor = next;
    root.dataset.cursor = JSON.stringify(cursor);
  }

  // A frame whose `prev` is ahead of this page in some stream: a frame was lost.
  function behind(prev) {
    return Object.keys(prev || {}).some(function (label) {
      return prev[label] > (cursor[label] || 0);
    });
  }

  function eventKey(event) { return event.id[0] + ":" + event.id[1]; }

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function setStatus(text, cls) {
    const node = document.getElementById("live-status");
    if (!node) return;
    node.textContent = text;
    node.className = "live-status " + cls;
  }

  function toast(text, cls) {
    const box = document.getElementById("toasts");
    if (!box) return;
    const node = el("div", "toast " + (cls || ""), text);
    box.appendChild(node);
    setTimeout(function () { node.remove(); }, 6000);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const after = encodeURIComponent(JSON.stringify(cursor));
    socket = new WebSocket(scheme + location.host + "/ws/games/" + gameId + "/?after=" + after);
    socket.onopen = function () { retry = 500; setStatus(pgettext("connection", "live"), "on"); };
    // 4503: the database was unreachable as the socket opened (its error frame said
    // so); the page reconnects like after any close.
    socket.onclose = function (closed) {
      if (closed.code === UNAVAILABLE) {
        setStatus("live updates down: checking for news every few seconds", "off");
        retry = Math.max(retry, 2000);
        setTimeout(connect, retry);
        retry = Math.min(retry * 2, 10000);
        return;
      }
      if (closed.code === 4401) {
        // The session logged out (games/live/sessions.py): a new socket would be
        // anonymous; the page says so and waits for a reload.
        setStatus(gettext("logged out: reload the page"), "off");
        return;
      }
      setStatus(gettext("reconnecting…"), "off");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
    socket.onmessage = function (message) {
      let data;
      try { data = JSON.parse(message.data); } catch (e) { return; }
      if (data.now) clock.offset = Date.parse(data.now) - Date.now();
      if (data.type === "events") onEvents(data);
      else if (data.type === "membership") onMembership(data);
      else if (data.type === "error") toast(data.message, "error");
      else if (data.type === "unavailable") setStatus(data.message, "off");
      else if (data.type === "posted") clearForm(data.ref);
    };
  }

  // Ask for everything after this page's cursor: over the socket when it is open,
  // else from the HTTP feed (the same events, the same cursor).
  function checkForNews() {
    lastCheck = Date.now();
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: "resync", after: cursor }));
      return;
    }
    const asked = JSON.stringify(cursor);
    fetch("/games/" + gameId + "/events/?after=" + encodeURIComponent(asked), {
      credentials: "same-origin",
    })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        // A socket frame moved the cursor meanwhile: the next check starts from it.
        if (!data || !Array.isArray(data.events) || JSON.stringify(cursor) !== asked) return;
        onEvents({ prev: cursor, upto: data.cursor, events: data.events });
      })
      .catch(function () { /* the next check retries */ });
  }

  function serverNow() {
    return Date.now() + (clock.offset || 0);
  }

  // The deadline this page counts down to, once it has passed (a second's grace for
  // the close and its push); null while it runs, is paused, or there is none.
  function passedDeadline() {
    const node = document.querySelector("#phase-banner .countdown[data-deadline]");
    if (!node) return null;
    const deadline = node.dataset.deadline;
    return Date.parse(deadline) < serverNow() - 1000 ? deadline : null;
  }

  function watch() {
    const open = socket && socket.readyState === WebSocket.OPEN;
    let every = open ? CHECK_MS : POLL_MS;
    const passed = passedDeadline();
    if (passed !== overdueDeadline) {
      overdueDeadline = passed;
      overdueChecks = 0;
    }
    if (passed !== null) every = Math.min(every, overdueChecks < OVERDUE_QUICK_CHECKS ? OVERDUE_MS : LATE_MS);
    if (Date.now() - lastCheck < every) return;
    if (passed !== null) overdueChecks += 1;
    checkForNews();
  }

  function onEvents(data) {
    if (behind(data.prev)) {
      // A gap: ask for everything after what this page has.
      socket.send(JSON.stringify({ type: "resync", after: cursor }));
      return;
    }
    if (root.dataset.lobby && data.events.length && !navigating) {
      // Sign-ups changed, the GM announced or the game started: the lobby page is
      // rendered afresh, once the announcement being typed (if any) is sent or wiped.
      keep(data.upto);
      if (draftInLobby()) lobbyStale = true;
      else location.reload();
      return;
    }
    data.events.forEach(function (event) {
      const key = eventKey(event);
      if (seen.has(key)) return;
      seen.add(key);
      handle(event);
    });
    keep(data.upto);
  }

  function draftInLobby() {
    return Array.prototype.some.call(document.querySelectorAll("textarea"), function (t) {
      return t.value.trim() !== "";
    });
  }

  document.addEventListener("input", function () {
    if (lobbyStale && !navigating && !draftInLobby()) location.reload();
  });

  function onMembership(data) {
    keep(data.cursor); // a stream opened (read from its start) or closed
    if (data.finished) return; // the game-over screen is already showing
    scheduleRefresh();
  }

  function logLine(event) {
    if (!event.text) return;
    const list = document.getElementById("events");
    const key = eventKey(event).replace(/"/g, "");
    if (!list || list.querySelector('[data-event="' + key + '"]')) return;
    const item = el("li", "event " + event.kind + " fresh", event.text);
    item.dataset.event = key;
    list.appendChild(item);
  }

  function handle(event) {
    const p = event.payload || {};
    // Other page scripts follow the log too (static/games/desk.js: the GM's desk).
    document.dispatchEvent(new CustomEvent("mafia:event", { detail: { kind: event.kind } }));
    switch (event.kind) {
      case "post":
      case "pm":
        addPost(p);
        break;
      case "vote": // a change of one ballot: the history and the tally follow it
        applyVote(event);
        if (document.getElementById("gm")) scheduleRefresh();
        break;
      case "phase_closed":
        showNews(event);
        logLine(event);
        break;
      case "last_words":
        logLine(event);
        break;
      case "death_note": // a prepared note, published with its author's death
        logLine(event);
        quoteInNews(p.player, interpolate(gettext("%(name)s's posthumous note:"), { name: p.player }, true), p.text);
        break;
      case "last_will": // a will the engine read out with its writer's death
        logLine(event);
        quoteInNews(p.player, interpolate(gettext("%(name)s's last will:"), { name: p.player }, true), p.text, "last-will");
        break;
      case "will": // a version of a will, for its writer and the GM: their panels follow
        logLine(event);
        scheduleRefresh();
        break;
      case "result":
        logLine(event);
        toast(gettext("New private result:") + " " + event.text, "result");
        break;
      case "roulette": // a move of the graveyard's table: listed under it, the panel follows
        logLine(event);
        addMove(event);
        scheduleRefresh();
        break;
      case "roulette_option": // the GM let spectators play or only watch
        logLine(event);
        scheduleRefresh();
        break;
      case "phase_opened":
        logLine(event);
        openPhase(p);
        break;
      case "game_over":
        logLine(event);
        gameOver(p);
        break;
      case "deadline_extended":
        logLine(event);
        moveDeadline(p);
        break;
      case "paused":
      case "resumed":
      case "replaced":
        logLine(event);
        scheduleRefresh();
        break;
      case "modkill":
        logLine(event);
        dropBallots(p.player, true);
        toast(event.text, "announce");
        scheduleRefresh();
        break;
      case "left_game": // a leaver's ballot is void
        logLine(event);
        dropBallots(p.player, false);
        break;
      case "reminder": // the deadline is near and my vote or move is still missing
      case "activity_warning":
      case "substitute_wanted":
        logLine(event);
        if (event.kind === "reminder" || p.player === root.dataset.me || p.you) toast(event.text, "result");
        if (event.kind !== "reminder") scheduleRefresh();
        break;
      case "action_void":
        logLine(event);
        toast(event.text, "result");
        scheduleRefresh();
        break;
      case "action_recorded":
      case "action_withdrawn":
        logLine(event);
        if (p.of !== undefined) {
          const node = document.getElementById("gm-acted");
          if (node) node.textContent = interpolate(gettext("%(acted)s of %(of)s have acted"), { acted: p.acted, of: p.of }, true);
          scheduleRefresh();
        }
        break;
      default:
        logLine(event);
    }
  }

  function addPost(p) {
    let channel = p.channel === "last_words" ? "day" : p.channel;
    if (p.channel === "room") channel = "room:" + p.room; // a night chat room's panel
    const section = document.querySelector('[data-thread="' + channel.replace(/"/g, "") + '"]');
    if (!section && p.channel === "room") { scheduleRefresh(); return; } // a room new to this page
    if (!section || section.querySelector('[data-post="' + p.post + '"]')) return;
    section.classList.remove("hidden");
    // A paged thread showing older or filtered posts (static/games/thread.js) gets
    // no live post at its bottom: its "Newer posts" brings them in order.
    if (section.hasAttribute("data-paged") && section.dataset.latest !== "1") {
      notePost(p);
      return;
    }
    const posts = section.querySelector(".posts");
    const empty = posts.querySelector(".empty");
    if (empty) empty.remove();
    const article = el("article", "post fresh " + p.channel + (p.gm ? " by-gm" : ""));
    article.dataset.post = p.post;
    const header = el("header");
    header.appendChild(el("strong", "", p.author));
    // The GM of a masked game reads who is behind the mask (games/live/consumers.py).
    if (p.account) {
      header.appendChild(document.createTextNode(" "));
      header.appendChild(el("small", "mask-account", "(" + p.account + ")"));
    }
    let tail = (p.to ? " → " + p.to : "") + " · " + reader.phaseLabel(p.phase || "");
    if (p.channel === "last_words") tail += " · " + gettext("last words");
    header.appendChild(document.createTextNode(tail + " · "));
    header.appendChild(el("time", "", reader.clockTime(p.at)));
    article.appendChild(header);
    article.appendChild(el("p", "", p.text));
    if (section.hasAttribute("data-paged") && window.MafiaThread) {
      window.MafiaThread.links(article, p, channel);
    }
    posts.appendChild(article);
    notePost(p);
  }

  // What a post changes beside its thread: the counters, the toasts.
  function notePost(p) {
    if (p.channel === "last_words") {
      quoteInNews(p.author, interpolate(gettext("%(name)s's last words:"), { name: p.author }, true), p.text);
    }
    if (p.channel === "day" && p.author === root.dataset.me) countMyPost();
    if (p.channel === "day") countInGmTable(p.author);
    if (p.channel === "announce") toast(gettext("GM") + ": " + p.text, "announce");
    if (p.channel === "pm" && p.author !== root.dataset.me) toast(interpolate(gettext("Private message from %(name)s"), { name: p.author }, true), "pm");
  }

  // The posts rule's counter ("Posts today: 4 of 10", games/services/activity.py):
  // one more for each of my own day posts; the page renders it again on a refresh.
  function countMyPost() {
    const counter = document.getElementById("post-counter");
    if (!counter) return;
    const posts = Number(counter.dataset.posts) + 1;
    counter.dataset.posts = String(posts);
    counter.querySelector(".count").textContent = String(posts);
    counter.classList.toggle("short", posts < Number(counter.dataset.needed));
  }

  // The GM's Posts column counts every living player's day posts the same way.
  function countInGmTable(author) {
    const row = document.querySelector('#gm-players tr[data-player="' + CSS.escape(author) + '"]');
    const cell = row && row.querySelector(".posts-count");
    if (!cell || cell.textContent.trim() === "") return; // no rule today, or a dead seat
    const posts = Number(cell.textContent) + 1;
    cell.textContent = String(posts);
    cell.classList.toggle("short", posts < Number(cell.dataset.needed));
  }

  // A roulette move shows under its table as the page renders it (games/web/roulette.py
  // table_moves: the event's text), never in the chat; a table's first move starts a
  // new list.
  function addMove(event) {
    const list = document.getElementById("roulette-moves");
    const key = eventKey(event);
    if (!list || !event.text || list.querySelector('[data-event="' + key + '"]')) return;
    if ((event.payload || {}).opened) list.textContent = "";
    const empty = list.querySelector(".empty");
    if (empty) empty.remove();
    const item = el("li", "fresh", event.text);
    item.dataset.event = key;
    list.appendChild(item);
    list.scrollTop = list.scrollHeight;
  }

  // The open round's ballots in the order cast ([voter, target] pairs, as the page gave
  // them in #vote-history). A vote event says only what changed (games/services/
  // votes.py); the tally is counted from the ballots as services.tally counts them: a
  // changed vote keeps its voter's place, a withdrawn one loses it.
  function readBallots(panel) {
    try { return new Map(JSON.parse(panel.dataset.ballots || "[]")); } catch (e) { return new Map(); }
  }

  function keepBallots(panel, ballots) {
    panel.dataset.ballots = JSON.stringify(Array.from(ballots.entries()));
    const tally = {};
    ballots.forEach(function (target, voter) { (tally[target] = tally[target] || []).push(voter); });
    renderTally(tally);
  }

  function applyVote(event) {
    const p = event.payload || {};
    const panel = document.getElementById("vote-history");
    if (!panel) return;
    if (Number(p.round || 0) !== Number(panel.dataset.round)) { scheduleRefresh(); return; }
    const ballots = readBallots(panel);
    if (p.target) ballots.set(p.voter, p.target);
    else ballots.delete(p.voter);
    keepBallots(panel, ballots);
    addVoteLine(panel, event);
  }

  // The vote's line (its text, the server's, in the reader's words) at the end of its
  // round's list, once; the list is a polite live region.
  function addVoteLine(panel, event) {
    const p = event.payload || {};
    const list = panel.querySelector('.vote-lines[data-round="' + Number(p.round || 0) + '"]');
    const key = eventKey(event).replace(/"/g, "");
    if (!list || !event.text || list.querySelector('[data-event="' + key + '"]')) return;
    const empty = list.querySelector(".empty");
    if (empty) empty.remove();
    const item = el("li", "vote-line " + (p.target ? (p.was ? "change" : "vote") : "withdraw") + " fresh");
    item.dataset.event = key;
    const time = el("time", "", reader.clockTime(event.at));
    time.setAttribute("datetime", event.at);
    time.dataset.format = "clock";
    item.appendChild(time);
    item.appendChild(document.createTextNode(" " + event.text));
    list.appendChild(item);
    list.scrollTop = list.scrollHeight;
  }

  // A modkill voids the dead's ballot and those naming him; a leaver's own is void.
  function dropBallots(player, naming) {
    const panel = document.getElementById("vote-history");
    if (!panel || !player) return;
    const ballots = readBallots(panel);
    Array.from(ballots.entries()).forEach(function (pair) {
      if (pair[0] === player || (naming && pair[1] === player)) ballots.delete(pair[0]);
    });
    keepBallots(panel, ballots);
  }

  function renderTally(tally) {
    const list = document.querySelector("#tally .tally-list");
    if (!list) return;
    list.textContent = "";
    const names = Object.keys(tally);
    // Practice seats keep their "bot" tag as the page renders it (running.html).
    const section = document.getElementById("tally");
    const bots = new Set(((section && section.dataset.bots) || "").split("|").filter(Boolean));
    function named(parent, name) {
      parent.appendChild(document.createTextNode(name));
      if (bots.has(name)) {
        parent.appendChild(document.createTextNode(" "));
        parent.appendChild(el("span", "tag bot", gettext("bot")));
      }
    }
    if (!names.length) list.appendChild(el("li", "empty", gettext("No votes yet.")));
    names.forEach(function (name) {
      const item = el("li");
      item.appendChild(el("strong", "", name));
      if (bots.has(name)) {
        item.appendChild(document.createTextNode(" "));
        item.appendChild(el("span", "tag bot", gettext("bot")));
      }
      item.appendChild(document.createTextNode(": " + tally[name].length + " ("));
      tally[name].forEach(function (voter, i) {
        if (i) item.appendChild(document.createTextNode(", "));
        named(item, voter);
      });
      item.appendChild(document.createTextNode(")"));
      list.appendChild(item);
    });
  }

  function showNews(event) {
    const news = document.getElementById("news");
    if (!news) return;
    news.textContent = "";
    news.classList.remove("empty-news");
    news.classList.add("fresh");
    news.appendChild(el("h2", "", gettext("The latest news")));
    news.appendChild(el("p", "headline", event.text));
    news.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }

  // Last words, posthumous notes and last wills are shown with the headline, as the
  // page does (a will keeps its line breaks: the "last-will" class).
  function quoteInNews(player, heading, text, cls) {
    const news = document.getElementById("news");
    if (!news || news.classList.contains("empty-news")) return;
    const quote = el("blockquote", "last-words fresh" + (cls ? " " + cls : ""));
    quote.appendChild(el("strong", "", heading));
    quote.appendChild(document.createTextNode(" " + text));
    news.appendChild(quote);
  }

  function openPhase(p) {
    const banner = document.getElementById("phase-banner");
    if (banner) {
      banner.className = "phase " + p.kind + " fresh";
      const name = banner.querySelector(".phase-name");
      if (name) name.textContent = reader.phaseName(p.kind, p.number);
      const countdown = banner.querySelector(".countdown");
      if (countdown) countdown.dataset.deadline = p.deadline;
      if (clock.tick) clock.tick();
    }
    scheduleRefresh();
  }

  // The GM extended the phase (or a decision moved the deadline): the countdown
  // follows the new absolute deadline; a paused phase shows "paused" until resumed.
  function moveDeadline(p) {
    const banner = document.getElementById("phase-banner");
    const countdown = banner && banner.querySelector(".countdown");
    if (p.paused || !countdown || !countdown.dataset.deadline) {
      scheduleRefresh();
      return;
    }
    countdown.dataset.deadline = p.deadline;
    const time = banner.querySelector("time.deadline");
    if (time) {
      time.setAttribute("datetime", p.deadline);
      time.textContent = reader.clockTime(p.deadline) + " " + reader.zoneLabel();
    }
    if (clock.tick) clock.tick();
  }

  function gameOver(p) {
    const overlay = document.getElementById("game-over");
    if (!overlay) return;
    overlay.querySelector(".winners").textContent =
      gettext("Winners:") + " " + ((p.winners || []).join(", ") || gettext("nobody"));
    overlay.classList.remove("hidden");
    setStatus(gettext("game over"), "over");
  }

  // #live[data-refreshing] while a refresh of the panels is due or under way: what a
  // test waits on before it reads a panel that an event must not have swapped.
  let refreshing = 0;

  function refreshes(change) {
    refreshing += change;
    if (refreshing > 0) root.dataset.refreshing = String(refreshing);
    else delete root.dataset.refreshing;
  }

  // After a phase change, the panels (forms, role, players, results) are fetched
  // again from the server, rendered from this viewer's own view of the game.
  function scheduleRefresh() {
    if (refreshTimer === null) refreshes(1);
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(function () {
      refreshTimer = null;
      refreshPanels();
    }, 150);
  }

  // A panel with words or a number being typed in it is not swapped under the typist
  // (a post draft, a roulette bet). A textarea the page filled in (the saved will) is
  // a draft only once it differs from what the page gave.
  function beingTyped(node) {
    const active = document.activeElement;
    const typing = "textarea, input[type=text], input[type=number], input:not([type])";
    if (active && node.contains(active) && active.matches(typing)) return true;
    return Array.prototype.some.call(node.querySelectorAll("textarea"), function (t) {
      return t.value !== t.defaultValue;
    });
  }

  function refreshPanels() {
    // X-Requested-With: an outage is answered as JSON (games/web/outage.py), shown here.
    fetch(location.pathname, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) {
        if (response.status === 503) {
          return response.json().then(function (body) {
            setStatus(gettext("database unreachable"), "off");
            toast(body.error || gettext("The site cannot reach its database."), "error");
            return null;
          });
        }
        return response.text();
      })
      .then(function (html) {
        if (html === null) return; // the next event retries
        const fresh = new DOMParser().parseFromString(html, "text/html");
        // Panels come only from a page of the same kind: a running page whose game
        // has ended keeps its overlay (what it fetched is the game-over page), while
        // the game-over page follows the graveyard's roulette, which plays on.
        const freshRoot = fresh.getElementById("live");
        if (!freshRoot || freshRoot.dataset.finished !== root.dataset.finished) return;
        document.querySelectorAll("[data-live-swap]").forEach(function (node) {
          if (beingTyped(node)) return; // the next refresh after the typing catches up
          const replacement = fresh.getElementById(node.id);
          if (replacement) node.replaceWith(document.importNode(replacement, true));
          else node.remove();
        });
        fresh.querySelectorAll("[data-live-swap]").forEach(function (node) {
          if (document.getElementById(node.id)) return;
          const parent = node.parentElement && document.getElementById(node.parentElement.id);
          if (parent) parent.appendChild(document.importNode(node, true));
        });
        // Night rooms come and go (a jail for one night): drop those no longer shown.
        document.querySelectorAll("[data-room]").forEach(function (node) {
          if (!fresh.getElementById(node.id)) node.remove();
        });
        fresh.querySelectorAll("[data-thread]").forEach(function (node) {
          if (!document.getElementById(node.id)) {
            const column = document.querySelector(".col-talk");
            if (column) column.insertBefore(document.importNode(node, true), column.querySelector(".log"));
          }
        });
        if (clock.tick) clock.tick();
        scrollMoves();
      })
      .catch(function () { /* the next event retries */ })
      .then(function () { refreshes(-1); });
  }

  // Chat forms post through the socket when it is open (no reload), else normally.
  document.addEventListener("submit", function (e) {
    const form = e.target;
    if (!form.matches("[data-live-post]") || !socket || socket.readyState !== WebSocket.OPEN) return;
    e.preventDefault();
    refs += 1;
    form.dataset.ref = String(refs);
    const data = new FormData(form);
    socket.send(JSON.stringify({
      type: "post", ref: refs, channel: data.get("channel"),
      text: data.get("text") || "", to: data.get("to") || "", room: data.get("room") || "",
      // The form's submission key: a post sent again (no answer came) is posted once.
      key: data.get("submission_key") || "",
    }));
  });

  window.addEventListener("submit", function (e) {
    if (!e.defaultPrevented) navigating = true;
  });

  // A fresh submission key once a post is stored: the next post is a new one.
  function newKey() {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function clearForm(ref) {
    const form = document.querySelector('form[data-ref="' + ref + '"]');
    if (!form) return;
    const key = form.querySelector('[name="submission_key"]');
    if (key) key.value = newKey();
    const textarea = form.querySelector("textarea");
    if (textarea) textarea.value = "";
    if (form.querySelector('[name="channel"]').value === "last_words") {
      const section = document.getElementById("last-words");
      if (section) section.remove();
    }
  }

  // The table's moves list shows its latest moves (the list scrolls, newest last).
  function scrollMoves() {
    const list = document.getElementById("roulette-moves");
    if (list) list.scrollTop = list.scrollHeight;
  }

  scrollMoves();
  connect();
  setInterval(watch, 500);
})();
