"""The decklist models move to ``tournaments`` (an event-side concern): removed from this app's
state only. The tables and their rows stay; ``tournaments.0004`` takes them over as they are and
``tournaments.0005`` renames them."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('cardpool', '0002_decklist_decklistrecheck_decklistversion'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='DecklistVersion'),
                migrations.DeleteModel(name='DecklistRecheck'),
                migrations.DeleteModel(name='Decklist'),
            ],
            database_operations=[],
        ),
    ]
