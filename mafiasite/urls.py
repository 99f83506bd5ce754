from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    # The scripts' words in the reader's language (locale/*/LC_MESSAGES/djangojs.po).
    path("jsi18n/", JavaScriptCatalog.as_view(domain="djangojs"), name="javascript_catalog"),
    path("", include("games.web.urls")),
]

# A database failure outside a view gets the outage page too (games/web/outage.py).
handler500 = "games.web.outage.server_error_or_outage"
