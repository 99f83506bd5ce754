"""Game text in words: one line for each event of the log, the same for a page and a
push (the templates' filters in games/templatetags/game_tags.py and the socket
messages of games/services/push.py both render through here).

What the engine says (results, the morning post, deaths, roles, votes and moves) is
the engine's message (roles.messages) said in the reader's language: Django's active
language unless `lang` is given, with each player's pronoun from `pronoun_of`
(`pronouns_for` is the seam that reads them; "they" by default)."""

import re
from collections.abc import Callable
from contextlib import nullcontext

from django.utils import translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _

import roles
from games import profiles
from games.gm_text import GM_TOOL_TEXTS, posts_counts
from games.rooms import room_title
from roles.messages import death_message, language, message, render, rulesets_words
from roles.messages.descriptions import ability_description as describe_ability
from roles.messages.refusals import refusal_message

# Log kinds that are bookkeeping, shown elsewhere on the page (posts).
QUIET_KINDS = {"post", "pm", "game_created"}
# Kinds with a line of their own that the page shows in its vote history, not its log.
VOTE_HISTORY_KINDS = {"vote"}

PronounOf = Callable[[str], str]


def reader_language(lang: str | None = None) -> str:
    """ "en" or "ru": `lang`, else Django's active language (the request's or the
    socket's, games/live/consumers.py reader_language)."""
    return language(lang or get_language())


def ruleset_of(event) -> str | None:
    """The event's ruleset when its game is at hand (loaded with it, never a query):
    its role names ("Мафия-стрелок" in ru_19); else the names every ruleset shares."""
    cache = getattr(getattr(event, "_state", None), "fields_cache", None) or {}
    game = cache.get("game")
    return getattr(game, "ruleset_id", None) or getattr(event, "ruleset", None)


def pronouns_for(event) -> PronounOf | None:
    """The pronouns of the event's players (they/he/she), from the profiles of the
    accounts in the seats (a mask's seat speaks with its player's pronoun: games/masks.py
    renames the seat, not the account). Read once, only when a line needs a pronoun (a
    death's description); an event without a game says "they"."""
    game_id = getattr(event, "game_id", None)
    if game_id is None:
        return None
    known: dict[str, str] = {}

    def pronoun_of(player: str) -> str:
        if not known:
            known.update(profiles.pronouns_in_game(game_id))
            known.setdefault("", "they")  # read once, even in a game of no profiles
        return known.get(player, "they")

    return pronoun_of


def ability_label(choice: dict, lang: str | None = None) -> str:
    """An offered ability's name on its form: the engine's own label in English
    ("Order kill"), the ability in words in another language ("Убить")."""
    lang = reader_language(lang)
    if lang == "en":
        return str(choice.get("label") or choice.get("ability"))
    said = render(message("action.ability", None, ability=choice.get("ability")), lang)
    return said[:1].upper() + said[1:]


def role_label(ruleset_id: str | None, role_id: str, lang: str | None = None) -> str:
    """A role's name in the reader's language (the forum's names in Russian)."""
    return roles.role_name(ruleset_id, str(role_id), reader_language(lang)) or str(role_id)


def faction_label(ruleset_id: str | None, faction: str, lang: str | None = None) -> str:
    """A faction's name in the reader's language."""
    return roles.faction_name(ruleset_id, str(faction), reader_language(lang)) or str(faction)


def ability_description(choice: dict, lang: str | None = None) -> str:
    """An offered ability's description under its form, in the reader's language."""
    return describe_ability(str(choice.get("description") or ""), reader_language(lang))


def refusal_text(reason, lang: str | None = None, ruleset: str | None = None) -> str:
    """An engine's refusal (IllegalAction.reason: a roles.errors.Reason carries its
    message; a message stored with an event is one too) in the reader's language;
    English reads the engine's own sentence."""
    lang = reader_language(lang)
    if lang == "en" and not isinstance(reason, dict):
        return str(reason)
    said = render(refusal_message(reason, ruleset), lang)
    return said if lang == "en" else said[:1].upper() + said[1:]


