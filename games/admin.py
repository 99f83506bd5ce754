"""Django's admin for moderators: every model of the games app readable, none writable.

A game changes only through games/services/ (one locked transaction, the event log,
the pushes after commit): the admin offers no add, change or delete of any row here,
so it can never bypass the lock or the log. Any active staff account may read.
"""

from django.contrib import admin

from games.models import (
    Action,
    CoGM,
    Event,
    Game,
    Phase,
    Post,
    Profile,
    RoleFlavour,
    RoulettePoints,
    RouletteTable,
    Seat,
    Setup,
    SetupVersion,
    Spectator,
    SubmissionKey,
    Vote,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Lists and detail pages to read; nothing to add, change or delete."""

    list_per_page = 50
    show_full_result_count = False

    def has_module_permission(self, request) -> bool:
        return request.user.is_active and request.user.is_staff

    def has_view_permission(self, request, obj=None) -> bool:
        return request.user.is_active and request.user.is_staff

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ("id", "name", "ruleset_id", "preset_id", "status", "gm", "created_at")
    list_filter = ("status", "ruleset_id")
    search_fields = ("name", "gm__username", "seats__name")
    list_select_related = ("gm",)


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("name", "game", "user", "is_bot", "joined_at")
    list_filter = ("is_bot",)
    search_fields = ("name", "user__username", "game__name")
    list_select_related = ("game", "user")


@admin.register(CoGM)
class CoGMAdmin(ReadOnlyAdmin):
    list_display = ("user", "game", "added_at")
    search_fields = ("user__username", "game__name")
    list_select_related = ("game", "user")


@admin.register(Phase)
class PhaseAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "kind", "number", "opened_at", "deadline", "closed_at")
    list_filter = ("kind", "close_reason")
    search_fields = ("game__name",)
    list_select_related = ("game",)


@admin.register(Action)
class ActionAdmin(ReadOnlyAdmin):
    list_display = ("seat", "ability", "targets", "phase", "submitted_at")
    search_fields = ("seat__name", "ability", "phase__game__name")
    list_select_related = ("seat", "phase")


@admin.register(Vote)
class VoteAdmin(ReadOnlyAdmin):
    list_display = ("voter", "target", "round", "fast", "phase", "cast_at")
    search_fields = ("voter__name", "target", "phase__game__name")
    list_select_related = ("voter", "phase")


@admin.register(Post)
class PostAdmin(ReadOnlyAdmin):
    list_display = ("game", "channel", "author_name", "short_text", "created_at")
    list_filter = ("channel",)
    search_fields = ("text", "author_name", "author__username", "game__name")
    list_select_related = ("game",)

    @admin.display(description="text")
    def short_text(self, post) -> str:
        return post.text[:80]


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "kind", "audience", "created_at")
    list_filter = ("kind",)
    search_fields = ("game__name", "kind", "audience")
    list_select_related = ("game",)


@admin.register(Spectator)
class SpectatorAdmin(ReadOnlyAdmin):
    list_display = ("user", "game", "joined_at")
    search_fields = ("user__username", "game__name")
    list_select_related = ("game", "user")


@admin.register(Setup)
class SetupAdmin(ReadOnlyAdmin):
    list_display = ("name", "ruleset_id", "owner", "public", "updated_at", "deleted_at")
    list_filter = ("ruleset_id", "public")
    search_fields = ("name", "owner__username", "token")
    list_select_related = ("owner",)


@admin.register(SetupVersion)
class SetupVersionAdmin(ReadOnlyAdmin):
    list_display = ("setup", "number", "created_at")
    search_fields = ("setup__name",)
    list_select_related = ("setup",)


@admin.register(RoleFlavour)
class RoleFlavourAdmin(ReadOnlyAdmin):
    list_display = ("game", "role_id", "updated_at")
    search_fields = ("game__name", "role_id")


@admin.register(RoulettePoints)
class RoulettePointsAdmin(ReadOnlyAdmin):
    list_display = ("user", "points")
    search_fields = ("user__username",)
    list_select_related = ("user",)


@admin.register(RouletteTable)
class RouletteTableAdmin(ReadOnlyAdmin):
    list_display = ("game",)
    search_fields = ("game__name",)
    # The table's seed decides the spins: a moderator reading it could foresee them.
    exclude = ("seed",)


@admin.register(Profile)
class ProfileAdmin(ReadOnlyAdmin):
    list_display = ("user", "language", "time_zone", "pronoun")
    search_fields = ("user__username",)
    list_select_related = ("user",)


@admin.register(SubmissionKey)
class SubmissionKeyAdmin(ReadOnlyAdmin):
    list_display = ("user", "game", "kind", "created_at")
    search_fields = ("user__username", "game__name")
    list_select_related = ("user", "game")
