"""`manage.py site_messages`: the English and Russian catalogues from the site's own
words, without system gettext (games/site_messages.py; `make messages`)."""

from django.core.management.base import BaseCommand

from games import site_messages


class Command(BaseCommand):
    help = "Rewrite locale/*/LC_MESSAGES/*.po from the code, templates and scripts."

    def handle(self, *args, **options):
        for language in site_messages.LANGUAGES:
            for domain in ("django", "djangojs"):
                total, untranslated = site_messages.update_catalogue(language, domain)
                path = site_messages.catalogue_path(language, domain)
                self.stdout.write(
                    f"{path.relative_to(site_messages.ROOT)}: {total} messages, "
                    f"{untranslated} untranslated"
                )
