"""The graveyard panel's roulette buttons: each form names a command, the view
writes it as the command text a player would type and hands it to the service."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.graveyard_roulette import roulette_command
from games.services import ServiceError

# command -> the form fields it takes, in the order the typed command has them.
BUTTONS = {
    "roulette": ("min_bet", "chambers"),
    "join": (),
    "observe": (),
    "bet": ("amount",),
    "start": (),
    "pull": (),
    "pass": (),
    "leave": (),
    "skip": (),
}


def command_text(form) -> str:
    """The command the form stands for, e.g. "-bet 25"; ServiceError if unknown."""
    command = form.get("command", "")
    if command not in BUTTONS:
        raise ServiceError("There is no such roulette command.")
    values = [str(form.get(field, "")).strip() for field in BUTTONS[command]]
    if any(" " in value for value in values):
        raise ServiceError("Give whole numbers.")
    return " ".join(["-" + command, *[v for v in values if v]])


@login_required
@require_POST
def roulette(request, game_id: int):
    try:
        roulette_command(request.user, game_id, command_text(request.POST))
    except ServiceError as error:
        messages.error(request, str(error))
    return redirect(reverse("game", args=[game_id]) + "#roulette")