def refusal_sentence(
    reason,
    lang: str | None = None,
    ruleset: str | None = None,
    drop_actor: str | None = None,
) -> str:
    """A refusal as a sentence of its own: 'Ann is dead.' (the GM's tools, the notes);
    `drop_actor`: without the "GM: " the engine puts before a refusal of the host's
    input (the site's GM tools speak to the GM himself)."""
    if drop_actor is not None:
        reason = _without_actor(reason, drop_actor)
    said = refusal_text(reason, lang, ruleset)
    said = said[:1].upper() + said[1:]
    return said if said.endswith((".", "!", "?")) else said + "."


def _without_actor(reason, actor: str):
    message = refusal_message(reason)
    params = message.get("params") or {}
    if message["id"] == "refusal.by" and params.get("actor") == actor:
        inner = params["reason"]
        return inner if isinstance(inner, dict) else str(inner)
    return str(reason).removeprefix(f"{actor}: ") if isinstance(reason, str) else reason


def result_text(
    result: dict,
    lang: str | None = None,
    ruleset: str | None = None,
    pronoun_of=None,
    own: bool = False,
) -> str:
    """A private result as the GM and the record read it, naming whom it is for:
    "Ann's check of Bob: Suspicious.", "To Ann: You were roleblocked tonight."; `own`:
    as the seat itself reads it, "Your check of Bob: Suspicious." (own_result_text)."""
    told = {k: v for k, v in result.items() if k not in ("phase", "number", "ruleset")}
    ruleset = ruleset or result.get("ruleset")
    if own:
        said = roles.result_message(told, ruleset)
    else:
        said = roles.named_result_message({"to": "?", **told}, ruleset)
    return render(said, reader_language(lang), pronoun_of)


def own_result_text(result: dict, lang: str | None = None, ruleset: str | None = None) -> str:
    """A private result as the seat it is for reads it: no name before it."""
    return result_text(result, lang, ruleset, own=True)


def outcome_text(
    p: dict, lang: str | None = None, ruleset: str | None = None, pronoun_of=None
) -> str:
    """The public outcome of a phase: headline, deaths with descriptions, the lynch."""
    lang = reader_language(lang)
    return " ".join(render(m, lang, pronoun_of) for m in roles.outcome_messages(p, ruleset))


def death_lines(
    p: dict,
    modkill: bool = False,
    lang: str | None = None,
    ruleset: str | None = None,
    pronoun_of=None,
) -> list[str]:
    """'Name (what the reveal shows) died: description.' for each death of a payload;
    `modkill`: '... was modkilled by the GM.'"""
    lang = reader_language(lang)
    descriptions = p.get("descriptions") or {}
    return [
        render(death_message(d, descriptions, ruleset, modkill=modkill), lang, pronoun_of)
        for d in p.get("deaths", [])
    ]


class Reader:
    """Who a line is said to: his language, the event's ruleset, the players' pronouns."""

    def __init__(self, event, lang: str | None = None, pronoun_of: PronounOf | None = None):
        self.lang = reader_language(lang)
        self.ruleset = ruleset_of(event)
        self.pronoun_of = pronoun_of or pronouns_for(event)

    def say(self, mid: str, **params) -> str:
        return render(message(mid, self.ruleset, **params), self.lang, self.pronoun_of)

    def told(self, engine_message: dict) -> str:
        return render(engine_message, self.lang, self.pronoun_of)

    def role(self, role_id) -> str:
        return roles.role_name(self.ruleset, str(role_id), self.lang) or str(role_id)


def event_text(event, lang: str | None = None, pronoun_of: PronounOf | None = None) -> str:
    """One line for an event of the log, or "" for bookkeeping shown elsewhere; a co-GM's
    tool names him (games/services/core.py Change.acting)."""
    reader = Reader(event, lang, pronoun_of)
    with in_language(reader.lang):  # the site's own lines in the reader's words
        line = _event_line(event, reader)
        p = event.payload or {}
        if line and p.get("acting_cogm"):
            return cogm_line(line, str(p.get("acting")))
        return line


