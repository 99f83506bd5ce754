// The paged threads of the game page (games/threads.py): "Older posts" and "Newer
// posts" load the next page in place from the thread's JSON answer (its posts rendered
// by the server, as the page renders them), and say so to a screen reader; without
// script they are links to the page that shows them. A permalink (#post-<ref>) gets the
// focus. Live posts (static/games/live.js) are added only to a thread showing its
// latest posts unfiltered (data-latest), each with its permalink and ISO link
// (window.MafiaThread.links).
(function () {
  "use strict";
  const gettext = window.gettext || function (text) { return text; };
  const pgettext = window.pgettext || function (context, text) { return text; };
  const ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  const interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  };

  function say(section, text) {
    const status = section.querySelector("[data-thread-status]");
    if (!status) return;
    // Emptied first: the same words said twice are announced twice.
    status.textContent = "";
    setTimeout(function () { status.textContent = text; }, 50);
  }

  function fragment(html) {
    const template = document.createElement("template");
    template.innerHTML = html; // the server's rendering of posts: every text escaped there
    return template.content;
  }

  function load(link) {
    const section = link.closest("[data-paged]");
    const older = link.dataset.threadMore === "older";
    const asked = new URL(link.href, location.href);
    const url = section.dataset.threadUrl + asked.search;
    link.setAttribute("aria-busy", "true");
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        return response.json().then(function (body) { return { ok: response.ok, body: body }; });
      })
      .then(function (answer) {
        link.removeAttribute("aria-busy");
        if (!answer.ok) {
          say(section, answer.body.error || gettext("The posts could not be loaded."));
          return;
        }
        const body = answer.body;
        const posts = section.querySelector(".posts");
        const empty = posts.querySelector(".empty");
        if (empty && body.count) empty.remove();
        const nodes = fragment(body.html);
        const first = nodes.querySelector("article");
        const fresh = Array.prototype.filter.call(nodes.querySelectorAll("article"), function (node) {
          return !posts.querySelector('[data-post="' + node.dataset.post + '"]');
        });
        fresh.forEach(function (node) { node.remove(); });
        const wrapper = document.createDocumentFragment();
        fresh.forEach(function (node) { wrapper.appendChild(node); });
        if (older) posts.insertBefore(wrapper, posts.firstChild);
        else posts.appendChild(wrapper);
        const next = older ? body.older : body.newer;
        if (next) {
          const moved = new URL(link.href, location.href);
          moved.searchParams.set(older ? "before" : "after", next);
          link.href = moved.pathname + moved.search + moved.hash;
        }
        if (!older && body.latest) section.dataset.latest = "1";
        const words = older
          ? ngettext("%(n)s older post loaded.", "%(n)s older posts loaded.", body.count)
          : ngettext("%(n)s newer post loaded.", "%(n)s newer posts loaded.", body.count);
        let said = interpolate(words, { n: body.count }, true);
        if (!next) said += " " + (older ? gettext("This is the thread's first post.") : gettext("These are the latest posts."));
        say(section, said);
        if (!next) {
          // The control goes; the reader goes on from the first post it brought.
          link.remove();
          const target = (first && posts.querySelector('[data-post="' + first.dataset.post + '"]')) || posts;
          if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
          target.focus();
        }
      })
      .catch(function () {
        link.removeAttribute("aria-busy");
        say(section, gettext("The posts could not be loaded."));
      });
  }

  document.addEventListener("click", function (e) {
    const link = e.target.closest && e.target.closest("a[data-thread-more]");
    if (!link || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    if (!link.closest("[data-paged]")) return;
    e.preventDefault();
    if (link.getAttribute("aria-busy") === "true") return;
    load(link);
  });

  // A permalink's post: marked and focused, so a keyboard reader starts there.
  function openPermalink() {
    if (location.hash.indexOf("#post-") !== 0) return;
    const post = document.getElementById(location.hash.slice(1));
    if (!post) return;
    post.classList.add("linked");
    post.focus({ preventScroll: false });
  }

  function link(cls, text, href, label) {
    const a = document.createElement("a");
    a.className = cls;
    a.href = href;
    a.textContent = text;
    a.setAttribute("aria-label", label);
    a.title = label;
    return a;
  }

  // A live post's links, as templates/games/_post_links.html renders them.
  function links(article, p, thread) {
    const game = document.getElementById("live");
    if (!game || !p.post) return;
    const base = "/games/" + game.dataset.liveGame + "/";
    article.id = "post-" + p.post;
    article.tabIndex = -1;
    const span = document.createElement("span");
    span.className = "post-links";
    span.appendChild(document.createTextNode(" "));
    const query = thread === "day" ? "?post=" : "?thread=" + encodeURIComponent(thread) + "&post=";
    span.appendChild(link("permalink", "#", base + query + p.post + "#post-" + p.post, gettext("Link to this post")));
    if (thread === "day" && !p.gm) {
      span.appendChild(document.createTextNode(" "));
      const label = interpolate(gettext("Only %(name)s's posts"), { name: p.author }, true);
      span.appendChild(link("iso", pgettext("one player's posts alone", "ISO"), base + "?iso=" + encodeURIComponent(p.author) + "#thread-day", label));
    }
    const header = article.querySelector("header");
    if (header) header.appendChild(span);
  }

  // A thread showing its latest posts opens at its newest one, as a chat does; a
  // permalink's or a filter's page opens at its top (or at the linked post).
  function showLatest() {
    if (location.hash.indexOf("#post-") === 0) return;
    document.querySelectorAll('[data-paged][data-latest="1"] .posts').forEach(function (posts) {
      posts.scrollTop = posts.scrollHeight;
    });
  }

  window.MafiaThread = { links: links };
  showLatest();
  openPermalink();
  window.addEventListener("hashchange", openPermalink);
})();
