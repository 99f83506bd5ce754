"""The create-game page: the ruleset first, then its setup, options and clock.

`/games/new/` lists the rulesets; a ruleset's page (`?ruleset=sc2&preset=clue15`) holds
the form, whose option fields start at the setup's own options. With JavaScript
(static/games/create.js) picking another ruleset or setup fetches its form from
`create_form` and swaps it in place. Without, a post naming a ruleset or setup other
than the one the form was showing (`shown_ruleset`, `shown_preset`) shows that one's
form and creates nothing: no game is made with options the GM did not see.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext

import roles
from games import ruleset_words, services
from games.models import Setup
from games.services import ServiceError
from games.web.forms import SETUP_CHOICE, SHARED_FIELDS, GameForm


def _ruleset(ruleset_id: str):
    try:
        return roles.get_ruleset(ruleset_id)
    except KeyError:
        return None


def _kept(values, same_ruleset: bool) -> dict:
    """What the GM typed in the shared fields, carried to another ruleset or setup."""
    names = [*SHARED_FIELDS, "private_messages"] if same_ruleset else SHARED_FIELDS
    return {name: values[name] for name in names if values.get(name, "") != ""}


def _rulesets() -> list[dict]:
    rows = []
    for ruleset in roles.list_rulesets():
        sizes = sorted({len(p.roles) for p in ruleset.presets.values()})
        players = f"{sizes[0]}" if len(sizes) == 1 else f"{sizes[0]}–{sizes[-1]}"
        setups = len(ruleset.presets)
        rows.append(
            {
                "ruleset": ruleset,
                "setups": ngettext("%(n)s setup", "%(n)s setups", setups) % {"n": setups}
                + ", "
                + gettext("%(players)s players") % {"players": players},
            }
        )
    return rows


def offered_setups(user, ruleset, chosen: str | None) -> list:
    """The setups the form offers beside the presets: the GM's own of this ruleset, and
    the public one he came from ("Start a game from it": `chosen` names it)."""
    own = list(
        Setup.objects.filter(owner=user, ruleset_id=ruleset.id, deleted_at__isnull=True)
        .select_related("owner")
        .order_by("name", "id")
    )
    chosen = chosen or ""
    token = chosen.removeprefix(SETUP_CHOICE) if chosen.startswith(SETUP_CHOICE) else ""
    if token and all(s.token != token for s in own):
        try:
            own.insert(0, services.find_setup(user, token))
        except ServiceError:
            pass  # not his and not public (or gone): the presets remain
    return own


def _form(request, ruleset, chosen: str | None, **kwargs) -> GameForm:
    setups = offered_setups(request.user, ruleset, chosen)
    return GameForm(ruleset, chosen, setups=setups, **kwargs)


def _page(request, form: GameForm | None):
    return render(request, "games/create.html", {"form": form, "rulesets": _rulesets()})


@login_required
def create_game(request):
    if request.method == "POST":
        return _create(request)
    ruleset_id = request.GET.get("ruleset", "")
    if not ruleset_id:
        return _page(request, None)  # the first step: pick a ruleset
    ruleset = _ruleset(ruleset_id)
    if ruleset is None:
        messages.error(
            request,
            gettext("There is no ruleset %(ruleset_id)s: pick one of these.")
            % {"ruleset_id": repr(ruleset_id)},
        )
        return redirect("create_game")
    initial = _kept(request.GET, same_ruleset=True)
    return _page(request, _form(request, ruleset, request.GET.get("preset"), initial=initial))


def _create(request):
    post = request.POST
    ruleset = _ruleset(post.get("ruleset", ""))
    if ruleset is None:
        messages.error(
            request,
            gettext("There is no ruleset %(get)s: pick one.")
            % {"get": repr(post.get("ruleset", ""))},
        )
        return redirect("create_game")
    preset_id = post.get("preset", "")
    shown_ruleset, shown_preset = post.get("shown_ruleset", ""), post.get("shown_preset", "")
    ruleset_changed = bool(shown_ruleset) and shown_ruleset != ruleset.id
    offered = [] if ruleset_changed else offered_setups(request.user, ruleset, preset_id)
    known = preset_id in ruleset.presets or any(
        SETUP_CHOICE + s.token == preset_id for s in offered
    )
    preset_changed = (
        not ruleset_changed and bool(shown_preset) and shown_preset != preset_id and known
    )
    if ruleset_changed or preset_changed or post.get("choose"):
        # Picked without the page's script: show that ruleset's (setup's) own form.
        form = GameForm(
            ruleset,
            None if ruleset_changed else preset_id,
            initial=_kept(post, same_ruleset=not ruleset_changed),
            setups=offered,
        )
        if not post.get("choose"):
            messages.info(
                request,
                gettext(
                    "The form now shows %(title)s, %(title2)s, with its own options. Nothing was "
                    "created: check them and press Create game again."
                )
                % {
                    "title": ruleset_words.ruleset_title(ruleset),
                    "title2": form.chosen_preset.title,
                },
            )
        return _page(request, form)
    form = GameForm(ruleset, preset_id, data=post, setups=offered)
    if form.is_valid():
        try:
            game = services.create_game(request.user, **form.service_kwargs())
        except ServiceError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, gettext("Game created. Players can join now."))
            return redirect("game", game_id=game.id)
    return _page(request, form)


def create_form(request):
    """The form of one ruleset and setup, for create.js to put in place of the page's
    (the shared fields as the GM typed them: `name`, `day_minutes`, ...)."""
    if not request.user.is_authenticated:
        return HttpResponse("Log in first.", status=403, content_type="text/plain")
    ruleset = _ruleset(request.GET.get("ruleset", ""))
    if ruleset is None:
        return HttpResponse("There is no such ruleset.", status=404, content_type="text/plain")
    initial = _kept(request.GET, same_ruleset=True)  # the script sends what it keeps
    form = _form(request, ruleset, request.GET.get("preset"), initial=initial)
    return render(request, "games/_create_form.html", {"form": form})
