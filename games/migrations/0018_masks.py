from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0017_submission_keys"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="masks",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="game",
            name="mask_names",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="roulettetable",
            name="held",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
