from django.urls import path

from games.web import accounts, create, roulette, views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("signup/", accounts.signup, name="signup"),
    path("games/new/", create.create_game, name="create_game"),
    path("games/new/form/", create.create_form, name="create_form"),
    path("games/<int:game_id>/", views.game_page, name="game"),
    path("games/<int:game_id>/card/", views.role_card, name="role_card"),
    path("games/<int:game_id>/events/", views.events_after, name="events_after"),
    path("games/<int:game_id>/join/", views.join, name="join"),
    path("games/<int:game_id>/leave/", views.leave, name="leave"),
    path("games/<int:game_id>/signups/", views.signups, name="signups"),
    path("games/<int:game_id>/start/", views.start, name="start"),
    path("games/<int:game_id>/cancel/", views.cancel, name="cancel"),
    path("games/<int:game_id>/act/", views.act, name="act"),
    path("games/<int:game_id>/vote/", views.vote, name="vote"),
    path("games/<int:game_id>/post/", views.post, name="post"),
    path("games/<int:game_id>/watch/", views.watch, name="watch"),
    path("games/<int:game_id>/note/", views.note, name="note"),
    path("games/<int:game_id>/will/", views.will, name="will"),
    path("games/<int:game_id>/close/", views.gm_close, name="gm_close"),
    path("games/<int:game_id>/decide/", views.gm_decide, name="gm_decide"),
    path("games/<int:game_id>/roulette/", roulette.roulette, name="roulette"),
    path("games/<int:game_id>/extend/", views.gm_extend, name="gm_extend"),
    path("games/<int:game_id>/pause/", views.gm_pause, name="gm_pause"),
    path("games/<int:game_id>/modkill/", views.gm_modkill, name="gm_modkill"),
    path("games/<int:game_id>/replace/", views.gm_replace, name="gm_replace"),
]