def in_language(lang: str):
    """Django's language set to `lang` for a line, unless it already is (a commit's
    lines are said one language at a time: games/services/push.py)."""
    return nullcontext() if get_language() == lang else translation.override(lang)


def cogm_line(line: str, name: str) -> str:
    """'The GM added 15:00 ...' as co-GM carol did it: 'Co-GM carol added 15:00 ...'
    (in the active language: the words of "The GM" are the catalogue's)."""
    the_gm = _("The GM") + " "
    if line.startswith(the_gm):
        return _("Co-GM %(name)s") % {"name": name} + " " + line[len(the_gm) :]
    by_gm = _("by the GM")
    if by_gm in line:
        return line.replace(by_gm, _("by co-GM %(name)s") % {"name": name})
    if line.startswith(f"{name} "):  # "carol cancelled the game ..."
        return _("Co-GM %(line)s") % {"line": line}
    return _("(co-GM %(name)s) %(line)s") % {"name": name, "line": line}


def _event_line(event, reader: Reader) -> str:
    """The line of one event: "" for bookkeeping, its kind's formatter (EVENT_LINES),
    else what its payload says."""
    kind, p = event.kind, event.payload or {}
    if kind in QUIET_KINDS:
        return ""
    said = EVENT_LINES.get(kind)
    return said(p, reader) if said is not None else _unlisted_line(kind, p, reader)


def _unlisted_line(kind: str, p: dict, reader: Reader) -> str:
    """A kind of no formatter: a payload with a value is the seat's own result (the
    engine's result kinds); else its text, headline or description; else its fields."""
    if "value" in p:
        return _own_result_text(p, reader)
    text = p.get("text") or p.get("headline") or p.get("description")
    if text:
        return str(text)
    details = ", ".join(f"{k}: {v}" for k, v in p.items())
    return f"{kind.replace('_', ' ')}{': ' + details if details else ''}"


def _own_result_text(p: dict, reader: Reader) -> str:
    """The seat's own result (the GM reads it named: NAMED_FOR_GM)."""
    return result_text(p, reader.lang, reader.ruleset, reader.pronoun_of, own=True)


def _death_text(p: dict, reader: Reader) -> str:
    if "value" in p:  # a payload with a value is a result, whatever its kind
        return _own_result_text(p, reader)
    return reader.say("death.shown" if p.get("role") else "death", **_death(p))


def _cancelled_text(p: dict) -> str:
    line = _("%(gm)s cancelled the game during sign-ups.") % {"gm": p.get("gm")}
    return f"{line} {p['reason']}" if p.get("reason") else line


def _will_text(p: dict) -> str:
    who = p.get("player")
    if not p.get("text"):
        return _("%(player)s's last will is erased (nothing will be read out).") % {"player": who}
    return _("%(player)s's last will, as it stands (read by %(player)s and the GM): %(text)s") % {
        "player": who,
        "text": p.get("text"),
    }


def _flavour_text(p: dict, reader: Reader) -> str:
    """The GM's flavour text of a role (games/services/flavour.py)."""
    name = reader.role(p.get("role")) if p.get("role") else p.get("role_name")
    if not p.get("text"):
        return _("(GM) The flavour text of %(role)s is removed.") % {"role": name}
    return _("(GM) Flavour text of %(role)s: %(text)s") % {"role": name, "text": p.get("text")}


def _deal_text(p: dict, reader: Reader) -> str:
    """The GM's copy of the deal (games/services/lobby.py)."""
    entries = [_dealt_text(entry, reader) for entry in p.get("players", [])]
    return _("(GM) The deal: %(entries)s.") % {"entries": ", ".join(entries)}


