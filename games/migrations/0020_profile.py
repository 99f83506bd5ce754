import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0019_activity"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Profile",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "language",
                    models.CharField(
                        blank=True,
                        choices=[("en", "English"), ("ru", "Русский")],
                        max_length=10,
                        verbose_name="language",
                    ),
                ),
                (
                    "time_zone",
                    models.CharField(blank=True, max_length=64, verbose_name="time zone"),
                ),
                (
                    "pronoun",
                    models.CharField(
                        choices=[("they", "they"), ("he", "he"), ("she", "she")],
                        default="they",
                        max_length=4,
                        verbose_name="pronoun",
                    ),
                ),
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="profile",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
    ]
