from django.conf import settings
from django.db import migrations, models


def fold_posts(apps, schema_editor):
    """Every stored post's text case-folded, as Post.save folds a new one."""
    Post = apps.get_model("games", "Post")
    batch = []
    for post in Post.objects.only("id", "text").iterator(chunk_size=2000):
        post.folded = post.text.casefold()
        batch.append(post)
        if len(batch) >= 2000:
            Post.objects.bulk_update(batch, ["folded"])
            batch = []
    if batch:
        Post.objects.bulk_update(batch, ["folded"])


class Migration(migrations.Migration):
    """Threads in pages and searched: each post's folded text, and the indexes a
    page (a game's channel by id) and a permalink (a game's post by ref) read."""

    dependencies = [
        ("games", "0020_profile"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="post",
            name="folded",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        migrations.RunPython(fold_posts, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="post",
            index=models.Index(fields=["game", "channel", "id"], name="post_thread_page"),
        ),
        migrations.AddIndex(
            model_name="post",
            index=models.Index(fields=["game", "ref"], name="post_game_ref"),
        ),
    ]
