from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("games.web.urls")),
]

# A database failure outside a view gets the outage page too (games/web/outage.py).
handler500 = "games.web.outage.server_error_or_outage"
