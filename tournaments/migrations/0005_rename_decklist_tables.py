"""The moved decklist tables take this app's names: a real ``ALTER TABLE … RENAME``, which keeps
every row, id and foreign key (``cardpool_decklist`` → ``tournaments_decklist`` …)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0004_decklists_from_cardpool'),
    ]

    operations = [
        migrations.AlterModelTable(name='decklist', table=None),
        migrations.AlterModelTable(name='decklistversion', table=None),
        migrations.AlterModelTable(name='decklistrecheck', table=None),
    ]
