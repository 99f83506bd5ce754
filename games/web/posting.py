"""A form post that calls one service: its refusal or its success as a message, then
back to the game's page (every small GM and player form of the game pages)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse

from games.services import ServiceError


def service_post(request, game_id: int, call, success: str):
    try:
        call()
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        if success:
            messages.success(request, success)
    return redirect(reverse("game", args=[game_id]))
