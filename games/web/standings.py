"""The roulette across games: an account's profile (its points and record) and the
site-wide leaderboard. Both read the `RoulettePoints` rows as the service keeps them
(the record is counted where each round ends), open to every visitor."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext

from games.models import RoulettePoints
from games.web.roulette import leaderboard as top_accounts
from roles import roulette as roulette_rules

LEADERBOARD_PAGE_SIZE = 50


def profile(request, username: str):
    account = get_user_model().objects.filter(username=username, is_active=True).first()
    if account is None:
        raise Http404(gettext("No such account."))
    row = RoulettePoints.objects.filter(user=account).first()
    points = row.points if row is not None else roulette_rules.STARTING_POINTS
    rank = None
    if row is not None:
        rank = 1 + RoulettePoints.objects.filter(points__gt=row.points).count()
    record = {
        "points": points,
        "played": row.tables_played if row else 0,
        "won": row.tables_won if row else 0,
        "shot": row.times_shot if row else 0,
        "rank": rank,
        "ranked": RoulettePoints.objects.count(),
    }
    context = {"account": account, "record": record, "starting": roulette_rules.STARTING_POINTS}
    return render(request, "games/profile.html", context)


def leaderboard(request):
    context = {
        "accounts": top_accounts(LEADERBOARD_PAGE_SIZE),
        "size": LEADERBOARD_PAGE_SIZE,
        "starting": roulette_rules.STARTING_POINTS,
    }
    return render(request, "games/leaderboard.html", context)
