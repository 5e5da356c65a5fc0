"""The decklist models arrive from ``cardpool`` (see ``cardpool.0003``): created in this app's
state only, on the existing tables (``cardpool_decklist`` …), so no row is copied or touched.
Their content types are relabelled rather than recreated, so their permissions (and whoever
holds them) and admin log entries follow; as Django's own ``RenameContentType`` does, a content
type already present under the new label is left alone (``remove_stale_contenttypes`` then
deals with the old one)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MOVED_MODELS = ('decklist', 'decklistversion', 'decklistrecheck')


def _relabel_content_types(apps, schema_editor, *, old_app, new_app):
    content_type = apps.get_model('contenttypes', 'ContentType')
    db = schema_editor.connection.alias
    for model in MOVED_MODELS:
        if content_type.objects.using(db).filter(app_label=new_app, model=model).exists():
            continue
        content_type.objects.using(db).filter(app_label=old_app, model=model).update(
            app_label=new_app
        )
    content_type.objects.clear_cache()


def content_types_forwards(apps, schema_editor):
    _relabel_content_types(apps, schema_editor, old_app='cardpool', new_app='tournaments')


def content_types_backwards(apps, schema_editor):
    _relabel_content_types(apps, schema_editor, old_app='tournaments', new_app='cardpool')


class Migration(migrations.Migration):

    dependencies = [
        ('cardpool', '0003_move_decklists_to_tournaments'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('tournaments', '0003_printjob'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Decklist',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('current_version', models.PositiveIntegerField(default=0)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('registration', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='decklist', to='tournaments.registration')),
                    ],
                    options={'db_table': 'cardpool_decklist'},
                ),
                migrations.CreateModel(
                    name='DecklistRecheck',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('status', models.CharField(choices=[('queued', 'Queued'), ('running', 'Running'), ('done', 'Done'), ('failed', 'Failed')], default='queued', max_length=10)),
                        ('total', models.PositiveIntegerField(default=0)),
                        ('done', models.PositiveIntegerField(default=0)),
                        ('illegal', models.JSONField(default=list, help_text='Registrations whose list is now illegal.')),
                        ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='decklist_rechecks', to='tournaments.event')),
                        ('requested_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={'db_table': 'cardpool_decklistrecheck'},
                ),
                migrations.CreateModel(
                    name='DecklistVersion',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('version', models.PositiveIntegerField()),
                        ('submitted_at', models.DateTimeField(auto_now_add=True)),
                        ('source_format', models.CharField(choices=[('text', 'Text'), ('csv', 'CSV'), ('json', 'JSON')], max_length=10)),
                        ('source_text', models.TextField()),
                        ('cards', models.JSONField(help_text='[{"id": card code, "count": n}], in list order')),
                        ('report', models.JSONField(help_text='The legality report in English and Japanese.')),
                        ('legal', models.BooleanField()),
                        ('decklist', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='versions', to='tournaments.decklist')),
                        ('submitted_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'cardpool_decklistversion',
                        'ordering': ['decklist_id', '-version'],
                        'constraints': [models.UniqueConstraint(fields=('decklist', 'version'), name='decklistversion_unique')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_forwards, content_types_backwards),
    ]