def _masks_text(p: dict) -> str:
    """Who is behind each mask (games/masks.py): the GM's copy."""
    behind = ", ".join(f"{m.get('mask')}: {m.get('account')}" for m in p.get("masks", []))
    return _("(GM) The masks: %(masks)s.") % {"masks": behind}


def _phase_record_text(p: dict, reader: Reader) -> str:
    results = [
        result_text(r, reader.lang, reader.ruleset, reader.pronoun_of) for r in p.get("results", [])
    ]
    return reader.say("phase.record", phase=p.get("phase"), number=p.get("number")) + (
        " " + " ".join(results) if results else ""
    )


def _close_refused_text(p: dict, reader: Reader) -> str:
    """The GM's: the engine would not close the phase (services/phases.py stall)."""
    refusal = _engine_sentence(p.get("refusal") or p.get("reason", ""), reader)
    return _("The phase cannot close yet.") + " " + refusal


def _roulette_option_text(p: dict) -> str:
    """The GM's option for spectators."""
    if p.get("spectators_play"):
        return _("The GM lets spectators play roulette in this game.")
    return _("The GM has spectators only watch the roulette in this game (the dead play).")


def _question_text(p: dict, reader: Reader) -> str:
    """The question of a pending decision in the reader's words: a round's to everyone,
    the decider's own to him and the GM; the public learns only that the day waits
    when who decides is secret (a hangman). A line stored before questions carried
    their message says the engine's English reason."""
    asked = p.get("question") or p.get("reason")
    if not asked:
        return _("The vote is over: the day waits for a decision.")
    return _engine_sentence(asked, reader)


def _engine_sentence(reason, reader: Reader) -> str:
    """A refusal or a question as a line: Russian's own sentence; the engine's English
    with a capital and a full stop, but a player's name first as it is ("p01: ...")."""
    said = refusal_text(reason, reader.lang, reader.ruleset)
    if reader.lang == "en" and ":" not in said.split(" ", 1)[0]:
        said = said[:1].upper() + said[1:]
    return said if said.endswith((".", "!", "?")) else said + "."


def _death(p: dict) -> dict:
    return {"player": p.get("player"), "shown": p.get("role")}


def _listed(names) -> str:
    return ", ".join(str(name) for name in names or [])


def ballot_words(choice, lang: str) -> str:
    """A ballot in words: a player's name, "nobody (pass)", or a round's verdict word."""
    if choice == "pass":
        return _("nobody (pass)")
    return rulesets_words.ballot_labels([choice], lang).get(choice, str(choice))


def _vote_text(p: dict, reader: Reader) -> str:
    """A vote as the change it is (games/services/votes.py): cast, changed (from what
    the seat voted before) or withdrawn; a vote logged before votes were changes says
    no "was", and reads as cast."""
    said = {"voter": p.get("voter")}
    if p.get("target"):
        said["target"] = ballot_words(p["target"], reader.lang)
    if p.get("was"):
        said["was"] = ballot_words(p["was"], reader.lang)
    if not p.get("target"):
        if p.get("was"):
            return _("%(voter)s withdraws the vote for %(was)s.") % said
        return _("%(voter)s withdraws the vote.") % said
    changed = p.get("was") and p.get("was") != p.get("target")
    if changed and p.get("fast"):
        return _("%(voter)s changes the vote from %(was)s to %(target)s (fast).") % said
    if changed:
        return _("%(voter)s changes the vote from %(was)s to %(target)s.") % said
    if p.get("fast"):
        return _("%(voter)s votes %(target)s (fast).") % said
    return _("%(voter)s votes %(target)s.") % said


def void_votes_text(entry: dict) -> str:
    """A vote history's line for the ballots a death voided (services.vote_history)."""
    said = {"player": entry.get("player"), "voters": _listed(entry.get("voters"))}
    if entry.get("cause") == "modkill":
        return _("%(player)s is modkilled: void votes of %(voters)s.") % said
    return _("%(player)s leaves the game: void votes of %(voters)s.") % said


