"""The rules registry, judge cases and their immutable rulings.

Vocabulary: a *rules document* is one version of one text (the ZUTOMAYO ground rules 1.0.1,
the Japanese basic rules, the Azuki FAQ, the ZTRIKE rules); a *clause* is one numbered rule
or keyed section of it. A *case* is a judge's look at a disputed match; a *ruling* is one
replay of a game record by the engine, stored with everything needed to reproduce it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class RulesDocument(models.Model):
    game = models.CharField(max_length=20)
    slug = models.SlugField(max_length=60)
    version = models.CharField(max_length=20)
    language = models.CharField(max_length=5)
    title = models.CharField(max_length=200)
    source_name = models.CharField(max_length=200)
    sha256 = models.CharField(max_length=64)
    preamble = models.TextField(blank=True)
    anomalies = models.JSONField(default=list, blank=True)
    imported_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "slug", "version"], name="rulesdocument_unique_version"
            )
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.slug} {self.version}"


class RuleClause(models.Model):
    document = models.ForeignKey(RulesDocument, on_delete=models.CASCADE, related_name="clauses")
    key = models.CharField(max_length=120)
    number = models.CharField(max_length=40, blank=True)
    display = models.CharField(max_length=120, blank=True)
    level = models.PositiveSmallIntegerField(default=1)
    parent_key = models.CharField(max_length=120, blank=True)
    heading = models.CharField(max_length=200, blank=True)
    text = models.TextField()
    see_also = models.JSONField(default=list, blank=True)
    anomaly = models.CharField(max_length=40, blank=True)
    #: SHA-256 of ``text`` for a stable key quoting one sentence (ZTRIKE ``ztr.victor#s3``…); the
    #: heading-slug key of the paragraph it is quoted from stays, as ``parent_key`` and alias.
    quote_sha256 = models.CharField(max_length=64, blank=True, default="")
    sort_order = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["document", "key"], name="ruleclause_unique_key")
        ]
        ordering = ["document_id", "sort_order"]

    def __str__(self) -> str:
        return f"{self.document.slug} {self.display or self.key}"


class JudgeCase(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        FILED = "filed", _("Filed")

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(
        "tournaments.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    title = models.CharField(max_length=200)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    filed_ruling = models.ForeignKey(
        "judging.Ruling", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    notes = models.TextField(blank=True)
    """The judges' private notes: never on the players' share link."""
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.title


class Ruling(models.Model):
    """One replay; never changed once stored (a new input makes a new ruling)."""

    case = models.ForeignKey(JudgeCase, on_delete=models.CASCADE, related_name="rulings")
    record = models.JSONField()
    record_sha256 = models.CharField(max_length=64)
    engine_version = models.CharField(max_length=20)
    profile = models.JSONField()
    outcome = models.CharField(max_length=20)
    output = models.JSONField()
    text_en = models.TextField()
    text_ja = models.TextField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"ruling {self.pk} ({self.outcome})"
