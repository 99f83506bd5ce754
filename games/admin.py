from django.contrib import admin

from games.models import Game, Phase, Seat


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("name", "ruleset_id", "preset_id", "status", "gm", "created_at")
    list_filter = ("status", "ruleset_id")


admin.site.register(Seat)
admin.site.register(Phase)