def _rooms_text(p: dict, reader: Reader) -> str:
    """'ann: now in the Mafia chat, left the Masons' chat.' with each title in words
    (the ids came with the titles since this branch; older lines keep their titles)."""

    def titles(key: str) -> list[str]:
        ids, named = p.get(key + "_ids") or [], p.get(key) or []
        if len(ids) != len(named):
            return [str(t) for t in named]
        pairs = zip(ids, named, strict=True)
        return [room_title(i, t, reader.ruleset, reader.lang) for i, t in pairs]

    lines = [_("now in the %(room)s") % {"room": t} for t in titles("joined")]
    lines += [_("left the %(room)s") % {"room": t} for t in titles("left")]
    return _("%(player)s: %(rooms)s.") % {"player": p.get("player"), "rooms": ", ".join(lines)}


def _leaver_text(p: dict) -> str:
    """A leaver (games/services/leaving.py): recorded by the GM or by himself, dying
    tonight or next night."""
    named = {"player": p.get("player")}
    if p.get("by") == "gm":
        if p.get("tonight"):
            return (
                _(
                    "The GM recorded that %(player)s has left the game: as a leaver %(player)s "
                    "dies at the end of the night's kills (tonight)."
                )
                % named
            )
        return (
            _(
                "The GM recorded that %(player)s has left the game: as a leaver %(player)s "
                "dies at the end of the night's kills (next night)."
            )
            % named
        )
    if p.get("tonight"):
        return (
            _(
                "%(player)s has left the game: as a leaver %(player)s dies at the end of the "
                "night's kills (tonight)."
            )
            % named
        )
    return (
        _(
            "%(player)s has left the game: as a leaver %(player)s dies at the end of the "
            "night's kills (next night)."
        )
        % named
    )


def _move_text(kind: str, p: dict, reader: Reader) -> str:
    """A move recorded or withdrawn, the ability in words: 'ann: heal → bob.' for the
    GM and the team, 'Recorded: heal → bob.' for the seat itself (no name)."""
    who = p.get("player")
    lead = "action" if who else "mine"
    if kind == "action_withdrawn":
        mid = ".withdrawn" if p.get("ability") else ".withdrawn_any"
        return reader.say(lead + mid, player=who, ability=p.get("ability"))
    if p.get("done"):  # "nothing more": the moves already sent stand
        return reader.say(lead + ".done", player=who)
    if not p.get("ability"):
        return reader.say(lead + ".nothing", player=who)
    targets, replaces = p.get("targets", []), p.get("replaces")
    mid = lead + ("" if targets else ".untargeted") + (".instead" if replaces else "")
    return reader.say(mid, player=who, ability=p["ability"], targets=targets, replaces=replaces)


# The lines a seat reads about itself, as the GM reads them: with the seat's name.
NAMED_FOR_GM = {
    "role": lambda name, p, reader: reader.say(
        "role.named", player=name, role=p.get("role"), faction=p.get("faction")
    ),
    "teammates": lambda name, p, reader: reader.say(
        "teammates.named", player=name, members=p.get("members", [])
    ),
    "result": lambda name, p, reader: result_text(
        {**p, "to": name}, reader.lang, reader.ruleset, reader.pronoun_of
    ),
    "note": lambda name, p, reader: (
        _("%(player)s's posthumous note (read by %(player)s and the GM): %(text)s")
        % {"player": name, "text": p.get("text")}
    ),
}


