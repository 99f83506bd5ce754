"""The three forum posts as documents (games/export/render.py), from what the public
was told: a death shows the role exactly as the reveal mode showed it (the public
`phase_closed` payload), never more."""

from __future__ import annotations

from django.db.models import Q

import roles
from games import masks, services, text
from games.export.render import Line
from games.models import Event, Game, Phase


def _shown(ruleset, death: dict, lang: str) -> str:
    """The role as the public saw it: its name, its team, or nothing (in `lang`)."""
    if death.get("role"):  # a role, or the status a reveal announced (roles.told_once)
        role = death["role"]
        return (
            roles.role_name(ruleset.id, role, lang)
            or roles.faction_name(ruleset.id, role, lang)
            or role
        )
    faction = death.get("faction")
    if not faction:
        return ""
    return roles.faction_name(ruleset.id, faction, lang) or ruleset.factions.get(faction, faction)


def _sentence(text: str) -> str:
    text = str(text).strip()
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def latest_outcome(game: Game) -> Event | None:
    """The latest public close: the news the morning post tells."""
    return game.events.filter(audience="public", kind="phase_closed").order_by("-seq").first()


def morning_post(game: Game, outcome: Event) -> list[Line]:
    """The post after a close: the headline, each death with its description and the
    revealed role, the lynch and its tally, and the public events of the close."""
    ruleset = roles.get_ruleset(game.ruleset_id)
    lang = text.reader_language()
    pronoun_of = text.pronouns_for(outcome)
    p = outcome.payload or {}
    lines: list[Line] = [[(f"{str(p.get('phase', '')).capitalize()} {p.get('number')}", "b")]]
    if p.get("headline"):
        lines.append([(roles.render(roles.headline_message(str(p["headline"])), lang), "")])
    if "tally" in p:
        counted = ", ".join(f"{name} {count}" for name, count in p["tally"].items())
        lines.append([("Tally: ", "i"), (counted or "no votes", "")])
    if "lynched" in p:
        lynched = ", ".join(p["lynched"])
        if lynched:
            lines.append([("Lynched: ", "i"), (lynched, "b")])
        else:
            lines.append([("Nobody was lynched.", "")])
    descriptions = p.get("descriptions") or {}
    deaths, events = roles.told_once(p)  # a reveal of a death is told with the death
    if deaths:
        lines.append([])
    for death in deaths:
        line: Line = [(death["player"], "b")]
        shown = _shown(ruleset, death, lang)
        if shown:
            line += [(" (", ""), (shown, "i"), (")", "")]
        description = descriptions.get(death["player"])
        if description:  # in words, with the dead player's pronoun
            told = roles.description_message(death["player"], description)
            description = roles.render(told, lang, pronoun_of)
        line.append((f": {_sentence(description)}" if description else " died.", ""))
        lines.append(line)
    wills = Event.objects.filter(
        game=game, phase_id=outcome.phase_id, audience="public", kind=services.LAST_WILL_KIND
    )
    for will in wills.order_by("seq"):
        lines += [[], [(f"{will.payload.get('player')}'s last will:", "b")]]
        lines += [[(text, "")] for text in str(will.payload.get("text", "")).splitlines()]
    lines += _activity_lines(game, p)
    events = [e for e in events if e.get("kind") != services.LAST_WILL_KIND]
    if events:
        lines.append([])
    for event in events:
        lines.append([(roles.render(roles.event_message(event, ruleset.id), lang), "")])
    return lines


def _activity_lines(game: Game, closed: dict) -> list[Line]:
    """The posts rule's verdicts at this day's close (games/services/activity.py): the
    public warnings and the modkills it took, as the thread read them."""
    if closed.get("phase") != Phase.DAY:
        return []
    verdicts = Event.objects.filter(
        Q(kind="activity_warning") | Q(kind="modkill", payload__reason="posts"),
        game=game,
        audience="public",
        payload__day=closed.get("number"),
    )
    lines: list[Line] = [[(text.event_text(e), "")] for e in verdicts.order_by("seq")]
    return [[], *lines] if lines else []


def votes_needed(game: Game, state: roles.GameState) -> str:
    """How many votes lynch, where the ruleset has a majority rule (the engine's
    `roles.lynch_need`); else plurality."""
    need = roles.lynch_need(state)
    alive = len(state.alive_names())
    if need["rule"] in ("majority", "trial"):
        trial = " put a player on trial" if need["rule"] == "trial" else " lynch"
        return f"With {alive} alive, {need['votes']} votes{trial}."
    return f"With {alive} alive, the most votes at the deadline lynch (plurality)."


def vote_count(game: Game, phase: Phase) -> list[Line]:
    """The day's vote count in the forum's usual form, most votes first:
    `Bob (3): ann, cat, eve` … `Not voting: dan`, and the votes needed."""
    state = services.engine_state(game)
    round_no = services.open_round(phase)
    counted = services.tally(phase, round_no)
    order = list(counted)
    wagons = sorted(counted.items(), key=lambda item: (-len(item[1]), order.index(item[0])))
    title = f"Vote count, day {phase.number}" + (f", round {round_no + 1}" if round_no else "")
    lines: list[Line] = [[(title, "b")]]
    for target, voters in wagons:
        lines.append([(target, "b"), (f" ({len(voters)}): {', '.join(voters)}", "")])
    if not wagons:
        lines.append([("No votes yet.", "")])
    voters = phase.pending["voters"] if round_no else state.alive_names()
    voted = {v for vs in counted.values() for v in vs}
    silent = [name for name in voters if name not in voted]
    if silent:
        lines.append([("Not voting: ", "i"), (", ".join(silent), "")])
    lines += [[], [(votes_needed(game, state), "")]]
    return lines


def game_over_post(game: Game) -> list[Line]:
    """The game-over post: the winners and the full role list, in seating order; in
    a masked game, who was behind each mask ("Oak (alice)")."""
    ruleset = roles.get_ruleset(game.ruleset_id)
    state = services.engine_state(game)
    dealt = services.dealt_roles(game)
    behind = masks.accounts_of(game) if game.masks else {}
    lines: list[Line] = [[(f"Game over: {game.name}", "b")]]
    winners = ", ".join(game.winners) or "nobody"
    lines.append([("Winners: ", "i"), (winners, "b")])
    lines += [[], [("Every role", "b")]]
    for player in state.players:
        role = ruleset.roles[player.role].name
        faction = ruleset.factions.get(player.faction, player.faction)
        line: Line = [(player.name, "b")]
        if player.name in behind:
            line.append((f" ({behind[player.name]})", ""))
        line += [(": ", ""), (role, "i")]
        if dealt.get(player.name, player.role) != player.role:
            line.append((f" (dealt {ruleset.roles[dealt[player.name]].name})", ""))
        state_word = "alive" if player.alive else "dead"
        won = ", won" if player.name in game.winners else ""
        line.append((f", {faction}, {state_word}{won}", ""))
        lines.append(line)
    return lines
