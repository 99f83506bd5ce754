"""Websocket URLs: one socket per game page."""

from django.urls import path

from games.live.consumers import GameConsumer

websocket_urlpatterns = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
]