def gm_event_text(
    event, lang: str | None = None, pronoun_of: PronounOf | None = None, line: str | None = None
) -> str:
    """An event's line in the GM's view, who reads every seat's events: one addressed
    to a seat names it ("alice's role: Townie (Town).", "To bob: ..."), one to a team
    names the team; the seat itself still reads `event_text`, which the caller may
    pass as `line` when it has it in this language (a close says both)."""
    reader = Reader(event, lang, pronoun_of)
    if line is None:
        line = event_text(event, reader.lang, reader.pronoun_of)
    audience = str(getattr(event, "audience", "") or "")
    if not line:
        return line
    if audience.startswith("faction:"):
        faction = audience[8:]
        if event.kind == "teammates":
            members = (event.payload or {}).get("members", [])
            return reader.say("teammates.faction", faction=faction, members=members)
        return reader.say("to_team", faction=faction, line=line)
    if not audience.startswith("seat:"):
        return line
    name = audience[5:]
    named = NAMED_FOR_GM.get(event.kind)
    if named is not None:
        with in_language(reader.lang):
            return named(name, event.payload or {}, reader)
    if line.startswith((f"{name}:", f"{name} ", f"{name}'s ")):
        return line
    return reader.say("to_player", player=name, line=line)


def _vote_ruled_text(p: dict, reader: Reader) -> str:
    if not p.get("ruling"):
        return _("(GM) The ruling on %(player)s's vote is withdrawn.") % {"player": p.get("player")}
    ruling = str(p["ruling"])
    if reader.ruleset:
        ruling = rulesets_words.ruling_label(reader.ruleset, ruling, reader.lang)
    return _("(GM) %(player)s's vote: %(ruling)s.") % {"player": p.get("player"), "ruling": ruling}


def line_for(is_gm: bool, own_audiences: set[str]) -> Callable[..., str]:
    """The log's line function for one reader: the GM's (`gm_event_text`, each seat's
    line naming the seat) for the GM, and for a line addressed to another seat or team
    (after the game everyone reads the whole log: "eve's check of bob: Mafia.", never
    "Your check of bob"); the reader's own lines as `event_text` says them."""

    def line(event, lang: str | None = None) -> str:
        audience = str(getattr(event, "audience", "") or "")
        addressed = audience.startswith(("seat:", "faction:"))
        if is_gm or (addressed and audience not in own_audiences):
            return gm_event_text(event, lang)
        return event_text(event, lang)

    return line


def _dealt_text(entry: dict, reader: Reader) -> str:
    name = reader.role(entry["role"]) if entry.get("role") else entry.get("name")
    if entry.get("told") or entry.get("told_name"):
        told = reader.role(entry["told"]) if entry.get("told") else entry["told_name"]
        return _("%(player)s: %(role)s (told %(told)s)") % {
            "player": entry.get("player"),
            "role": name,
            "told": told,
        }
    return f"{entry.get('player')}: {name}"


# -- the GM's modkills (games/services/gm.py, activity.py) ---------------------------


def _inactive_death(death: dict, counts: dict, reader: Reader) -> str:
    shown = death.get("role") or death.get("faction")
    mid = "modkilled.inactive.shown" if shown else "modkilled.inactive"
    return reader.say(mid, player=death.get("player"), shown=shown, **counts)


def _modkill_text(p: dict, reader: Reader) -> str:
    if p.get("reason") == "posts":  # the posts rule at a day's close (services/activity.py)
        counts = posts_counts(p)
        if p.get("you"):
            return reader.say("modkilled.inactive.you", **counts)
        return " ".join(_inactive_death(d, counts, reader) for d in p.get("deaths", []))
    if p.get("you"):
        return _(
            "The GM modkilled you: you are out of the game (the graveyard chat is open to you)."
        )
    parts = death_lines(p, True, reader.lang, reader.ruleset, reader.pronoun_of)
    if p.get("void_votes"):
        parts.append(
            _("Votes on %(player)s are void: %(voters)s vote again.")
            % {"player": p.get("player"), "voters": _listed(p["void_votes"])}
        )
    return " ".join(parts)


# -- the table -----------------------------------------------------------------------

LineOf = Callable[[dict, Reader], str]


def _payload_only(said: Callable[[dict], str]) -> LineOf:
    """A line of the site's own that needs only the payload (its words are Django's)."""
    return lambda p, reader: said(p)


# Each kind of event the site logs, and its line (see _event_line for the others).
EVENT_LINES: dict[str, LineOf] = {
    "vote": _vote_text,  # a vote's change, in the vote history (games/services/votes.py)
    "joined": lambda p, reader: _("%(player)s joined.") % {"player": p.get("player")},
    "left": lambda p, reader: _("%(player)s left.") % {"player": p.get("player")},
    "left_game": _payload_only(_leaver_text),  # a leaver (games/services/leaving.py)
    "signups": lambda p, reader: _("Sign-ups opened.") if p.get("open") else _("Sign-ups closed."),
    "game_cancelled": _payload_only(_cancelled_text),
    "game_started": lambda p, reader: (
        _("The game started with %(players)s.") % {"players": _listed(p.get("players"))}
    ),
    "note": lambda p, reader: (
        _("Your posthumous note (read by you and the GM): %(text)s") % {"text": p.get("text")}
    ),
    "death_note": lambda p, reader: (
        _("%(player)s's posthumous note: %(text)s")
        % {"player": p.get("player"), "text": p.get("text")}
    ),
    "will": _payload_only(_will_text),
    "last_will": lambda p, reader: reader.say(
        "event.last_will", player=p.get("player"), text=p.get("text")
    ),
    "role": lambda p, reader: reader.say("role", role=p.get("role"), faction=p.get("faction")),
    "flavour": _flavour_text,
    "dealt": _deal_text,
    "masks": _payload_only(_masks_text),
    "your_mask": lambda p, reader: (
        _("You play under the mask %(mask)s: nobody else reads who you are.")
        % {"mask": p.get("mask")}
    ),
    "teammates": lambda p, reader: reader.say("teammates", members=p.get("members", [])),
    "phase_opened": lambda p, reader: reader.say(
        "phase.began", phase=p.get("kind"), number=p.get("number")
    ),
    "phase_closed": lambda p, reader: outcome_text(
        p, reader.lang, reader.ruleset, reader.pronoun_of
    ),
    "phase_record": _phase_record_text,
    "action_recorded": lambda p, reader: _move_text("action_recorded", p, reader),
    "action_withdrawn": lambda p, reader: _move_text("action_withdrawn", p, reader),
    "rooms": _rooms_text,  # a seat's night chats changed (games/rooms.py)
    "spectator_joined": lambda p, reader: (
        _("%(spectator)s is watching.") % {"spectator": p.get("spectator")}
    ),
    "game_over": lambda p, reader: reader.say("game_over", winners=p.get("winners", [])),
    "modkill": _modkill_text,
    "vote_ruled": _vote_ruled_text,  # the GM's ruling on a vote (ru_hunt: services/gm.py)
    **{kind: _payload_only(said) for kind, said in GM_TOOL_TEXTS.items()},
    "decision_needed": _question_text,  # the engine asks before the day closes
    "close_refused": _close_refused_text,
    # A move of the graveyard's table (games/services/roulette.py).
    "roulette": lambda p, reader: " ".join(p.get("lines", [])),
    "roulette_option": _payload_only(_roulette_option_text),
    "result": _own_result_text,
    "death": _death_text,
}


# -- masks (games/masks.py) ---------------------------------------------------------


# Lines that name accounts themselves: the masks dealt, a replacement, the sign-ups.
NAMES_ACCOUNTS = {"masks", "replaced", "joined", "left", "bots_added", "bot_removed"}


def with_accounts(line: str, accounts: dict[str, str], kind: str = "") -> str:
    """A line as the GM of a masked game reads it: each mask followed by the account
    behind it, "Oak (alice)". `accounts`: mask -> account (empty: the line as it is).

    >>> with_accounts("Oak votes Red Oak.", {"Oak": "al", "Red Oak": "bo"})
    'Oak (al) votes Red Oak (bo).'
    """
    if not line or not accounts or kind in NAMES_ACCOUNTS:
        return line
    masks = sorted(accounts, key=len, reverse=True)  # "Red Oak" before "Oak"
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, masks)) + r")(?!\w)")
    return pattern.sub(lambda m: f"{m.group(1)} ({accounts[m.group(1)]})", line)
